import { describe, expect, it } from 'vitest';
import { findCrash } from './device-log.js';

const crash = (pkg: string) =>
  [
    '11-27 07:16:19.255  5121  5121 I DeviceLabSample: onCreate',
    '11-27 07:16:19.255  5121  5121 E AndroidRuntime: FATAL EXCEPTION: main',
    `11-27 07:16:19.255  5121  5121 E AndroidRuntime: Process: ${pkg}, PID: 5121`,
    '11-27 07:16:19.255  5121  5121 E AndroidRuntime: java.lang.NullPointerException: boom',
    '11-27 07:16:19.255  5121  5121 E AndroidRuntime: \tat a.B.c(B.kt:1)',
    '11-27 07:16:19.255  5121  5121 E AndroidRuntime: \tat a.B.d(B.kt:2)',
    '11-27 07:16:19.255  5121  5121 E AndroidRuntime: \tat a.B.e(B.kt:3)',
    '11-27 07:16:19.255  5121  5121 E AndroidRuntime: \tat a.B.f(B.kt:4)',
    '11-27 07:16:19.255  5121  5121 E AndroidRuntime: \tat a.B.g(B.kt:5)',
    '11-27 07:16:19.255   583   620 I ActivityManager: Process com.example (pid 5121) has died',
  ].join('\n');

describe('findCrash', () => {
  it("reads the exception line and the top four frames of the app's FATAL EXCEPTION", () => {
    expect(findCrash(crash('com.example'), 'com.example')).toBe(
      'The app crashed: java.lang.NullPointerException: boom\n    at a.B.c(B.kt:1)\n    at a.B.d(B.kt:2)\n    at a.B.e(B.kt:3)\n    at a.B.f(B.kt:4)',
    );
  });

  it("ignores another app's crash and a log without one", () => {
    expect(findCrash(crash('com.other'), 'com.example')).toBeNull();
    expect(findCrash('11-27 07:16:19.255  5121  5121 I DeviceLabSample: onCreate\n', 'com.example')).toBeNull();
  });
});
