// --concurrency <n|auto|off> of validate, export and import: how many worker threads check or convert the
// inputs. `off` (the default) works in the main thread; a number is that many workers; `auto` takes as many
// as the machine has cores, but only when there are enough inputs to pay for starting them.
// (The flag's parser is in concurrency-flag.ts: worker threads load this file, and not commander.)
import { availableParallelism } from 'node:os';

export type Concurrency = number | 'auto' | 'off';

/**
 * A worker costs about as much to start (loading the checks into a fresh thread, 60-100 ms of CPU here) as
 * checking a few hundred files: below this many inputs a worker per core, `auto` stays in this thread.
 */
const AUTO_INPUTS_PER_THREAD = 200;

/** The worker threads for `inputs` inputs; 0 means none: the work stays in the main thread. */
export function workerThreadsFor(concurrency: Concurrency | undefined, inputs: number): number {
  if (concurrency === undefined || concurrency === 'off' || inputs < 2) return 0;
  if (concurrency !== 'auto') return Math.min(concurrency, inputs);
  const threads = Math.min(availableParallelism(), Math.floor(inputs / AUTO_INPUTS_PER_THREAD));
  return threads >= 2 ? threads : 0;
}
