/**
 * Wake-ups between control-plane replicas (docs/architecture.md#replicas). Small hints, never
 * state: "there is work" (a new run, an attempt back in the queue) and "cancel this
 * job" for the replica that holds the agent's socket. On a real PostgreSQL server
 * they travel as NOTIFY on one channel, heard on a LISTEN connection the driver
 * re-opens after a loss; the reaper's sweep every SWEEP_MS is the polling fallback
 * for a hint lost meanwhile. Embedded PGlite is a single process: in-process events.
 */
import { EventEmitter } from 'node:events';
import type { Db } from '../db/index.js';

export const WAKE_CHANNEL = 'devicelab_wake';

export type WakeEvent = { kind: 'work' } | { kind: 'cancel'; replicaId: string; agentId: string; jobId: string; reason: string };

export interface WakeBus {
  /** Delivers to this replica at once and to the others through the database. */
  publish(event: WakeEvent): void;
  subscribe(handler: (event: WakeEvent) => void): void;
  /** Starts listening (real server only); resolves once the LISTEN is in place. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createWakeBus(db: Db, replicaId: string): WakeBus {
  const local = new EventEmitter();
  const deliver = (event: WakeEvent) => queueMicrotask(() => local.emit('wake', event));
  let unlisten: (() => Promise<void>) | null = null;
  const pubsub = db.pubsub;

  return {
    publish(event) {
      deliver(event);
      if (!pubsub) return;
      // The sender's id lets a replica skip its own echo.
      pubsub.notify(WAKE_CHANNEL, JSON.stringify({ from: replicaId, ...event })).catch((e: unknown) => {
        console.warn(`wake-up not sent (the sweep will catch up): ${(e as Error).message}`);
      });
    },
    subscribe(handler) {
      local.on('wake', handler);
    },
    async start() {
      if (!pubsub || unlisten) return;
      unlisten = await pubsub.listen(WAKE_CHANNEL, (payload) => {
        const event = parseWake(payload);
        if (event && event.from !== replicaId) deliver(event.event);
      });
    },
    async close() {
      local.removeAllListeners();
      if (unlisten) await unlisten().catch(() => {});
      unlisten = null;
    },
  };
}

function parseWake(payload: string): { from: string; event: WakeEvent } | null {
  try {
    const { from, ...event } = JSON.parse(payload) as WakeEvent & { from: string };
    if (typeof from !== 'string' || (event.kind !== 'work' && event.kind !== 'cancel')) return null;
    return { from, event };
  } catch {
    return null; // not ours
  }
}
