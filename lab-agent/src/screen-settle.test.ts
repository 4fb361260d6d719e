import { describe, expect, it } from 'vitest';
import { readSettledScreen, showsLoading } from './screen-settle.js';

const screen = (text: string, cls = 'android.widget.TextView') =>
  `<hierarchy><node class="${cls}" text="${text}" bounds="[0,0][10,10]"/></hierarchy>`;

/** A device whose hierarchy reads come from a script; the last one repeats. */
function reads(...sources: string[]) {
  let n = 0;
  const read = async () => sources[Math.min(n++, sources.length - 1)]!;
  return { read, count: () => n };
}

describe('showsLoading', () => {
  it('sees progress bars, activity indicators and a loading text on its own, not words in content', () => {
    expect(showsLoading(screen('', 'android.widget.ProgressBar'))).toBe(true);
    expect(showsLoading('<XCUIElementTypeActivityIndicator type="XCUIElementTypeActivityIndicator" label="In progress"/>')).toBe(true);
    expect(showsLoading(screen('Loading…'))).toBe(true);
    expect(showsLoading(screen('Please wait...'))).toBe(true);
    expect(showsLoading(screen('Loading dock opening hours'))).toBe(false);
    expect(showsLoading(screen('Hello from staging'))).toBe(false);
  });
});

describe('readSettledScreen', () => {
  it('answers the first screen read twice in a row without a loading indicator', async () => {
    const device = reads(screen('Loading…'), screen('Loading…'), screen('Half'), screen('Done'), screen('Done'));
    expect(await readSettledScreen(device.read, { intervalMs: 1, timeoutMs: 5000 })).toEqual({ pageSource: screen('Done'), settled: true });
    expect(device.count()).toBe(5);
  });

  it('gives up at its bound with the last screen, saying it never settled', async () => {
    let n = 0;
    const ticking = async () => screen(`Clock ${n++}`);
    const result = await readSettledScreen(ticking, { intervalMs: 5, timeoutMs: 60 });
    expect(result.settled).toBe(false);
    expect(result.pageSource).toBe(screen(`Clock ${n - 1}`));
    const spinner = reads(screen('', 'android.widget.ProgressBar'));
    expect((await readSettledScreen(spinner.read, { intervalMs: 5, timeoutMs: 60 })).settled).toBe(false);
  });
});
