/**
 * A test's HTTP requests around its run on a device: pre-requests before the job is
 * offered (their remembered values join the test inputs for {{references}}), and
 * teardown requests after its verdict, by their `runOn`.
 */
import type { JobRecord, JobSnapshot } from '../queries/jobs.js';
import { runPreRequests, runTeardown } from '../runs/pre-requests.js';

export async function prepareValues(snapshot: JobSnapshot): Promise<{ ok: true; values: Record<string, string> } | { ok: false; message: string }> {
  const inputs = Object.fromEntries(snapshot.testInputs.map((i) => [i.key, i.defaultValue]));
  if (snapshot.preRequests.length === 0) return { ok: true, values: inputs };
  const result = await runPreRequests(snapshot.preRequests, inputs);
  if (!result.ok) return { ok: false, message: `Pre-request ${result.index + 1} failed: ${result.message}` };
  return { ok: true, values: result.values };
}

/** Teardown never changes a verdict; its failures are logged for the operator. */
export function runTeardownQuietly(job: JobRecord, verdict: 'succeeded' | 'failed' | 'blocked'): void {
  if (job.snapshot.teardownRequests.length === 0) return;
  void runTeardown(job.snapshot.teardownRequests, verdict, job.values ?? {})
    .then((errors) => {
      for (const e of errors) console.warn(`teardown of ${job.id}: ${e}`);
    })
    .catch((e: unknown) => console.warn(`teardown of ${job.id} failed:`, e));
}
