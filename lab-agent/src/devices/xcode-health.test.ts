import { describe, expect, it } from 'vitest';
import { diagnoseXcrun, XcrunHealth } from './xcode-health.js';

/** A failed xcrun as execFile / teen_process report it: the tool's words on stderr. */
const failed = (stderr: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('Command failed'), { stderr, ...extra });

describe('diagnoseXcrun', () => {
  it('names each way a Mac being set up fails, with its fix', () => {
    const cases: Array<[Parameters<typeof diagnoseXcrun>[0], unknown, string, RegExp]> = [
      [
        'simctl',
        Object.assign(new Error('spawn xcrun ENOENT'), { code: 'ENOENT' }),
        'no-xcrun',
        /xcrun was not found \(xcrun\): Xcode is not installed/,
      ],
      [
        'simctl',
        new Error('xcrun tool has not been found in PATH. Are Xcode developers tools installed?'),
        'no-xcrun',
        /Install Xcode 15 or later/,
      ],
      [
        'devicectl',
        failed(
          'xcrun: error: invalid active developer path (/Library/Developer/CommandLineTools), missing xcrun at: /Library/Developer/CommandLineTools/usr/bin/xcrun',
        ),
        'invalid-developer-path',
        /sudo xcode-select -s/,
      ],
      [
        'simctl',
        failed('xcrun: error: unable to find utility "simctl", not a developer tool or in PATH'),
        'command-line-tools',
        /Command Line Tools, which have no simctl/,
      ],
      [
        'devicectl',
        failed('xcrun: error: unable to find utility "devicectl", not a developer tool or in PATH'),
        'no-devicectl',
        /needs Xcode 15 or later/,
      ],
      [
        'simctl',
        failed("You have not agreed to the Xcode license agreements. Please run 'sudo xcodebuild -license' from within a Terminal window"),
        'license',
        /sudo xcodebuild -license accept/,
      ],
      [
        'simctl',
        failed(
          "A required plugin failed to load. Please ensure system content is up-to-date — try running 'sudo xcodebuild -runFirstLaunch'.",
        ),
        'first-launch',
        /sudo xcodebuild -runFirstLaunch/,
      ],
      ['simctl', failed('', { killed: true }), 'timeout', /did not answer in time/],
      ['simctl', failed('CoreSimulatorService connection became invalid'), 'other', /Run "xcrun simctl list devices" on this Mac/],
    ];
    for (const [tool, error, kind, explanation] of cases) {
      const problem = diagnoseXcrun(tool, 'xcrun', error);
      expect([problem.kind, problem.explanation]).toEqual([kind, expect.stringMatching(explanation)]);
    }
  });
});

describe('XcrunHealth', () => {
  it('retries a failing tool only once its backoff has passed, doubling up to the cap, and at once after it works', () => {
    let now = 0;
    const lines: string[] = [];
    const health = new XcrunHealth({
      tools: ['simctl'],
      xcrunPath: 'xcrun',
      log: (l) => lines.push(l),
      baseMs: 100,
      maxMs: 400,
      now: () => now,
    });
    const fail = () =>
      health.report([
        { tool: 'simctl', ok: false, error: failed('xcrun: error: unable to find utility "simctl", not a developer tool or in PATH') },
      ]);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      fail();
      const from = now;
      while (!health.due('simctl')) now += 10;
      waits.push(now - from);
    }
    expect(waits).toEqual([100, 200, 400, 400]);
    health.report([{ tool: 'simctl', ok: true, count: 2 }]);
    expect(health.due('simctl')).toBe(true);
    expect(lines).toEqual([
      expect.stringMatching(/^iOS simulators unavailable: xcode-select points at the Command Line Tools/),
      'iOS simulators: xcrun simctl works again (2 booted simulator(s))',
    ]);
  });
});
