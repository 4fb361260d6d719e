/**
 * The tunnel endpoint and GET /tunnels over real sockets: the real tunnel client
 * (lab-agent/src/tunnel/) against the real control plane.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { startTunnelClient, type TunnelClient, TunnelRefused } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { addAgentToken } from '../src/admin/provision.js';
import { androidDevice, fakeAgents } from './agent-client.js';
import { type Client, client, type Org, seedOrg, startServer, type TestServer } from './harness.js';
import { blockUnfinished, seedRun } from './seed-runs.js';

let server: TestServer;
let org: Org;
let other: Org;
let api: Client;
const tunnels: TunnelClient[] = [];

beforeAll(async () => {
  server = await startServer();
  org = await seedOrg(server.db, { name: 'Tunnel org' });
  other = await seedOrg(server.db, { name: 'Other org' });
  api = client(server.url, org.apiKey);
});
afterEach(async () => {
  await Promise.all(tunnels.splice(0).map((t) => t.close()));
});
afterAll(() => server.close());

function tunnel(name: string, apiKey = org.apiKey): TunnelClient {
  const t = startTunnelClient({
    controlPlaneUrl: server.url,
    apiKey,
    tunnelName: name,
    filter: createHostFilter({}),
    backoff: { baseMs: 20, maxMs: 100 },
  });
  tunnels.push(t);
  return t;
}

/** Opens a WebSocket that must be refused; answers the HTTP status and detail. */
function relayRefusal(path: string, agentToken?: string): Promise<{ status: number; detail: string }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}${path}`, {
    headers: agentToken ? { authorization: `Bearer ${agentToken}` } : {},
  });
  return new Promise((resolve, reject) => {
    ws.on('open', () => reject(new Error('the relay was opened')));
    ws.on('error', () => {});
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('error', reject); // a reset once the answer is out changes nothing
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, detail: (JSON.parse(body) as { detail: string }).detail }));
    });
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('tunnels', () => {
  it("lists the organisation's connected tunnels, and only its own", async () => {
    expect((await api('GET', '/tunnels')).body).toEqual({ tunnels: [] });
    const office = tunnel('office');
    await office.connected;
    const listed = await api('GET', '/tunnels');
    expect(listed.status).toBe(200);
    expect(listed.body.tunnels).toEqual([{ name: 'office', connectedAt: expect.any(String), apiKeyId: org.apiKeyId, streamsOpened: 0 }]);
    expect((await client(server.url, other.apiKey)('GET', '/tunnels')).body).toEqual({ tunnels: [] });
    await office.close();
    await until(async () => (await api('GET', '/tunnels')).body.tunnels.length === 0);
  });

  it('refuses a second tunnel with a name the organisation has connected; another organisation may use the name', async () => {
    await tunnel('office').connected;
    const second = tunnel('office');
    await expect(second.done).rejects.toThrow(
      new TunnelRefused('the control plane refused the tunnel: tunnel "office" is already connected in this organisation'),
    );
    await tunnel('office', other.apiKey).connected;
    expect((await client(server.url, other.apiKey)('GET', '/tunnels')).body.tunnels.map((t: { name: string }) => t.name)).toEqual([
      'office',
    ]);
  });

  it('frees the name when the tunnel goes, so the next one with it connects', async () => {
    const first = tunnel('lab');
    await first.connected;
    await first.close();
    await tunnel('lab').connected;
    expect((await api('GET', '/tunnels')).body.tunnels.map((t: { name: string }) => t.name)).toEqual(['lab']);
  });

  it('refuses audit keys, unknown keys and bad names with the reason', async () => {
    const audit = (await client(server.url, 'test-operator-token')('POST', '/admin/keys', { organisationId: org.id, kind: 'audit' })).body;
    await expect(tunnel('office', audit.apiKey).done).rejects.toThrow('audit keys cannot open tunnels');
    await expect(tunnel('office', 'dl_live_nope_nope').done).rejects.toThrow(TunnelRefused);
    await expect(tunnel('bad name!').done).rejects.toThrow(/the control plane refused the tunnel: name: letters, digits/);
    expect((await api('GET', '/tunnels')).body.tunnels).toEqual([]);
  });

  it('answers GET /tunnels without a key 401 and with an unknown parameter 400', async () => {
    expect((await client(server.url)('GET', '/tunnels')).status).toBe(401);
    const bad = await api('GET', '/tunnels?name=x');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toEqual(expect.any(String));
  });

  it("refuses an agent relay without an agent token, or for a job that is not the agent's", async () => {
    expect(await relayRefusal('/agent/tunnel?job=att_x.1')).toEqual({
      status: 401,
      detail: 'agent token missing, malformed, unknown or revoked',
    });
    const { agentToken } = await addAgentToken(server.db, null);
    expect(await relayRefusal('/agent/tunnel?job=att_x.1', agentToken)).toEqual({
      status: 403,
      detail: 'that job is not running on a device of this agent',
    });
    expect(await relayRefusal('/agent/tunnel?job=nonsense', agentToken)).toMatchObject({ status: 400 });
  });

  it("opens the relay of a real job for the agent holding it only, never for another agent's token", async () => {
    const agents = fakeAgents({ welcomed: true });
    try {
      await tunnel('relay-office').connected;
      const {
        runId,
        ids: [jobId],
      } = await seedRun(server.db, org);
      await server.db.query(`UPDATE runs SET tunnel_name = 'relay-office' WHERE id = $1`, [runId]);
      const holderToken = (await addAgentToken(server.db, null)).agentToken;
      const holder = await agents.connect(server.url, holderToken, {
        agentId: 'relay-holder',
        devices: [androidDevice('emu-relay-holder')],
      });
      const offer = await holder.next('job.offer');
      expect(offer.jobId).toBe(`${jobId}.1`);
      // Another agent's token (shared, or the other organisation's own) naming that real job: refused.
      for (const token of [(await addAgentToken(server.db, null)).agentToken, (await addAgentToken(server.db, other.id)).agentToken]) {
        expect(await relayRefusal(`/agent/tunnel?job=${offer.jobId}`, token)).toEqual({
          status: 403,
          detail: 'that job is not running on a device of this agent',
        });
      }
      // The holder's own token gets in (so the refusals above are about the token, not the job).
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/agent/tunnel?job=${offer.jobId}`, {
        headers: { authorization: `Bearer ${holderToken}` },
      });
      await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
      ws.close();
    } finally {
      agents.terminateAll();
      await blockUnfinished(server.db);
    }
  });
});
