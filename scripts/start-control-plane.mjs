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
// --initial-old-space-size=128: the old generation's allocation limit, which V8 keeps at least
// this high. Relaying tunnel bytes, every 64 KiB socket read is a new ArrayBuffer, and V8 counts
// the ArrayBuffer memory allocated since the last full collection against that limit; it frees
// young ones only in a scavenge once about 32 MiB of them piled up. The control plane's own old
// generation is 25-33 MiB, so with a 64 MiB limit the headroom left (minus the new space's) was
// about that pile: a download started incremental markings ("external memory pressure",
// "allocation limit") and ran up to 22 mark-compacts where 128 MiB runs none; with V8's small
// default it was a full collection every few MiB, 3-4.6 ms of CPU per MiB against 1.9-2.4
// (docs/benchmarks.md, `tunnel`, issue 27).
//
//   node --v8-pool-size=1 --initial-old-space-size=128 --enable-source-maps scripts/start-control-plane.mjs
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readyToStart, serverEntry } from './build-control-plane.mjs';

if (!(await readyToStart())) {
  const buildScript = fileURLToPath(new URL('./build-control-plane.mjs', import.meta.url));
  const build = spawnSync(process.execPath, [buildScript], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(serverEntry).href);
