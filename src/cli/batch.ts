// What validate, export and import share over many inputs: progress on stderr when a person watches a
// terminal (ink, loaded only then), nothing otherwise, so stdout stays byte-identical.
import { isCi } from '../util/ci.js';
import { errorText } from './error-text.js';
import type { OutputFolders } from './outputs.js';
import type { Progress } from './progress.js';
import { problemLine, writeReportLine, writeReportLinesThrough } from './report.js';
import { UsageError } from './usage-error.js';

const none: Progress = { tick() {}, log: (line) => void process.stderr.write(line + '\n'), finish() {} };

export async function openProgress(label: string, total: number): Promise<Progress> {
  if (total <= 1 || process.stderr.isTTY !== true || isCi()) return none;
  const { inkProgress } = await import('./ui/progress.js');
  return inkProgress(label, total);
}

export interface BatchOptions {
  /** No progress bar (--quiet). */
  quiet?: boolean;
  /** The folders the batch's writes went into, fsynced once, at the end. */
  outputs?: OutputFolders;
}

/**
 * Runs `one` over every input in order; problems print through the bar. An input that throws is one
 * failure, reported as `<name>: error: <reason>`, and the others still run; only a UsageError stops the
 * batch (exit 2). Exit code 1 if any failed.
 */
export async function runBatch<T extends { name: string }>(
  label: string,
  verb: string,
  inputs: T[],
  one: (input: T) => Promise<boolean>,
  { quiet = false, outputs }: BatchOptions = {},
): Promise<number> {
  const bar = quiet ? none : await openProgress(label, inputs.length);
  writeReportLinesThrough((line) => bar.log(line));
  let failed = 0;
  for (const input of inputs) {
    let ok: boolean;
    try {
      ok = await one(input);
    } catch (err) {
      if (err instanceof UsageError) {
        bar.finish([]);
        throw err;
      }
      writeReportLine(problemLine(input.name, 'error', errorText(err, input.name)));
      ok = false;
    }
    if (!ok) failed++;
    bar.tick(input.name);
  }
  bar.finish([
    ['files', inputs.length],
    [verb, inputs.length - failed],
    ['failed', failed],
  ]);
  // The batch's writes left their folders' fsync to the end: the renames are durable once this returns.
  await outputs?.sync();
  return failed > 0 ? 1 : 0;
}
