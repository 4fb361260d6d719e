import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import postgres from 'postgres';
import { createOrganisation } from '../src/admin/provision.js';
import { createApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Db, openDatabase } from '../src/db/index.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgres } from '../src/db/postgres.js';
import { applyTimeouts } from '../src/http/listen.js';
import { serverOptions } from '../src/http/server-limits.js';
import { attachAgents, createServices, type Services } from '../src/services.js';
import type { FileStorage } from '../src/storage/files.js';
import { openStorage } from '../src/storage/open.js';

/** The real server under test when TEST_DATABASE_URL is set; embedded PGlite otherwise. */
export const backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const migrationsDir = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));

/**
 * A fresh, migrated database for one test file. On a real server it is a copy of a
 * template database (named after the migrations' hash, so it is rebuilt when they
 * change); copying is much faster than migrating each time.
 */
export async function freshDatabase(): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openDatabase({});
    return { db, drop: () => db.close() };
  }
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const template = `dl_tpl_${migrationsHash()}`;
  const name = `dl_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin`SELECT pg_advisory_lock(7411003)`; // one worker builds the template, the others wait
    const exists = await admin`SELECT 1 FROM pg_database WHERE datname = ${template}`;
    if (exists.length === 0) {
      await admin.unsafe(`CREATE DATABASE ${template}`);
      const db = openPostgres(withDatabase(url, template), { max: 1 });
      await migrate(db);
      await db.close();
    }
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin`SELECT pg_advisory_unlock(7411003)`;
  } finally {
    await admin.end();
  }
  const db = openPostgres(withDatabase(url, name), { max: 20 });
  return {
    db,
    url: withDatabase(url, name),
    drop: async () => {
      await db.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) hash.update(f).update(readFileSync(join(migrationsDir, f)));
  return hash.digest('hex').slice(0, 12);
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestServer {
  url: string;
  db: Db;
  config: Config;
  dataDir: string;
  services: Services;
  /** Stops this control plane and starts a new one on the same port and database (agents reconnect). */
  restart: () => Promise<void>;
  close: () => Promise<void>;
}

/** The whole control plane on a real HTTP server on a free loopback port, over a fresh database. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const { db, drop } = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'devicelab-test-'));
  // REQUESTS_ALLOW_PRIVATE: the tests' pre-request hosts listen on loopback; a test of the refusal passes '0'.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_REQUESTS: '0',
    ADMIN_TOKEN: 'test-operator-token',
    REQUESTS_ALLOW_PRIVATE: '1',
    ...env,
  });
  const storage = openStorage(config); // DATA_DIR/files unless the test gives STORAGE_URL
  let running = await listen({ db, config, storage }, 0);
  const url = `http://127.0.0.1:${running.port}`;
  Object.assign(config, { baseUrl: url, appUrl: `${url}/app` });
  const test: TestServer = {
    url,
    db,
    config,
    dataDir,
    services: running.services,
    async restart() {
      await running.stop();
      running = await listen({ db, config, storage }, running.port);
      test.services = running.services;
    },
    close: async () => {
      await running.stop();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}

/** One control-plane process's worth: services, HTTP server and agent hub over a database. */
async function listen(base: { db: Db; config: Config; storage: FileStorage }, port: number) {
  const services = createServices(base);
  const server = serve({ fetch: createApp(services).fetch, port, hostname: '127.0.0.1', serverOptions: serverOptions(base.config.limits) });
  applyTimeouts(server as Server, base.config.http); // as main.ts does
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const hub = await attachAgents(server as Server, services);
  return {
    services,
    port: (server.address() as AddressInfo).port,
    async stop() {
      await services.dispatcher.stop();
      await hub.close();
      await services.webhooks.stop();
      await services.retention.stop();
      (server as Server).closeAllConnections(); // keep-alive sockets would hold close() open
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.generator.idle(); // background work must not outlive its database
    },
  };
}

export interface Org {
  id: string;
  apiKey: string;
  apiKeyId: string;
  orgKey: string;
}

export async function seedOrg(db: Db, opts: { type?: 'platform' | 'studio'; bundleIdRuns?: boolean; name?: string } = {}): Promise<Org> {
  const o = await createOrganisation(db, {
    name: opts.name ?? 'Test org',
    type: opts.type ?? 'platform',
    bundleIdRuns: opts.bundleIdRuns ?? false,
  });
  return { id: o.organisationId, apiKey: o.apiKey, apiKeyId: o.apiKeyId, orgKey: o.organisationKey };
}

export interface Reply<T = any> {
  status: number;
  body: T;
}

/** A JSON client for one key. `body` may be a string to send it raw (malformed JSON tests). */
export function client(url: string, key?: string) {
  return async function call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const h: Record<string, string> = { ...headers };
    if (key) h.authorization = `Bearer ${key}`;
    if (body !== undefined && !('content-type' in h)) h['content-type'] = 'application/json';
    const res = await fetch(url + path, {
      method,
      headers: h,
      body:
        body === undefined
          ? undefined
          : typeof body === 'string'
            ? body
            : body instanceof Uint8Array
              ? new Blob([new Uint8Array(body)])
              : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text, tests assert on it
    }
    return { status: res.status, body: parsed as T };
  };
}
export type Client = ReturnType<typeof client>;

/**
 * Uploads a build file to POST /uploadBuild as multipart (the file in the `build` part,
 * after any other form fields) with `key` as Bearer; returns its buildId. A refusal throws.
 */
export async function uploadBuild(
  url: string,
  key: string,
  file: string,
  fields: Record<string, string> = {},
  fileName = basename(file),
): Promise<string> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('build', new Blob([readFileSync(file)]), fileName);
  const res = await fetch(`${url}/uploadBuild`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  const body = (await res.json()) as { buildId: string };
  if (res.status !== 200) throw new Error(`POST /uploadBuild answered ${res.status}: ${JSON.stringify(body)}`);
  return body.buildId;
}

/** Polls `check` every 25 ms until it holds; throws after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Polls GET /runs/{id} until the run is completed or cancelled; returns it. A request
 * that fails (a pooled connection to a control plane that just restarted) is asked again.
 */
export async function runEnded(call: Client, runId: string, timeoutMs = 90_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (await call('GET', `/runs/${runId}`).catch(() => ({ body: { status: 'unreachable' } }))).body;
    if (run.status === 'completed' || run.status === 'cancelled') return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status} after ${timeoutMs} ms: ${JSON.stringify(run)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until the recordings and device logs that a run's verdicts announced have landed (or
 * are marked missing): lab agents upload them after the verdict (docs/api.md#recordings).
 */
export async function artifactsLanded(db: Db, runId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attempts WHERE run_id = $1 AND (recording_pending OR device_log_pending)',
      [runId],
    );
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`run ${runId}: ${row!.n} tests' artifacts still uploading after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Polls GET /tests/{id} until no platform is `generating`; returns the test. */
export async function settledTest(call: Client, testId: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/tests/${testId}`);
    if (res.status !== 200) throw new Error(`GET /tests/${testId} answered ${res.status}`);
    const states = Object.values(res.body.platforms as Record<string, { status: string }>);
    if (states.every((p) => p.status !== 'generating')) return res.body;
    if (Date.now() > deadline) throw new Error(`test ${testId} still generating after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
