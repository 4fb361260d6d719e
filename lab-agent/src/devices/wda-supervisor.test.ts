/**
 * What GET /devices shows of a phone whose WebDriverAgent will not start (wda-supervisor.ts): the
 * cause, also while a retry runs. Here the cause is Xcode missing: `xcodebuild` is looked up on a
 * PATH with nothing on it, so the test needs no Mac and reads the same on one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WdaSupervisor } from './wda-supervisor.js';

const pathBefore = process.env.PATH;
afterEach(() => {
  process.env.PATH = pathBefore;
});

describe('a phone whose WebDriverAgent does not start', () => {
  it('shows why while each retry runs, not "starting"', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'no-xcode-'));
    process.env.PATH = empty;
    const lines: string[] = [];
    const wda = new WdaSupervisor({
      xcrunPath: join(empty, 'xcrun'),
      derivedDataDir: join(empty, 'derived'),
      retryMs: 20,
      retryMaxMs: 20,
      log: (line) => lines.push(line),
    });
    // The first poll starts it: nothing has failed yet.
    expect(await wda.check('00008120-TEST', '17.5')).toEqual({ ready: false, reason: 'starting WebDriverAgent' });
    for (const deadline = Date.now() + 10_000; !lines.some((l) => /Xcode is missing/.test(l)); ) {
      if (Date.now() > deadline) throw new Error(`no failure logged: ${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, 40)); // past the retry's wait
    // This poll starts the retry, and the retries after it: each says the cause.
    for (let poll = 0; poll < 5; poll += 1) {
      expect(await wda.check('00008120-TEST', '17.5')).toEqual({ ready: false, reason: expect.stringMatching(/^Xcode is missing/) });
      await new Promise((r) => setTimeout(r, 30));
    }
    await wda.stop();
  });
});
