/**
 * Longest files first, whatever their project: the suite's wall time is the pool's makespan,
 * and a long file (a quickstart run, the end-to-end suites) that starts last leaves the other
 * workers idle at the end. Vitest itself orders by the durations cached in node_modules, which
 * a fresh clone (CI) does not have; there it fell back to the projects in name order and the
 * files within them in no useful order. scripts/test-durations.json holds the durations of
 * a CI run's files of 3 s or more; the files not in it (shorter ones, or new) fill in last.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const known: Record<string, number> = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8')).seconds;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = (f: TestSpecification) => known[`${f.project.name}:${relative(f.project.config.root, f.moduleId)}`] ?? 0;
    return [...files].sort((a, b) => {
      const [sa, sb] = [seconds(a), seconds(b)];
      return sa === sb ? 0 : sb > sa ? 1 : -1;
    });
  }
}
