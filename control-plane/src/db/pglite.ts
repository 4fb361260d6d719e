import { Worker } from 'node:worker_threads';
import { assertStorable } from './guard.js';
import type { Db, Sql } from './types.js';

const ANALYZE_EVERY_MS = 60_000; // autovacuum_naptime's default

/** Messages to and from pglite-worker.mjs. */
type Request = { op: 'query'; text: string; params: unknown[] } | { op: 'close' };
type Reply = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/** An error from the embedded database, carrying PostgreSQL's SQLSTATE like the `postgres` driver's. */
export class PgliteError extends Error {
  constructor(message: string, readonly code?: string) {
    super(message);
    this.name = 'PgliteError';
  }
}

/**
 * Embedded PostgreSQL (WASM) in a worker thread. `dataDir` undefined means in memory
 * (tests). Running it off the main thread keeps its large heap out of the HTTP
 * server's isolate: in the same isolate, streaming a 1 GiB upload cost about 2.5 s
 * more (frequent full GCs; docs/benchmarks.md), and every query blocked the event loop.
 *
 * PGlite runs one statement at a time; like PGlite's own transaction(), a transaction
 * here holds every other caller until it ends, so transactions are fully serialised.
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  worker.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiter) return;
    if ('error' in reply) waiter.reject(new PgliteError(reply.error.message, reply.error.code));
    else waiter.resolve(reply.rows);
  });
  const fail = (e: Error) => {
    failure = e;
    for (const w of pending.values()) w.reject(e);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`embedded database thread exited (${code})`)));

  const send = (req: Request) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (failure) return reject(failure);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...req, id });
    });
  const run: Sql = {
    async query<T>(text: string, params: readonly unknown[] = []) {
      assertStorable(params);
      return (await send({ op: 'query', text, params: [...params] })) as T[];
    },
  };

  // One caller at a time while a transaction is open: a queue of turns.
  let turn: Promise<void> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = turn.then(fn);
    turn = result.then(
      () => {},
      () => {},
    );
    return result;
  };

  await run.query('SELECT 1'); // surfaces a failed start here rather than on first use
  // PGlite has no autovacuum, so without this the planner never gets statistics and
  // a page of GET /tests reads every test of the organisation: 14-19 ms instead of
  // 0.3 ms at 10,000 tests (docs/benchmarks.md). A real server's autovacuum checks as often.
  const analyze = setInterval(() => void exclusive(() => run.query('ANALYZE')).catch(() => {}), ANALYZE_EVERY_MS);
  analyze.unref();

  return {
    kind: 'pglite',
    query: (text, params) => exclusive(() => run.query(text, params)),
    transaction: (fn) =>
      exclusive(async () => {
        await run.query('BEGIN');
        try {
          const result = await fn(run);
          await run.query('COMMIT');
          return result;
        } catch (e) {
          await run.query('ROLLBACK').catch(() => {});
          throw e;
        }
      }),
    close: async () => {
      clearInterval(analyze);
      await exclusive(() => send({ op: 'close' })).catch(() => {});
      await worker.terminate();
    },
  };
}
