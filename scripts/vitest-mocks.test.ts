/**
 * Test files share their worker's modules (vitest.config.ts `isolate: false`), so a file that
 * replaces a module with vi.mock must run in the project that isolates it (`mocking` there):
 * otherwise a module evaluated against its mock can serve later files in the same worker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { mocking } from '../vitest.config.js';

const root = fileURLToPath(new URL('..', import.meta.url));

it('lists every test file that uses vi.mock in the isolated project, and only those', () => {
  const found: string[] = [];
  for (const top of ['control-plane', 'lab-agent', 'shared', 'virtual-devices', 'scripts']) {
    for (const entry of readdirSync(`${root}/${top}`, { recursive: true, encoding: 'utf8' })) {
      const file = `${top}/${entry}`;
      if (!file.endsWith('.test.ts') || file.includes('node_modules')) continue;
      const code = readFileSync(`${root}/${file}`, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      if (/\bvi\.(?:mock|doMock)\(/.test(code)) found.push(file);
    }
  }
  expect(found.sort()).toEqual([...mocking].sort());
});
