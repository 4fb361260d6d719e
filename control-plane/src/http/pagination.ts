import { badRequest } from '../errors.js';

/**
 * Keyset pagination on a table's `seq`. Cursors are opaque to clients: base64url of
 * a per-resource tag and the last row's seq, so a tests cursor is refused by /runs.
 */
export function seqCursor(tag: string) {
  const pattern = new RegExp(`^${tag}:(\\d{1,18})$`);
  return {
    encode: (seq: string) => Buffer.from(`${tag}:${seq}`).toString('base64url'),
    decode(cursor: string): string {
      const match = pattern.exec(Buffer.from(cursor, 'base64url').toString());
      if (!match) throw badRequest('invalid cursor: pass nextCursor from a previous page unchanged');
      return match[1]!;
    },
    /**
     * One page for a list request: `fetch` gets the decoded cursor's seq and one more
     * row than asked (the extra row tells whether another page exists).
     */
    async page<T extends { seq: string }>(
      q: { cursor?: string; limit: number },
      fetch: (seq: string | undefined, limit: number) => Promise<T[]>,
    ): Promise<{ page: T[]; nextCursor: string | null }> {
      const rows = await fetch(q.cursor === undefined ? undefined : this.decode(q.cursor), q.limit + 1);
      return pageOf(rows, q.limit, this.encode);
    },
  };
}

/** Rows were fetched with limit + 1: the page, and the cursor of the next one (null on the last). */
export function pageOf<T extends { seq: string }>(
  rows: T[],
  limit: number,
  encode: (seq: string) => string,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encode(page[page.length - 1]!.seq) : null };
}
