import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

export interface TempPostgres {
  url: string;
  /** The postmaster's pid (its backends are its children). */
  pid: number;
  stop: () => void;
}

/**
 * A throw-away PostgreSQL server (scripts/pg-temp.sh: fsync off, loopback only) on a
 * random port that is not the dev server's 55432. Throws when the machine has no
 * server binaries.
 */
export function startTempPostgres(opts: { statements?: boolean } = {}): TempPostgres {
  const script = join(repoRoot, 'scripts', 'pg-temp.sh');
  const dir = mkdtempSync(join(tmpdir(), 'devicelab-bench-pg-'));
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    let port = 20000 + Math.floor(Math.random() * 20000);
    if (port === 55432) port++;
    // `statements`: pg_stat_statements loaded, for a benchmark that reports where the database's time went.
    const env = opts.statements ? { ...process.env, PG_TEMP_OPTIONS: '-c shared_preload_libraries=pg_stat_statements' } : process.env;
    const started = spawnSync('bash', [script, 'start', dir, String(port)], { encoding: 'utf8', env });
    if (started.status === 0) {
      const url = started.stdout.trim();
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        spawnSync('bash', [script, 'stop', dir], { stdio: 'ignore' });
      };
      process.once('exit', stop);
      const pid = Number(readFileSync(join(dir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);
      return { url, pid, stop };
    }
    lastError = (started.stderr || '').trim() || `pg-temp.sh exited ${started.status}`;
    spawnSync('bash', [script, 'stop', dir], { stdio: 'ignore' }); // clean a half-made cluster, then retry on another port
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`cannot start a throw-away PostgreSQL server: ${lastError}`);
}
