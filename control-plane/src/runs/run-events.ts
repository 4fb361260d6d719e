/**
 * What the run lifecycle announces: a test got its verdict, a run ended. The transitions
 * (transitions/*.ts) publish here inside their own transaction, so whoever listens records
 * the event with the state change or not at all; runs/ knows nothing of its listeners.
 * The webhooks' outbox (webhooks/outbox.ts) is one, subscribed by createServices
 * (services.ts); docs/architecture.md#webhooks says why the outbox needs the transaction.
 */
import type { Sql } from '../db/index.js';

export interface RunEventSink {
  /** Attempts that may have just got their verdict (the sink picks those that did). */
  testsFinished(tx: Sql, attemptIds: readonly string[]): Promise<void>;
  /** Runs that may have just ended, completed or cancelled. */
  runsEnded(tx: Sql, runIds: readonly string[]): Promise<void>;
}

// Process-wide: every control plane of a process (tests run several) announces to the same sinks,
// which write only to the transaction they are handed.
const sinks: RunEventSink[] = [];

export function subscribeRunEvents(sink: RunEventSink): void {
  if (!sinks.includes(sink)) sinks.push(sink);
}

export async function announceTestsFinished(tx: Sql, attemptIds: readonly string[]): Promise<void> {
  for (const sink of sinks) await sink.testsFinished(tx, attemptIds);
}

export async function announceRunsEnded(tx: Sql, runIds: readonly string[]): Promise<void> {
  for (const sink of sinks) await sink.runsEnded(tx, runIds);
}
