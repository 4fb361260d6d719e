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

describe('readSettledScreen with the screenshot alongside', () => {
  /** A device that logs when each read and each picture starts and ends. */
  function device(...sources: string[]) {
    const events: string[] = [];
    let reads = 0;
    let shots = 0;
    const tick = () => new Promise<void>((r) => setImmediate(r));
    return {
      events,
      async read() {
        const n = ++reads;
        events.push(`read ${n} starts`);
        await tick();
        await tick();
        events.push(`read ${n} ends`);
        return sources[Math.min(n - 1, sources.length - 1)]!;
      },
      async shoot() {
        const n = ++shots;
        events.push(`picture ${n} starts`);
        await tick();
        return `picture ${n}`;
      },
    };
  }

  it('takes the picture while the confirming read runs, and answers the one taken beside it', async () => {
    const d = device(screen('Loading…'), screen('Done'), screen('Done'));
    const result = await readSettledScreen(d.read, { intervalMs: 1, timeoutMs: 5000 }, undefined, d.shoot);
    expect(result.settled).toBe(true);
    expect(result.pageSource).toBe(screen('Done'));
    expect(await result.alongside).toBe('picture 1');
    // Beside the confirming read (the third), not after it: the picture costs no time of its own.
    expect(d.events.indexOf('picture 1 starts')).toBeGreaterThan(d.events.indexOf('read 2 ends'));
    expect(d.events.indexOf('picture 1 starts')).toBeLessThan(d.events.indexOf('read 3 ends'));
    // None beside the first read, nor beside the second, which followed a loading screen and could not confirm it.
    expect(d.events.filter((e) => e.startsWith('picture'))).toEqual(['picture 1 starts']);
  });

  it('at the bound, answers the picture taken beside the last read, or one taken after a lone first read', async () => {
    let n = 0;
    let shots = 0;
    const ticking = async () => screen(`Clock ${n++}`);
    const result = await readSettledScreen(ticking, { intervalMs: 5, timeoutMs: 60 }, undefined, async () => `picture ${++shots}`);
    expect(result.settled).toBe(false);
    expect(await result.alongside).toBe(`picture ${n - 1}`); // beside read n (the last), read 1 had none
    const lone = device(screen('Done'));
    const once = await readSettledScreen(lone.read, { intervalMs: 50, timeoutMs: 10 }, undefined, lone.shoot);
    expect(once).toMatchObject({ pageSource: screen('Done'), settled: false });
    expect(await once.alongside).toBe('picture 1');
    expect(lone.events).toEqual(['read 1 starts', 'read 1 ends', 'picture 1 starts']);
  });

  it('hands a failed picture over as a rejection, and drops the failures of pictures it did not use', async () => {
    let shots = 0;
    const d = device(screen('A'), screen('B'), screen('B'));
    const failing = async () => {
      shots += 1;
      throw new Error(`no picture ${shots}`);
    };
    const result = await readSettledScreen(d.read, { intervalMs: 1, timeoutMs: 5000 }, undefined, failing);
    await expect(result.alongside).rejects.toThrow('no picture 2');
  });
});
