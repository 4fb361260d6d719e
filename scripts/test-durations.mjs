#!/usr/bin/env node
// Refreshes scripts/test-durations.json (what scripts/test-sequencer.ts orders by) from the
// output of a full run: `CI=true bash .ci/run 2>&1 | tee run.log; node scripts/test-durations.mjs run.log`.
import { readFileSync, writeFileSync } from 'node:fs';

const log = readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
const seconds = {};
// Vitest's default reporter: " ✓  pglite  control-plane/test/e2e.test.ts (12 tests) 78083ms"
for (const m of log.matchAll(/^ [✓❯×] +(\S+) +(\S+\.test\.ts) .*?(\d+)ms$/gm)) {
  if (Number(m[3]) >= 3000) seconds[`${m[1]}:${m[2]}`] = Math.round(Number(m[3]) / 1000);
}
const file = new URL('./test-durations.json', import.meta.url);
const about = JSON.parse(readFileSync(file, 'utf8'))._about;
const sorted = Object.fromEntries(Object.entries(seconds).sort((a, b) => b[1] - a[1]));
writeFileSync(file, `${JSON.stringify({ _about: about, seconds: sorted }, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files of 3 s or more written to scripts/test-durations.json`);
