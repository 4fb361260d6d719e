/**
 * The delivery worker: claims due deliveries (up to WEBHOOK_CONCURRENCY in flight),
 * signs and sends each, and records the outcome: delivered, retry later with
 * backoff, given up after the last attempt, or the endpoint disabled on 410. It
 * looks for work when enqueueing hints at some (wake/channels.ts), when a retry comes due,
 * and every WEBHOOK_POLL_MS as the fallback. Everything it knows is in the database:
 * a process killed at any moment loses nothing (a claim it held is taken again when
 * its lease runs out, and sent with the same webhook-id).
 */
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { deliveriesDue } from '../wake/channels.js';
import { retryDelayMs } from './backoff.js';
import type { AttemptOutcome } from './deliveries.js';
import { renderBody } from './payload.js';
import { postSigned } from './sender.js';
import { signatureHeaders } from './signer.js';
import { type ClaimedDelivery, claimDeliveries, msUntilNextDue } from './transitions/claim.js';
import { disableOnGone } from './transitions/disable.js';
import { giveUpDelivery } from './transitions/give-up.js';
import { retryDeliveryLater } from './transitions/retry-later.js';
import { succeedDelivery } from './transitions/succeed.js';

export interface DeliveryWorker {
  start(): Promise<void>;
  /** No more claims; resolves once the attempts in flight have been recorded. */
  stop(): Promise<void>;
  /** Looks for due deliveries now. */
  kick(): void;
}

export function createDeliveryWorker(db: Db, config: Pick<Config, 'baseUrl' | 'appUrl' | 'webhooks'>): DeliveryWorker {
  const settings = config.webhooks;
  // A sender is cut off by its timeout long before its lease ends; the margin covers recording the outcome.
  const leaseSeconds = Math.ceil(settings.timeoutMs / 1000) + 30;
  const inFlight = new Set<Promise<void>>();
  let stopped = true;
  let pumping = false;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  const cleanups: Array<() => unknown> = [];
  const logged = (what: string) => (e: unknown) => console.error(`webhooks: ${what} failed:`, e);

  let pumped: Promise<void> = Promise.resolve();

  /** Only kick() calls it, never while it runs. */
  async function pump(): Promise<void> {
    if (stopped) return;
    pumping = true;
    try {
      do {
        again = false;
        const free = settings.concurrency - inFlight.size;
        // All slots busy: a slot freed later looks again (track). Not scheduling here, as a due
        // delivery would make the next look immediate, and that look find the slots still busy.
        if (free <= 0) return;
        const claimed = await claimDeliveries(db, free, leaseSeconds);
        for (const d of claimed) track(deliver(d).catch(logged(`delivery ${d.eventId} to ${d.webhookId}`)));
      } while (again && !stopped);
      await scheduleNext();
    } finally {
      pumping = false;
    }
    if (again) kick(); // a hint that arrived while the next look was being scheduled
  }

  function track(p: Promise<void>) {
    inFlight.add(p);
    void p.finally(() => {
      inFlight.delete(p);
      kick();
    });
  }

  /** The next look: when the soonest retry is due, and at the latest after WEBHOOK_POLL_MS. */
  async function scheduleNext() {
    const dueIn = await msUntilNextDue(db);
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(kick, Math.min(dueIn ?? settings.pollMs, settings.pollMs));
    timer.unref();
  }

  async function deliver(d: ClaimedDelivery): Promise<void> {
    let outcome: AttemptOutcome;
    try {
      const body = renderBody(config, d);
      outcome = await postSigned(d.url, signatureHeaders(d.secret, d.eventId, body, new Date()), body, settings);
    } catch (e) {
      outcome = { responseStatus: null, error: `not sent: ${(e as Error).message}`, durationMs: 0 };
    }
    const status = outcome.responseStatus;
    if (status !== null && status >= 200 && status < 300) await succeedDelivery(db, d, outcome);
    else if (status === 410) await disableOnGone(db, d, outcome);
    else if (d.attempt >= settings.maxAttempts) await giveUpDelivery(db, d, outcome);
    else await retryDeliveryLater(db, d, outcome, retryDelayMs(d.attempt, settings.retryBaseMs));
  }

  function kick() {
    if (pumping) {
      again = true; // a hint while claiming: look once more afterwards
      return;
    }
    pumped = pump().catch(logged('claim'));
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      cleanups.push(await deliveriesDue.subscribe(db, kick));
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const cleanup of cleanups.splice(0)) await cleanup();
      await pumped; // a claim under way finishes before the database may close
      await Promise.allSettled([...inFlight]);
    },
    kick,
  };
}
