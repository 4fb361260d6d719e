import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The production start runs pre-built JavaScript (issue 14, part 6): no TypeScript loader or
 * esbuild process in the server, and V8 held to one helper thread (every helper thread keeps
 * its own malloc arena of compiled-code garbage: about 40 MiB of idle RSS), and a 128 MiB old
 * generation before its first full collection (start-control-plane.mjs says why).
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const scripts = (path: string): Record<string, string> => JSON.parse(readFileSync(join(root, path), 'utf8')).scripts;

describe('production start', () => {
  it.each([
    ['package.json', 'scripts/start-control-plane.mjs'],
    ['control-plane/package.json', '../scripts/start-control-plane.mjs'],
  ])('%s starts the built bundle with plain node, in one process, not tsx', (file, script) => {
    const start = scripts(file).start!;
    expect(start).not.toMatch(/\btsx\b/);
    // No `node build-control-plane.mjs && node …`: the check runs in the server's process.
    expect(start.split(' ')).toEqual(['node', '--v8-pool-size=1', '--initial-old-space-size=128', '--enable-source-maps', script]);
  });

  it('prepares the embedded database template at install time, without failing the install', () => {
    expect(scripts('package.json').postinstall).toBe('node scripts/build-control-plane.mjs --if-possible');
    // A tree that does not build (here: a copy of the script with no sources or packages beside
    // it): a warning and exit 0 with --if-possible, exit 1 without.
    const tree = mkdtempSync(join(tmpdir(), 'build-control-plane-'));
    try {
      mkdirSync(join(tree, 'scripts'));
      copyFileSync(join(root, 'scripts', 'build-control-plane.mjs'), join(tree, 'scripts', 'build-control-plane.mjs'));
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [join(tree, 'scripts', 'build-control-plane.mjs'), ...args], { encoding: 'utf8' });
      const install = run('--if-possible');
      expect(install.status).toBe(0);
      expect(install.stderr).toMatch(/^warning: the control plane was not pre-built/m);
      expect(run().status).toBe(1);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('builds a bundle that imports only packages and node builtins, with the migrations beside it', () => {
    execFileSync(process.execPath, [join(root, 'scripts', 'build-control-plane.mjs')], { stdio: 'pipe' });
    const dist = join(root, 'control-plane', 'dist');
    const bundle = readFileSync(join(dist, 'main.js'), 'utf8');
    const imports = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
    expect(imports).toContain('@electric-sql/pglite');
    expect(imports.filter((i) => i.startsWith('.') || i.endsWith('.ts') || i.startsWith('@devicelab/') || i === 'tsx')).toEqual([]);
    const sql = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort();
    expect(sql(join(dist, 'migrations'))).toEqual(sql(join(root, 'control-plane', 'src', 'db', 'migrations')));
  });

  it('tells the start script when there is nothing to build, and when there is', async () => {
    const build = () => execFileSync(process.execPath, [join(root, 'scripts', 'build-control-plane.mjs')], { stdio: 'pipe' });
    const { readyToStart } = await import('./build-control-plane.mjs');
    const dist = join(root, 'control-plane', 'dist');
    build();
    expect(await readyToStart()).toBe(true);
    // A bundle older than its sources (as after a `git pull`): rebuilt.
    utimesSync(join(dist, 'meta.json'), new Date(0), new Date(0));
    expect(await readyToStart()).toBe(false);
    build();
    expect(await readyToStart()).toBe(true);
    // Migration files in dist/ other than the sources' (a new migration): the build copies them
    // and prepares the template for them.
    const stray = join(dist, 'migrations', '999_not_in_the_sources.sql');
    writeFileSync(stray, 'SELECT 1;');
    try {
      expect(await readyToStart()).toBe(false);
    } finally {
      rmSync(stray, { force: true });
    }
    expect(await readyToStart()).toBe(true);
  }, 120_000);
});
