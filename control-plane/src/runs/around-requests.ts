/**
 * A test's HTTP requests around its run on a device: pre-requests before the attempt is
 * offered (their remembered values join the test inputs for {{references}}), and
 * teardown requests after its verdict, by their `runOn`.
 */
import type { RequestSettings } from '../config.js';
import type { TunnelDialer } from '../requests/tunnel-fetch.js';
import type { AttemptSnapshot, AttemptWork } from './attempts.js';
import { runPreRequests, runTeardown } from './pre-requests.js';

/**
 * `tunnel`: the run's tunnel, for pre-requests with throughTunnel (none when the run names no tunnel).
 * `settings`: the operator's REQUESTS_ALLOW_PRIVATE (absent: private addresses are refused).
 */
export async function prepareValues(
  snapshot: AttemptSnapshot,
  tunnel?: TunnelDialer,
  settings?: RequestSettings,
): Promise<{ ok: true; values: Record<string, string> } | { ok: false; message: string }> {
  const inputs = Object.fromEntries(snapshot.testInputs.map((i) => [i.key, i.defaultValue]));
  if (snapshot.preRequests.length === 0) return { ok: true, values: inputs };
  const result = await runPreRequests(snapshot.preRequests, inputs, { tunnel, allowPrivate: settings?.allowPrivate });
  if (!result.ok) return { ok: false, message: `Pre-request ${result.index + 1} failed: ${result.message}` };
  return { ok: true, values: result.values };
}

/** Teardown never changes a verdict; its failures are logged for the operator. */
export function runTeardownQuietly(
  attempt: AttemptWork,
  verdict: 'succeeded' | 'failed' | 'blocked',
  tunnel?: TunnelDialer,
  settings?: RequestSettings,
): void {
  if (attempt.snapshot.teardownRequests.length === 0) return;
  void runTeardown(attempt.snapshot.teardownRequests, verdict, attempt.values ?? {}, { tunnel, allowPrivate: settings?.allowPrivate })
    .then((errors) => {
      for (const e of errors) console.warn(`teardown of ${attempt.id}: ${e}`);
    })
    .catch((e: unknown) => console.warn(`teardown of ${attempt.id} failed:`, e));
}
