import type { Automation, PlatformAutomation, TestRecord } from '../queries/tests.js';
import { PLATFORMS } from '../queries/tests.js';
import type { TestView } from '../schemas/tests.js';

/**
 * Automation state per platform (DESIGN.md section 3). Until the engine generates
 * it, a test is runnable nowhere: `pending` when creation asked for generation,
 * `none` when it did not.
 */
export function initialAutomation(autoGenerate: boolean): Automation {
  const status = autoGenerate ? 'pending' : 'none';
  return { android: { status }, ios: { status } };
}

/** A change of commands invalidates whatever was generated or queued for the old ones. */
export function markStale(automation: Automation): Automation {
  const stale = (p: PlatformAutomation): PlatformAutomation => (p.status === 'none' ? p : { status: 'stale' });
  return { android: stale(automation.android), ios: stale(automation.ios) };
}

export function toTestView(r: TestRecord): TestView {
  const platforms = Object.fromEntries(
    PLATFORMS.map((p) => {
      const a = r.automation[p];
      return [p, { runnable: a.status === 'ready', ...a }];
    }),
  ) as TestView['platforms'];
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
