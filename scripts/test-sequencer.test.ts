import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import durations from './test-durations.json' with { type: 'json' };
import { LongestFirstSequencer } from './test-sequencer.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const spec = (project: string, path: string) =>
  ({ project: { name: project, config: { root } }, moduleId: `${root}${path}` }) as unknown as TestSpecification;

describe('the longest-first test order', () => {
  it('starts the longest known files first, across projects, and the unlisted ones last', async () => {
    const listed = Object.entries(durations.seconds).sort((a, b) => b[1] - a[1]);
    const [longest, second] = [
      listed[0]![0],
      listed.find(([k, s]) => s < listed[0]![1] && !k.startsWith(listed[0]![0].split(':')[0]!))![0],
    ];
    const asSpec = (key: string) => spec(key.split(':')[0]!, key.split(':')[1]!);
    const files = [spec('unit', 'shared/src/not-listed.test.ts'), asSpec(second), asSpec(longest)];
    const sorted = await new LongestFirstSequencer({} as never).sort(files);
    expect(sorted.map((f) => `${f.project.name}:${f.moduleId.slice(root.length)}`)).toEqual([
      longest,
      second,
      'unit:shared/src/not-listed.test.ts',
    ]);
  });
});
