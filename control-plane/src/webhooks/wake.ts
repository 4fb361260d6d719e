/**
 * Wake-ups for the delivery worker. Enqueueing happens deep inside run transitions
 * that hold only their transaction, so the hint has no address: a process-wide
 * emitter (every worker of this process looks; a needless look is one indexed read)
 * plus a NOTIFY sent in the same transaction, which PostgreSQL delivers to every
 * replica only if and when it commits. On PGlite the in-process hint suffices: its
 * queries wait while a transaction is open, so the worker's claim runs after commit.
 * Polling every WEBHOOK_POLL_MS remains the fallback for a hint lost on the way.
 */
import { EventEmitter } from 'node:events';
import type { Sql } from '../db/index.js';

export const WEBHOOK_CHANNEL = 'devicelab_webhooks';

const local = new EventEmitter();
local.setMaxListeners(0); // one per worker; tests run several control planes in one process

/** Call inside the transaction that enqueued deliveries. */
export async function hintDeliveries(tx: Sql): Promise<void> {
  await tx.query(`SELECT pg_notify('${WEBHOOK_CHANNEL}', '')`);
  queueMicrotask(() => local.emit('due'));
}

/** Returns the function that stops listening. */
export function onDeliveriesHinted(handler: () => void): () => void {
  local.on('due', handler);
  return () => local.off('due', handler);
}
