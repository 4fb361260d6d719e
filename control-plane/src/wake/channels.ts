/**
 * The control plane's wake-up channels (wake.ts), one per kind of waiting worker. Channel names
 * are what replicas NOTIFY on, so they stay as they are across versions.
 */
import { wakeChannel } from './wake.js';

/**
 * For the dispatchers (agents/dispatcher.ts): "there is work" (a new run, an attempt back in the
 * queue) for every replica, and "cancel this job" for the replica that holds the agent's socket.
 * The reaper's sweep every SWEEP_MS is the fallback.
 */
export type DispatchWake = { kind: 'work' } | { kind: 'cancel'; replicaId: string; agentId: string; jobId: string; reason: string };

export const dispatchWake = wakeChannel<DispatchWake>('devicelab_wake', (e): e is DispatchWake => {
  const v = e as Partial<Record<string, unknown>>;
  if (v.kind === 'work') return true;
  return v.kind === 'cancel' && [v.replicaId, v.agentId, v.jobId, v.reason].every((f) => typeof f === 'string');
});

/**
 * For the webhook delivery workers (webhooks/worker.ts): deliveries were enqueued, sent inside
 * the run transition's transaction (webhooks/outbox.ts). Polling every WEBHOOK_POLL_MS is the fallback.
 */
export type DeliveriesDue = Record<string, never>;

export const deliveriesDue = wakeChannel<DeliveriesDue>('devicelab_webhooks', (e): e is DeliveriesDue => true);
