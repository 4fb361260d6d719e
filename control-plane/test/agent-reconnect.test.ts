/**
 * Issue 14 point 3 against the real control plane: after a restart the agent is back as
 * soon as the control plane answers /healthz, not after the backoff it grew while it waited.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { addAgentToken } from '../src/admin/provision.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;
let agent: RunningAgent | null = null;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await agent?.stop({ drainSeconds: 0 });
  await server.close();
});

async function eventually(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('agent reconnect after a control-plane restart', () => {
  it('comes back once /healthz answers, with a 59 s backoff pending', async () => {
    const logs: string[] = [];
    agent = await startAgent({
      controlPlaneUrl: server.url,
      token: (await addAgentToken(server.db, null)).agentToken,
      virtualDevices: 1,
      stateDir: mkdtempSync(join(tmpdir(), 'reconnect-agent-')),
      drainSeconds: 0,
      // Every retry would wait 59.4 s: only the health check can bring it back within the test.
      backoff: { baseMs: 60_000, maxMs: 60_000, random: () => 0.99 },
      log: (line) => logs.push(line),
    });
    await eventually(() => agent!.connectionState === 'connected', 'the first welcome');
    const welcomes = () => logs.filter((l) => l.startsWith('connection connected')).length;
    expect(welcomes()).toBe(1);

    await server.restart();
    await eventually(() => welcomes() === 2, 'the welcome after the restart');
    expect(logs).toContainEqual(expect.stringMatching(/^connection disconnected: .*; reconnecting in 59400 ms$/));
    expect(logs).toContainEqual(expect.stringMatching(new RegExp(`^control plane ${server.url} is healthy; reconnecting in 990 ms$`)));
    const rows = await server.db.query<{ state: string }>("SELECT state FROM devices WHERE serial = 'virtual-1'");
    expect(rows.map((r) => r.state)).toEqual(['online']);
  }, 120_000);
});
