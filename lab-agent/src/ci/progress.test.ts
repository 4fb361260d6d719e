import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runDisplay } from './progress.js';
import { entry, run } from './test-runs.js';

/** Collects what is written; `isTTY` decides which display it gets. */
function sink(isTTY: boolean) {
  let text = '';
  const out = Object.assign(new Writable({ write: (chunk, _enc, done) => void ((text += String(chunk)), done()) }), { isTTY });
  return { out, text: () => text };
}

const first = run({}, { totalTests: 2 });
const second = run({ failed: [entry('b', 'failed')] }, { totalTests: 2 });

describe('the display while waiting', () => {
  it('writes timestamped lines per change, and nothing per poll, when not on a terminal', () => {
    const s = sink(false);
    const display = runDisplay(s.out, 0, () => Date.UTC(2026, 10, 23, 10, 0, 5));
    display.change(first, undefined);
    display.tick(first);
    display.change(second, first);
    display.done();
    expect(s.text()).toBe(
      [
        '2026-11-23T10:00:05.000Z run run_1 running: 0/2 done: 0 passed, 0 failed, 0 blocked',
        '2026-11-23T10:00:05.000Z   FAILED  Test b (1.5 s): why b',
        '2026-11-23T10:00:05.000Z run run_1 running: 1/2 done: 0 passed, 1 failed, 0 blocked',
        '',
      ].join('\n'),
    );
  });

  it('redraws one live line on a terminal, with verdicts scrolling above it', () => {
    const s = sink(true);
    const display = runDisplay(s.out, 0, () => 75_000);
    display.change(first, undefined);
    display.change(second, first);
    display.done();
    const text = s.text();
    expect(text).toContain('\x1b[2K'); // the live line is cleared before each redraw
    expect(text).toContain('  FAILED  Test b (1.5 s): why b\n');
    expect(text.endsWith('⏳ run_1 running: 1/2 done: 0 passed, 1 failed, 0 blocked · 1m15s\n')).toBe(true);
    expect(text).not.toMatch(/^\d{4}-/m); // no timestamps: the clock is on the live line
  });
});
