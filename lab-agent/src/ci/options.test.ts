import { describe, expect, it } from 'vitest';
import { UsageError } from './errors.js';
import { durationMs, list, type RawRunOptions, runPlan } from './options.js';

const base: RawRunOptions = { url: 'https://dl.example.com/', apiKey: 'dl_live_AbCdEfGhIjK_secret', tags: ['smoke'], buildId: 'bld_1' };

describe('devicelab run options', () => {
  it('builds a plan with the defaults: trigger ci, 60 minutes, waiting, 2 minutes for a tunnel', () => {
    expect(runPlan(base)).toEqual({
      url: 'https://dl.example.com',
      apiKey: 'dl_live_AbCdEfGhIjK_secret',
      app: { kind: 'id', buildId: 'bld_1' },
      testIds: [],
      tags: ['smoke'],
      trigger: 'ci',
      async: false,
      timeoutMs: 3_600_000,
      tunnelWaitMs: 120_000,
    });
  });

  it('reads --tunnel-wait as a duration, and names the flag when it is not one', () => {
    expect(runPlan({ ...base, tunnelName: 'office', tunnelWait: '45s' }).tunnelWaitMs).toBe(45_000);
    expect(() => runPlan({ ...base, tunnelName: 'office', tunnelWait: 'soon' })).toThrow('--tunnel-wait must be a duration');
  });

  it('reads the app as a file (named by --build-name), an id, or a name with a platform', () => {
    expect(runPlan({ ...base, buildId: undefined, build: 'app.apk', buildName: 'nightly', platform: 'android' }).app).toEqual({
      kind: 'file',
      path: 'app.apk',
      name: 'nightly',
      platform: 'android',
    });
    expect(runPlan({ ...base, buildId: undefined, buildName: 'nightly', platform: 'ios' }).app).toEqual({
      kind: 'name',
      name: 'nightly',
      platform: 'ios',
    });
  });

  it('merges repeated and comma-separated lists without blanks or repeats', () => {
    expect(list(['a,b', ' c ', 'a', ''])).toEqual(['a', 'b', 'c']);
    const plan = runPlan({
      ...base,
      tags: ['smoke,cart'],
      testIds: ['tst_1', 'tst_2,tst_1'],
      physical: false,
      tunnelName: 'office',
      trigger: 'nightly',
      async: true,
    });
    expect(plan).toMatchObject({
      tags: ['smoke', 'cart'],
      testIds: ['tst_1', 'tst_2'],
      physical: false,
      tunnelName: 'office',
      trigger: 'nightly',
      async: true,
    });
  });

  it('reads durations in seconds, minutes (the default unit) and hours', () => {
    expect(durationMs('90s')).toBe(90_000);
    expect(durationMs('45')).toBe(2_700_000);
    expect(durationMs('1.5h')).toBe(5_400_000);
    for (const bad of ['0', '-5m', '10d', 'soon', '']) expect(() => durationMs(bad), bad).toThrow(UsageError);
  });

  it.each<[string, RawRunOptions, RegExp]>([
    ['no URL', { ...base, url: undefined }, /service URL is missing/],
    ['a URL that is not http', { ...base, url: 'ftp://x' }, /--url must be an http\(s\) URL/],
    ['no key', { ...base, apiKey: undefined }, /API key is missing: set DEVICELAB_API_KEY/],
    ['no app', { ...base, buildId: undefined }, /which app\?/],
    ['two apps', { ...base, build: 'a.apk' }, /only one of --build FILE and --build-id/],
    ['id and name', { ...base, buildName: 'x' }, /only one of --build-id and --build-name/],
    ['platform with an id', { ...base, platform: 'ios' }, /--platform goes with --build-name/],
    ['unknown platform', { ...base, buildId: undefined, buildName: 'x', platform: 'windows' }, /android or ios/],
    ['no tests', { ...base, tags: [] }, /which tests\?/],
    ['only blank tags', { ...base, tags: [' , '] }, /which tests\?/],
    ['empty trigger', { ...base, trigger: ' ' }, /--trigger must not be empty/],
    ['bad timeout', { ...base, timeout: 'forever' }, /--timeout must be a duration/],
  ])('refuses %s with a usage error', (_, raw, message) => {
    expect(() => runPlan(raw)).toThrow(UsageError);
    expect(() => runPlan(raw)).toThrow(message);
  });

  it('never puts the key in a usage error', () => {
    try {
      runPlan({ ...base, url: 'nonsense' });
      expect.unreachable();
    } catch (err) {
      expect(String(err)).not.toContain('secret');
    }
  });
});
