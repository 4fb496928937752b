// Fork and join for the parallel Agent Spec nodes: every task runs under one group signal, at most
// `limit` at a time, and the results come back in task order. The first failure stops the others (the
// group signal aborts) and is what the join throws, once every started task has settled, so no nested
// run is left going when the node fails.

/** Tasks a ParallelFlowNode or ParallelMapNode runs at once unless its config says `maxConcurrency`. */
const DEFAULT_PARALLEL_LIMIT = 4;

export function parallelLimit(config: Record<string, unknown>): number {
  const configured = Number(config.maxConcurrency);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_PARALLEL_LIMIT;
}

export async function runJoined<T>(
  tasks: ReadonlyArray<(signal: AbortSignal) => Promise<T>>,
  options: { limit: number; signal: AbortSignal },
): Promise<T[]> {
  const group = new AbortController();
  const stop = () => group.abort();
  if (options.signal.aborted) group.abort();
  else options.signal.addEventListener('abort', stop, { once: true });
  const results: T[] = new Array<T>(tasks.length);
  let failure: { error: unknown } | undefined;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length && !group.signal.aborted) {
      const index = next++;
      try {
        results[index] = await tasks[index](group.signal);
      } catch (error) {
        failure ??= { error };
        group.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.limit, tasks.length) }, worker));
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
  if (failure) throw failure.error;
  return results;
}
