/**
 * Claiming, offering and putting back attempts: which pending tests a free device is
 * offered, what happens when an offer cannot be made, when a requeued test's wait for a
 * device starts again, and (PostgreSQL only, it needs two connections) that requeue and
 * accept read the run's status under its lock, so a cancel cannot slip in between.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import type { Db } from '../src/db/index.js';
import { randomToken } from '../src/ids.js';
import { androidDevice, connectFakeAgent, type FakeAgent } from './agent-client.js';
import { seedOrg, startServer, type Org, type TestServer } from './harness.js';

const WAIT_SECONDS = 300;
let server: TestServer;
let org: Org;
let shared: string;

beforeAll(async () => {
  // The sweep is called by hand (no timer); the replica lease must outlast the long sweep period.
  server = await startServer({
    AGENT_LOST_SECONDS: '1', SWEEP_MS: '100000', REPLICA_LEASE_SECONDS: '300', RUN_DEVICE_WAIT_SECONDS: String(WAIT_SECONDS),
  });
  org = await seedOrg(server.db);
  shared = (await addAgentToken(server.db, null)).agentToken;
});
afterAll(() => server.close());

const agents: FakeAgent[] = [];
const connect = async (...args: Parameters<typeof connectFakeAgent>) => {
  const a = await connectFakeAgent(...args);
  agents.push(a);
  await a.next('welcome');
  return a;
};
// Each test starts with no work in flight: leftovers would be offered to the next test's agents.
afterEach(async () => {
  agents.splice(0).forEach((a) => a.ws.terminate());
  await server.db.query(`UPDATE attempts SET status = 'blocked', status_message = 'test cleanup' WHERE status IN ('pending', 'offered', 'running')`);
});

const snapshot = (extra: object = {}) =>
  ({ title: 'T', commands: ['launchApp'], launchParams: [], testInputs: [], preRequests: [], teardownRequests: [], ...extra });

/** A running Android run of `count` tests, written directly (the execute endpoint has its own tests). */
async function seedRun(db: Db, orgRow: Org, opts: { physical?: boolean; count?: number; snapshot?: object } = {}): Promise<{ runId: string; ids: string[] }> {
  const runId = `run_${randomToken(16)}`;
  const physical = opts.physical ?? false;
  await db.query(
    `INSERT INTO runs (id, org_id, api_key_id, status, platform, package_name, physical, trigger)
     VALUES ($1, $2, $3, 'running', 'android', 'com.example.shop', $4, 'api')`,
    [runId, orgRow.id, orgRow.apiKeyId, physical],
  );
  const ids: string[] = [];
  for (let i = 0; i < (opts.count ?? 1); i++) {
    const id = `job_${randomToken(16)}`;
    ids.push(id);
    await db.query(
      `INSERT INTO attempts (id, run_id, org_id, test_id, position, title, platform, physical, status, snapshot)
       VALUES ($1, $2, $3, $4, $5, 'T', 'android', $6, 'pending', $7)`,
      [id, runId, orgRow.id, `tst_${randomToken(8)}`, i, physical, opts.snapshot ?? snapshot()],
    );
  }
  return { runId, ids };
}

const attempt = async (id: string) =>
  (await server.db.query<{ status: string; try_number: number; status_message: string | null; device_id: string | null }>(
    'SELECT status, try_number, status_message, device_id FROM attempts WHERE id = $1', [id]))[0]!;

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('claiming', () => {
  it('tests waiting for a busy reserved handset do not keep a free shared emulator from a later emulator test', async () => {
    const handsetToken = (await addAgentToken(server.db, org.id)).agentToken;
    const handset = await connect(server.url, handsetToken, { agentId: 'claim-handset', devices: [androidDevice('phone-claim', { kind: 'physical' })] });
    await seedRun(server.db, org, { physical: true, count: 25 });
    server.services.dispatcher.wake();
    await handset.next('job.offer'); // and no answer: the handset stays busy, 24 physical tests wait for it
    const other = await seedOrg(server.db);
    const { ids: [emulatorTest] } = await seedRun(server.db, other);
    const emulator = await connect(server.url, shared, { agentId: 'claim-emulator', devices: [androidDevice('emu-claim')] });
    const offer = await emulator.next('job.offer', 3000);
    expect(offer.jobId).toBe(`${emulatorTest}.1`);
    await expect(handset.next('job.offer', 200)).rejects.toThrow(/no job.offer/);
  });
});
