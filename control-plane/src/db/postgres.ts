import postgres from 'postgres';
import { assertStorable } from './guard.js';
import type { Db, Sql } from './types.js';

/** A real PostgreSQL server through the `postgres` driver. */
export function openPostgres(url: string, options: { max?: number } = {}): Db {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Keep timestamps and bigints as the driver gives them; queries cast counts to int.
    prepare: true,
  });
  const wrap = (runner: postgres.Sql | postgres.TransactionSql): Sql => ({
    async query<T extends object>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      assertStorable(params);
      // The row type is the caller's word for what its SELECT returns, as on every driver.
      return await runner.unsafe<T[]>(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
    },
  });
  return {
    kind: 'postgres',
    ...wrap(sql),
    transaction: <T>(fn: (tx: Sql) => Promise<T>) => sql.begin((tx) => fn(wrap(tx))) as Promise<T>,
    close: () => sql.end({ timeout: 5 }),
    pubsub: {
      // The driver keeps one extra connection for LISTEN and re-subscribes after it reconnects.
      async listen(channel, onPayload) {
        const subscription = await sql.listen(channel, onPayload);
        return () => subscription.unlisten();
      },
      async notify(channel, payload) {
        await sql.notify(channel, payload);
      },
    },
  };
}
