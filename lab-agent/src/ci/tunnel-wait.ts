/**
 * `devicelab run --tunnel-name N` starts no run before tunnel N is connected: a CI job
 * usually starts the tunnel in the background a moment earlier, and a run created before
 * the tunnel is connected fails every test ("not connected"). So it polls GET /tunnels
 * (every replica's tunnels, whichever answers) up to --tunnel-wait, printing one line when
 * it starts waiting, one every 10 s after that, and one when the tunnel is there.
 */

import type { Writable } from 'node:stream';
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { ApiClient } from './api-client.js';
import { UnreachableError } from './errors.js';
import { elapsed } from './progress.js';

export interface TunnelWaitOptions {
  name: string;
  /** Give up at this time (epoch ms). */
  deadline: number;
  out: Writable;
  pollMs?: number;
  /** How often "still waiting" is said. */
  reportEveryMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Exit 3 (the run never started): the tunnel did not come within the wait. */
export class TunnelNotConnectedError extends UnreachableError {}

export const startHint = (name: string) => `devicelab tunnel start --tunnel-name ${name}`;

const connected = async (api: ApiClient, name: string, deadline: number) =>
  (await api<{ tunnels: Array<{ name: string }> }>('GET', '/tunnels', { deadline })).tunnels.some((t) => t.name === name);

export async function waitForTunnel(api: ApiClient, options: TunnelWaitOptions): Promise<void> {
  const { name, deadline, out, pollMs = 500, reportEveryMs = 10_000, now = Date.now, sleep = sleepFor } = options;
  const started = now();
  if (await connected(api, name, deadline)) return;
  out.write(`waiting up to ${elapsed(deadline - started)} for tunnel "${name}" to connect (start it with ${startHint(name)})\n`);
  let reported = started;
  for (;;) {
    const left = deadline - now();
    if (left <= 0) {
      throw new TunnelNotConnectedError(
        `tunnel "${name}" did not connect within ${elapsed(now() - started)}; no run was started (start it with ${startHint(name)}, or wait longer with --tunnel-wait)`,
      );
    }
    await sleep(Math.min(left, pollMs));
    if (await connected(api, name, deadline)) {
      out.write(`tunnel "${name}" is connected (after ${elapsed(now() - started)})\n`);
      return;
    }
    if (now() - reported >= reportEveryMs) {
      reported = now();
      out.write(`still waiting for tunnel "${name}" (${elapsed(reported - started)})\n`);
    }
  }
}
