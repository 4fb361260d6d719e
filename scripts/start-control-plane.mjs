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
// this high. Relaying tunnel bytes, every socket read is a new 64 KiB ArrayBuffer, and V8 counts
// the ArrayBuffer memory allocated since the last full collection as old-generation bytes when it
// decides to start one (Heap::OldGenerationSpaceAvailable adds AllocatedExternalMemorySinceMarkCompact);
// young ArrayBuffers are only freed by a scavenge, and a download piled up 20-30 MiB of them
// between two (process.memoryUsage().arrayBuffers: 8 MiB idle, 28-38 during a download). The
// control plane's own old generation is 25-33 MiB, so a 64 MiB limit left about that pile plus
// the new space as headroom: after an idle-time collection (memory reducer) had set the baseline
// low, a download started incremental markings ("allocation limit", "external memory pressure")
// and ran 7-22 mark-compacts with about twice the CPU per MiB; at 128 MiB it ran the one of
// start-up (docs/benchmarks.md, `tunnel`, issue 27, fourth pass). With V8's small default it was
// a full collection every few MiB.
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
