// What validate, export and import share over many inputs: progress on stderr when a person watches a
// terminal (ink, loaded only then), nothing otherwise, so stdout stays byte-identical.
import { isCi } from '../util/ci.js';
import { sayThrough } from './report.js';

export interface Progress {
  tick(item: string): void;
  /** A line above the bar (a problem found on the way). */
  log(line: string): void;
  /** Replaces the bar by a summary table (label → value). */
  finish(summary: Array<[string, string | number]>): void;
}

const none: Progress = { tick() {}, log: (line) => void process.stderr.write(line + '\n'), finish() {} };

export async function openProgress(label: string, total: number): Promise<Progress> {
  if (total <= 1 || process.stderr.isTTY !== true || isCi()) return none;
  const { inkProgress } = await import('./ui/progress.js');
  return inkProgress(label, total);
}

/** Runs `one` over every input in order; problems print through the bar. Exit code 1 if any failed. */
export async function runBatch<T extends { name: string }>(label: string, verb: string, inputs: T[], one: (input: T) => Promise<boolean>): Promise<number> {
  const bar = await openProgress(label, inputs.length);
  sayThrough((line) => bar.log(line));
  let failed = 0;
  for (const input of inputs) {
    if (!(await one(input))) failed++;
    bar.tick(input.name);
  }
  bar.finish([
    ['files', inputs.length],
    [verb, inputs.length - failed],
    ['failed', failed],
  ]);
  return failed > 0 ? 1 : 0;
}
