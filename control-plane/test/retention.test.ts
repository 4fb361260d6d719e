/**
 * Retention (retention/sweep.ts) on an S3 bucket of the fake S3 server: with
 * BUILD_RETENTION_DAYS=30 and ARTIFACT_RETENTION_DAYS=14, one sweep deletes the blobs that
 * are due (builds, recordings, device logs, screenshots) and marks their records, and nothing else; a second sweep finds nothing; an
 * expired build is refused at execute with its reason; an expired recording's page says so;
 * only the holder of the lease sweeps. Ages are set in the database (no waiting).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { deviceLogKey, partKey, recordingKey } from '../src/recordings/formats.js';
import { type FakeS3, startFakeS3 } from './fake-s3.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer, uploadBuild } from './harness.js';

const fixture = (name: string) => new URL(`../src/brain/fixtures/${name}.xml`, import.meta.url);
let s3: FakeS3;
let server: TestServer;
let org: Org;
let api: Client;
let work: string;
let testId: string;
const builds = { stale: '', usedLately: '', fresh: '', staleRunning: '' };
const keyOf = async (buildId: string) =>
  (await server.db.query<{ key: string }>('SELECT storage_key AS key FROM builds WHERE id = $1', [buildId]))[0]!.key;
const stored = async (key: string) => (await server.services.storage.size(key)) !== null;
const execute = (buildId: string) => api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [testId] });

beforeAll(async () => {
  s3 = await startFakeS3(['retained']);
  server = await startServer({
    ...s3.env('retained', 'lab'),
    BUILD_RETENTION_DAYS: '30',
    ARTIFACT_RETENTION_DAYS: '14',
    RETENTION_SWEEP_MS: '3600000',
  });
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  work = mkdtempSync(join(tmpdir(), 'devicelab-retention-'));
  await makeApk(join(work, 'app.apk'), { packageName: 'com.example.kept', versionName: '1.0', versionCode: 1 });
  for (const name of Object.keys(builds) as (keyof typeof builds)[])
    builds[name] = await uploadBuild(server.url, org.apiKey, join(work, 'app.apk'));
  const created = await api('POST', '/tests', { title: 'Opens', commands: ['launchApp'] });
  testId = created.body.testId;
  await settledTest(api, testId);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A finished test of a new run with a recording (in `parts` parts) and a device log that ended `daysAgo`. */
async function finishedWithRecording(
  daysAgo: number,
  parts = 1,
  key?: (runId: string, attempt: string) => string,
): Promise<{ runId: string; key: string; logKey: string }> {
  const run = await execute(builds.fresh);
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const [attempt] = await server.db.query<{ id: string }>('SELECT id FROM attempts WHERE run_id = $1', [run.body.runId]);
  const recording = key ? key(run.body.runId, attempt!.id) : recordingKey(org.id, run.body.runId, attempt!.id, 1, 'mp4');
  for (let n = 0; n < parts; n += 1) await server.services.storage.put(partKey(recording, n), Buffer.from(`part ${n}`));
  const logKey = deviceLogKey(org.id, run.body.runId, attempt!.id, 1);
  await server.services.storage.put(logKey, Buffer.from('11-27 10:00:00.000  1  1 I DeviceLab: step 1 begins\n'));
  await server.db.query(
    `UPDATE attempts SET status = 'succeeded', recording_key = $2, device_log_key = $4,
            finished_at = now() - make_interval(days => $3) WHERE id = $1`,
    [attempt!.id, recording, daysAgo, logKey],
  );
  await server.db.query(`UPDATE runs SET status = 'completed', finished_at = now() WHERE id = $1`, [run.body.runId]);
  return { runId: run.body.runId, key: recording, logKey };
}

/** An SDK step with a screenshot, taken `daysAgo`. */
async function screenshotTaken(daysAgo: number): Promise<string> {
  const session = (await api('POST', '/sessions/create', { platform: 'android' })).body.session_id;
  const { readFileSync } = await import('node:fs');
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const res = await api('POST', `/sessions/${session}/execute`, {
    command: 'Tap Log in',
    page_source: readFileSync(fixture('android-login'), 'utf8'),
    screenshot: png.toString('base64'),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [step] = await server.db.query<{ key: string }>(
    `UPDATE session_steps SET created_at = now() - make_interval(days => $2) WHERE session_id = $1 RETURNING screenshot AS key`,
    [session, daysAgo],
  );
  return step!.key;
}

describe('a retention sweep', () => {
  const noRecording = { runId: '', key: '', logKey: '' };
  const due = { recording: noRecording, outside: noRecording, screenshot: '' };
  const kept = { recording: noRecording, screenshot: '' };

  beforeAll(async () => {
    const age = (id: string, created: number, used: number | null) =>
      server.db.query(
        `UPDATE builds SET created_at = now() - make_interval(days => $2),
                         last_used_at = CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(days => $3::int) END WHERE id = $1`,
        [id, created, used],
      );
    due.recording = await finishedWithRecording(20, 2);
    // A key an agent sent that names a file outside its run (here a build's): expired as a record, the file kept.
    const freshKey = await keyOf(builds.fresh);
    due.outside = await finishedWithRecording(20, 0, () => freshKey);
    kept.recording = await finishedWithRecording(3);
    due.screenshot = await screenshotTaken(20);
    kept.screenshot = await screenshotTaken(1);
    const running = await execute(builds.staleRunning); // still running: its build stays however old
    expect(running.status).toBe(200);
    await age(builds.stale, 40, null);
    await age(builds.usedLately, 60, 2);
    await age(builds.staleRunning, 40, 40);
    await age(builds.fresh, 1, null);
  }, 240_000);

  it('deletes the blobs that are due, marks their records, and keeps everything else', async () => {
    const keys = Object.fromEntries(await Promise.all(Object.entries(builds).map(async ([name, id]) => [name, await keyOf(id)])));
    expect(await server.services.retention.sweep()).toEqual({ swept: true, builds: 1, recordings: 2, deviceLogs: 2, screenshots: 1 });

    expect(await stored(keys.stale)).toBe(false);
    for (const name of ['usedLately', 'fresh', 'staleRunning']) expect(await stored(keys[name]), name).toBe(true);
    expect(await stored(due.recording.key)).toBe(false);
    expect(await stored(partKey(due.recording.key, 1))).toBe(false);
    expect(await stored(due.screenshot)).toBe(false);
    expect(await stored(due.recording.logKey)).toBe(false);
    expect(await stored(kept.recording.key)).toBe(true);
    expect(await stored(kept.recording.logKey)).toBe(true);
    expect(await stored(kept.screenshot)).toBe(true);

    const marked = await server.db.query<{ id: string; expired: boolean; deleted: boolean }>(
      'SELECT id, expired_at IS NOT NULL AS expired, file_deleted_at IS NOT NULL AS deleted FROM builds ORDER BY id',
    );
    expect(marked.filter((b) => b.expired || b.deleted)).toEqual([{ id: builds.stale, expired: true, deleted: true }]);
    const recordings = await server.db.query<{ key: string }>(
      'SELECT recording_key AS key FROM attempts WHERE recording_expired_at IS NOT NULL ORDER BY 1',
    );
    expect(recordings.map((r) => r.key).sort()).toEqual([due.recording.key, due.outside.key].sort());
    const logs = await server.db.query<{ key: string }>(
      'SELECT device_log_key AS key FROM attempts WHERE device_log_expired_at IS NOT NULL ORDER BY 1',
    );
    expect(logs.map((l) => l.key).sort()).toEqual([due.recording.logKey, due.outside.logKey].sort());
    const keptLog = await api('GET', `/runs/${kept.recording.runId}/tests/${testId}/device-log`);
    expect(keptLog.status, JSON.stringify(keptLog.body)).toBe(200);
    expect((await api('GET', `/runs/${due.recording.runId}/tests/${testId}/device-log`)).status).toBe(404);
    const shots = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM session_steps WHERE screenshot IS NULL AND screenshot_expired_at IS NOT NULL',
    );
    expect(shots[0]!.n).toBe(1);
  });

  it('finds nothing more to do the second time', async () => {
    expect(await server.services.retention.sweep()).toEqual({ swept: true, builds: 0, recordings: 0, deviceLogs: 0, screenshots: 0 });
  });

  it('refuses an expired build at execute with its reason, and creates no run', async () => {
    const before = await server.db.query('SELECT id FROM runs');
    const res = await execute(builds.stale);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({
      detail: `build ${builds.stale} expired on ${new Date().toISOString().slice(0, 10)}: no run used it for 30 days (BUILD_RETENTION_DAYS), so its file was deleted; upload it again`,
    });
    expect(await server.db.query('SELECT id FROM runs')).toHaveLength(before.length);
    expect((await execute(builds.usedLately)).status).toBe(200); // and a run marks a build used
  });

  it('says "expired" on the recording page, and the video answers 410', async () => {
    const signIn = await fetch(`${server.url}/app/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: org.apiKey }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const page = (runId: string, suffix = '') =>
      fetch(`${server.url}/app/recording/${runId}/runs/${testId}${suffix}`, { headers: { cookie } });
    const expiredPage = await (await page(due.recording.runId)).text();
    expect(expiredPage).toContain('The recording expired');
    expect(expiredPage).not.toContain('<video');
    expect((await page(due.recording.runId, '/video')).status).toBe(410);
    const keptPage = await (await page(kept.recording.runId)).text();
    expect(keptPage).toContain('<video');
    expect(keptPage).not.toContain('expired');
    expect((await page(kept.recording.runId, '/video')).status).toBe(200);
  });
});

describe('the retention lease', () => {
  it("lets only its holder sweep, and passes to another replica once the holder's lease ran out", async () => {
    const stale = await uploadBuild(server.url, org.apiKey, join(work, 'app.apk'));
    await server.db.query(`UPDATE builds SET created_at = now() - interval '40 days' WHERE id = $1`, [stale]);
    await server.db.query(
      `INSERT INTO maintenance_leases (name, holder, until) VALUES ('retention', 'rep_other', now() + interval '5 minutes')`,
    );
    expect(await server.services.retention.sweep()).toEqual({ swept: false, builds: 0, recordings: 0, deviceLogs: 0, screenshots: 0 });
    expect(await stored(await keyOf(stale))).toBe(true);
    await server.db.query(`UPDATE maintenance_leases SET until = now() - interval '1 second' WHERE name = 'retention'`); // the holder was killed
    expect(await server.services.retention.sweep()).toMatchObject({ swept: true, builds: 1 });
    expect(await stored(await keyOf(stale))).toBe(false);
  });

  it('finishes a sweep killed between deleting a blob and marking its record', async () => {
    const { key } = await finishedWithRecording(30, 2);
    await server.services.storage.remove(key); // the first part went, then the process died
    expect(await server.services.retention.sweep()).toMatchObject({ swept: true, recordings: 1 });
    expect(await stored(partKey(key, 1))).toBe(false);
    expect(
      await server.db.query('SELECT 1 FROM attempts WHERE recording_key = $1 AND recording_expired_at IS NOT NULL', [key]),
    ).toHaveLength(1);
  });
});
