#!/usr/bin/env node
// The production start (`pnpm start`) runs the control plane as pre-built JavaScript,
// control-plane/dist/main.js, instead of compiling TypeScript at every start through tsx
// (a loader in the server process and an esbuild process beside it). This script bundles
// control-plane/src with esbuild in a fraction of a second, npm packages left as imports,
// and copies the SQL migrations beside the bundle (migrate.ts finds them next to itself).
//
// It builds only when an input of the last build changed (esbuild's metafile lists them,
// this script included), so a start after a `git pull` runs the new code and a start
// without changes only compares modification times.
//
// Then it prepares the embedded database's templates unless they exist (control-plane/src/db/
// prepare-template.ts): a first start on a new DATA_DIR copies one instead of running initdb
// and the migrations in the server's process.
//
// `pnpm start` (scripts/start-control-plane.mjs) asks readyToStart() in the server's own
// process and runs this script as a child only when it says no.
//
//   node scripts/build-control-plane.mjs [--if-possible]
//
// --if-possible  a failure is a warning and the exit code 0: an install must not fail
//                because a work tree does not build; the next `pnpm start` reports it.
//                `pnpm install` runs this so (postinstall).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const pkg = join(root, 'control-plane');
const dist = join(pkg, 'dist');
const metaPath = join(dist, 'meta.json');
const migrationSources = join(pkg, 'src', 'db', 'migrations');
/** The server; the templates' preparation (run here, never in the server); the templates' names alone (for readyToStart). */
const entries = {
  main: join(pkg, 'src', 'main.ts'),
  'prepare-template': join(pkg, 'src', 'db', 'prepare-template.ts'),
  'pglite-template': join(pkg, 'src', 'db', 'pglite-template.ts'),
};
export const serverEntry = join(dist, 'main.js');

/** True when dist is missing or older than one of the inputs it was built from. */
function stale() {
  if (!existsSync(metaPath) || Object.keys(entries).some((name) => !existsSync(join(dist, `${name}.js`)))) return true;
  const builtAt = statSync(metaPath).mtimeMs;
  const meta = JSON.parse(readFileSync(metaPath, 'utf8'));
  const inputs = [...Object.keys(meta.inputs).map((p) => join(root, p)), fileURLToPath(import.meta.url)];
  return inputs.some((path) => !existsSync(path) || statSync(path).mtimeMs > builtAt);
}

async function build() {
  const { build: esbuild } = await import('esbuild');
  const result = await esbuild({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
    banner: { js: '// Built by scripts/build-control-plane.mjs from control-plane/src: edit the sources, not this file.' },
    // npm packages stay imports (PGlite finds its .wasm files next to itself); the workspace's
    // own packages export TypeScript, so they are bundled.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@devicelab/') ? undefined : { path: a.path, external: true }));
        },
      },
    ],
  });
  mkdirSync(dist, { recursive: true });
  // Each file is written beside its place and renamed into it: a server starting meanwhile reads a whole file.
  const put = (path, contents) => {
    writeFileSync(`${path}.tmp`, contents);
    renameSync(`${path}.tmp`, path);
  };
  for (const file of result.outputFiles) put(file.path, file.contents);
  put(metaPath, JSON.stringify(result.metafile));
}

/**
 * True when this script has nothing to do: the bundle is as new as its sources, dist/ holds
 * the migration files of the sources, and the migrated template for them exists. File
 * modification times, a hash of the migration files and one directory check: a few
 * milliseconds, in the process that then runs the server (start-control-plane.mjs).
 */
export async function readyToStart() {
  if (stale()) return false;
  try {
    const { hasDatabase, migratedTemplateDir, migrationsKey } = await import(pathToFileURL(join(dist, 'pglite-template.js')).href);
    return migrationsKey(migrationSources) === migrationsKey() && hasDatabase(migratedTemplateDir());
  } catch {
    return false; // dist/migrations missing, say: the build makes it
  }
}

function copyMigrations() {
  const from = migrationSources;
  const to = join(dist, 'migrations');
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from).filter((f) => f.endsWith('.sql'))) copyFileSync(join(from, file), join(to, file));
}

/** Run as a script (postinstall, start-control-plane.mjs's child, by hand), not imported. */
const runAsScript = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);

if (runAsScript) await buildAndPrepare(process.argv.slice(2));

async function buildAndPrepare(args) {
  try {
    if (stale()) {
      const t0 = performance.now();
      await build();
      console.log(`built ${relative(root, dist)}/ from control-plane/src in ${Math.round(performance.now() - t0)} ms`);
    }
    copyMigrations();
    // In this process, not the server's: what initdb and migrating leave in a heap goes with it.
    const { prepareTemplates } = await import(pathToFileURL(join(dist, 'prepare-template.js')).href);
    const t0 = performance.now();
    const template = await prepareTemplates();
    if (template.made) console.log(`prepared the embedded database template in ${Math.round(performance.now() - t0)} ms: ${template.dir}`);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (!args.includes('--if-possible')) {
      console.error(`${basename(fileURLToPath(import.meta.url))}: ${message}`);
      process.exit(1);
    }
    console.warn(`warning: the control plane was not pre-built (${message.split('\n')[0]}); \`pnpm start\` will try again`);
  }
}
