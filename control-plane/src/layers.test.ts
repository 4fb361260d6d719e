/**
 * Layers that point one way (docs/architecture.md, "The control plane's modules"): a folder
 * that a lower one would reach up into is named here with what it must not import. Each rule
 * but wake/'s (new, kept below its users from the start) was broken once; the test reads every
 * import of the product's source.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'fixtures' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** Every relative import of the file, as a path from the repository's root. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((m) =>
    relative(repo, resolve(dirname(file), m[1]!)),
  );
}

const RULES: Array<{ from: string; mustNotImport: string[] }> = [
  { from: 'control-plane/src/tunnels/', mustNotImport: ['control-plane/src/agents/'] },
  {
    from: 'control-plane/src/runs/',
    mustNotImport: ['control-plane/src/webhooks/', 'control-plane/src/agents/', 'control-plane/src/routes/'],
  },
  {
    from: 'control-plane/src/requests/',
    mustNotImport: ['control-plane/src/webhooks/', 'control-plane/src/runs/', 'control-plane/src/agents/'],
  },
  {
    from: 'control-plane/src/net/',
    mustNotImport: [
      'control-plane/src/webhooks/',
      'control-plane/src/runs/',
      'control-plane/src/agents/',
      'control-plane/src/tunnels/',
      'control-plane/src/requests/',
    ],
  },
  {
    from: 'control-plane/src/wake/',
    mustNotImport: ['control-plane/src/webhooks/', 'control-plane/src/runs/', 'control-plane/src/agents/', 'control-plane/src/routes/'],
  },
  {
    from: 'control-plane/src/brain/',
    mustNotImport: ['control-plane/src/engine/', 'control-plane/src/queries/', 'control-plane/src/db/', 'control-plane/src/routes/'],
  },
  { from: 'control-plane/src/', mustNotImport: ['lab-agent/'] },
  { from: 'lab-agent/src/', mustNotImport: ['control-plane/'] },
  { from: 'shared/src/', mustNotImport: ['control-plane/', 'lab-agent/', 'scripts/'] },
];

describe('layers', () => {
  const files = ['control-plane/src', 'lab-agent/src', 'shared/src'].flatMap((d) => sources(join(repo, d)));

  it('reads the imports of the whole product', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(imports(join(repo, 'control-plane/src/app.ts'))).toContain('control-plane/src/http/openapi.js');
  });

  for (const rule of RULES) {
    it(`${rule.from} imports nothing from ${rule.mustNotImport.join(', ')}`, () => {
      const wrong = files
        .filter((f) => relative(repo, f).startsWith(rule.from))
        .flatMap((f) =>
          imports(f)
            .filter((target) => rule.mustNotImport.some((p) => target.startsWith(p)))
            .map((target) => `${relative(repo, f)} -> ${target}`),
        );
      expect(wrong).toEqual([]);
    });
  }
});
