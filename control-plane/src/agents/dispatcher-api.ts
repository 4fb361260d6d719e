/**
 * What the HTTP routes need from the dispatcher (agents/dispatcher.ts): a nudge when
 * there is new work, and a way to stop attempts that agents hold.
 */
import type { HeldAttempt } from '../runs/transitions/cancel.js';

export interface DispatcherApi {
  /** New pending attempts: match them to idle devices now, on every replica. */
  wake(): void;
  /** Asks the agents holding these attempts to stop them (through their replicas); their results arrive as usual. */
  cancel(held: readonly HeldAttempt[], reason: string): void;
}
