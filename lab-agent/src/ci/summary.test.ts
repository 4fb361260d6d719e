import { describe, expect, it } from 'vitest';
import { changeLines } from './progress.js';
import { markdownSummary } from './summary.js';
import { entry, run } from './test-runs.js';

describe('the Markdown summary', () => {
  it('heads with the verdict, counts, and lists trouble first with links', () => {
    const md = markdownSummary(
      run({ succeeded: [entry('a', 'succeeded')], failed: [entry('b', 'failed', { statusMessage: 'no | pipe\nhere' })] }),
    );
    const lines = md.split('\n');
    expect(lines[0]).toBe('### ❌ DeviceLab run `run_1` failed');
    expect(md).toContain('**1 passed**, **1 failed**, **0 blocked** of 2 on android');
    const rows = lines.filter((l) => l.startsWith('| ❌') || l.startsWith('| ✅'));
    expect(rows[0]).toContain('| Test b | 1.5 s |');
    expect(rows[0]).toContain('no \\| pipe here<br>[recording](http://dl.test/app/recording/run_1/runs/b)');
    expect(rows[1]).toMatch(/^\| ✅ \| Test a /);
  });

  it('says passed, cancelled or out of time', () => {
    expect(markdownSummary(run({ succeeded: [entry('a', 'succeeded')] }))).toMatch(/^### ✅ DeviceLab run `run_1` passed/);
    expect(markdownSummary(run({ blocked: [entry('a', 'blocked')] }, { status: 'cancelled' }))).toMatch(/^### 🚫 .* was cancelled/);
    expect(markdownSummary(run({}, { totalTests: 2 }), { timedOut: true })).toMatch(
      /did not finish in time[\s\S]*2 without a verdict of 2/,
    );
  });
});

describe('the progress lines', () => {
  it('prints each new verdict once, then the counts', () => {
    const first = run({}, { totalTests: 2 });
    const second = run({ failed: [entry('b', 'failed')] }, { totalTests: 2 });
    expect(changeLines(first, undefined)).toEqual(['run run_1 running: 0/2 done: 0 passed, 0 failed, 0 blocked']);
    expect(changeLines(second, first)).toEqual([
      '  FAILED  Test b (1.5 s): why b',
      'run run_1 running: 1/2 done: 0 passed, 1 failed, 0 blocked',
    ]);
    expect(changeLines(second, second)).toEqual([]);
  });
});
