import { basename } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files of 12 s and more in a full run, slowest first. Without durations cached from an
 * earlier run (a fresh clone, as in CI) vitest starts the larger files first, and a small slow
 * file such as quickstart.test.ts (90 s) then started last, leaving one worker running it alone
 * at the end. Each project's files start with these, then vitest's own order.
 */
const SLOW_FIRST = [
  'quickstart',
  'e2e',
  'e2e-ios',
  'service-lifecycle',
  'devicelab-cli',
  'e2e-ios-tunnel',
  'replicas',
  'e2e-iphone-wda',
  'e2e-adb-server',
  'e2e-step-waits',
  'e2e-tunnels',
  'service',
  'pages-browser',
  'entry-points-help',
  'no-secrets-in-output',
  'load-balancer',
  'embedded-db',
  'late-artifact-uploads',
  'first-start',
  'tunnels-replicas',
  'webhooks',
  'agents',
  'jobs',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const project = new Map<string, number>();
    for (const f of sorted) if (!project.has(f.project.name)) project.set(f.project.name, project.size);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.indexOf(basename(f.moduleId, '.test.ts'));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, key: [project.get(f.project.name)!, rank(f), i] }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ f }) => f);
  }
}

// Unit tests live beside the code (`src/**/*.test.ts`) and need no database.
// Integration tests (`control-plane/test/**`) run against embedded PGlite and, when
// TEST_DATABASE_URL points at a real PostgreSQL server (scripts/test.mjs starts a
// throw-away one), a second time against it as the "postgres" project.
const exclude = ['**/node_modules/**'];
const units = [
  'control-plane/src/**/*.test.ts',
  'lab-agent/**/*.test.ts',
  'virtual-devices/**/*.test.ts',
  'shared/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const integration = ['control-plane/test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Most integration time is waiting (child processes, sockets, agents' steps), so three
    // workers on CI's two cores overlap those waits: the suite took 10.7 min with the default
    // one worker and 6.3 min with three on this machine.
    maxWorkers: 3,
    sequence: { sequencer: SlowFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: units, exclude } },
      { extends: true, test: { name: 'pglite', include: integration, exclude, env: { TEST_DATABASE_URL: '' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true,
              test: { name: 'postgres', include: integration, exclude, env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } },
            },
          ]
        : []),
    ],
  },
});
