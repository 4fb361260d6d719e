#!/usr/bin/env node
// `pnpm bench`: every benchmark, one after another, each with its own baseline measured in
// the same run. Works from any directory; arguments after `--` go to every benchmark
// (e.g. `pnpm bench -- --backend postgres`), and `--only NAME` runs one of them.
// Results: scripts/bench/results/<name>.json; figures and machine: docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const benches = [
  'tests-api',
  'upload',
  'usage',
  'execute',
  'dispatch',
  'dispatch-replicas',
  'agents-scale',
  'startup',
  'tunnel',
  'lab-scale',
  'utilisation',
  'android-between-tests',
];
const args = process.argv.slice(2).filter((a) => a !== '--');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
if (only && !benches.includes(only)) {
  console.error(`unknown benchmark "${only}": one of ${benches.join(', ')}`);
  process.exit(2);
}
const tsx = import.meta.resolve('tsx');
const failed = [];
for (const name of benches.filter((b) => !only || b === only)) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', tsx, join(root, 'scripts', 'bench', `${name}.ts`), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (run.status !== 0) failed.push(name);
  console.log(`=== ${name}: ${run.status === 0 ? 'done' : `failed (exit ${run.status ?? run.signal})`} in ${seconds} s ===`);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
