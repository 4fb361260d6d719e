#!/usr/bin/env node
// `pnpm start`: the control plane, run from its pre-built bundle in this very process.
//
// It first asks build-control-plane.mjs whether there is anything to build or prepare (file
// modification times, the migration files' hash, whether the template exists: a few
// milliseconds) and runs that script as a child process only when there is. A separate
// `node build-control-plane.mjs &&` before every start cost a whole Node process start
// (0.1-0.15 s) of a first start that must stay under 2 s (docs/benchmarks.md, `startup`).
// Building stays out of this process: initdb and migrating a template leave WebAssembly heaps
// that a server would keep for good.
//
// --initial-old-space-size=64: relaying tunnel bytes, a control plane whose old generation
// starts small (V8's default, a few MiB here) fell into running a full collection every few
// MiB (frames waiting in socket queues get promoted, and the small heap's limit is soon hit):
// 33-62 mark-compacts and 3-4.6 ms of CPU per MiB against 1-6 and 1.9-2.4 ms with 64 MiB, the
// same idle RSS (docs/benchmarks.md, `tunnel`, issue 27).
//
//   node --v8-pool-size=1 --initial-old-space-size=64 --enable-source-maps scripts/start-control-plane.mjs
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readyToStart, serverEntry } from './build-control-plane.mjs';

if (!(await readyToStart())) {
  const buildScript = fileURLToPath(new URL('./build-control-plane.mjs', import.meta.url));
  const build = spawnSync(process.execPath, [buildScript], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(serverEntry).href);
