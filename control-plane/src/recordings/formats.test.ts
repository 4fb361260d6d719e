import { describe, expect, it } from 'vitest';
import { contentTypeOf, extensionFor, isRecordingOf, parseRange, partKey, recordingKey } from './formats.js';

describe('recording formats', () => {
  it('maps upload types to keys and keys back to types', () => {
    expect(extensionFor('video/mp4')).toBe('mp4');
    expect(extensionFor('image/GIF; charset=binary')).toBe('gif');
    expect(extensionFor('text/html')).toBeNull();
    expect(extensionFor(undefined)).toBeNull();
    const key = recordingKey('org_a', 'run_b', 'att_c', 2, 'gif');
    expect(key).toBe('recordings/org_a/run_b/att_c-2.gif');
    expect(contentTypeOf(key)).toBe('image/gif');
    expect(contentTypeOf('recordings/x/y/z.exe')).toBe('application/octet-stream');
    expect(partKey(key, 0)).toBe(key);
    expect(partKey(key, 2)).toBe('recordings/org_a/run_b/att_c-2.part2.gif');
    expect(contentTypeOf(partKey(key, 2))).toBe('image/gif');
  });

  it('trusts a key only under the organisation and run it is played for', () => {
    const key = recordingKey('org_a', 'run_b', 'att_c', 1, 'mp4');
    expect(isRecordingOf(key, 'org_a', 'run_b')).toBe(true);
    expect(isRecordingOf(key, 'org_x', 'run_b')).toBe(false);
    expect(isRecordingOf(key, 'org_a', 'run_c')).toBe(false);
    expect(isRecordingOf('builds/org_a/bld_1.apk', 'org_a', 'run_b')).toBe(false);
    expect(isRecordingOf('recordings/org_a/run_b/../../org_x/run_y/a.mp4', 'org_a', 'run_b')).toBe(false);
  });

  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const whole of [undefined, '', 'bytes=-', 'bytes=5-2', 'bytes=0-1,5-9', 'items=0-1']) expect(parseRange(whole, 1000)).toBeNull();
  });

  it('finds no range of an empty file satisfiable', () => {
    // A suffix range used to come back as { start: 0, end: -1 }, which the file read refused (500).
    for (const range of ['bytes=-5', 'bytes=-1', 'bytes=0-', 'bytes=0-0', 'bytes=0-99']) expect(parseRange(range, 0)).toBe('unsatisfiable');
    expect(parseRange(undefined, 0)).toBeNull();
  });
});
