import type { Platform } from '@devicelab/shared';
import type { FieldError } from '../errors.js';
import type { CandidateTest } from './run-queries.js';

/**
 * The tests of a run (docs/architecture.md#execute-rules): testIds in the order sent, then every test
 * having one of `tags` in library order, each test once.
 */
export function orderSelection(
  candidates: readonly CandidateTest[],
  testIds: readonly string[],
  tags: readonly string[],
): { tests: CandidateTest[]; unknownIds: string[] } {
  const byId = new Map(candidates.map((t) => [t.id, t]));
  const chosen = new Map<string, CandidateTest>();
  const unknownIds: string[] = [];
  for (const id of testIds) {
    const test = byId.get(id);
    if (!test) {
      if (!unknownIds.includes(id)) unknownIds.push(id);
    } else {
      chosen.set(id, test);
    }
  }
  const wanted = new Set(tags);
  for (const test of candidates) {
    if (!chosen.has(test.id) && test.tags.some((tag) => wanted.has(tag))) chosen.set(test.id, test);
  }
  return { tests: [...chosen.values()], unknownIds };
}

/** Why a test cannot run on a platform, in words a CI log reader can act on; null when it can. */
export function whyNotRunnable(test: CandidateTest, platform: Platform): string | null {
  const a = test.automation[platform];
  switch (a?.status) {
    case 'ready':
      return null;
    case 'generating':
      return 'its automation is still being written (generating); retry when GET /tests shows it runnable';
    case 'failed':
      return (
        `writing its automation failed${a.failedCommandIndex === undefined ? '' : ` at command ${a.failedCommandIndex}`}` +
        `${a.reason ? `: ${a.reason}` : ''}`
      );
    case 'stale':
      return 'its commands changed after its automation was written; generate it again with POST /tests/generate';
    default:
      return 'it has no automation; generate it with POST /tests/generate';
  }
}

/** The refusal of a test not ready on the run's platform (docs/api.md#runs), naming every test that cannot run; null when all can. */
export function notRunnableError(tests: readonly CandidateTest[], platform: Platform): { detail: string; errors: FieldError[] } | null {
  const errors: FieldError[] = [];
  for (const test of tests) {
    const why = whyNotRunnable(test, platform);
    if (why !== null) errors.push({ path: test.id, message: `"${test.title}": ${why}` });
  }
  if (errors.length === 0) return null;
  const generating = tests.filter((t) => t.automation[platform]?.status === 'generating').map((t) => t.id);
  const listed = errors
    .slice(0, 10)
    .map((e) => `${e.path} (${e.message})`)
    .join('; ');
  const more = errors.length > 10 ? `; and ${errors.length - 10} more` : '';
  const still = generating.length > 0 ? ` Still being written: ${generating.join(', ')}.` : '';
  return { detail: `${errors.length} test(s) not runnable on ${platform}: ${listed}${more}.${still}`, errors };
}
