#!/usr/bin/env node
// `pnpm test`: the whole suite, on embedded PGlite and on a real PostgreSQL server.
// Uses TEST_DATABASE_URL when set; otherwise starts a throw-away server from the
// machine's PostgreSQL binaries (scripts/pg-temp.sh) and stops it afterwards.
// Without binaries only the PGlite pass runs, unless CI=true, where that is an error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pgTemp = join(root, 'scripts', 'pg-temp.sh');
const extraArgs = process.argv.slice(2);
const env = { ...process.env };
let stopServer = () => {};

if (!env.TEST_DATABASE_URL) {
  const dir = mkdtempSync(join(tmpdir(), 'devicelab-pg-'));
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const started = spawnSync('bash', [pgTemp, 'start', dir, port], { encoding: 'utf8' });
  if (started.status === 0) {
    env.TEST_DATABASE_URL = started.stdout.trim();
    stopServer = () => spawnSync('bash', [pgTemp, 'stop', dir], { stdio: 'inherit' });
    console.log(`real PostgreSQL pass: throw-away server at ${env.TEST_DATABASE_URL}`);
  } else {
    rmSync(dir, { recursive: true, force: true });
    const why = (started.stderr || '').trim() || `pg-temp.sh exited ${started.status}`;
    if (env.CI === 'true') {
      console.error(`cannot start PostgreSQL for the second pass: ${why}`);
      process.exit(1);
    }
    console.warn(`only the PGlite pass runs: ${why}`);
  }
}

// Types and the formatter/linter first: a type error or an unformatted file is a failure
// even where every test passes (biome.json holds the rules; `pnpm format` fixes most).
if (extraArgs.length === 0) {
  const lint = spawnSync('npx', ['biome', 'check', '.'], { cwd: root, stdio: 'inherit' });
  if (lint.status !== 0) {
    stopServer();
    console.error('lint failed (npx biome check .; `npx --yes pnpm@10 format` fixes most findings)');
    process.exit(1);
  }
  const tsc = spawnSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) {
    stopServer();
    console.error('type-check failed (npx tsc -p tsconfig.json --noEmit)');
    process.exit(1);
  }
}

const results = join(tmpdir(), `devicelab-vitest-${process.pid}.json`);
const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...extraArgs], {
  cwd: root,
  env,
  stdio: 'inherit',
});
stopServer();

// A plain closing line any CI log reader understands.
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  rmSync(results, { force: true });
}
process.exit(vitest.status ?? 1);
