/**
 * A test's device log as the lab agent uploaded it (logcat -v threadtime, from just before
 * the app's launch to the verdict). The agent writes a marker line when each step begins
 * (`I DeviceLab: step N begins`, lab-agent/src/device-log.ts), on the device itself, so the
 * log lines up with the step timeline whatever the device's clock or time zone says.
 */
import type { Sql } from '../db/index.js';
import type { FileStorage } from '../storage/files.js';
import { isRecordingOf } from './formats.js';
import { findArtifact } from './queries.js';

export interface DeviceLogRead {
  /** The log's text, or null when the test has none (or its key is not this run's). */
  text: string | null;
  /** Still on its way from the lab agent, which sent the verdict first (recordings/queries.ts). */
  uploading: boolean;
  /** Why it will not come, when the verdict announced it. */
  missing: string | null;
}

export async function readDeviceLog(
  deps: { db: Sql; storage: FileStorage },
  orgId: string,
  runId: string,
  testId: string,
): Promise<DeviceLogRead> {
  const found = await findArtifact(deps.db, orgId, runId, testId, 'deviceLog');
  const key = found?.key ?? null;
  const text = key === null || !isRecordingOf(key, orgId, runId) ? null : ((await deps.storage.get(key))?.toString('utf8') ?? null);
  return { text, uploading: text === null && (found?.uploading ?? false), missing: text === null ? (found?.missing ?? null) : null };
}

export interface DeviceLogPart {
  /** The step (0-based command index) these lines were written during; null before the first step (install, launch). */
  step: number | null;
  lines: string[];
}

const STEP_MARK = /\sDeviceLab\s*: step (\d+) begins$/;

/** The log cut at the agent's step markers (the marker lines themselves are dropped). */
export function splitByStep(text: string): DeviceLogPart[] {
  const parts: DeviceLogPart[] = [{ step: null, lines: [] }];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const mark = STEP_MARK.exec(line);
    if (mark) parts.push({ step: Number(mark[1]) - 1, lines: [] });
    else if (!/\sDeviceLab\s*: devicelab-mark-/.test(line)) parts[parts.length - 1]!.lines.push(line);
  }
  return parts.filter((p, i) => i === 0 || p.lines.length > 0 || p.step !== null);
}
