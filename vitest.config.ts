import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/test-sequencer.js';

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
// Files that replace a module with vi.mock run in a module graph of their own: with the graph
// shared (isolate: false, below), a module evaluated against the mock (http-client.ts bound to a
// mocked address-guard.ts) stayed in the worker's cache, and a later file's requests to 127.0.0.1
// were sent where they must be refused (pre-requests.test.ts failed so in a CI run).
export const mocking = ['control-plane/src/requests/http-client.test.ts'];

export default defineConfig({
  test: {
    // Most integration time is waiting (child processes, sockets, agents' steps), so more
    // workers than CI's two cores overlap those waits. With three, a full run used 1.6 of the
    // two cores (`/usr/bin/time` of .ci/run: 1,028 CPU-s in 10.7 min); four fill more of them.
    maxWorkers: 4,
    // Files share their worker's modules: with a fresh module graph per file, evaluating the
    // control plane's modules again for each of the ~230 files (import, in vitest's summary) was
    // the largest part of the suite's CPU on CI's two cores. Every file starts its own servers,
    // databases and agents, and stops them, so nothing of a test's state outlives its file; on a
    // sample of 30 integration files this cut the CPU from 288 s to 162 s, all passing.
    isolate: false,
    // Loads adbkit before anything makes a bluebird promise (the file says why).
    setupFiles: ['./scripts/vitest-setup.ts'],
    // The longest files first, so none of them starts last (scripts/test-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests' limits (here, per test, and harness.ts's waits) allow a CI machine at half its usual speed:
    // the suite fills both cores, and on a slow day processes it starts (agents, control planes) took over 15 s to
    // take a test (e2e.test.ts), where a quiet machine takes 3. A limit only matters when something hangs.
    projects: [
      { extends: true, test: { name: 'unit', include: units, exclude: [...exclude, ...mocking] } },
      { extends: true, test: { name: 'unit-mocks', include: mocking, exclude, isolate: true } },
      {
        extends: true,
        test: { name: 'pglite', include: integration, exclude, env: { TEST_DATABASE_URL: '' }, testTimeout: 120_000, hookTimeout: 120_000 },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: integration,
                exclude,
                env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
                testTimeout: 120_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
