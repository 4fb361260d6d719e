/**
 * The outcomes `devicelab run` maps to exit codes. A CI job branches on them, so each
 * kind of trouble has its own class rather than a message to parse.
 */
export const EXIT = {
  /** Every test succeeded (or, with --async, the run started). */
  ok: 0,
  /** A test failed or was blocked, or the run was cancelled. */
  testsFailed: 1,
  /** A usage error, or a request the service refused (its detail is printed). */
  refused: 2,
  /** Timed out waiting, or the service could not be reached. */
  unreachable: 3,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Bad flags or environment: nothing was sent. */
export class UsageError extends Error {}

/** A 4xx other than 429: asking again cannot help. */
export class RefusedError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`the service refused the request (HTTP ${status}): ${detail}`);
  }
}

/** Network errors, 5xx or 429 that outlasted every retry (or the deadline). */
export class UnreachableError extends Error {}

export function exitCodeOf(err: unknown): ExitCode | undefined {
  if (err instanceof UsageError || err instanceof RefusedError) return EXIT.refused;
  if (err instanceof UnreachableError) return EXIT.unreachable;
  return undefined;
}
