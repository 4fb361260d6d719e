import { startGenerating } from '../engine/generation.js';
import type { Automation, PlatformAutomation, TestContent, TestRecord } from '../queries/tests.js';
import { PLATFORMS } from '../queries/tests.js';
import type { TestView } from '../schemas/tests.js';

/**
 * Automation state per platform (docs/architecture.md#engine). A new test is runnable
 * nowhere: `generating` when creation asked for generation (the default), `none`
 * when it did not.
 */
export function initialAutomation(autoGenerate: boolean): Automation {
  return autoGenerate ? startGenerating(null, PLATFORMS) : { android: { status: 'none' }, ios: { status: 'none' } };
}

/**
 * Whether a change invalidates generated automation: new commands, or new names
 * for `{{references}}` to resolve against (test inputs, remembered values). Moving
 * the test, retitling or retagging it never does.
 */
export function changesAutomation(current: TestContent, change: Partial<TestContent>): boolean {
  const differs = <K extends keyof TestContent>(k: K, pick: (v: TestContent[K]) => unknown = (v) => v) =>
    change[k] !== undefined && JSON.stringify(pick(change[k] as TestContent[K])) !== JSON.stringify(pick(current[k]));
  return (
    differs('commands') ||
    differs('testInputs', (inputs) => inputs.map((i) => i.key).sort()) ||
    differs('preRequests', (requests) =>
      requests
        .flatMap((r) => r.valuesToRemember ?? [])
        .map((v) => (typeof v === 'string' ? v : v.name))
        .sort(),
    )
  );
}

/** A change of commands invalidates whatever was generated or queued for the old ones. */
export function markStale(automation: Automation): Automation {
  const stale = (p: PlatformAutomation): PlatformAutomation => (p.status === 'none' ? p : { status: 'stale' });
  return { android: stale(automation.android), ios: stale(automation.ios) };
}

/** `platforms.<p>` as clients see it: runnable only when ready; a failure says where and why. */
export function platformViews(automation: Automation): TestView['platforms'] {
  return Object.fromEntries(
    PLATFORMS.map((p) => {
      const a = automation[p];
      const state = { runnable: a.status === 'ready', status: a.status };
      return [p, a.status === 'failed' ? { ...state, failedCommandIndex: a.failedCommandIndex, reason: a.reason } : state];
    }),
  ) as TestView['platforms'];
}

export function toTestView(r: TestRecord): TestView {
  const platforms = platformViews(r.automation);
  return {
    id: r.id,
    title: r.title,
    commands: r.commands,
    tags: r.tags,
    folderId: r.folderId,
    preRequests: r.preRequests,
    teardownRequests: r.teardownRequests,
    launchParams: r.launchParams,
    testInputs: r.testInputs,
    autoGenerate: r.autoGenerate,
    platforms,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}
