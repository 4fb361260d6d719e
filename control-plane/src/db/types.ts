/** The tiny SQL surface every query module uses; both backends implement it. */
export interface Sql {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction. Inside fn, use only `tx`: on PGlite a query on the outer Db would wait for the transaction forever. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
