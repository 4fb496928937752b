// Which report goes where in `wfe validate`: each -o/--output names the file of the -f/--format given just
// before it on the command line; a format without one goes to stdout. So
// `-f stylish -f sarif -o wfe.sarif` writes SARIF to wfe.sarif and stylish to stdout.
import { resolve } from 'node:path';
import { realpath } from '../util/fs-calls.js';
import type { Command } from './commander.js';

export type ReportFlag = { flag: 'format' | 'output'; value: string };

export interface ReportTarget {
  format: string;
  /** undefined or '-': stdout. */
  output?: string;
}

/**
 * Records -f and -o in command-line order. Commander keeps each repeated option in its own array, which
 * loses how the two interleave; it emits `option:<name>` once per occurrence, in order, whatever the
 * spelling (-f x, -fx, --format=x).
 */
export function recordReportFlags(command: Command): ReportFlag[] {
  const seen: ReportFlag[] = [];
  command.on('option:format', (value: string) => seen.push({ flag: 'format', value }));
  command.on('option:output', (value: string) => seen.push({ flag: 'output', value }));
  return seen;
}

/**
 * Pairs formats with outputs; `defaults` are the formats used when no -f is given. Throws a message on a
 * misuse. `cwd`: what relative outputs are relative to (`out.json` and `./out.json` are one file).
 */
export function reportTargets(flags: readonly ReportFlag[], defaults: readonly string[], { cwd }: { cwd: string }): ReportTarget[] {
  const targets: ReportTarget[] = [];
  const anyFormat = flags.some((f) => f.flag === 'format');
  if (!anyFormat) targets.push(...defaults.map((format) => ({ format })));
  let current: ReportTarget | undefined = anyFormat ? undefined : targets[0];
  for (const { flag, value } of flags) {
    if (flag === 'format') {
      current = { format: value };
      targets.push(current);
      continue;
    }
    if (!current) throw new Error(`-o ${value} comes before any -f: put each -o right after the -f of the report it is for`);
    if (current.output !== undefined)
      throw new Error(`-f ${current.format} has two outputs (-o ${current.output}, -o ${value}): give one -o per -f`);
    current.output = value;
  }
  const files = targets.flatMap((t) => (t.output !== undefined && t.output !== '-' ? [{ ...t, path: resolve(cwd, t.output) }] : []));
  for (const [i, t] of files.entries()) {
    const other = files.slice(0, i).find((o) => o.path === t.path);
    if (other) throw new Error(`-f ${other.format} and -f ${t.format} both write to ${t.output}`);
  }
  return targets;
}

/** The files the reports of a run go to, as resolved paths and, for those that exist, the files they are. */
export async function reportFilesOf(targets: readonly ReportTarget[], cwd: string): Promise<Set<string>> {
  const files = new Set<string>();
  for (const { output } of targets) {
    if (output === undefined || output === '-') continue;
    const path = resolve(cwd, output);
    files.add(path);
    const real = await realpath(path).catch(() => undefined);
    if (real) files.add(real);
  }
  return files;
}
