import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { parseExecuteRequest } from './execute-request.js';
import type { CandidateTest } from './run-queries.js';
import { notRunnableError, orderSelection } from './selection.js';

const refusal = (body: unknown): ApiError => {
  try {
    parseExecuteRequest(body);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('accepted');
};

describe('parseExecuteRequest', () => {
  it('matches keys case-insensitively, reads uploadId as buildId, and defaults trigger', () => {
    expect(
      parseExecuteRequest({ ORGANISATIONID: 'org_1', uploadid: 'bld_1', TestIds: ['t'], usephysicaldevice: true, platform: ' iOS ' }),
    ).toEqual({ organisationId: 'org_1', buildId: 'bld_1', testIds: ['t'], usePhysicalDevice: true, platform: 'ios', trigger: 'api' });
  });

  it('reads null as not sent, except organisationId', () => {
    expect(parseExecuteRequest({ organisationId: 'o', buildId: 'b', tags: ['x'], tunnelName: null, usePhysicalDevice: null })).toEqual({
      organisationId: 'o',
      buildId: 'b',
      tags: ['x'],
      trigger: 'api',
    });
    expect(refusal({ organisationId: null, buildId: 'b' }).detail).toContain('organisationId');
  });

  it('names unsupported and unknown fields together, as sent', () => {
    const e = refusal({ organisationId: 'o', DeviceConfigs: [], ephemeralTestCommands: [], dependencyTestIds: [], speed: 1 });
    expect(e.status).toBe(400);
    expect(e.detail).toContain('unsupported field(s): DeviceConfigs, ephemeralTestCommands, dependencyTestIds');
    expect(e.detail).toContain('unknown field(s): speed');
    expect(e.errors?.map((x) => x.path)).toEqual(['DeviceConfigs', 'ephemeralTestCommands', 'dependencyTestIds', 'speed']);
  });

  it('names Object.prototype member names as unknown fields, as sent', () => {
    // JSON.parse: an own `__proto__` key, as a request body really arrives.
    const e = refusal(JSON.parse('{"organisationId": "o", "constructor": 1, "__proto__": {}, "toString": "x", "hasOwnProperty": 2}'));
    expect(e.status).toBe(400);
    expect(e.detail).toBe('invalid request: unknown field(s): constructor, __proto__, toString, hasOwnProperty');
    expect(e.errors?.map((x) => x.path)).toEqual(['constructor', '__proto__', 'toString', 'hasOwnProperty']);
  });

  it('refuses one field sent twice with different values', () => {
    expect(refusal({ organisationId: 'o', buildId: 'a', uploadId: 'b' }).detail).toContain('buildId and uploadId');
    expect(parseExecuteRequest({ organisationId: 'o', organisationid: 'o', buildId: 'a' }).organisationId).toBe('o');
  });

  it('refuses bodies that are not objects', () => {
    for (const body of [null, [], 'x', 1]) expect(refusal(body).status).toBe(400);
  });
});

const candidate = (id: string, tags: string[], android = 'ready'): CandidateTest => ({
  id,
  title: id.toUpperCase(),
  tags,
  commands: ['launchApp'],
  preRequests: [],
  teardownRequests: [],
  launchParams: [],
  testInputs: [],
  automation: { android: { status: android as 'ready' }, ios: { status: 'none' } },
});

describe('orderSelection', () => {
  const library = [candidate('a', ['x']), candidate('b', ['y']), candidate('c', ['x', 'y'])];

  it('keeps testIds order, then adds tag matches in library order, each once', () => {
    expect(orderSelection(library, ['c', 'a', 'c'], ['x', 'y']).tests.map((t) => t.id)).toEqual(['c', 'a', 'b']);
    expect(orderSelection(library, [], ['y']).tests.map((t) => t.id)).toEqual(['b', 'c']);
  });

  it('reports ids that are not in the library once each', () => {
    expect(orderSelection(library, ['zz', 'a', 'zz'], []).unknownIds).toEqual(['zz']);
  });
});

describe('notRunnableError', () => {
  it('names each test that cannot run and calls out the ones still generating', () => {
    const tests = [candidate('a', []), candidate('b', [], 'generating'), candidate('c', [], 'stale')];
    const err = notRunnableError(tests, 'android')!;
    expect(err.errors.map((e) => e.path)).toEqual(['b', 'c']);
    expect(err.detail).toContain('2 test(s) not runnable on android');
    expect(err.detail).toContain('Still being written: b.');
    expect(notRunnableError(tests.slice(0, 1), 'android')).toBeNull();
    expect(notRunnableError(tests.slice(0, 1), 'ios')!.detail).toContain('POST /tests/generate');
  });
});
