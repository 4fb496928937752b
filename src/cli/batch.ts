// What validate, export and import share over many inputs: progress on stderr when a person watches a
// terminal (ink, loaded only then), nothing otherwise, so stdout stays byte-identical.
import { takesLiveView } from '../util/ci.js';
import { errorText } from './error-text.js';
import type { OutputFolders } from './outputs.js';
import type { Progress } from './progress.js';
import { problemLine } from './report.js';
import { lineWriter, type Terminal } from './terminal.js';
import { UsageError } from './usage-error.js';

const noProgress = (terminal: Terminal): Progress => ({ tick() {}, log: lineWriter(terminal.stderr), finish() {} });

export async function openProgress(label: string, total: number, terminal: Terminal): Promise<Progress> {
  const stream = terminal.stderr.isTTY ? terminal.stderr.stream : undefined;
  if (total <= 1 || !stream || !takesLiveView(terminal.env)) return noProgress(terminal);
  const { inkProgress } = await import('./ui/progress.js');
  return inkProgress(label, total, { stream, env: terminal.env });
}

export interface BatchOptions {
  terminal: Terminal;
  /** No progress bar (--quiet). */
  quiet?: boolean;
  /** The folders the batch's writes went into, fsynced once, at the end. */
  outputs?: OutputFolders;
}

/**
 * Runs `one` over every input in order; what it reports (`reportLine`) prints through the bar, above it. An input that throws is one
 * failure, reported as `<name>: error: <reason>`, and the others still run; only a UsageError stops the
 * batch (exit 2). Exit code 1 if any failed.
 */
export async function runBatch<T extends { name: string }>(
  label: string,
  verb: string,
  inputs: T[],
  one: (input: T, reportLine: (line: string) => void) => Promise<boolean>,
  { terminal, quiet = false, outputs }: BatchOptions,
): Promise<number> {
  const bar = quiet ? noProgress(terminal) : await openProgress(label, inputs.length, terminal);
  const reportLine = (line: string) => bar.log(line);
  let failed = 0;
  for (const input of inputs) {
    let ok: boolean;
    try {
      ok = await one(input, reportLine);
    } catch (err) {
      if (err instanceof UsageError) {
        bar.finish([]);
        throw err;
      }
      reportLine(problemLine(input.name, 'error', errorText(err, { file: input.name, cwd: terminal.cwd })));
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
