/** The parts of GET /runs/{id} that `devicelab run` reads (docs/api.md#runs). */
export interface ResultEntry {
  id: string;
  title: string;
  status: 'pending' | 'running' | 'succeeded' | 'failed' | 'blocked';
  recording: string;
  interactionLogs: string;
  statusMessage: string | null;
  platform: 'android' | 'ios';
  device: string | null;
  startedAt: string | null;
  durationSeconds: number | null;
}

export interface Run {
  runId: string;
  status: 'running' | 'completed' | 'cancelled';
  trigger: string;
  platform: 'android' | 'ios';
  buildId: string | null;
  createdAt: string;
  finishedAt: string | null;
  totalTests: number;
  pendingTests: number;
  succeededTests: ResultEntry[];
  failedTests: ResultEntry[];
  blockedTests: ResultEntry[];
}

export const isFinished = (run: Run) => run.status !== 'running';

/** Every test with a verdict, in the order the run lists them. */
export const verdicts = (run: Run): ResultEntry[] => [...run.succeededTests, ...run.failedTests, ...run.blockedTests];

/** 0 only when every test succeeded and the run was not cancelled. */
export const allSucceeded = (run: Run) =>
  run.status === 'completed' && run.failedTests.length === 0 && run.blockedTests.length === 0 && run.succeededTests.length === run.totalTests;
