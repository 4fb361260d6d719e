/**
 * Pre-requests and teardown requests sent directly (not through a tunnel) from a real
 * control plane started WITHOUT REQUESTS_ALLOW_PRIVATE: a test's requests to loopback
 * or other private addresses are refused and the test is blocked saying why, and
 * remembered values the attempt cannot store block the test instead of leaving it offered.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAgentToken } from '../src/admin/provision.js';
import { randomToken } from '../src/ids.js';
import { androidDevice, connectFakeAgent, type FakeAgent } from './agent-client.js';
import { type Org, seedOrg, startServer, type TestServer } from './harness.js';

let server: TestServer;
let org: Org;
let agentToken: string;
let host: Server;
let hostUrl = '';
const hits: string[] = [];
const agents: FakeAgent[] = [];

beforeAll(async () => {
  server = await startServer({ REQUESTS_ALLOW_PRIVATE: '0' }); // the operator's default
  org = await seedOrg(server.db);
  agentToken = (await addAgentToken(server.db, null)).agentToken;
  // A host on the control plane's own network (loopback here).
  host = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(req.url === '/nul' ? '{"token":"a\\u0000b"}' : '{"token":"secret-from-inside"}');
  });
  host.listen(0, '127.0.0.1');
  await once(host, 'listening');
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => host.close(() => resolve()));
  await server.close();
});
afterEach(() => {
  for (const a of agents.splice(0)) a.ws.terminate();
  server.config.requests.allowPrivate = false;
  hits.length = 0;
});

/** A running Android run of one test with these requests, written directly (the execute endpoint has its own tests). */
async function seedAttempt(requests: { preRequests?: object[]; teardownRequests?: object[] }): Promise<string> {
  const runId = `run_${randomToken(16)}`;
  await server.db.query(
    `INSERT INTO runs (id, org_id, api_key_id, status, platform, package_name, physical, trigger)
     VALUES ($1, $2, $3, 'running', 'android', 'com.example.shop', false, 'api')`,
    [runId, org.id, org.apiKeyId],
  );
  const id = `job_${randomToken(16)}`;
  const snapshot = {
    title: 'T',
    commands: ['launchApp'],
    launchParams: [],
    testInputs: [],
    preRequests: [],
    teardownRequests: [],
    ...requests,
  };
  await server.db.query(
    `INSERT INTO attempts (id, run_id, org_id, test_id, position, title, platform, physical, status, snapshot)
     VALUES ($1, $2, $3, $4, 0, 'T', 'android', false, 'pending', $5)`,
    [id, runId, org.id, `tst_${randomToken(8)}`, snapshot],
  );
  return id;
}

async function settled(id: string): Promise<{ status: string; status_message: string | null }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await server.db.query<{ status: string; status_message: string | null }>(
      'SELECT status, status_message FROM attempts WHERE id = $1',
      [id],
    );
    if (row && row.status !== 'pending' && row.status !== 'offered') return row;
    if (Date.now() > deadline) throw new Error(`attempt ${id} still ${row?.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function agentWithDevice(serial: string): Promise<FakeAgent> {
  const agent = await connectFakeAgent(server.url, agentToken, { agentId: `agent-${serial}`, devices: [androidDevice(serial)] });
  agents.push(agent);
  await agent.next('welcome');
  return agent;
}

const deviceStatus = async (serial: string) =>
  (await server.db.query<{ state: string }>('SELECT state FROM devices WHERE serial = $1', [serial]))[0]?.state;

describe('pre-requests to private addresses', () => {
  it('are refused: the test is blocked saying so and how to reach internal hosts, and nothing reaches the host', async () => {
    await agentWithDevice('emu-private');
    const id = await seedAttempt({
      preRequests: [{ curlCommand: `curl ${hostUrl}/seed`, valuesToRemember: ['token'] }],
      teardownRequests: [{ curlCommand: `curl -X DELETE ${hostUrl}/seed`, runOn: 'always' }],
    });
    server.services.dispatcher.wake();
    const row = await settled(id);
    expect(row.status).toBe('blocked');
    expect(row.status_message).toBe(
      `Pre-request 1 failed: GET ${hostUrl}/seed was not sent: 127.0.0.1, a private, loopback or otherwise non-public address. ` +
        'Internal hosts are reached through a tunnel (throughTunnel: true); an operator can allow private addresses with REQUESTS_ALLOW_PRIVATE=1',
    );
    await new Promise((r) => setTimeout(r, 200)); // the teardown runs after the verdict, in the background
    expect(hits).toEqual([]);
  });

  it('are sent when the operator allows private addresses', async () => {
    server.config.requests.allowPrivate = true;
    const agent = await agentWithDevice('emu-allowed');
    const id = await seedAttempt({ preRequests: [{ curlCommand: `curl ${hostUrl}/seed`, valuesToRemember: ['token'] }] });
    server.services.dispatcher.wake();
    const offer = await agent.next('job.offer');
    expect(offer).toMatchObject({ jobId: `${id}.1`, values: { token: 'secret-from-inside' } });
    expect(hits).toEqual(['GET /seed']);
  });
});

describe('remembered values the attempt cannot store', () => {
  it('block the test (rather than leaving it offered and its device busy)', async () => {
    server.config.requests.allowPrivate = true;
    await agentWithDevice('emu-nul');
    const id = await seedAttempt({ preRequests: [{ curlCommand: `curl ${hostUrl}/nul`, valuesToRemember: ['token'] }] });
    server.services.dispatcher.wake();
    const row = await settled(id);
    expect(row).toEqual({
      status: 'blocked',
      status_message: `Pre-request 1 failed: GET ${hostUrl}/nul: valuesToRemember "token" holds a NUL character or an unpaired UTF-16 surrogate, which cannot be kept`,
    });
    expect(await deviceStatus('emu-nul')).not.toBe('busy');
  });
});
