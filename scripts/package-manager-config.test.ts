/**
 * Issue 20: every pnpm call warned `Unknown project config "auto-install-peers"` (a pnpm setting
 * in .npmrc, which npm reads too) and each install ended with an "Ignored build scripts:
 * esbuild" box. pnpm's settings now live in pnpm-workspace.yaml; .npmrc holds npm's own.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('package manager configuration', () => {
  it('npm reads the project .npmrc without a warning', () => {
    // Without the npm_config_* variables the calling pnpm sets (`pnpm test`): npm warns about
    // those as env config, which says nothing about the project's .npmrc.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));
    const r = spawnSync('npm', ['pkg', 'get', 'name'], { cwd: root, encoding: 'utf8', env });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('"devicelab"');
    expect(r.stderr).not.toMatch(/Unknown (project|user|env) config/);
  });

  it("pnpm runs esbuild's install script (onlyBuiltDependencies) and installs peers, from pnpm-workspace.yaml", () => {
    const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
    expect(yaml).toMatch(/^onlyBuiltDependencies:\n(?: {2}- \S+\n)*? {2}- esbuild$/m);
    expect(yaml).toMatch(/^autoInstallPeers: true$/m);
  });
});
