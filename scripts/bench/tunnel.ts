/**
 * Tunnel benchmark: HTTP through a named tunnel beside the same requests direct, in one run.
 *
 * The tunnelled path is the device's: a device proxy (lab-agent/src/tunnel/device-proxy.ts)
 * whose streams go over the agent's relay WebSocket to the control plane, across to the
 * tunnel client's WebSocket, and out of the tunnel client to the "internal" HTTP server.
 * The relay is opened for a real job: a run naming the tunnel, whose one test waits on a
 * virtual handset while the benchmark uses the job's relay. Direct: the same requests to
 * the internal server without the proxy.
 *
 * Everything runs in this one process (control plane on embedded PGlite, tunnel client,
 * device proxy, internal server, load): the tunnel's hops share one thread with the load
 * generator, so the figures are a conservative bound for separate machines. The lab agent
 * is stopped once the relay is open (see below).
 *
 *   node --import tsx scripts/bench/tunnel.ts [--mib 100] [--requests 3000] [--concurrency 100] [--rounds 3]
 */
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAgent } from '../../lab-agent/src/agent.js';
import { tunnelRelayUrl } from '../../lab-agent/src/control-planes.js';
import { startDeviceProxy } from '../../lab-agent/src/tunnel/device-proxy.js';
import { createHostFilter } from '../../lab-agent/src/tunnel/host-filter.js';
import { openTunnelRelay } from '../../lab-agent/src/tunnel/relay-client.js';
import { startTunnelClient } from '../../lab-agent/src/tunnel/tunnel-client.js';
import { addAgentToken } from '../../control-plane/src/admin/provision.js';
import { client, seedOrg, settledTest, startServer } from '../../control-plane/test/harness.js';
import { makeApk } from '../fixtures/builds.js';
import { describeMachine, machineLine } from './lib/machine.js';
import { flag, MiB, printTable, writeResult } from './lib/report.js';
import { median, round, summarise } from './lib/stats.js';

const downloadMiB = Number(flag('mib', '100'));
const requests = Number(flag('requests', '3000'));
const concurrency = Number(flag('concurrency', '100'));
const rounds = Number(flag('rounds', '3'));

const CHUNK = Buffer.alloc(MiB, 7);
const internal = createServer((req, res) => {
  if (req.url === '/big') {
    res.setHeader('content-length', downloadMiB * MiB);
    let sent = 0;
    const more = () => {
      while (sent < downloadMiB) {
        sent += 1;
        if (!res.write(CHUNK)) return void res.once('drain', more);
      }
      res.end();
    };
    return more();
  }
  res.end('ok');
});
internal.listen(0, '127.0.0.1');
await once(internal, 'listening');
const target = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;

const work = mkdtempSync(join(tmpdir(), 'bench-tunnel-'));
const server = await startServer({ LOG_REQUESTS: '0' });
const org = await seedOrg(server.db, { name: 'Bench org' });
const api = client(server.url, org.apiKey);
const { agentToken } = await addAgentToken(server.db, null);
const tunnelClient = startTunnelClient({ controlPlaneUrl: server.url, apiKey: org.apiKey, tunnelName: 'bench', filter: createHostFilter({}) });
await tunnelClient.connected;
const agent = await startAgent({ controlPlaneUrl: server.url, token: agentToken, virtualDevices: 1, stateDir: mkdtempSync(join(work, 'agent-')), log: () => {}, drainSeconds: 0 });

// A job that holds the tunnel open: one test that waits while the benchmark uses its relay.
const apk = join(work, 'sample.apk');
await makeApk(apk, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
const form = new FormData();
form.append('build', new Blob([readFileSync(apk)]), 'sample.apk');
form.append('metadata', JSON.stringify({ name: 'bench' }));
const buildId = ((await (await fetch(`${server.url}/uploadBuild`, { method: 'POST', headers: { authorization: `Bearer ${org.apiKey}` }, body: form })).json()) as { buildId: string }).buildId;
const testId = (await api('POST', '/tests', { title: 'Hold the tunnel', commands: ['wait: 300'] })).body.testId as string;
await settledTest(api, testId);
const run = (await api('POST', '/tests/execute', { organisationId: org.id, buildId, testIds: [testId], tunnelName: 'bench' })).body;
let jobId: string | undefined;
for (let i = 0; i < 600 && !jobId; i += 1) {
  const rows = await server.db.query<{ id: string; try: number }>(`SELECT id, try_number AS try FROM attempts WHERE run_id = $1 AND status = 'running'`, [run.runId]);
  if (rows[0]) jobId = `${rows[0].id}.${rows[0].try}`;
  else await new Promise((r) => setTimeout(r, 50));
}
if (!jobId) throw new Error('the holding test never started');
const relay = await openTunnelRelay({ relayUrl: tunnelRelayUrl(server.url), token: agentToken, jobId, tunnelName: 'bench' });
const proxy = await startDeviceProxy(relay.dial);
// The relay stays open once admitted. The lab agent (and the virtual handset recording its
// waiting screen) would run on another machine: stopped here so they do not share this
// process's one thread with the relay being measured.
await agent.stop({ drainSeconds: 0 });

/** GET through the proxy (absolute URL to the proxy) or direct; resolves with the bytes read. */
function get(path: string, through: boolean, agentPool?: Agent): Promise<number> {
  const url = new URL(path, target);
  const options = through
    ? { host: '127.0.0.1', port: proxy.port, path: url.toString(), headers: { host: url.host }, agent: agentPool }
    : { host: url.hostname, port: Number(url.port), path: url.pathname, agent: agentPool };
  return new Promise((resolve, reject) => {
    const req = request(options, (res: IncomingMessage) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => { bytes += c.length; });
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function download(through: boolean): Promise<number> {
  const started = performance.now();
  const bytes = await get('/big', through);
  if (bytes !== downloadMiB * MiB) throw new Error(`read ${bytes} bytes`);
  return bytes / MiB / ((performance.now() - started) / 1000);
}

async function smallRequests(through: boolean, parallel: number, count: number): Promise<number[]> {
  const pool = new Agent({ keepAlive: true, maxSockets: parallel });
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      await get('/small', through, pool);
      latencies.push(performance.now() - started);
    }
  }));
  pool.destroy();
  return latencies;
}

const speeds = { direct: [] as number[], tunnel: [] as number[] };
for (let r = 0; r < rounds; r += 1) {
  speeds.direct.push(await download(false));
  speeds.tunnel.push(await download(true));
}
await smallRequests(true, 10, 200); // warm-up: the JIT and the sockets
await smallRequests(false, 10, 200);
const serial = { direct: await smallRequests(false, 1, 500), tunnel: await smallRequests(true, 1, 500) };
const parallel = { direct: await smallRequests(false, concurrency, requests), tunnel: await smallRequests(true, concurrency, requests) };

const machine = describeMachine();
const direct = median(speeds.direct);
const tunnelled = median(speeds.tunnel);
const rows = [
  [`${downloadMiB} MiB download (MiB/s, median of ${rounds})`, round(direct, 1), round(tunnelled, 1), `${round((tunnelled / direct) * 100, 1)} % of direct`],
  ['small GET p50 ms, one at a time', summarise(serial.direct).p50, summarise(serial.tunnel).p50, `+${round(summarise(serial.tunnel).p50 - summarise(serial.direct).p50, 2)} ms`],
  [`small GET p50 ms, ${concurrency} concurrent`, summarise(parallel.direct).p50, summarise(parallel.tunnel).p50, `+${round(summarise(parallel.tunnel).p50 - summarise(parallel.direct).p50, 2)} ms`],
  [`small GET p95 ms, ${concurrency} concurrent`, summarise(parallel.direct).p95, summarise(parallel.tunnel).p95, `+${round(summarise(parallel.tunnel).p95 - summarise(parallel.direct).p95, 2)} ms`],
];
console.log(machineLine(machine));
printTable('HTTP through a named tunnel beside direct', ['measure', 'direct', 'tunnel', 'tunnel vs direct'], rows);
console.log(`\nwritten: ${writeResult('tunnel', {
  machine, downloadMiB, rounds, requests, concurrency,
  downloadMiBps: speeds, small: { serial: { direct: summarise(serial.direct), tunnel: summarise(serial.tunnel) }, parallel: { direct: summarise(parallel.direct), tunnel: summarise(parallel.tunnel) } },
})}`);

await api('POST', `/runs/${run.runId}/cancel`).catch(() => {});
await proxy.close();
await relay.close();
await tunnelClient.close();
await server.close();
internal.close();
rmSync(work, { recursive: true, force: true });
process.exit(0);
