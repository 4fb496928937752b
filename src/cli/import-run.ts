// wfe import: Agent Spec flows (official or FlowDrop's dialect) or FlowDrop JSON/YAML → workflow files.
import { dirname, join, resolve } from 'node:path';
import { AgentSpecError, detectSource, importDocument, readComponentsFiles, type ImportSource, type Registry } from '../agentspec/index.js';
import { reportAgentSpecFindings } from './agentspec-findings.js';
import { graphErrors } from '../graph/integrity.js';
import { checkNewWorkflowId } from '../store/paths.js';
import { createLogger } from '../util/logger.js';
import { stableStringify } from '../util/stable-json.js';
import { folderSettings } from '../project/folder-settings.js';
import { checkPattern, IgnoreConfigError } from '../project/ignore.js';
import { errorText } from './error-text.js';
import { configIgnoreOf, expandInputs, type Input } from './inputs.js';
import { destinationFor, OutputFolders, writeOutput, type Destination } from './outputs.js';
import { readParsedInput } from './read-inputs.js';
import { UsageError } from './usage-error.js';
import { runBatch } from './batch.js';
import { openWorkerPool, runInChunks } from '../util/worker-pool.js';
import { workerThreadsFor, type Concurrency } from './concurrency.js';
import { pointerProblem, problemLine, writeReportLine } from './report.js';
import { entryOf } from '../util/narrow.js';
import { pointerPosition } from '../util/pointer-position.js';

export async function runImport(args: string[], flags: ImportFlags): Promise<number> {
  let inputs: Input[];
  let destination: Destination;
  const settingsFor = folderSettings(createLogger('warn'));
  try {
    const ignore = (flags.ignore ?? []).map((p) => checkPattern(p, '--ignore'));
    inputs = await expandInputs(args, ['.json', '.yaml', '.yml'], { patterns: ignore, configIgnore: configIgnoreOf(settingsFor) });
    // With one input, -o names the file (unless it is a folder or ends with /); with several, a folder.
    destination = await destinationFor(flags.output, inputs.length);
  } catch (err) {
    if (err instanceof UsageError || err instanceof IgnoreConfigError) throw new Error(err.message);
    throw err;
  }
  let registry: Registry | undefined;
  try {
    registry = flags.components?.length ? await readComponentsFiles(flags.components) : undefined;
  } catch (err) {
    if (err instanceof AgentSpecError) throw new Error(err.message);
    throw err;
  }
  const job: ImportJob = { destination, flags };
  // Workers read the inputs themselves: stdin stays with this thread.
  const threads = inputs.some((input) => !input.path) ? 0 : workerThreadsFor(flags.concurrency, inputs.length);
  if (threads > 0) return importInWorkers(inputs, job, settingsFor, threads);
  const outputs = new OutputFolders();
  const importOne = async (input: Input): Promise<boolean> => {
    const converted = await convertForImport(input, job, settingsFor, registry, writeReportLine);
    return converted.ok && (await writeImported(converted, flags, outputs));
  };
  return runBatch('import', 'imported', inputs, importOne, { quiet: flags.quiet, outputs });
}

/**
 * `--concurrency`: worker threads read and convert the inputs; this thread says what each said and writes
 * its workflow, one input after the other in input order, as without workers (two inputs of one workflow id
 * meet at one file the same way).
 */
async function importInWorkers(
  inputs: Input[],
  job: ImportJob,
  settingsFor: ReturnType<typeof folderSettings>,
  threads: number,
): Promise<number> {
  // Every folder's settings, loaded here first: what is wrong with them is said once, by this thread.
  await Promise.all(
    [...new Set(inputs.map((input) => settingsFolder(input, job.destination)))].map((f) => settingsFor(f).catch(() => undefined)),
  );
  const pool = await openWorkerPool(new URL('./import-worker.js', import.meta.url), threads);
  const outputs = new OutputFolders();
  try {
    const converted = runInChunks<Input, Imported>(pool, inputs, threads, (chunk): ImportTask => ({ inputs: chunk, job }));
    const byInput = new Map(inputs.map((input, i) => [input, converted[i]] as const));
    const one = async (input: Input): Promise<boolean> => {
      const result = await entryOf(byInput, input, 'conversion');
      for (const line of result.lines) writeReportLine(line);
      return result.ok && (await writeImported(result, job.flags, outputs));
    };
    return await runBatch('import', 'imported', inputs, one, { quiet: job.flags.quiet, outputs });
  } finally {
    await pool.close();
  }
}

/** What an import needs besides the input. Sent to workers as is (they read the --components files themselves). */
export interface ImportJob {
  destination: Destination;
  flags: ImportFlags;
}

/** One input converted: whether it can be written, what it said, and the workflow's text and file (none: stdout). */
export interface Imported {
  ok: boolean;
  lines: string[];
  output?: { target?: string; text: string };
}

/** The folder whose node types an input is imported with: where it is written to, else where it is. */
function settingsFolder(input: Input, destination: Destination): string {
  const outDir =
    destination.kind === 'dir' ? resolve(destination.path) : destination.kind === 'file' ? dirname(resolve(destination.path)) : undefined;
  return outDir ?? (input.path ? dirname(input.path) : process.cwd());
}

/** A write that fails (the file exists without --force, a full disk) is this input's failure: runBatch reports it. */
async function writeImported(imported: Imported, flags: ImportFlags, outputs: OutputFolders): Promise<boolean> {
  if (!imported.output) return false;
  const { target, text } = imported.output;
  if (target === undefined) process.stdout.write(text);
  else await writeOutput(target, text, { overwrite: flags.force === true, batch: outputs });
  return true;
}

/** Reads and converts one input; writes nothing. Lines go to `onLine` as they come, and are kept in `lines`. */
export async function convertForImport(
  input: Input,
  { destination, flags }: ImportJob,
  settingsFor: ReturnType<typeof folderSettings>,
  registry: Registry | undefined,
  onLine: (line: string) => void,
): Promise<Imported> {
  const lines: string[] = [];
  const reportLine = (line: string) => {
    lines.push(line);
    onLine(line);
  };
  const failed = (): Imported => ({ ok: false, lines });
  const read = await readParsedInput(input, reportLine);
  if (!read) return failed();
  const { text, value } = read;
  const settings = await settingsFor(settingsFolder(input, destination));
  const source = flags.from === 'auto' ? detectSource(value) : flags.from;
  if (source === 'agentspec' && (await reportAgentSpecFindings({ name: input.name, text, value, registry, settings }, reportLine)))
    return failed();
  let workflow;
  try {
    const imported = importDocument(value, {
      from: flags.from,
      registry,
      lookupNodeType: (id) => settings.catalog.getNodeType(id),
    });
    workflow = imported.workflow;
    // What the dialect reader supplied for a name the document defines nowhere (agentspec-undefined-component).
    for (const warning of imported.warnings)
      reportLine(
        problemLine(
          input.name,
          'warning',
          `${warning.path}: ${warning.message} (agentspec-undefined-component)`,
          pointerPosition(text ?? '', warning.path),
        ),
      );
  } catch (err) {
    if (err instanceof AgentSpecError) {
      reportLine(pointerProblem(input.name, text, err.path, err.message));
      return failed();
    }
    throw err;
  }
  const problems = graphErrors(workflow, settings.checkConfig);
  if (problems.length > 0) {
    problems.forEach((m) => reportLine(problemLine(input.name, 'error', m)));
    return failed();
  }
  if (destination.kind === 'stdout') return { ok: true, lines, output: { text: stableStringify(workflow) } };
  if (destination.kind === 'file') return { ok: true, lines, output: { target: destination.path, text: stableStringify(workflow) } };
  try {
    checkNewWorkflowId(workflow.id);
  } catch (err) {
    reportLine(problemLine(input.name, 'error', `workflow id "${workflow.id}" cannot be a file name: ${errorText(err)}`));
    return failed();
  }
  return { ok: true, lines, output: { target: join(destination.path, `${workflow.id}.json`), text: stableStringify(workflow) } };
}

export interface ImportFlags {
  from: ImportSource;
  output?: string;
  force?: boolean;
  ignore?: string[];
  quiet?: boolean;
  /** --components files: shared components the inputs reference (a disaggregated config). */
  components?: string[];
  concurrency?: Concurrency;
}

/** What the main thread sends a worker of `--concurrency`: a chunk of the inputs, and the job they share. */
export interface ImportTask {
  inputs: Input[];
  job: ImportJob;
}
