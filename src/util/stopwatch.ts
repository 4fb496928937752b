// Elapsed milliseconds from process.hrtime (monotonic), for the timings a report gives: the `performance`
// global loads perf_hooks on first use, about 2 ms of every `wfe validate` start.

/** Starts timing now; each call of what it returns gives the milliseconds since. */
export function startStopwatch(): () => number {
  const start = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - start) / 1e6;
}
