/**
 * Starts `task` for every item, at most `limit` at a time and in order, and hands back each item's
 * promise at once: awaiting them one by one (a progress bar, a report in input order) then keeps the
 * order while the work overlaps. A rejection belongs to whoever awaits that item's promise.
 */
export function startBounded<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Map<T, Promise<R>> {
  // Each item's settle functions, by its index in `items` (the executor below runs at once, in order).
  const settle: Array<{ resolve(value: R): void; reject(err: unknown): void }> = [];
  const results = new Map<T, Promise<R>>();
  for (const item of items) {
    const promise = new Promise<R>((resolve, reject) => {
      settle.push({ resolve, reject });
    });
    promise.catch(() => {}); // not unhandled while it waits for its turn to be awaited
    results.set(item, promise);
  }
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]).then(settle[index].resolve, settle[index].reject);
    }
  };
  for (let i = 0; i < Math.min(limit, items.length); i++) void worker();
  return results;
}
