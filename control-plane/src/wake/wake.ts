/**
 * The control plane's one wake mechanism (docs/architecture.md#replicas): small hints, never
 * state, on named channels. A hint reaches every subscriber in this process at once (one
 * process-wide emitter: a sender deep inside a run transition holds only its transaction, and
 * tests run several control planes in one process) and the other replicas as a PostgreSQL NOTIFY,
 * heard on a LISTEN connection the driver re-opens after a loss. Embedded PGlite is one process:
 * the in-process delivery is all there is. Every user keeps a polling fallback for a hint lost
 * on the way, so a hint may be dropped or heard twice but never carries anything that matters.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { Db, Sql } from '../db/index.js';

/**
 * Tells this process's own NOTIFYs apart (it heard them in-process already); the pid in it lets
 * an onlooker see which process sent a hint (scripts/bench/dispatch-replicas.ts).
 */
export const WAKE_SENDER = `${hostname()}/${process.pid}/${randomUUID()}`;

const local = new EventEmitter();
local.setMaxListeners(0); // a few per control plane; tests run several in one process

export interface WakeChannel<E> {
  readonly name: string;
  /** Now, outside any transaction: this process at once, the other replicas through NOTIFY. */
  publish(db: Db, event: E): void;
  /**
   * Inside the transaction `tx` that made the work: the NOTIFY goes out if and when it commits.
   * This process hears it twice: at once (on PGlite its readers wait while the transaction is
   * open, so their look comes after the commit) and, on PostgreSQL, after the commit through its
   * own LISTEN, when the work is there to be seen.
   */
  publishInTransaction(tx: Sql, event: E): Promise<void>;
  /** Hears this process's hints and the other replicas'; resolves once the LISTEN is in place, with the function that stops. */
  subscribe(db: Db, handler: (event: E) => void): Promise<() => Promise<void>>;
}

/** `isEvent` checks what arrives from other processes (a channel is a name anyone may NOTIFY on). */
export function wakeChannel<E extends object>(name: string, isEvent: (value: object) => value is E): WakeChannel<E> {
  const deliver = (event: E) => queueMicrotask(() => local.emit(name, event));
  const encode = (event: E, from: string | null) => JSON.stringify({ ...event, from });

  return {
    name,
    publish(db, event) {
      deliver(event);
      db.pubsub?.notify(name, encode(event, WAKE_SENDER)).catch((e: unknown) => {
        console.warn(`wake-up on ${name} not sent (polling will catch up): ${(e as Error).message}`);
      });
    },
    async publishInTransaction(tx, event) {
      // No sender: this process's own LISTEN must act on it too, after the commit.
      await tx.query('SELECT pg_notify($1, $2)', [name, encode(event, null)]);
      deliver(event);
    },
    async subscribe(db, handler) {
      local.on(name, handler);
      const unlisten = db.pubsub
        ? await db.pubsub.listen(name, (payload) => {
            const heard = decode(payload);
            if (heard && heard.from !== WAKE_SENDER && isEvent(heard.event)) handler(heard.event);
          })
        : null;
      return async () => {
        local.off(name, handler);
        await unlisten?.().catch(() => {});
      };
    },
  };
}

function decode(payload: string): { from: unknown; event: object } | null {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { from, ...event } = parsed as { from?: unknown };
    return { from, event };
  } catch {
    return null; // not ours
  }
}
