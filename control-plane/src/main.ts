import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { firstStart } from './admin/provision.js';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { attachAgents, createServices } from './services.js';
import { createFileStorage } from './storage/files.js';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
const storage = createFileStorage(join(config.dataDir, 'files'));
const secrets = await firstStart(db, config);
const services = createServices({ db, config, storage });
const resumed = await services.generator.resume();
if (resumed > 0) console.log(`resuming ${resumed} automation generation(s) left unfinished by the last run`);

const server = serve({ fetch: createApp(services).fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`DeviceLab control plane on ${config.baseUrl} (port ${info.port}, database: ${db.kind})`);
  if (secrets.adminToken || secrets.organisation) {
    console.log('\nFirst start: these secrets are shown once and stored only as hashes. Keep them.');
    if (secrets.adminToken) console.log(`  operator token (DEVICELAB_ADMIN_TOKEN): ${secrets.adminToken}`);
    if (secrets.organisation) {
      const o = secrets.organisation;
      console.log(`  default organisation: ${o.organisationId}`);
      console.log(`  API key:              ${o.apiKey}`);
      console.log(`  organisation key:     ${o.organisationKey}`);
      console.log(`\n  try: curl -H "Authorization: Bearer ${o.apiKey}" ${config.baseUrl}/tests\n`);
    }
  }
});

const hub = await attachAgents(server as Server, services);

const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight (up to ${SHUTDOWN_GRACE_MS / 1000} s), then stopping`);
  // The database closes only after the last request has had its answer.
  await services.dispatcher.stop(); // offers under way go out before the sockets close
  await hub.close(); // agents reconnect to the next process; their tests carry on
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref())]);
  // A generation cut short stays `generating` and is resumed at the next start.
  await Promise.race([services.generator.idle(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
