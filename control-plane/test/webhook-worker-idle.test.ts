/**
 * The webhook worker at rest: with nothing pending it looks for work every WEBHOOK_POLL_MS,
 * not in a loop. `GREATEST(0, NULL)` is 0 in SQL, so "nothing pending" once read as "due
 * now" and an idle control plane spent about half a core claiming nothing (hundreds of
 * statements a second on each replica). Nor does it loop while every slot is busy and more
 * deliveries are due: it once scheduled an immediate look that found the slots still busy.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/index.js';
import { msUntilNextDue } from '../src/webhooks/transitions/claim.js';
import { createDeliveryWorker } from '../src/webhooks/worker.js';
import { freshDatabase, type Org, seedOrg } from './harness.js';

let db: Db;
let drop: () => Promise<void>;
let org: Org;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  org = await seedOrg(db);
  await db.query(
    `INSERT INTO webhooks (id, org_id, url, events, secret) VALUES ('whk_idle', $1, 'https://hooks.example/x', '{run.completed}', 'whsec_x')`,
    [org.id],
  );
});
afterAll(() => drop());
beforeEach(async () => {
  await db.query('DELETE FROM webhook_events');
});

async function pendingDelivery(eventId: string, dueInSeconds: number): Promise<void> {
  await db.query(`INSERT INTO webhook_events (id, org_id, type, data) VALUES ($1, $2, 'run.completed', '{}')`, [eventId, org.id]);
  await db.query(
    `INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at) VALUES ('whk_idle', $1, clock_timestamp() + make_interval(secs => $2))`,
    [eventId, dueInSeconds],
  );
}

/** A Db that counts the worker's looks (its claims and "when next" questions); everything else goes to the real one. */
function countingLooks(): { db: Db; looks: () => number } {
  let looks = 0;
  const query: Db['query'] = async (text, params) => {
    if (text.includes('FROM webhook_deliveries')) looks += 1;
    return db.query(text, params);
  };
  // A Proxy, not a spread: PostgreSQL's Db keeps transaction() and pubsub on its class.
  const counting = new Proxy(db, {
    get(target, prop) {
      if (prop === 'query') return query;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: counting, looks: () => looks };
}

describe('msUntilNextDue', () => {
  it('is null when nothing is pending, 0 when a delivery is overdue, and the wait until the next one otherwise', async () => {
    expect(await msUntilNextDue(db)).toBeNull();
    await pendingDelivery('msg_later', 60);
    const wait = await msUntilNextDue(db);
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    await pendingDelivery('msg_overdue', -30);
    expect(await msUntilNextDue(db)).toBe(0);
  });
});

describe('the delivery worker with nothing to deliver', () => {
  it('looks once at start, then at its polling interval, not in a loop', async () => {
    const { db: counting, looks } = countingLooks();
    const config = loadConfig({ WEBHOOK_POLL_MS: '60000' });
    const worker = createDeliveryWorker(counting, config);
    await worker.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await worker.stop();
    // The start's claim and its "when next" question; the next look is 60 s away.
    expect(looks()).toBeLessThanOrEqual(2);
  });
});

describe('the delivery worker with every slot busy and more deliveries due', () => {
  it('waits for a slot to free instead of looking again and again', async () => {
    // An endpoint that takes 600 ms to answer holds the only slot.
    const received: string[] = [];
    const slow = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      setTimeout(() => res.end('ok'), 600);
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook`;
    await db.query(
      `INSERT INTO webhooks (id, org_id, url, events, secret) VALUES ('whk_slow', $1, $2, '{test.finished}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')`,
      [org.id, url],
    );
    for (const id of ['msg_busy_1', 'msg_busy_2', 'msg_busy_3']) {
      const attempt = {
        runId: 'run_busy',
        orgId: org.id,
        testId: id,
        title: 'Busy',
        status: 'succeeded',
        statusMessage: null,
        platform: 'android',
        deviceLabel: null,
        startedAt: null,
        durationSeconds: null,
      };
      await db.query(`INSERT INTO webhook_events (id, org_id, type, data) VALUES ($1, $2, 'test.finished', $3)`, [id, org.id, attempt]);
      await db.query(
        `INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at) VALUES ('whk_slow', $1, clock_timestamp() - interval '1 second')`,
        [id],
      );
    }
    const { db: counting, looks } = countingLooks();
    const worker = createDeliveryWorker(
      counting,
      loadConfig({ WEBHOOK_POLL_MS: '60000', WEBHOOK_CONCURRENCY: '1', WEBHOOK_ALLOW_PRIVATE: '1' }),
    );
    await worker.start();
    while (received.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const whileBusy = looks();
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The slot is still busy: no look at all since the first delivery went out (the old code looked in a loop).
    expect(looks() - whileBusy).toBeLessThanOrEqual(1);
    expect(received).toHaveLength(1);
    // Each freed slot takes the next delivery.
    while (received.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await worker.stop();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
    expect(new Set(received).size).toBe(3);
  }, 30_000);
});
