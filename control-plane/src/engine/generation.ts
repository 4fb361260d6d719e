/**
 * Generation (docs/api.md#automation-commands-and-generation, docs/architecture.md#engine): compiles each command of a test into
 * a step for each platform and records `ready`, or `failed` with the command index
 * and the reason. It runs in the background; the request that starts it marks the
 * platforms `generating` with a generation id, and the result is written only if
 * that id is still there (a change of commands in between makes it stale instead).
 * Generations under way when the process stopped are resumed at start-up, so none
 * is lost.
 */
import PQueue from 'p-queue';
import { parseCommand, platformSupport } from '../brain/index.js';
import type { Db } from '../db/index.js';
import { randomToken } from '../ids.js';
import * as tests from '../queries/tests.js';
import { type Automation, PLATFORMS, type Platform, type PlatformAutomation, type TestContent } from '../queries/tests.js';

/** The names `{{…}}` may refer to: test inputs, and values remembered by pre-requests. */
export function knownNames(test: Pick<TestContent, 'testInputs' | 'preRequests'>): Set<string> {
  const names = new Set(test.testInputs.map((i) => i.key));
  for (const request of test.preRequests) {
    for (const value of request.valuesToRemember ?? []) names.add(typeof value === 'string' ? value : value.name);
  }
  return names;
}

/** The automation for one platform: every command must parse, refer to known names and exist there. */
export function compile(test: Pick<TestContent, 'commands' | 'testInputs' | 'preRequests'>, platform: Platform): PlatformAutomation {
  const names = knownNames(test);
  for (const [index, text] of test.commands.entries()) {
    const parsed = parseCommand(text, names);
    if (!parsed.ok) return { status: 'failed', failedCommandIndex: index, reason: parsed.error };
    const support = platformSupport(parsed.command)[platform];
    if (support !== true) return { status: 'failed', failedCommandIndex: index, reason: support };
  }
  return { status: 'ready', steps: test.commands.length, generatedAt: new Date().toISOString() };
}

/** `generating` for the chosen platforms under a fresh generation id; others keep their state. */
export function startGenerating(current: Automation | null, platforms: readonly Platform[]): Automation {
  const generationId = randomToken(12);
  const next = { ...(current ?? { android: { status: 'none' }, ios: { status: 'none' } }) } as Automation;
  for (const p of platforms) next[p] = { status: 'generating', generationId };
  return next;
}

export function createGenerator(db: Db, options: { concurrency: number }) {
  const queue = new PQueue({ concurrency: options.concurrency });

  async function run(orgId: string, testId: string): Promise<void> {
    const test = await tests.findTest(db, orgId, testId);
    if (!test) return; // deleted meanwhile
    for (const platform of PLATFORMS) {
      const state = test.automation[platform];
      if (state.status !== 'generating' || !state.generationId) continue;
      await tests.finishGeneration(db, testId, platform, state.generationId, compile(test, platform));
    }
  }

  return {
    /** Queues the generation of a test whose platforms were marked `generating`. */
    enqueue(orgId: string, testId: string): void {
      queue
        .add(() => run(orgId, testId))
        .catch((e: unknown) => {
          // Left `generating`: the next start-up resumes it.
          console.error(`generation of ${testId} failed:`, e);
        });
    },
    /** Re-queues generations a stopped process left unfinished. */
    async resume(): Promise<number> {
      const unfinished = await tests.listUnfinishedGenerations(db);
      for (const t of unfinished) this.enqueue(t.orgId, t.id);
      return unfinished.length;
    },
    /** Resolves when nothing is queued or running (tests and shutdown). */
    idle: () => queue.onIdle(),
  };
}

export type Generator = ReturnType<typeof createGenerator>;
