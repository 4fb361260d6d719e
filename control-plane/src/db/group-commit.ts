/**
 * Group commit: writes that arrive while a batch is being written go together in the next
 * batch. A lone write goes at once; a burst (a lab's devices finishing together,
 * scripts/bench/lab-scale.ts) costs a few transactions instead of one each. `write` answers
 * one result per item, in order. When a batch fails, its items are written one by one, so only
 * the one the database refuses fails (and its sender retries it).
 */
export function groupCommit<I, O>(write: (batch: I[]) => Promise<O[]>, maxBatch: number): (item: I) => Promise<O> {
  interface Queued {
    item: I;
    resolve(out: O): void;
    reject(error: unknown): void;
  }
  const queue: Queued[] = [];
  let writing = false;

  async function writeBatch(batch: Queued[]): Promise<void> {
    let out: O[];
    try {
      out = await write(batch.map((q) => q.item));
    } catch (e) {
      if (batch.length === 1) return batch[0]!.reject(e);
      for (const one of batch) await writeBatch([one]);
      return;
    }
    for (const [i, q] of batch.entries()) q.resolve(out[i]!);
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch));
    } finally {
      writing = false;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
