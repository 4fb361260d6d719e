/**
 * The webhook worker at rest: with nothing pending it looks for work every WEBHOOK_POLL_MS,
 * not in a loop. `GREATEST(0, NULL)` is 0 in SQL, so "nothing pending" once read as "due
 * now" and an idle control plane spent about half a core claiming nothing (hundreds of
 * statements a second on each replica).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/index.js';
import { msUntilNextDue } from '../src/webhooks/transitions/claim.js';
import { createDeliveryWorker } from '../src/webhooks/worker.js';
import { freshDatabase, seedOrg, type Org } from './harness.js';

let db: Db;
let drop: () => Promise<void>;
let org: Org;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  org = await seedOrg(db);
  await db.query(`INSERT INTO webhooks (id, org_id, url, events, secret) VALUES ('whk_idle', $1, 'https://hooks.example/x', '{run.completed}', 'whsec_x')`, [org.id]);
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
    let looks = 0;
    const counting: Db = {
      ...db,
      async query<T>(text: string, params?: readonly unknown[]) {
        if (text.includes('FROM webhook_deliveries')) looks += 1;
        return db.query<T>(text, params);
      },
    };
    const config = loadConfig({ WEBHOOK_POLL_MS: '60000' });
    const worker = createDeliveryWorker(counting, config);
    await worker.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await worker.stop();
    // The start's claim and its "when next" question; the next look is 60 s away.
    expect(looks).toBeLessThanOrEqual(2);
  });
});
