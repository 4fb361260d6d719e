import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey } from '../src/admin/provision.js';
import type { Db } from '../src/db/index.js';
import { type Client, client, type Org, seedOrg, startServer, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface Seed {
  testId?: string | null;
  apiKeyId?: string | null;
  status?: 'running' | 'succeeded' | 'failed';
  /** Started this many hours ago. */
  hoursAgo?: number;
  /** Duration in seconds; null = not ended. */
  seconds?: number | null;
  ai?: number;
  cached?: number;
}

let seq = 0;
/** Sessions written directly, with the start times and durations a test needs. */
async function seed(db: Db, orgId: string, rows: Seed[]): Promise<void> {
  for (const r of rows) {
    const started = new Date(Date.now() - (r.hoursAgo ?? 1) * 3_600_000);
    const ended = r.seconds === null || r.seconds === undefined ? null : new Date(started.getTime() + r.seconds * 1000);
    await db.query(
      `INSERT INTO sdk_sessions (id, org_id, api_key_id, test_id, status, started_at, ended_at, ai_steps, cached_steps)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        `ses_seed${++seq}`,
        orgId,
        r.apiKeyId === undefined ? 'keyAAAAAAAA' : r.apiKeyId,
        r.testId ?? null,
        r.status ?? 'succeeded',
        started,
        ended,
        r.ai ?? 0,
        r.cached ?? 0,
      ],
    );
  }
}

async function newOrg(): Promise<{ org: Org; api: Client }> {
  const org = await seedOrg(server.db);
  return { org, api: client(server.url, org.apiKey) };
}

describe('GET /usage/sdk-sessions', () => {
  it('groups by test id, ordered by aiSteps, with one null row, totals and rates', async () => {
    const { org, api } = await newOrg();
    await seed(server.db, org.id, [
      { testId: 'login', ai: 3, cached: 1, seconds: 60 },
      { testId: 'login', ai: 1, cached: 3, seconds: 120, status: 'failed' },
      { testId: 'checkout', ai: 10, cached: 0, seconds: 30 },
      { testId: null, ai: 2, cached: 2, seconds: 10 },
      { testId: null, ai: 0, cached: 0, seconds: null, status: 'running' },
      { testId: 'idle', ai: 0, cached: 0, seconds: 5 },
    ]);
    const res = await api('GET', '/usage/sdk-sessions');
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.apiKeyId).toBeNull();
    expect(r.truncated).toBe(false);
    expect(r.window.days).toBe(30);
    expect(Date.parse(r.window.end) - Date.parse(r.window.start)).toBe(30 * 86_400_000);
    expect(Math.abs(Date.parse(r.window.end) - Date.now())).toBeLessThan(60_000);
    expect(r.totals).toEqual({ runs: 6, failedRuns: 1, aiSteps: 16, cachedSteps: 6, cacheHitRate: (6 / 22) * 100 });
    expect(r.byTestId.map((row: { testId: string | null }) => row.testId)).toEqual(['checkout', 'login', null, 'idle']);
    expect(r.byTestId[1]).toEqual({
      testId: 'login',
      runs: 2,
      failedRuns: 1,
      aiSteps: 4,
      cachedSteps: 4,
      avgAiSteps: 2,
      cacheHitRate: 50,
      avgRuntimeSeconds: 90,
    });
    expect(r.byTestId[0]).toMatchObject({ cacheHitRate: 0, avgAiSteps: 10 });
    // The running session has no duration: only the ended one counts.
    expect(r.byTestId[2]).toMatchObject({ testId: null, runs: 2, avgAiSteps: 1, avgRuntimeSeconds: 10 });
    expect(r.byTestId[3]).toMatchObject({ testId: 'idle', cacheHitRate: null, aiSteps: 0, cachedSteps: 0 });
  });

  it('ignores durations of one hour or more in avgRuntimeSeconds, and gives null when none is usable', async () => {
    const { org, api } = await newOrg();
    await seed(server.db, org.id, [
      { testId: 'mixed', seconds: 100, hoursAgo: 3 },
      { testId: 'mixed', seconds: 3599, hoursAgo: 3 },
      { testId: 'mixed', seconds: 3600, hoursAgo: 3 },
      { testId: 'mixed', seconds: 7200, hoursAgo: 5 },
      { testId: 'long', seconds: 3600, hoursAgo: 3 },
      { testId: 'unfinished', seconds: null, status: 'running' },
    ]);
    const rows = (await api('GET', '/usage/sdk-sessions')).body.byTestId as Array<{
      testId: string;
      avgRuntimeSeconds: number | null;
      runs: number;
    }>;
    const byId = Object.fromEntries(rows.map((row) => [row.testId, row]));
    expect(byId.mixed).toMatchObject({ runs: 4, avgRuntimeSeconds: (100 + 3599) / 2 });
    expect(byId.long).toMatchObject({ runs: 1, avgRuntimeSeconds: null });
    expect(byId.unfinished).toMatchObject({ runs: 1, avgRuntimeSeconds: null });
  });

  it('counts a session in the window it started in, for the days asked', async () => {
    const { org, api } = await newOrg();
    await seed(server.db, org.id, [
      { testId: 'recent', hoursAgo: 2, ai: 1 },
      { testId: 'week', hoursAgo: 24 * 6, ai: 1 },
      { testId: 'old', hoursAgo: 24 * 45, ai: 1 },
      { testId: 'ancient', hoursAgo: 24 * 95, ai: 1 },
    ]);
    const ids = async (q: string) =>
      ((await api('GET', `/usage/sdk-sessions${q}`)).body.byTestId as Array<{ testId: string }>).map((row) => row.testId).sort();
    expect(await ids('?days=1')).toEqual(['recent']);
    expect(await ids('?days=7')).toEqual(['recent', 'week']);
    expect(await ids('')).toEqual(['recent', 'week']);
    expect(await ids('?days=90')).toEqual(['old', 'recent', 'week']);
    expect((await api('GET', '/usage/sdk-sessions?days=1')).body.window.days).toBe(1);
  });

  it('filters by apiKeyId, including legacy and unattributed', async () => {
    const { org, api } = await newOrg();
    await seed(server.db, org.id, [
      { testId: 'a', apiKeyId: org.apiKeyId, ai: 1 },
      { testId: 'a', apiKeyId: org.apiKeyId, ai: 1 },
      { testId: 'b', apiKeyId: 'legacy', ai: 5 },
      { testId: 'c', apiKeyId: null, ai: 7 },
    ]);
    const report = async (key: string) => (await api('GET', `/usage/sdk-sessions?apiKeyId=${key}`)).body;
    const mine = await report(org.apiKeyId);
    expect(mine).toMatchObject({ apiKeyId: org.apiKeyId, totals: { runs: 2, aiSteps: 2 } });
    expect(mine.byTestId.map((row: { testId: string }) => row.testId)).toEqual(['a']);
    expect(await report('legacy')).toMatchObject({ apiKeyId: 'legacy', totals: { runs: 1, aiSteps: 5 }, byTestId: [{ testId: 'b' }] });
    expect(await report('unattributed')).toMatchObject({
      apiKeyId: 'unattributed',
      totals: { runs: 1, aiSteps: 7 },
      byTestId: [{ testId: 'c' }],
    });
    expect(await report('zzzzzzzzzzz')).toMatchObject({
      totals: { runs: 0, aiSteps: 0, cachedSteps: 0, cacheHitRate: null },
      byTestId: [],
    });
    expect((await api('GET', '/usage/sdk-sessions')).body.totals.runs).toBe(4);
  });

  it('counts only the newest 30,000 sessions and says truncated', async () => {
    const { org, api } = await newOrg();
    // 30,005 sessions: the 5 oldest (test id "oldest") fall outside the newest 30,000.
    await server.db.query(
      `INSERT INTO sdk_sessions (id, org_id, api_key_id, test_id, status, started_at, ended_at, ai_steps, cached_steps)
       SELECT 'ses_bulk' || g, $1, 'keyAAAAAAAA', CASE WHEN g > 30000 THEN 'oldest' ELSE 't' || (g % 3) END,
              CASE WHEN g % 10 = 0 THEN 'failed' ELSE 'succeeded' END,
              now() - make_interval(secs => g), now() - make_interval(secs => g) + interval '20 seconds', 1, 1
         FROM generate_series(1, 30005) AS g`,
      [org.id],
    );
    const r = (await api('GET', '/usage/sdk-sessions')).body;
    expect(r.truncated).toBe(true);
    expect(r.totals).toMatchObject({ runs: 30_000, failedRuns: 3_000, aiSteps: 30_000, cachedSteps: 30_000, cacheHitRate: 50 });
    expect(r.byTestId.map((row: { testId: string }) => row.testId)).not.toContain('oldest');
    expect(r.byTestId).toHaveLength(3);
    expect(r.byTestId[0].avgRuntimeSeconds).toBeCloseTo(20, 5);

    await server.db.query(`DELETE FROM sdk_sessions WHERE org_id = $1 AND test_id = 'oldest'`, [org.id]);
    expect((await api('GET', '/usage/sdk-sessions')).body).toMatchObject({ truncated: false, totals: { runs: 30_000 } });
  });

  it("counts only the caller's organisation", async () => {
    const mine = await newOrg();
    const theirs = await newOrg();
    await seed(server.db, theirs.org.id, [{ testId: 'theirs', ai: 9 }]);
    await seed(server.db, mine.org.id, [{ testId: 'mine', ai: 1 }]);
    expect((await mine.api('GET', '/usage/sdk-sessions')).body.byTestId.map((row: { testId: string }) => row.testId)).toEqual(['mine']);
  });

  it('answers audit keys, 401 without a valid key, 422 for an invalid query', async () => {
    const { org, api } = await newOrg();
    const audit = await addApiKey(server.db, org.id, 'audit');
    expect((await client(server.url, audit.apiKey)('GET', '/usage/sdk-sessions')).status).toBe(200);
    const anonymous = await client(server.url)('GET', '/usage/sdk-sessions');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toEqual(expect.any(String));
    expect((await client(server.url, 'dl_live_AAAAAAAAAAA_nope')('GET', '/usage/sdk-sessions')).status).toBe(401);
    for (const q of [
      'days=0',
      'days=91',
      'days=-1',
      'days=abc',
      'days=1.5',
      'days=',
      'apiKeyId=short',
      'apiKeyId=',
      'apiKeyId=has%20space11',
      'dayz=3',
    ]) {
      const res = await api('GET', `/usage/sdk-sessions?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.detail, q).toEqual(expect.any(String));
    }
    expect((await api('GET', '/usage/sdk-sessions?days=90')).status).toBe(200);
    expect((await api('GET', '/usage/sdk-sessions?days=1')).status).toBe(200);
  });
});
