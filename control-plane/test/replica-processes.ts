/**
 * Control-plane replicas as child processes (main.ts) on one database, for the tests that
 * kill them (replicas.test.ts, tunnels-replicas.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface Replica {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A control-plane process on the shared database and data directory; resolves once it
 * listens. By default the sweep (the polling fallback) is slowed to 30 s, so what happens
 * within a test happened because a NOTIFY woke the right replica, not because it polled;
 * `env` overrides any setting.
 */
export async function startReplica(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<Replica> {
  // The port is picked free and then bound by the child, so another process may take it in
  // between (test files run side by side): that start is tried again on another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOn(env.PORT ? Number(env.PORT) : await freePort(), databaseUrl, dataDir, env);
    } catch (e) {
      if (env.PORT || attempt >= 5 || !String(e).includes('is already in use')) throw e;
    }
  }
}

async function startOn(port: number, databaseUrl: string, dataDir: string, env: Record<string, string>): Promise<Replica> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'control-plane/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      ADMIN_TOKEN: 'replica-test-operator',
      LOG_REQUESTS: '0',
      SWEEP_MS: '30000',
      AGENT_LOST_SECONDS: '3',
      REPLICA_LEASE_SECONDS: '120',
      AGENT_HEARTBEAT_MS: '500',
      ...env,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica on ${port} did not start: ${output}`)), 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('DeviceLab control plane on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    void exited.then((code) => reject(new Error(`replica exited with ${code}: ${output}`)));
  });
  return { url, child, exited };
}
