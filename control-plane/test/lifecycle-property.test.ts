/**
 * A property of the run lifecycle, checked over random interleavings (fast-check):
 * whatever happens among execute, agents accepting, refusing and finishing, agents
 * vanishing and coming back (with or without the tests they held), cancels and
 * control-plane restarts, once the dust settles every test has exactly one verdict,
 * every run has ended, and no device is busy without an attempt on it. And isolation
 * throughout, two organisations sharing emulators while one also has its own: a test is
 * only ever offered to a device its organisation may use, a device holds one test at a
 * time, and a verdict is only ever taken from the agent holding the test (another agent
 * naming it, as a forged job.result, changes nothing).
 *
 * The agents are protocol-level fakes (agent-client.ts) so that each step is one
 * decision of the generator; the control plane, its database and sockets are real.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import { androidDevice, connectFakeAgent, type FakeAgent } from './agent-client.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';

let server: TestServer;
let org: Org;
let api: Client;
let token: string;
let testIds: string[];
let buildId: string;
/** The second organisation: it shares the emulators of `token` but may not use the first one's own. */
let other: { org: Org; api: Client; buildId: string; testIds: string[] };
/** An agent token of the first organisation: its emulators are that organisation's own. */
let ownToken: string;

beforeAll(async () => {
  server = await startServer({ AGENT_LOST_SECONDS: '1', SWEEP_MS: '100', AGENT_HEARTBEAT_MS: '60000' });
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  token = (await addAgentToken(server.db, null)).agentToken;
  const { makeApk } = await import('../../scripts/fixtures/builds.js');
  const { mkdtempSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'prop-')), 'app.apk');
  await makeApk(file, { packageName: 'com.example.prop', versionName: '1', versionCode: 1, label: 'Prop' });
  buildId = await uploadBuild(server.url, org.apiKey, file);
  testIds = [];
  for (let i = 0; i < 3; i++) {
    const id = (await api('POST', '/tests', { title: `P${i}`, commands: ['launchApp'] })).body.testId as string;
    await settledTest(api, id);
    testIds.push(id);
  }
  ownToken = (await addAgentToken(server.db, org.id)).agentToken;
  const otherOrg = await seedOrg(server.db, { name: 'Other' });
  const otherApi = client(server.url, otherOrg.apiKey);
  other = { org: otherOrg, api: otherApi, buildId: await uploadBuild(server.url, otherOrg.apiKey, file), testIds: [] };
  for (let i = 0; i < 3; i++) {
    const id = (await otherApi('POST', '/tests', { title: `Q${i}`, commands: ['launchApp'] })).body.testId as string;
    await settledTest(otherApi, id);
    other.testIds.push(id);
  }
}, 180_000);
afterAll(() => server.close());

/** One fake lab agent with one emulator, and the jobs it holds as far as it knows. */
class Lab {
  socket: FakeAgent | null = null;
  held = new Set<string>();
  /** Every job this lab was ever offered (the isolation check looks at their organisations). */
  offered = new Set<string>();
  private handled = 0;
  constructor(
    readonly name: string,
    readonly token: () => string,
    readonly ownerOrgId: () => string | null,
  ) {}

  async connect(remember: boolean): Promise<void> {
    if (!remember) this.held.clear(); // it restarted: it knows nothing of its tests
    this.socket?.ws.terminate();
    this.handled = 0;
    this.socket = await connectFakeAgent(server.url, this.token(), {
      agentId: this.name,
      devices: [androidDevice(`${this.name}-emu`)],
      jobs: [...this.held].map((jobId) => ({ jobId, state: 'running' as const })),
    });
    // Offers are recorded as they arrive, whether or not the lab gets round to answering them.
    this.socket.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string; jobId?: string };
      if (m.type === 'job.offer') this.offered.add(m.jobId!);
    });
    await this.socket.next('welcome');
  }

  /** Reports its emulator again, as an agent does after refusing an offer (a refusal parks the device offline until then). */
  reportDevice(): void {
    if (this.live) this.socket!.send({ type: 'device.changed', device: androidDevice(`${this.name}-emu`) });
  }

  vanish(): void {
    this.socket?.ws.terminate();
    this.socket = null;
  }

  get live(): boolean {
    return this.socket !== null && this.socket.ws.readyState === this.socket.ws.OPEN;
  }

  /** Answers what the control plane sent since last time: offers accepted (or refused), cancels obeyed. */
  respond(refuse: boolean): void {
    if (!this.live) return;
    const s = this.socket!;
    for (const m of s.received.slice(this.handled)) {
      if (m.type === 'job.offer') {
        if (refuse) s.send({ type: 'job.rejected', jobId: m.jobId, reason: 'busy' });
        else {
          this.held.add(m.jobId);
          s.send({ type: 'job.accepted', jobId: m.jobId });
        }
      } else if (m.type === 'job.cancel' && this.held.delete(m.jobId)) {
        s.send({ type: 'job.result', jobId: m.jobId, verdict: 'cancelled', durationSeconds: 0 });
      }
    }
    this.handled = s.received.length;
  }

  finishOne(verdict: 'succeeded' | 'failed'): void {
    const jobId = [...this.held][0];
    if (!this.live || !jobId) return;
    this.held.delete(jobId);
    this.socket!.send({ type: 'job.result', jobId, verdict, durationSeconds: 1 });
  }

  /** Names every job offered to another lab, as if it were its own: verdicts that must never count. */
  forge(victim: Lab): void {
    if (!this.live) return;
    for (const jobId of victim.offered) {
      if (this.offered.has(jobId)) continue;
      this.socket!.send({ type: 'job.result', jobId, verdict: 'failed', statusMessage: `forged by ${this.name}`, durationSeconds: 1 });
    }
  }
}

type Op =
  | { op: 'execute'; tests: number; org: number }
  | { op: 'forge'; lab: number }
  | { op: 'respond'; lab: number; refuse: boolean }
  | { op: 'finish'; lab: number; verdict: 'succeeded' | 'failed' }
  | { op: 'vanish'; lab: number }
  | { op: 'return'; lab: number; remember: boolean }
  | { op: 'cancel' }
  | { op: 'restart' }
  | { op: 'pause' };

const lab = fc.integer({ min: 0, max: 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('execute' as const),
      tests: fc.integer({ min: 1, max: 3 }),
      org: fc.integer({ min: 0, max: 1 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('forge' as const), lab }) },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('respond' as const), lab, refuse: fc.integer({ min: 0, max: 6 }).map((n) => n === 0) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('finish' as const), lab, verdict: fc.constantFrom('succeeded' as const, 'failed' as const) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('vanish' as const), lab }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('return' as const), lab, remember: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ op: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'restart' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'pause' as const }) },
);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** After a restart the first request on a pooled keep-alive socket fails before reaching the server: ask again. */
const call: Client = (...args) => api(...args).catch(() => api(...args));
const callOther: Client = (...args) => other.api(...args).catch(() => other.api(...args));

async function apply(step: Op, labs: Lab[], runs: string[], selected: { count: number }): Promise<void> {
  switch (step.op) {
    case 'execute': {
      const res =
        step.org === 0
          ? await call('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: testIds.slice(0, step.tests) })
          : await callOther('POST', '/tests/execute', {
              organisationId: other.org.id,
              buildId: other.buildId,
              testIds: other.testIds.slice(0, step.tests),
            });
      expect(res.status).toBe(200);
      runs.push(res.body.runId);
      selected.count += step.tests;
      return;
    }
    case 'respond':
      return labs[step.lab]!.respond(step.refuse);
    case 'finish':
      return labs[step.lab]!.finishOne(step.verdict);
    case 'forge':
      return labs[step.lab]!.forge(labs[1 - step.lab]!);
    case 'vanish':
      return labs[step.lab]!.vanish();
    case 'return':
      return labs[step.lab]!.connect(step.remember);
    case 'cancel': {
      const run = runs[runs.length - 1];
      const caller =
        run && (await server.db.query<{ org_id: string }>('SELECT org_id FROM runs WHERE id = $1', [run]))[0]?.org_id === org.id
          ? call
          : callOther;
      if (run) expect([200, 409]).toContain((await caller('POST', `/runs/${run}/cancel`)).status);
      return;
    }
    case 'restart':
      await server.restart();
      for (const l of labs) l.socket = null; // the restart closed their sockets; they come back on 'return'
      return;
    case 'pause':
      return sleep(120);
  }
}

/**
 * Isolation and one test per device, as the database has them now: no active attempt on a
 * device its organisation may not use (another organisation's own, or any handset for a
 * virtual test), and no device with two active attempts.
 */
async function assertIsolated(): Promise<void> {
  const misplaced = await server.db.query(
    `SELECT a.id, a.org_id, d.serial, d.org_id AS device_org FROM attempts a JOIN devices d ON d.id = a.device_id
      WHERE a.status IN ('offered', 'running')
        AND NOT (CASE WHEN a.physical THEN d.kind = 'physical' AND d.org_id = a.org_id
                      ELSE d.kind <> 'physical' AND (d.org_id IS NULL OR d.org_id = a.org_id) END)`,
  );
  expect(misplaced, 'a test on a device its organisation may not use').toEqual([]);
  // Each attempt with its try and times, so that a failure says how the device came to hold both.
  const doubled = await server.db.query(
    `SELECT a.device_id, a.id, a.run_id, a.status, a.try_number, a.offered_at, a.started_at, a.lost_device_id, r.status AS run, d.state, d.agent_id
       FROM attempts a JOIN runs r ON r.id = a.run_id JOIN devices d ON d.id = a.device_id
      WHERE a.status IN ('offered', 'running')
        AND a.device_id IN (SELECT device_id FROM attempts WHERE status IN ('offered', 'running') AND device_id IS NOT NULL
                             GROUP BY device_id HAVING count(*) > 1)
      ORDER BY a.device_id, a.offered_at`,
  );
  expect(doubled, 'a device holding two tests at once').toEqual([]);
}

/** Agents back and well-behaved until every run has ended and every attempt has its verdict (bounded). */
async function settle(labs: Lab[], runs: string[]): Promise<void> {
  for (const l of labs) if (!l.live) await l.connect(true);
  for (const l of labs) l.reportDevice();
  // Generous: on embedded PGlite beside the other test files, a sound lifecycle once took over 20 s to settle.
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const l of labs) {
      if (!l.live) await l.connect(true);
      l.respond(false);
      l.finishOne('succeeded');
    }
    // A cancelled run ends at once, but the attempts agents held end when the agents answer the cancel;
    // and a device kept busy for a job nobody wants (hello.ts) is freed when that job's result arrives,
    // which may be after every run has ended.
    const open = await server.db.query(
      `SELECT 1 FROM runs r WHERE r.id = ANY($1::text[])
          AND (r.status = 'running' OR EXISTS (SELECT 1 FROM attempts a WHERE a.run_id = r.id AND a.status IN ('pending', 'offered', 'running')))
       UNION ALL
       SELECT 1 FROM devices d WHERE d.state = 'busy'
          AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.device_id = d.id AND a.status IN ('offered', 'running'))`,
      [runs],
    );
    if (open.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `runs not settled after 60 s: ${JSON.stringify(
          await server.db.query(
            `SELECT a.run_id, a.org_id, a.status, a.try_number, a.device_id FROM attempts a WHERE a.run_id = ANY($1::text[]) AND a.status NOT IN ('succeeded','failed','blocked')`,
            [runs],
          ),
        )}; devices: ${JSON.stringify(await server.db.query(`SELECT d.serial, d.state, d.org_id, d.agent_id FROM devices d`))}`,
      );
    await sleep(30);
  }
}

describe('the run lifecycle under random interleavings', () => {
  it('every test gets exactly one verdict from the agent holding it, on a device its organisation may use, every run ends, no device stays busy without an attempt', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        round += 1;
        // A shared emulator everyone may use, and the first organisation's own emulator.
        const labs = [
          new Lab(
            `prop-${round}-shared`,
            () => token,
            () => null,
          ),
          new Lab(
            `prop-${round}-own`,
            () => ownToken,
            () => org.id,
          ),
        ];
        for (const l of labs) await l.connect(false);
        const runs: string[] = [];
        const selected = { count: 0 };
        try {
          for (const [i, step] of ops.entries()) {
            await apply(step, labs, runs, selected);
            // Which step broke it: the interleaving depends on timing, so a seed does not always replay the same way.
            await assertIsolated().catch((e: Error) => {
              e.message = `after step ${i} (${JSON.stringify(step)}): ${e.message}`;
              throw e;
            });
          }
          await settle(labs, runs);
          await assertIsolated();

          const attempts = await server.db.query<{ status: string; finished: boolean; sessions: number }>(
            `SELECT a.status, a.finished_at IS NOT NULL AS finished, a.try_number, a.status_message, r.status AS run, a.id,
                    (SELECT count(*)::int FROM sdk_sessions s WHERE s.id = a.session_id) AS sessions
               FROM attempts a JOIN runs r ON r.id = a.run_id WHERE a.run_id = ANY($1::text[])`,
            [runs],
          );
          expect(attempts.length).toBe(selected.count);
          for (const a of attempts) {
            expect(['succeeded', 'failed', 'blocked'], JSON.stringify(a)).toContain(a.status);
            expect(a.finished).toBe(true);
            expect(a.sessions).toBeLessThanOrEqual(1);
          }
          const unended = await server.db.query(
            `SELECT id FROM runs WHERE id = ANY($1::text[]) AND status NOT IN ('completed', 'cancelled')`,
            [runs],
          );
          expect(unended).toEqual([]);
          // Every session of these tests ended; none is left running for a test that has its verdict.
          const running = await server.db.query(
            `SELECT s.id FROM sdk_sessions s JOIN attempts a ON a.session_id = s.id WHERE a.run_id = ANY($1::text[]) AND s.status = 'running'`,
            [runs],
          );
          expect(running).toEqual([]);
          const busy = await server.db.query(
            `SELECT d.serial FROM devices d WHERE d.state = 'busy'
                AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.device_id = d.id AND a.status IN ('offered', 'running'))`,
          );
          expect(busy).toEqual([]);
          // Every offer a lab ever had was of a test its devices may run.
          for (const l of labs) {
            const ids = [...l.offered].map((jobId) => jobId.replace(/\.\d+$/, ''));
            const orgs = await server.db.query<{ org_id: string }>('SELECT DISTINCT org_id FROM attempts WHERE id = ANY($1::text[])', [
              ids,
            ]);
            const owner = l.ownerOrgId();
            if (owner !== null)
              expect(
                orgs.map((o) => o.org_id).filter((o) => o !== owner),
                `offers to ${l.name}`,
              ).toEqual([]);
          }
          // A verdict only ever came from the agent holding the test.
          const forged = await server.db.query(`SELECT id, status_message FROM attempts WHERE status_message LIKE 'forged%'`);
          expect(forged, 'a verdict taken from an agent not holding the test').toEqual([]);
        } finally {
          for (const l of labs) l.vanish();
        }
      }),
      // PROPERTY_RUNS=200 for a longer hunt; the suite keeps a few seconds' worth.
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 12),
        endOnFailure: true,
        ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
      },
    );
  }, 240_000);
});
