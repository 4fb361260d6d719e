import type { Server } from 'node:http';
import { join } from 'node:path';
import { describeAncestor, watchStartingWrappers } from '@devicelab/shared/starting-wrappers';
import { createAdaptorServer } from '@hono/node-server';
import { firstStartBanner } from './admin/first-start-banner.js';
import { firstStart } from './admin/provision.js';
import { createApp } from './app.js';
import { parseStartArgs } from './cli/start-args.js';
import { loadConfig } from './config.js';
import { DataDirInUse, lockDataDir } from './db/data-dir-lock.js';
import { openDatabase } from './db/index.js';
import { applyTimeouts, listen, reachability } from './http/listen.js';
import { serverOptions } from './http/server-limits.js';
import { attachAgents, createServices } from './services.js';
import { openStorage } from './storage/open.js';

// Until the server listens, no libuv handle keeps the event loop alive: opening PGlite is
// WebAssembly compilation (V8 platform tasks) and synchronous file access. When the loop has
// nothing to wait for, Node runs the start from NodePlatform::DrainTasks, which also waits for
// every background task, the WebAssembly tier-up compilation of PGlite's first queries among
// them, before it polls again: the first request waited 0.6-1.3 s with the port already open
// (docs/benchmarks.md, `startup`). A timer held until then keeps the loop polling.
parseStartArgs(process.argv.slice(2)); // --help: usage, exit 0 before anything starts; an unknown flag: exit 2
const holdLoop = setInterval(() => {}, 60_000);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  startFailed((e as Error).message);
}
// An embedded database is this process's alone; replicas on PostgreSQL share DATA_DIR by design.
const releaseDataDir = config.databaseUrl
  ? async () => {}
  : await lockDataDir(config.dataDir, config.port, (e) =>
      console.error(`devicelab: the lock on DATA_DIR ${config.dataDir} was lost: ${e.message}`),
    ).catch((e: unknown) =>
      startFailed(e instanceof DataDirInUse ? e.message : `cannot lock DATA_DIR ${config.dataDir}: ${(e as Error).message}`),
    );
const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') }).catch((e: unknown) =>
  startFailed(
    `cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : `embedded, in ${config.dataDir}`}): ${(e as Error).message}`,
  ),
);
const storage = openStorage(config);
await storage.check().catch(async (e: unknown) => {
  await db.close().catch(() => {});
  startFailed(`cannot use STORAGE_URL: ${(e as Error).message}`);
});
const services = createServices({ db, config, storage });
const resumed = await services.generator.resume();
if (resumed > 0) console.log(`resuming ${resumed} automation generation(s) left unfinished by the last run`);

const server = createAdaptorServer({ fetch: createApp(services).fetch, serverOptions: serverOptions(config.limits) }) as Server;
applyTimeouts(server, config.http);
const hub = await attachAgents(server, services);
try {
  await listen(server, config.port, config.host);
} catch (e) {
  await db.close().catch(() => {});
  await releaseDataDir();
  startFailed((e as Error).message);
}
clearInterval(holdLoop); // the listening socket keeps the loop alive from here
// Secrets are made only now that the port is ours: a start that fails above leaves none
// that nobody saw, and the next start prints them.
const secrets = await firstStart(db, config);
console.log(`DeviceLab control plane on ${config.baseUrl} (port ${config.port}, database: ${db.kind}; ${reachability(config.host)})`);
for (const line of firstStartBanner(secrets, config.baseUrl)) console.log(line);

const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // /readyz answers 503 from here on; for DRAIN_DELAY_MS everything else goes on as before,
  // so a balancer's checks take this replica out of rotation before its sockets close.
  const delay = config.http.drainDelayMs;
  services.readiness.drain(`${signal} received; this replica is stopping`);
  if (delay > 0) {
    console.log(`${signal}: draining; /readyz answers 503 for ${delay} ms before the stop`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  console.log(`${signal}: finishing requests in flight (up to ${SHUTDOWN_GRACE_MS / 1000} s), then stopping`);
  // The database closes only after the last request has had its answer.
  await services.dispatcher.stop(); // offers under way go out before the sockets close
  await hub.close(); // agents reconnect to the next process; their tests carry on
  await services.webhooks.stop(); // attempts in flight are recorded; the rest stay queued in the database
  await services.retention.stop(); // a sweep under way finishes its batch; the rest is done by the next one
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref())]);
  // A generation cut short stays `generating` and is resumed at the next start.
  await Promise.race([services.generator.idle(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  await db.close();
  await releaseDataDir();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
// `npx --yes pnpm@10 start &` then `kill $!` signals npm only; npm and pnpm pass nothing on (shared/src/starting-wrappers.ts).
watchStartingWrappers((gone) => void shutdown(`${describeAncestor(gone)}, which started this process, has stopped`));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** One line and exit code 1: a start that cannot work is the operator's to fix, not a stack trace. */
function startFailed(reason: string): never {
  console.error(`devicelab: cannot start: ${reason}`);
  process.exit(1);
}
