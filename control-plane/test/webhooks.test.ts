import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../scripts/fixtures/builds.js';
import { useTempDir } from '../../scripts/fixtures/temp-dir.js';
import { addAgentToken, addApiKey } from '../src/admin/provision.js';
import { claimDeliveries } from '../src/webhooks/transitions/claim.js';
import { createDeliveryWorker } from '../src/webhooks/worker.js';
import { androidDevice, connectFakeAgent } from './agent-client.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer } from './harness.js';
import { type Receiver, type Script, startReceiver } from './webhook-receiver.js';

let server: TestServer;
let receiver: Receiver;
let org: Org;
let api: Client;
let otherOrg: Org;
let otherApi: Client;
let buildId = '';
const testIds: string[] = [];
const at = useTempDir('devicelab-webhooks-');

const BASE_MS = 50;

beforeAll(async () => {
  server = await startServer({
    WEBHOOK_ALLOW_PRIVATE: '1', // the receiver listens on 127.0.0.1
    WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
    WEBHOOK_POLL_MS: '100',
    WEBHOOK_TIMEOUT_MS: '1000',
  });
  receiver = await startReceiver();
  org = await seedOrg(server.db);
  api = client(server.url, org.apiKey);
  otherOrg = await seedOrg(server.db, { name: 'Other' });
  otherApi = client(server.url, otherOrg.apiKey);
  await fixtures.makeApk(at('shop.apk'), { packageName: 'com.example.shop', versionName: '1.0', versionCode: 1 });
  const form = new FormData();
  form.set('platform', 'android');
  form.set('build', new Blob([await import('node:fs').then((fs) => fs.readFileSync(at('shop.apk')))]), 'shop.apk');
  const uploaded = await fetch(`${server.url}/uploadBuild`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.apiKey}` },
    body: form,
  });
  buildId = ((await uploaded.json()) as { buildId: string }).buildId;
  for (const title of ['Checkout', 'Login']) {
    const created = await api('POST', '/tests', { title, commands: ['launchApp'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await settledTest(api, created.body.testId);
    testIds.push(created.body.testId);
  }
});

afterEach(async () => {
  Object.assign(server.config.webhooks, { allowPrivate: true, maxAttempts: 8, retryBaseMs: BASE_MS });
  await server.db.query('DELETE FROM webhooks');
});

afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

/** Polls until `probe` gives a value; a probe that throws (a request cut by a restart) is tried again until the deadline. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A webhook of `org` at receiver path `path`, answering by `script`. */
async function hook(path: string, events: string[], script?: Script, call: Client = api) {
  const res = await call('POST', '/webhooks', { url: receiver.url + path, events });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  receiver.route(path, res.body.secret, script);
  return res.body as { id: string; secret: string };
}

/** A run whose tunnel is not connected: both tests fail at the next sweep and the run completes. */
async function finishedRun(): Promise<string> {
  const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds, tunnelName: 'nowhere' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await server.services.dispatcher.sweep();
  return res.body.runId;
}

const deliveriesOf = async (webhookId: string, query = '') => {
  const res = await api('GET', `/webhooks/${webhookId}/deliveries${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { deliveries: any[]; nextCursor: string | null };
};

describe('webhook endpoints', () => {
  it('creates a webhook whose whsec_ secret is shown once, lists it without the secret, and deletes it', async () => {
    const res = await api('POST', '/webhooks', { url: `${receiver.url}/crud`, events: ['run.completed', 'test.finished'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^whk_/),
      url: `${receiver.url}/crud`,
      events: ['run.completed', 'test.finished'],
      status: 'active',
      disabledReason: null,
      createdAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
    });
    expect(Buffer.from(res.body.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const listed = await api('GET', '/webhooks');
    expect(listed.body).toEqual({ webhooks: [{ ...res.body, secret: undefined }] });
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret);

    const audit = client(server.url, (await addApiKey(server.db, org.id, 'audit')).apiKey);
    expect((await audit('GET', '/webhooks')).body.webhooks.map((w: any) => w.id)).toEqual([res.body.id]);
    expect((await audit('POST', '/webhooks', { url: `${receiver.url}/x`, events: ['run.completed'] })).status).toBe(403);
    expect((await audit('DELETE', '/webhooks', { webhookId: res.body.id })).status).toBe(403);

    // Another organisation sees none of it.
    expect((await otherApi('GET', '/webhooks')).body).toEqual({ webhooks: [] });
    expect((await otherApi('GET', `/webhooks/${res.body.id}/deliveries`)).status).toBe(404);
    expect((await otherApi('DELETE', '/webhooks', { webhookId: res.body.id })).status).toBe(404);
    expect((await client(server.url)('GET', '/webhooks')).status).toBe(401);

    expect((await api('DELETE', '/webhooks', { webhookId: res.body.id })).body).toEqual({
      message: expect.any(String),
      webhookId: res.body.id,
    });
    expect((await api('GET', '/webhooks')).body).toEqual({ webhooks: [] });
    expect((await api('DELETE', '/webhooks', { webhookId: res.body.id })).status).toBe(404);
    expect((await api('GET', `/webhooks/${res.body.id}/deliveries`)).status).toBe(404);
  });

  it('documents its endpoints in /openapi.json', async () => {
    const { paths } = (await client(server.url)('GET', '/openapi.json')).body;
    expect(Object.keys(paths['/webhooks']).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(paths['/webhooks/{webhook_id}/deliveries'])).toEqual(['get']);
    expect(paths['/webhooks'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookCreated',
    });
  });

  it.each([
    ['no body', undefined, /./],
    ['malformed JSON', '{"url":', /./],
    ['a missing url', { events: ['run.completed'] }, /url/],
    ['a relative url', { url: '/hooks', events: ['run.completed'] }, /absolute/],
    ['an ftp url', { url: 'ftp://example.com/x', events: ['run.completed'] }, /http or https/],
    ['credentials in the url', { url: 'https://user:pw@example.com/x', events: ['run.completed'] }, /user name or password/],
    ['a fragment', { url: 'https://example.com/x#y', events: ['run.completed'] }, /fragment/],
    ['a NUL in the url', { url: 'https://example.com/\u0000', events: ['run.completed'] }, /./],
    ['an overlong url', { url: `https://example.com/${'a'.repeat(2001)}`, events: ['run.completed'] }, /2000/],
    ['no events', { url: 'https://example.com/x', events: [] }, /at least one/],
    ['an unknown event', { url: 'https://example.com/x', events: ['run.started'] }, /events/],
    ['a repeated event', { url: 'https://example.com/x', events: ['run.completed', 'run.completed'] }, /repeat/],
    ['events not a list', { url: 'https://example.com/x', events: 'run.completed' }, /events/],
    ['an unknown field', { url: 'https://example.com/x', events: ['run.completed'], secret: 'mine' }, /secret/],
  ])('refuses %s with 400 and a detail', async (_, body, detail) => {
    const res = await api('POST', '/webhooks', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.detail).toMatch(detail);
    expect((await api('GET', '/webhooks')).body.webhooks).toEqual([]);
  });

  it('refuses DELETE without a webhookId, and bad deliveries paging, with 400', async () => {
    expect((await api('DELETE', '/webhooks', {})).status).toBe(400);
    const { id } = await hook('/paging', ['run.completed']);
    for (const q of ['?limit=0', '?limit=201', '?limit=x', '?cursor=nonsense', '?color=red']) {
      const res = await api('GET', `/webhooks/${id}/deliveries${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it('allows at most 20 webhooks per organisation (409 beyond)', async () => {
    for (let i = 0; i < 20; i++)
      expect((await api('POST', '/webhooks', { url: `${receiver.url}/many${i}`, events: ['run.completed'] })).status).toBe(200);
    const res = await api('POST', '/webhooks', { url: `${receiver.url}/one-more`, events: ['run.completed'] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/at most 20/);
    expect((await otherApi('POST', '/webhooks', { url: `${receiver.url}/other`, events: ['run.completed'] })).status).toBe(200);
  });

  it('refuses private, loopback and link-local addresses unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    server.config.webhooks.allowPrivate = false;
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'http://10.1.2.3/x',
      'http://192.168.0.10/x',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/x',
      'http://[fd00::1]/x',
      'http://[fe80::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
    ]) {
      const res = await api('POST', '/webhooks', { url, events: ['run.completed'] });
      expect(res.status, url).toBe(400);
      expect(res.body.detail, url).toMatch(/WEBHOOK_ALLOW_PRIVATE/);
    }
    const unresolvable = await api('POST', '/webhooks', { url: 'https://no-such-host.invalid/x', events: ['run.completed'] });
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body.detail).toMatch(/cannot resolve/);
    expect((await api('GET', '/webhooks')).body.webhooks).toEqual([]);
  });
});

describe('deliveries', () => {
  it('delivers run.completed (as GET /runs/{id} answers) and test.finished, signed, when a run completes', async () => {
    const { id, secret } = await hook('/done', ['run.completed', 'test.finished']);
    const other = await hook('/only-runs', ['run.completed']);
    const runId = await finishedRun();
    const got = await waitFor('three deliveries', () => receiver.at('/done').length >= 3 && receiver.at('/done'));
    await waitFor('the run-only endpoint', () => receiver.at('/only-runs').length >= 1);
    expect(secret).not.toBe(other.secret);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(new Set(got.map((r) => r.id)).size).toBe(3);

    const run = (await api('GET', `/runs/${runId}`)).body;
    const completed = got.find((r) => r.body.type === 'run.completed')!;
    expect(completed.body).toEqual({ type: 'run.completed', timestamp: expect.any(String), data: run });
    expect(completed.headers['content-type']).toBe('application/json');
    const finished = got.filter((r) => r.body.type === 'test.finished').map((r) => r.body.data);
    expect(finished.sort((a, b) => a.title.localeCompare(b.title))).toEqual(run.failedTests.map((t: any) => ({ runId, ...t })));

    // The same event reaches both endpoints under one message id; only run.completed reaches the second.
    const onlyRuns = receiver.at('/only-runs');
    expect(onlyRuns.map((r) => [r.body.type, r.id, r.verified])).toEqual([['run.completed', completed.id, true]]);

    const { deliveries } = await waitFor('recorded outcomes', async () => {
      const page = await deliveriesOf(id);
      return page.deliveries.every((d) => d.status === 'delivered') && page;
    });
    expect(deliveries).toHaveLength(3);
    expect(deliveries[0]).toEqual({
      id: expect.stringMatching(/^msg_/),
      event: expect.any(String),
      status: 'delivered',
      nextAttemptAt: null,
      lastError: null,
      createdAt: expect.any(String),
      deliveredAt: expect.any(String),
      attempts: [{ number: 1, at: expect.any(String), responseStatus: 200, error: null, durationMs: expect.any(Number) }],
    });
    expect(deliveries.map((d) => d.id).sort()).toEqual(got.map((r) => r.id).sort());

    // Paging: newest first, one at a time.
    const first = await deliveriesOf(id, '?limit=2');
    const rest = await deliveriesOf(id, `?limit=2&cursor=${first.nextCursor}`);
    expect([...first.deliveries, ...rest.deliveries].map((d) => d.id)).toEqual(deliveries.map((d) => d.id));
    expect(rest.nextCursor).toBeNull();
  });

  it('queues nothing for organisations without a subscribed webhook, and nothing across organisations', async () => {
    await hook('/tests-only', ['test.finished']);
    await hook('/foreign', ['run.completed'], undefined, otherApi);
    const before = receiver.received.length;
    const runId = await finishedRun();
    await waitFor('two test.finished', () => receiver.at('/tests-only').length >= 2);
    const events = await server.db.query<{ type: string }>(
      `SELECT e.type FROM webhook_events e WHERE e.data->>'runId' = $1 OR e.data->'run'->>'id' = $1`,
      [runId],
    );
    expect(events.map((e) => e.type)).toEqual(['test.finished', 'test.finished']);
    await new Promise((r) => setTimeout(r, 300)); // a few polls: nothing else may arrive
    expect(receiver.received.slice(before).map((r) => r.path)).toEqual(['/tests-only', '/tests-only']);
  });

  it('retries after a 500 with the same webhook-id, newly signed, and delivers once', async () => {
    const { id } = await hook('/flaky', ['run.completed'], (n) => (n === 1 ? 500 : 200));
    await finishedRun();
    const got = await waitFor('two attempts', () => receiver.at('/flaky').length >= 2 && receiver.at('/flaky'));
    await new Promise((r) => setTimeout(r, 300)); // nothing after the success
    expect(got.map((r) => [r.id, r.verified, r.answered])).toEqual([
      [got[0]!.id, true, 500],
      [got[0]!.id, true, 200],
    ]);
    expect(got[1]!.body).toEqual(got[0]!.body);
    const [delivery] = (
      await waitFor('delivered', async () => {
        const page = await deliveriesOf(id);
        return page.deliveries[0]?.status === 'delivered' && page;
      })
    ).deliveries;
    expect(delivery.attempts.map((a: any) => [a.number, a.responseStatus, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 200, null],
    ]);
    // The retry waited the first backoff step at least.
    expect(Date.parse(delivery.attempts[1].at) - Date.parse(delivery.attempts[0].at)).toBeGreaterThanOrEqual(BASE_MS);
    // Counted from the instant the log shows for the failed attempt, exactly (transitions/settle.ts).
    const [wait] = await server.db.query<{ ms: number }>(
      `SELECT (extract(epoch FROM d.next_attempt_at - a.at) * 1000)::float8 AS ms
         FROM webhook_deliveries d JOIN webhook_attempts a USING (webhook_id, event_id)
        WHERE d.webhook_id = $1 AND a.number = 1`,
      [id],
    );
    expect(wait!.ms).toBe(BASE_MS);
  });

  it('gives up after WEBHOOK_MAX_ATTEMPTS, counting a timeout as a failed attempt', async () => {
    server.config.webhooks.maxAttempts = 3;
    const { id } = await hook('/down', ['run.completed'], (n) => (n === 1 ? 'hang' : 503));
    await finishedRun();
    const { deliveries } = await waitFor('given up', async () => {
      const page = await deliveriesOf(id);
      return page.deliveries[0]?.status === 'failed' && page;
    });
    expect(deliveries[0].attempts.map((a: any) => [a.number, a.responseStatus, a.error])).toEqual([
      [1, null, 'no answer within 1000 ms'],
      [2, 503, 'HTTP 503'],
      [3, 503, 'HTTP 503'],
    ]);
    expect(deliveries[0]).toMatchObject({ lastError: 'HTTP 503', nextAttemptAt: null, deliveredAt: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/down')).toHaveLength(3);
  });

  it('loses nothing when the control plane restarts between attempts', async () => {
    let up = false;
    const { id } = await hook('/restart', ['run.completed'], () => (up ? 200 : 500));
    server.config.webhooks.retryBaseMs = 300; // the restart happens while the retry waits
    await finishedRun();
    await waitFor('a failed first attempt', async () => (await deliveriesOf(id)).deliveries[0]?.attempts.length >= 1);
    await server.restart();
    up = true;
    const { deliveries } = await waitFor('delivered by the new process', async () => {
      const page = await deliveriesOf(id);
      return page.deliveries[0]?.status === 'delivered' && page;
    });
    const got = receiver.at('/restart');
    expect(got.every((r) => r.verified && r.id === deliveries[0].id)).toBe(true);
    expect(got[0]!.answered).toBe(500); // sent by the first process
    expect(got.filter((r) => r.answered === 200)).toHaveLength(1);
    expect(deliveries[0].attempts.at(-1)).toMatchObject({ responseStatus: 200 });
  });

  it('sends again, with the same webhook-id, a delivery whose process died mid-send (its lease runs out)', async () => {
    const { id } = await hook('/lease', ['run.completed']);
    await server.services.webhooks.stop(); // this process sends nothing for a moment
    await finishedRun();
    // A process claims it with a 1 s lease and is killed before it sends.
    // Polled: tunnel runs are failed by the claim pass the sweep starts without awaiting it, so on
    // PostgreSQL the run completes (and its delivery appears) a few ms after sweep() returns.
    const claimed = await waitFor('a queued delivery', async () => (await claimDeliveries(server.db, 10, 1))[0]);
    expect(claimed).toMatchObject({ webhookId: id, attempt: 1 });
    await server.services.webhooks.start();
    const got = await waitFor('the re-sent delivery', () => receiver.at('/lease').length >= 1 && receiver.at('/lease'));
    expect(got.map((r) => [r.id, r.verified])).toEqual([[claimed.eventId, true]]);
    const { deliveries } = await waitFor('delivered', async () => {
      const page = await deliveriesOf(id);
      return page.deliveries[0]?.status === 'delivered' && page;
    });
    // Only the attempt that was made is in the log: number 2, the claim of the live process.
    expect(deliveries[0].attempts.map((a: any) => [a.number, a.responseStatus])).toEqual([[2, 200]]);
  });

  it('sends each delivery once when two workers (replicas) share the database', async () => {
    const second = createDeliveryWorker(server.db, server.config);
    await second.start();
    try {
      const paths = ['/replica-a', '/replica-b', '/replica-c'];
      const hooks = new Map<string, string>();
      for (const path of paths) hooks.set(path, (await hook(path, ['run.completed', 'test.finished'])).id);
      await finishedRun();
      await finishedRun();
      // 2 runs × (2 test.finished + 1 run.completed) to each of 3 endpoints
      await waitFor('18 deliveries', () => paths.every((p) => receiver.at(p).length >= 6));
      await new Promise((r) => setTimeout(r, 300)); // nothing more may come
      for (const path of paths) {
        const got = receiver.at(path);
        expect(new Set(got.map((r) => r.id)).size, path).toBe(6);
        expect(
          got.every((r) => r.verified && r.answered === 200),
          path,
        ).toBe(true);
        // Each send is one attempt of one claim: a delivery two workers both sent would have more
        // sends than attempts in its log. (On a stalled machine a send can outlast the 1 s timeout
        // after the receiver answered; that attempt is logged as failed and the retry is a second
        // send with the same webhook-id: at least once, as docs/api.md says.)
        const { deliveries } = await waitFor(`${path} settled`, async () => {
          const page = await deliveriesOf(hooks.get(path)!);
          return page.deliveries.every((d) => d.status === 'delivered') && page;
        });
        expect(deliveries, path).toHaveLength(6);
        for (const d of deliveries)
          expect(
            got.filter((r) => r.id === d.id),
            `${path} ${d.id}`,
          ).toHaveLength(d.attempts.length);
      }
    } finally {
      await second.stop();
    }
  });

  it('disables an endpoint that answers 410 Gone, fails what it had queued, and queues nothing more for it', async () => {
    const { id } = await hook('/gone', ['run.completed', 'test.finished'], () => 410);
    await finishedRun();
    const hooks = await waitFor('disabled', async () => {
      const list = (await api('GET', '/webhooks')).body.webhooks;
      return list[0]?.status === 'disabled' && list;
    });
    expect(hooks[0]).toMatchObject({ id, status: 'disabled', disabledReason: expect.stringMatching(/410/) });
    const { deliveries } = await waitFor('all settled', async () => {
      const page = await deliveriesOf(id);
      return page.deliveries.every((d) => d.status === 'failed') && page;
    });
    expect(deliveries).toHaveLength(3);
    expect(deliveries.every((d) => /410/.test(d.lastError))).toBe(true);
    const sent = receiver.at('/gone').length;
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(3); // at most the ones already in flight (WEBHOOK_CONCURRENCY 4)

    await finishedRun();
    await new Promise((r) => setTimeout(r, 300));
    expect((await deliveriesOf(id)).deliveries).toHaveLength(3);
    expect(receiver.at('/gone')).toHaveLength(sent);
  });

  it('announces a cancelled run as run.completed with status cancelled, and no test.finished for its stopped tests', async () => {
    await hook('/cancel', ['run.completed', 'test.finished']);
    const res = await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds });
    expect((await api('POST', `/runs/${res.body.runId}/cancel`)).status).toBe(200);
    const got = await waitFor('run.completed', () => receiver.at('/cancel').length >= 1 && receiver.at('/cancel'));
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at('/cancel')).toHaveLength(1);
    expect(got[0]!.body).toEqual({
      type: 'run.completed',
      timestamp: expect.any(String),
      data: (await api('GET', `/runs/${res.body.runId}`)).body,
    });
    expect(got[0]!.body.data).toMatchObject({ status: 'cancelled', totalTests: 2 });
  });

  it('announces the verdicts a lab agent reports: test.finished for each, then run.completed', async () => {
    const { secret } = await hook('/agent', ['run.completed', 'test.finished']);
    expect(secret).toMatch(/^whsec_/);
    const agent = await connectFakeAgent(server.url, (await addAgentToken(server.db, null)).agentToken, {
      agentId: 'webhook-agent',
      devices: [androidDevice('emu-webhooks')],
    });
    try {
      await agent.next('welcome');
      const { runId } = (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds })).body;
      for (const verdict of ['succeeded', 'failed'] as const) {
        const offer = await agent.next('job.offer');
        agent.send({ type: 'job.accepted', jobId: offer.jobId });
        agent.send({
          type: 'job.result',
          jobId: offer.jobId,
          verdict,
          statusMessage: verdict === 'failed' ? 'Step 1 failed' : undefined,
          durationSeconds: 2,
        });
        await agent.next('job.result.ack');
      }
      const got = await waitFor('three deliveries', () => receiver.at('/agent').length >= 3 && receiver.at('/agent'));
      expect(got.every((r) => r.verified)).toBe(true);
      const run = (await api('GET', `/runs/${runId}`)).body;
      expect(run).toMatchObject({
        status: 'completed',
        succeededTests: [{ title: 'Checkout' }],
        failedTests: [{ title: 'Login', statusMessage: 'Step 1 failed' }],
      });
      const byType = (type: string) => got.filter((r) => r.body.type === type).map((r) => r.body.data);
      expect(byType('test.finished').sort((a, b) => a.title.localeCompare(b.title))).toEqual([
        { runId, ...run.succeededTests[0] },
        { runId, ...run.failedTests[0] },
      ]);
      expect(byType('run.completed')).toEqual([run]);
    } finally {
      agent.ws.terminate();
    }
  });

  it('never calls a private address at send time when they are not allowed (a host that resolves there later)', async () => {
    const { id } = await hook('/private', ['run.completed']);
    server.config.webhooks.allowPrivate = false;
    server.config.webhooks.maxAttempts = 1;
    await finishedRun();
    const { deliveries } = await waitFor('refused', async () => {
      const page = await deliveriesOf(id);
      return page.deliveries[0]?.status === 'failed' && page;
    });
    expect(deliveries[0].attempts).toEqual([
      expect.objectContaining({ number: 1, responseStatus: null, error: expect.stringMatching(/127\.0\.0\.1.*WEBHOOK_ALLOW_PRIVATE/) }),
    ]);
    expect(receiver.at('/private')).toEqual([]);
  });
});
