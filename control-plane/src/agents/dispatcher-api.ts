/**
 * What the HTTP routes need from the dispatcher (agents/dispatcher.ts): a nudge when
 * there is new work, and a way to stop jobs that agents are running.
 */
export interface DispatcherApi {
  /** New pending tests (or a freed device): match them to idle devices now. */
  wake(): void;
  /** Asks the agents running these jobs to stop them; their results arrive as usual. */
  cancel(jobIds: readonly string[], reason: string): void;
}
