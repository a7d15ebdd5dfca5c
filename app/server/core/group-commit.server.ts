/**
 * A batch's failure after its commit (the sync that makes it durable, decision 065): every write of
 * the batch fails with it, and none is tried again, since they are written.
 */
export class BatchFailed extends Error {}

/** The most writes one transaction commits. */
const GROUP_COMMIT_MAX = 64;

/**
 * Group commit (decision 062): the writes asked for during one turn of the event loop are committed
 * together, in one transaction (one WAL sync instead of one each), at the end of that turn; writes
 * asked for while it commits wait for it and go together in the next. No added wait: a lone write is committed in the turn it was asked.
 * Each caller's promise settles only after the transaction holding its write has committed. A
 * batch that fails is tried again one write at a time, so one bad write fails alone, unless it
 * failed with BatchFailed.
 */
export function groupCommit<T, R>(write: (batch: readonly T[]) => Promise<R[]> | R[]): (item: T) => Promise<R> {
  const queue: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let running = false;
  async function commit(batch: typeof queue): Promise<void> {
    try {
      const results = await write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1 || error instanceof BatchFailed) return batch.forEach((waiting) => waiting.reject(error));
      for (const waiting of batch) await commit([waiting]);
    }
  }
  async function drain(): Promise<void> {
    while (queue.length > 0) await commit(queue.splice(0, GROUP_COMMIT_MAX));
    running = false;
  }
  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running) return;
      running = true;
      setImmediate(() => void drain());
    });
}
