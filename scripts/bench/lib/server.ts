import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepAliveAgent, sendJson } from './http.js';
import { repoRoot } from './paths.js';

export interface ChildServer {
  url: URL;
  /** The pid of the Node process that serves HTTP (not of a wrapper): /proc/<pid>/status is the server's. */
  pid: number;
  adminToken: string;
  dataDir: string;
  backend: 'pglite' | 'postgres';
  output: () => string;
  stop: () => Promise<void>;
}

/** What requests to a control plane need: its address and its operator token (ChildServer has both). */
export type ServerAddress = Pick<ChildServer, 'url' | 'adminToken'>;

export const ENTRIES = {
  /** The production entry point, unchanged. */
  main: join(repoRoot, 'control-plane', 'src', 'main.ts'),
  /** The real app plus bare /bench/* routes in the same process (scripts/bench/lib/bench-server.ts). */
  bench: join(repoRoot, 'scripts', 'bench', 'lib', 'bench-server.ts'),
};

/** A loopback port that was free a moment ago (the OS picks it; a race with other binders is accepted). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the control plane as a child process: `node --import tsx <entry>` (what `npx tsx`
 * does, minus the wrapper processes, so that `pid` is the server itself), on a loopback
 * port with a fresh DATA_DIR (or `dataDir`, which it then leaves in place: replicas share
 * one), and waits for GET /healthz.
 */
export async function startServer(opts: {
  entry: keyof typeof ENTRIES;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Extra node flags for the server process, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
  /** Another server's DATA_DIR (a second replica on the same database); removed by its owner only. */
  dataDir?: string;
}): Promise<ChildServer> {
  const port = await freePort();
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'devicelab-bench-data-'));
  const removeDataDir = () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // A replica of another server's database passes that server's token: the last start's token is the one that works.
  const adminToken = opts.env?.ADMIN_TOKEN ?? `bench-admin-${randomBytes(12).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken,
    LOG_REQUESTS: '0',
    BASE_URL: `http://127.0.0.1:${port}`,
    ...opts.env,
  };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const tsx = import.meta.resolve('tsx');
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', tsx, ENTRIES[opts.entry]], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null | 'running' = 'running';
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const kill = () => {
    if (exited === 'running') child.kill('SIGKILL');
  };
  process.once('exit', kill);

  const url = new URL(`http://127.0.0.1:${port}`);
  const agent = keepAliveAgent(1);
  const deadline = Date.now() + 90_000;
  let backend: 'pglite' | 'postgres' | null = null;
  const fail = (why: string) => {
    kill();
    removeDataDir();
    return new Error(`${why}:\n${output}`);
  };
  while (backend === null) {
    if (exited !== 'running') throw fail(`the control plane exited (${exited}) before it was ready`);
    if (Date.now() > deadline) throw fail('the control plane did not answer /healthz within 90 s');
    try {
      const r = await sendJson<{ status: string; database: 'pglite' | 'postgres' }>(url, agent, { method: 'GET', path: '/healthz' });
      if (r.status === 200) backend = r.body.database;
    } catch {
      // not listening yet
    }
    if (backend === null) await new Promise((r) => setTimeout(r, 100));
  }
  agent.destroy();

  return {
    url,
    pid: child.pid!,
    adminToken,
    dataDir,
    backend,
    output: () => output,
    stop: async () => {
      if (exited === 'running') {
        child.kill('SIGTERM');
        const timer = setTimeout(kill, 10_000);
        await exitPromise;
        clearTimeout(timer);
      }
      process.off('exit', kill);
      removeDataDir();
    },
  };
}

export interface Organisation {
  organisationId: string;
  apiKey: string;
  organisationKey: string;
}

/** A new organisation through the real operator endpoint (POST /admin/organisations). */
export async function createOrganisation(server: ServerAddress, name = 'Bench org'): Promise<Organisation> {
  const agent = keepAliveAgent(1);
  const r = await sendJson<Organisation>(server.url, agent, {
    method: 'POST',
    path: '/admin/organisations',
    headers: { authorization: `Bearer ${server.adminToken}` },
    json: { name, type: 'platform' },
  });
  agent.destroy();
  if (r.status !== 200) throw new Error(`create organisation: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * Resets a process's peak resident memory (VmHWM) to its current RSS: writing 5 to
 * /proc/<pid>/clear_refs (Linux 4.0+, the process's owner). False when not possible.
 */
export function resetPeakMemory(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Resident and peak resident memory of a process, in bytes, from /proc/<pid>/status. */
export function processMemory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!m) throw new Error(`${field} missing from /proc/${pid}/status`);
    return Number(m[1]) * 1024;
  };
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}
