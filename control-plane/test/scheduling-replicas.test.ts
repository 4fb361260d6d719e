/**
 * An organisation's cap on parallel tests (docs/scheduling.md) with two control-plane
 * processes on one PostgreSQL, each holding a fake agent with four free emulators: both claim
 * for the same run at the same moments (every verdict and the cap change wake both through
 * NOTIFY), and the agents together never hold more than the cap. Embedded PGlite is one
 * process by design; there the cap under racing claims is in scheduling.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobOffer } from '@devicelab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import type { Db } from '../src/db/index.js';
import { androidDevice, connectFakeAgent, type FakeAgent } from './agent-client.js';
import { backend, client, freshDatabase, type Org, seedOrg } from './harness.js';
import { type Replica, startReplica } from './replica-processes.js';
import { seedRun, until } from './seed-runs.js';

const CAP = 3;
const TESTS = 16;

describe.skipIf(backend !== 'postgres')('the parallel cap across replicas', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let work: string;
  let org: Org;
  let replicas: Replica[] = [];
  const agents: FakeAgent[] = [];

  beforeAll(async () => {
    const fresh = await freshDatabase();
    db = fresh.db;
    drop = fresh.drop;
    work = mkdtempSync(join(tmpdir(), 'devicelab-cap-replicas-'));
    org = await seedOrg(db);
    // The sweep stays at its test default (30 s): every claim here follows a NOTIFY.
    replicas = await Promise.all([0, 1].map(() => startReplica(fresh.url!, join(work, 'data'))));
    const token = (await addAgentToken(db, null)).agentToken;
    for (const [i, r] of replicas.entries()) {
      const agent = await connectFakeAgent(r.url, token, {
        agentId: `cap-agent-${i}`,
        devices: Array.from({ length: 4 }, (_, d) => androidDevice(`cap-${i}-${d}`)),
      });
      await agent.next('welcome');
      agents.push(agent);
    }
  }, 240_000);

  afterAll(async () => {
    for (const a of agents) a.ws.terminate();
    for (const r of replicas) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await drop?.();
    rmSync(work, { recursive: true, force: true });
  });

  it(`never more than ${CAP} of the organisation's tests out at once, on either replica's agent`, async () => {
    const setCap = (i: number) =>
      client(replicas[i % 2]!.url, 'replica-test-operator')('POST', '/admin/organisations/limits', {
        organisationId: org.id,
        maxParallelTests: CAP,
      });
    expect((await setCap(0)).status).toBe(200);
    const { runId } = await seedRun(db, org, { count: TESTS });
    let out = 0;
    let most = 0;
    let finished = 0;
    const seen = new Set<string>();
    // Each agent finishes every test it is offered after a short while, several at once; the cap
    // is counted as the agents see it.
    const handle = async (agent: FakeAgent, offer: JobOffer) => {
      out += 1;
      most = Math.max(most, out);
      seen.add(offer.jobId);
      agent.send({ type: 'job.accepted', jobId: offer.jobId });
      // Held until the cap is reached (or for 1.5 s): that the cap is reached at all shows the
      // check below is not met only because the offers came one at a time.
      for (const until = Date.now() + 1500; out < CAP && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, Math.random() * 50));
      out -= 1; // counted back before the result: the server may offer the next as soon as it has it
      agent.send({ type: 'job.result', jobId: offer.jobId, verdict: 'succeeded', durationSeconds: 0.1 });
      finished += 1;
    };
    const serve = async (agent: FakeAgent) => {
      const handling: Array<Promise<void>> = [];
      for (;;) {
        try {
          handling.push(handle(agent, await agent.next('job.offer', 8000)));
        } catch {
          break; // nothing more for this agent
        }
      }
      await Promise.all(handling);
    };
    const serving = Promise.all(agents.map(serve));
    // Setting the cap (again) wakes every replica (NOTIFY): both claim for the run at once, and
    // again at every poke, besides the claim that follows each verdict on the agent's replica.
    await until(
      async () => {
        expect((await Promise.all([setCap(0), setCap(1)])).map((r) => r.status)).toEqual([200, 200]);
        return finished;
      },
      (n) => n === TESTS,
      60_000,
    );
    await serving;
    expect(seen.size).toBe(TESTS);
    expect(most).toBe(CAP);
    expect(
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM attempts WHERE run_id = $1 AND status = 'succeeded'`, [runId]))[0]!.n,
    ).toBe(TESTS);
  }, 240_000);
});
