// Worker threads for the batch commands (`--concurrency`): a tinypool pool, loaded only when a run uses one,
// fed with chunks of the inputs so that one message carries many small tasks.

/** A pool of `threads` workers, each running the default export of `entry` on the tasks it is given. */
export interface WorkerPool {
  run<Result>(task: unknown): Promise<Result>;
  close(): Promise<void>;
}

export async function openWorkerPool(entry: URL, threads: number): Promise<WorkerPool> {
  const { Tinypool } = await import('tinypool');
  const pool = new Tinypool({ filename: entry.href, minThreads: threads, maxThreads: threads });
  return {
    run: <Result>(task: unknown) => pool.run(task) as Promise<Result>,
    close: () => pool.destroy(),
  };
}

/**
 * How many items one task carries: small enough that the threads finish together (about eight tasks per
 * thread), large enough that a message is not sent per item.
 */
function chunkSize(items: number, threads: number): number {
  return Math.max(1, Math.min(64, Math.ceil(items / (threads * 8))));
}

/**
 * Runs `items` in the pool, `chunkSize` of them a task (as `taskOf` builds it; the worker answers with one
 * result per item, in order), and hands back each item's promise at once, in the order of `items`.
 */
export function runInChunks<Item, Result>(
  pool: WorkerPool,
  items: readonly Item[],
  threads: number,
  taskOf: (chunk: Item[]) => unknown,
): Array<Promise<Result>> {
  const size = chunkSize(items.length, threads);
  const promises: Array<Promise<Result>> = [];
  for (let start = 0; start < items.length; start += size) {
    const chunk = items.slice(start, start + size);
    const answered = pool.run<Result[]>(taskOf(chunk));
    chunk.forEach((_, k) => {
      const one = answered.then((results) => results[k]);
      one.catch(() => {}); // not unhandled while it waits for its turn to be awaited
      promises.push(one);
    });
  }
  return promises;
}
