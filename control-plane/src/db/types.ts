/** The tiny SQL surface every query module uses; both backends implement it. */
export interface Sql {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<T extends object = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction. Inside fn, use only `tx`: on PGlite a query on the outer Db would wait for the transaction forever. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL LISTEN/NOTIFY between processes sharing the database (replicas). Only
   * the real-server backend has it: embedded PGlite is one process, whose wake-ups
   * stay in-process (docs/architecture.md#storage).
   */
  pubsub?: {
    /** Calls `onPayload` for every notification on `channel`, on a connection that reconnects by itself. */
    listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
    notify(channel: string, payload: string): Promise<void>;
  };
}
