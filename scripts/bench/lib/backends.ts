import { type CpuProbe, cpuMs, treeCpuMs } from './cpu.js';
import { startTempPostgres, type TempPostgres } from './postgres.js';
import { flag } from './report.js';
import { type ChildServer, type ENTRIES, startServer } from './server.js';

export type Backend = 'postgres' | 'pglite';

/** `--backend both|postgres|pglite` as the backends to run, PostgreSQL first; exits 2 on any other value. */
export function backendsFlag(fallback: 'both' | Backend): Backend[] {
  const value = flag('backend', fallback);
  if (!['both', 'postgres', 'pglite'].includes(value)) {
    console.error('--backend must be both, postgres or pglite');
    process.exit(2);
  }
  return value === 'both' ? ['postgres', 'pglite'] : [value as Backend];
}

export interface BackendRun {
  backend: Backend;
  /** The control plane child process, on `pg` for the postgres backend, on embedded PGlite otherwise. */
  server: ChildServer;
  /** The throw-away PostgreSQL server: postgres backend only. */
  pg: TempPostgres | null;
  /** CPU of the control plane, of the PostgreSQL server with its backends (0 on PGlite) and of this process. */
  probe: CpuProbe;
  /**
   * Cleanup of the benchmark's own (sockets, agents, direct database connections): run after
   * the benchmark, also when it failed, last registered first, and before the server stops.
   */
  onCleanup: (fn: () => unknown) => void;
}

/**
 * Runs `bench` once per backend, one backend after the other, each on a fresh control plane
 * (`entry`, started as a child process) and, for postgres, a fresh throw-away PostgreSQL
 * server, and returns the results in the order of `backends`. Whatever happens, the
 * registered cleanup runs, then the server and then the database are stopped, before the next
 * backend starts or the error propagates: a failed cleanup step does not skip the later ones.
 */
export async function runOnBackends<R>(
  backends: readonly Backend[],
  opts: {
    entry: keyof typeof ENTRIES;
    env?: Record<string, string>;
    /** Extra node flags for the server process of one backend (see startServer). */
    nodeArgs?: (backend: Backend) => string[];
  },
  bench: (run: BackendRun) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (const backend of backends) {
    const cleanups: Array<() => unknown> = [];
    let pg: TempPostgres | null = null;
    let server: ChildServer | null = null;
    let failure: { error: unknown } | null = null;
    try {
      if (backend === 'postgres') {
        pg = startTempPostgres();
        console.log(`\n[postgres] throw-away server at ${pg.url}`);
      }
      server = await startServer({ entry: opts.entry, databaseUrl: pg?.url, env: opts.env, nodeArgs: opts.nodeArgs?.(backend) });
      console.log(`[${backend}] control plane pid ${server.pid} on ${server.url.href} (database: ${server.backend})`);
      const serverPid = server.pid;
      const postmaster = pg?.pid;
      const probe: CpuProbe = {
        server: () => cpuMs(serverPid),
        postgres: () => (postmaster ? treeCpuMs(postmaster) : 0),
        client: () => cpuMs(process.pid),
      };
      results.push(await bench({ backend, server, pg, probe, onCleanup: (fn) => cleanups.push(fn) }));
    } catch (error) {
      failure = { error };
    }
    // Whatever happened: the benchmark's own cleanup, then the server, then the database.
    let cleanupFailure: { error: unknown } | null = null;
    const steps: Array<() => unknown> = [...cleanups.reverse(), ...(server ? [server.stop] : []), ...(pg ? [pg.stop] : [])];
    for (const step of steps) {
      try {
        await step();
      } catch (error) {
        // The first failure is the one reported; a cleanup step that fails does not skip the later ones.
        if (failure || cleanupFailure) console.error(`[${backend}] cleanup failed too:`, error);
        else cleanupFailure = { error };
      }
    }
    if (failure) throw failure.error;
    if (cleanupFailure) throw cleanupFailure.error;
  }
  return results;
}
