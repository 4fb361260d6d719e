/**
 * The one wake mechanism (control-plane/src/wake/wake.ts) on the database it runs on: a hint
 * reaches this process's subscribers once, another replica (here a second LISTEN of its own,
 * standing for another process) through NOTIFY, and a hint sent inside a transaction only if
 * that transaction commits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.js';
import { WAKE_SENDER, wakeChannel } from '../src/wake/wake.js';
import { backend, freshDatabase } from './harness.js';

type Ping = { n: number };
const isPing = (e: object): e is Ping => typeof (e as { n?: unknown }).n === 'number';

let db: Db;
let drop: () => Promise<void>;
let channelCount = 0;
/** A channel of its own per test: hints of one test never reach another's subscriber. */
const freshChannel = () => wakeChannel<Ping>(`devicelab_wake_test_${process.pid}_${channelCount++}`, isPing);

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(() => drop());

/** A subscriber that keeps what it hears. */
async function collector(channel: ReturnType<typeof freshChannel>) {
  const heard: Ping[] = [];
  const stop = await channel.subscribe(db, (e) => heard.push(e));
  return { heard, stop };
}

/** Resolves once every NOTIFY sent before it has been heard (on PGlite: once queued microtasks ran). */
async function settled(): Promise<void> {
  if (!db.pubsub) return new Promise((r) => setTimeout(r, 0));
  // A marker NOTIFY on a channel of its own, sent after everything before it: once it is heard, so is all that came first.
  const marker = `devicelab_wake_marker_${process.pid}`;
  let unlisten: (() => Promise<void>) | null = null;
  await new Promise<void>((resolve, reject) => {
    db.pubsub!.listen(marker, () => resolve())
      .then((u) => {
        unlisten = u;
        return db.pubsub!.notify(marker, '');
      })
      .catch(reject);
  });
  await (unlisten as (() => Promise<void>) | null)?.();
}

describe(`wake-ups (${backend})`, () => {
  it('delivers a hint to every subscriber of this process once, and none after it stopped', async () => {
    const channel = freshChannel();
    const a = await collector(channel);
    const b = await collector(channel);
    channel.publish(db, { n: 1 });
    await settled();
    expect(a.heard).toEqual([{ n: 1 }]); // its own NOTIFY, heard back on PostgreSQL, is not a second delivery
    expect(b.heard).toEqual([{ n: 1 }]);
    await a.stop();
    channel.publish(db, { n: 2 });
    await settled();
    expect(a.heard).toEqual([{ n: 1 }]);
    expect(b.heard).toEqual([{ n: 1 }, { n: 2 }]);
    await b.stop();
  });

  it('hears the other replicas, and ignores what is not an event of the channel', async () => {
    const channel = freshChannel();
    const { heard, stop } = await collector(channel);
    if (db.pubsub) {
      await db.pubsub.notify(channel.name, JSON.stringify({ n: 7, from: 'another-host/1/x' }));
      await db.pubsub.notify(channel.name, JSON.stringify({ n: 8, from: WAKE_SENDER })); // an echo of our own
      await db.pubsub.notify(channel.name, JSON.stringify({ kind: 'work', from: 'another-host/1/x' }));
      await db.pubsub.notify(channel.name, 'not json');
    }
    await settled();
    expect(heard).toEqual(db.pubsub ? [{ n: 7 }] : []);
    await stop();
  });

  it('sends a hint made inside a transaction to the other replicas only when it commits', async () => {
    const channel = freshChannel();
    const { heard, stop } = await collector(channel);
    const others: unknown[] = [];
    const unlisten = db.pubsub ? await db.pubsub.listen(channel.name, (p) => others.push(JSON.parse(p))) : null;

    await expect(
      db.transaction(async (tx) => {
        await channel.publishInTransaction(tx, { n: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction((tx) => channel.publishInTransaction(tx, { n: 2 }));
    await settled();

    if (db.pubsub) {
      expect(others).toEqual([{ n: 2, from: null }]);
      // This process: once at once (on PGlite that is all there is) and once after the commit, when the work can be seen.
      expect(heard).toEqual([{ n: 1 }, { n: 2 }, { n: 2 }]);
    } else {
      expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
    }
    await unlisten?.();
    await stop();
  });
});
