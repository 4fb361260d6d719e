import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The production start runs pre-built JavaScript (issue 14, part 6): no TypeScript loader or
 * esbuild process in the server, and V8 held to one helper thread (every helper thread keeps
 * its own malloc arena of compiled-code garbage: about 40 MiB of idle RSS).
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const scripts = (path: string): Record<string, string> => JSON.parse(readFileSync(join(root, path), 'utf8')).scripts;

describe('production start', () => {
  it.each([
    ['package.json', 'control-plane/dist/main.js'],
    ['control-plane/package.json', 'dist/main.js'],
  ])('%s starts the built bundle with plain node, not tsx', (file, bundle) => {
    const start = scripts(file).start!;
    expect(start).not.toMatch(/\btsx\b/);
    const [build, run] = start.split(' && ');
    expect(build).toMatch(/^node (\.\.\/)?scripts\/build-control-plane\.mjs$/);
    expect(run!.split(' ')).toEqual(['node', '--v8-pool-size=1', '--enable-source-maps', bundle]);
  });

  it('prepares the embedded database template at install time, without failing the install', () => {
    expect(scripts('package.json').postinstall).toBe('node scripts/build-control-plane.mjs --if-possible');
  });

  it('builds a bundle that imports only packages and node builtins, with the migrations beside it', () => {
    execFileSync(process.execPath, [join(root, 'scripts', 'build-control-plane.mjs')], { stdio: 'pipe' });
    const dist = join(root, 'control-plane', 'dist');
    const bundle = readFileSync(join(dist, 'main.js'), 'utf8');
    const imports = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]!);
    expect(imports).toContain('@electric-sql/pglite');
    expect(imports.filter((i) => i.startsWith('.') || i.endsWith('.ts') || i.startsWith('@devicelab/') || i === 'tsx')).toEqual([]);
    const sql = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
    expect(sql(join(dist, 'migrations'))).toEqual(sql(join(root, 'control-plane', 'src', 'db', 'migrations')));
  });
});
