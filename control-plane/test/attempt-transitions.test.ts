/**
 * Claiming, offering and putting back attempts: which pending tests a free device is
 * offered, what happens when an offer cannot be made, when a requeued test's wait for a
 * device starts again, and (PostgreSQL only, it needs two connections) that requeue and
 * accept read the run's status under its lock, so a cancel cannot slip in between.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import type { Db } from '../src/db/index.js';
import { randomToken } from '../src/ids.js';
import type { AttemptWork } from '../src/runs/attempts.js';
import { acceptAttempt } from '../src/runs/transitions/accept.js';
import { CANCELLED_MESSAGE } from '../src/runs/transitions/cancel.js';
import { lockRuns } from '../src/runs/transitions/complete.js';
import { loseAttempt } from '../src/runs/transitions/lose.js';
import { requeueAttempt } from '../src/runs/transitions/requeue.js';
import { requeueStaleOffers } from '../src/runs/transitions/requeue-stale-offers.js';
import { androidDevice, fakeAgents } from './agent-client.js';
import { backend, freshDatabase, type Org, seedOrg, startServer, type TestServer } from './harness.js';
import { blockUnfinished, seedRun, snapshot, until } from './seed-runs.js';

const WAIT_SECONDS = 300;
let server: TestServer;
let org: Org;
let shared: string;

beforeAll(async () => {
  // The sweep is called by hand (no timer); the replica lease must outlast the long sweep period.
  server = await startServer({
    AGENT_LOST_SECONDS: '1',
    SWEEP_MS: '100000',
    REPLICA_LEASE_SECONDS: '300',
    RUN_DEVICE_WAIT_SECONDS: String(WAIT_SECONDS),
  });
  org = await seedOrg(server.db);
  shared = (await addAgentToken(server.db, null)).agentToken;
});
afterAll(() => server.close());

const agents = fakeAgents({ welcomed: true });
const connect = agents.connect;
// Each test starts with no work in flight.
afterEach(async () => {
  agents.terminateAll();
  await blockUnfinished(server.db);
});

const attempt = async (id: string) =>
  (
    await server.db.query<{ status: string; try_number: number; status_message: string | null; device_id: string | null }>(
      'SELECT status, try_number, status_message, device_id FROM attempts WHERE id = $1',
      [id],
    )
  )[0]!;

describe('claiming', () => {
  it('tests waiting for a busy reserved handset do not keep a free shared emulator from a later emulator test', async () => {
    const handsetToken = (await addAgentToken(server.db, org.id)).agentToken;
    const handset = await connect(server.url, handsetToken, {
      agentId: 'claim-handset',
      devices: [androidDevice('phone-claim', { kind: 'physical' })],
    });
    await seedRun(server.db, org, { physical: true, count: 25 });
    server.services.dispatcher.wake();
    await handset.next('job.offer'); // and no answer: the handset stays busy, 24 physical tests wait for it
    const other = await seedOrg(server.db);
    const {
      ids: [emulatorTest],
    } = await seedRun(server.db, other);
    const emulator = await connect(server.url, shared, { agentId: 'claim-emulator', devices: [androidDevice('emu-claim')] });
    const offer = await emulator.next('job.offer', 3000);
    expect(offer.jobId).toBe(`${emulatorTest}.1`);
    await expect(handset.next('job.offer', 200)).rejects.toThrow(/no job.offer/);
  });

  it('gives each idle device the oldest test of its platform and kind, past older tests no idle device can run', async () => {
    const asIos = async (runId: string) => {
      await server.db.query(`UPDATE runs SET platform = 'ios' WHERE id = $1`, [runId]);
      await server.db.query(`UPDATE attempts SET platform = 'ios' WHERE run_id = $1`, [runId]);
    };
    await seedRun(server.db, org, { physical: true, count: 30 }); // handset tests, and no handset anywhere
    const {
      runId: olderIos,
      ids: [iosTest],
    } = await seedRun(server.db, org);
    await asIos(olderIos);
    const {
      ids: [androidTest],
    } = await seedRun(server.db, org);
    const { runId: newerIos } = await seedRun(server.db, org);
    await asIos(newerIos);
    const agent = await connect(server.url, shared, {
      agentId: 'claim-kinds',
      devices: [androidDevice('emu-kinds'), androidDevice('sim-kinds', { platform: 'ios', kind: 'simulator', model: 'iPhone 15' })],
    });
    const offers = [await agent.next('job.offer'), await agent.next('job.offer')];
    expect(Object.fromEntries(offers.map((o) => [o.serial, o.jobId]))).toEqual({
      'emu-kinds': `${androidTest}.1`,
      'sim-kinds': `${iosTest}.1`,
    });
  });

  it("an organisation's own emulator is offered only its organisation's tests, past an older test of another", async () => {
    const other = await seedOrg(server.db);
    const {
      ids: [foreignTest],
    } = await seedRun(server.db, other); // older: the claim would take it first
    const {
      ids: [ownTest],
    } = await seedRun(server.db, org);
    const ownToken = (await addAgentToken(server.db, org.id)).agentToken;
    const own = await connect(server.url, ownToken, { agentId: 'claim-own-emulator', devices: [androidDevice('emu-own')] });
    const offer = await own.next('job.offer', 3000);
    expect(offer.jobId).toBe(`${ownTest}.1`);
    expect((await attempt(foreignTest!)).status).toBe('pending');
    // The other organisation's test is still served, by a shared emulator.
    const sharedAgent = await connect(server.url, shared, { agentId: 'claim-shared-emulator', devices: [androidDevice('emu-shared-2')] });
    expect((await sharedAgent.next('job.offer', 3000)).jobId).toBe(`${foreignTest}.1`);
  });
});

describe('an offer that cannot be made', () => {
  let host: Server;
  let hostUrl: string;
  const hits: string[] = [];
  beforeAll(async () => {
    host = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json').end(JSON.stringify({ token: `seeded-${hits.length}` }));
    });
    host.listen(0, '127.0.0.1');
    await once(host, 'listening');
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    host.closeAllConnections(); // keep-alive sockets would hold close() open
    return new Promise<void>((resolve) => host.close(() => resolve()));
  });

  /**
   * Runs `fn` while the database refuses the first record of a try's values, once (as a transient
   * error would); `struck()` answers whether it has refused it yet.
   */
  async function withOfferFault(fn: (struck: () => Promise<boolean>) => Promise<void>): Promise<void> {
    await server.db.query(`CREATE SEQUENCE offer_fault`);
    await server.db.query(`CREATE FUNCTION offer_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."values" IS NOT NULL AND OLD."values" IS NULL AND nextval('offer_fault') = 1 THEN RAISE EXCEPTION 'injected fault'; END IF;
        RETURN NEW;
      END $$`);
    await server.db.query(`CREATE TRIGGER offer_fault BEFORE UPDATE ON attempts FOR EACH ROW EXECUTE FUNCTION offer_fault()`);
    try {
      await fn(async () => (await server.db.query<{ called: boolean }>(`SELECT is_called AS called FROM offer_fault`))[0]!.called);
    } finally {
      for (const drop of ['DROP TRIGGER offer_fault ON attempts', 'DROP FUNCTION offer_fault()', 'DROP SEQUENCE offer_fault'])
        await server.db.query(drop);
    }
  }

  it('goes back to the queue with its device free, its pre-requests torn down, and is offered again', () =>
    withOfferFault(async () => {
      const agent = await connect(server.url, shared, { agentId: 'offer-fault', devices: [androidDevice('emu-fault')] });
      const {
        ids: [id],
      } = await seedRun(server.db, org, {
        snapshot: snapshot({
          preRequests: [{ curlCommand: `curl -X POST ${hostUrl}/seed`, valuesToRemember: ['token'] }],
          teardownRequests: [{ curlCommand: `curl -X DELETE ${hostUrl}/seed/{{token}}`, runOn: 'failure' }],
        }),
      });
      server.services.dispatcher.wake();
      // Torn down only once the try is back in the queue (a claim pass under way may take it again at once).
      await until(
        async () => hits,
        (h) => h.includes('DELETE /seed/seeded-1'),
      );
      // No wake-up of its own (a failure that recurs must not loop): at the latest the next sweep offers it again, on the freed device.
      await server.services.dispatcher.sweep();
      const offer = await agent.next('job.offer');
      expect(offer).toMatchObject({ jobId: `${id}.1`, serial: 'emu-fault' });
      expect(offer.values.token).not.toBe('seeded-1');
      expect(hits.filter((h) => h === 'POST /seed')).toHaveLength(2);
    }));

  it('without pre-requests, a claimed batch whose offers cannot be recorded goes back to the queue, devices free, and is offered again', () =>
    withOfferFault(async (struck) => {
      const { ids } = await seedRun(server.db, org, { count: 2 });
      const agent = await connect(server.url, shared, {
        agentId: 'batch-fault',
        devices: [androidDevice('emu-batch-1'), androidDevice('emu-batch-2')],
      });
      server.services.dispatcher.wake();
      await until(struck, (called) => called);
      // The failed pass puts them back one by one: a sweep before it has finished would find
      // nothing to offer. Back in the queue with both devices free (a claim pass under way may
      // take them again at once); at the latest the next sweep offers them again, as the same tries.
      await until(
        async () =>
          (
            await server.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM attempts WHERE id = ANY($1) AND status = 'offered' AND "values" IS NULL`,
              [ids],
            )
          )[0]!.n,
        (unrecorded) => unrecorded === 0,
      );
      await server.services.dispatcher.sweep();
      const offers = [await agent.next('job.offer'), await agent.next('job.offer')];
      expect(offers.map((o) => o.jobId).sort()).toEqual(ids.map((id) => `${id}.1`).sort());
      expect(offers[0]).toMatchObject({ packageName: 'com.example.shop', values: {}, tryNumber: 1 });
    }));

  it('is taken back by the sweep when its pre-requests never finished, once even the slowest would have', async () => {
    // Offered by a replica that then failed mid pre-requests: values never recorded. One pre-request
    // may take 600 s of delay and 30 s of timeout; the sweep's own 30 s come on top (660 s).
    const {
      ids: [id],
    } = await seedRun(server.db, org, {
      snapshot: snapshot({ preRequests: [{ curlCommand: `curl ${hostUrl}/slow`, delayBeforeRequest: 600 }] }),
    });
    await server.db.query(`UPDATE attempts SET status = 'offered', offered_at = clock_timestamp() - interval '650 seconds' WHERE id = $1`, [
      id,
    ]);
    await server.services.dispatcher.sweep();
    expect((await attempt(id!)).status).toBe('offered');
    await server.db.query(`UPDATE attempts SET offered_at = clock_timestamp() - interval '670 seconds' WHERE id = $1`, [id]);
    await server.services.dispatcher.sweep();
    expect(await attempt(id!)).toMatchObject({ status: 'pending', try_number: 1 });
  });
});

describe('requeue', () => {
  it('starts the wait for a device again: a test refused near the end of its wait is not blocked by the next sweep', async () => {
    const agent = await connect(server.url, shared, { agentId: 'requeue-late', devices: [androidDevice('emu-late')] });
    const {
      ids: [id],
    } = await seedRun(server.db, org);
    server.services.dispatcher.wake();
    const offer = await agent.next('job.offer');
    await server.db.query(`UPDATE attempts SET queued_at = clock_timestamp() - make_interval(secs => $2) WHERE id = $1`, [
      id,
      WAIT_SECONDS - 1,
    ]);
    agent.send({ type: 'job.rejected', jobId: offer.jobId, reason: 'busy' });
    await until(
      () => attempt(id!),
      (a) => a.status === 'pending',
    );
    await new Promise((r) => setTimeout(r, 1100));
    await server.services.dispatcher.sweep();
    expect((await attempt(id!)).status).toBe('pending');
  });
});

describe('a try given up in a cancelled run', () => {
  it('is blocked saying the run was cancelled, whether requeued or taken back by the sweep', async () => {
    for (const giveUp of ['requeue', 'stale offer'] as const) {
      const {
        runId,
        ids: [id],
      } = await seedRun(server.db, org);
      await server.db.query(`UPDATE attempts SET status = 'offered', offered_at = clock_timestamp() - interval '1 hour' WHERE id = $1`, [
        id,
      ]);
      await server.db.query(`UPDATE runs SET status = 'cancelled', finished_at = clock_timestamp() WHERE id = $1`, [runId]);
      if (giveUp === 'requeue') expect(await requeueAttempt(server.db, { id: id!, tryNumber: 1 }, 'online')).toBe('blocked');
      else expect(await requeueStaleOffers(server.db, 30)).toBe(1);
      expect(await attempt(id!), giveUp).toMatchObject({ status: 'blocked', status_message: CANCELLED_MESSAGE });
    }
  });
});

describe('a try given up other than by a verdict', () => {
  // The transitions tell their caller (who holds the tunnels for throughTunnel) once, after the commit.
  async function givenUpTry(status: 'offered' | 'running') {
    const {
      ids: [id],
    } = await seedRun(server.db, org);
    await server.db.query(
      `UPDATE attempts SET status = $2, "values" = '{"token": "t-1"}', offered_at = clock_timestamp() - interval '1 hour' WHERE id = $1`,
      [id, status],
    );
    const told: AttemptWork[] = [];
    return { ref: { id: id!, tryNumber: 1 }, told, hook: (a: AttemptWork) => void told.push(a) };
  }

  it('lost: its values reach the teardown hook once', async () => {
    const { ref, told, hook } = await givenUpTry('running');
    expect(await loseAttempt(server.db, ref, 'gone', hook)).toBe('retried');
    expect(await loseAttempt(server.db, ref, 'gone again', hook)).toBeNull();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ id: ref.id, values: { token: 't-1' } });
  });

  it('an offer taken back by the sweep: its values reach the teardown hook once', async () => {
    const { ref, told, hook } = await givenUpTry('offered');
    expect(await requeueStaleOffers(server.db, 30, hook)).toBe(1);
    expect(await requeueStaleOffers(server.db, 30, hook)).toBe(0);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ id: ref.id, values: { token: 't-1' } });
  });
});

describe.skipIf(backend !== 'postgres')('run locks (PostgreSQL: two connections)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let owner: Org;
  beforeAll(async () => {
    if (backend !== 'postgres') return;
    ({ db, drop } = await freshDatabase());
    owner = await seedOrg(db);
  });
  afterAll(async () => {
    if (backend === 'postgres') await drop();
  });

  /** An offered attempt, and a cancel of its run held open between its status change and its end. */
  async function offeredWhileCancelling() {
    const {
      runId,
      ids: [id],
    } = await seedRun(db, owner);
    await db.query(`UPDATE attempts SET status = 'offered', offered_at = clock_timestamp() WHERE id = $1`, [id]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const cancelling = new Promise<void>((resolve) => (changed = resolve));
    const cancel = db.transaction(async (tx) => {
      await lockRuns(tx, [runId]);
      await tx.query(`UPDATE runs SET status = 'cancelled', finished_at = clock_timestamp() WHERE id = $1`, [runId]);
      changed();
      await released;
    });
    await cancelling;
    return { ref: { id: id!, tryNumber: 1 }, release, cancel };
  }

  it('requeue waits for a cancel under way and then blocks the attempt', async () => {
    const { ref, release, cancel } = await offeredWhileCancelling();
    const requeue = requeueAttempt(db, ref, 'offline');
    await new Promise((r) => setTimeout(r, 200));
    release();
    await cancel;
    expect(await requeue).toBe('blocked');
  });

  it('accept waits for a cancel under way and then starts nothing', async () => {
    const { ref, release, cancel } = await offeredWhileCancelling();
    const accept = acceptAttempt(db, ref, `ses_${randomToken(16)}`);
    await new Promise((r) => setTimeout(r, 200));
    release();
    await cancel;
    expect(await accept).toBeNull();
    expect(
      (
        await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM sdk_sessions WHERE test_id IN (SELECT test_id FROM attempts WHERE id = $1)',
          [ref.id],
        )
      )[0]!.n,
    ).toBe(0);
  });
});
