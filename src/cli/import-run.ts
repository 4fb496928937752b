// wfe import: Agent Spec flows (official or FlowDrop's dialect) or FlowDrop JSON/YAML → workflow files.
import { dirname, join, resolve } from 'node:path';
import { AgentSpecError, detectSource, importDocument, readComponentsFiles, type ImportSource, type Registry } from '../agentspec/index.js';
import { reportAgentSpecFindings } from './agentspec-findings.js';
import { graphErrors } from '../graph/integrity.js';
import { checkNewWorkflowId } from '../store/paths.js';
import { stableStringify } from '../util/stable-json.js';
import { folderSettings } from '../project/folder-settings.js';
import { checkPattern, defaultIgnore, IgnoreConfigError, type IgnoreMatcher } from '../project/ignore.js';
import { errorText } from './error-text.js';
import { configIgnoreOf, expandInputs, type Input } from './inputs.js';
import { destinationFor, existingOutputFolder, OutputClaims, OutputFolders, writeOutput, type Destination } from './outputs.js';
import { inputSource, readParsedInput, type InputSource } from './read-inputs.js';
import { UsageError } from './usage-error.js';
import { runBatch } from './batch.js';
import { openWorkerPool, runInChunks } from '../util/worker-pool.js';
import { workerThreadsFor, type Concurrency } from './concurrency.js';
import { pointerProblem, problemLine } from './report.js';
import { commandLogger } from './command-logger.js';
import type { Terminal } from './terminal.js';
import { entryOf } from '../util/narrow.js';
import { pointerPositions } from '../util/pointer-position.js';
import { firstNonFinite, nonFiniteMessage } from '../util/non-finite.js';

export async function runImport(args: string[], flags: ImportFlags, terminal: Terminal): Promise<number> {
  const { cwd } = terminal;
  let inputs: Input[];
  let destination: Destination;
  const settingsFor = folderSettings(commandLogger(terminal, 'import'), { cwd });
  try {
    const patterns = (flags.ignore ?? []).map((p) => checkPattern(p, '--ignore'));
    const ignore = { patterns, configIgnore: configIgnoreOf(settingsFor, cwd) };
    inputs = await expandInputs(args, {
      extensions: ['.json', '.yaml', '.yml'],
      cwd,
      ignore,
      outputFolder: await existingOutputFolder(flags.output, cwd),
    });
    // As wfe validate says it: a folder with nothing to convert is a mistaken path more often than not.
    if (inputs.length === 0) throw new UsageError(`no *.json, *.yaml or *.yml files found in ${args.join(', ')}`);
    // With one input, -o names the file (unless it is a folder or ends with /); with several, a folder.
    destination = await destinationFor(flags.output, inputs.length, cwd);
  } catch (err) {
    if (err instanceof UsageError || err instanceof IgnoreConfigError) throw new Error(err.message);
    throw err;
  }
  let registry: Registry | undefined;
  try {
    registry = flags.components?.length ? await readComponentsFiles(flags.components, cwd) : undefined;
  } catch (err) {
    if (err instanceof AgentSpecError) throw new Error(err.message);
    throw err;
  }
  const job: ImportJob = { destination, flags, cwd };
  // Workers read the inputs themselves: stdin stays with this thread.
  const threads = inputs.some((input) => !input.path) ? 0 : workerThreadsFor(flags.concurrency, inputs.length);
  if (threads > 0) return importInWorkers(inputs, job, settingsFor, threads, terminal);
  const outputs = new OutputFolders();
  const claims = new OutputClaims<Input>(cwd);
  const source = inputSource(terminal);
  const importOne = async (input: Input, onLine: (line: string) => void): Promise<boolean> => {
    const converted = await convertForImport(input, job, { settingsFor, registry, source, onLine });
    return converted.ok && (await writeImported(converted, { input, force: flags.force, outputs, claims, terminal }));
  };
  return runBatch('import', 'imported', inputs, importOne, { terminal, quiet: flags.quiet, outputs });
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
  terminal: Terminal,
): Promise<number> {
  // Every folder's settings, loaded here first: what is wrong with them is said once, by this thread.
  await Promise.all([...new Set(inputs.map((input) => settingsFolder(input, job)))].map((f) => settingsFor(f).catch(() => undefined)));
  const pool = await openWorkerPool(new URL('./import-worker.js', import.meta.url), threads);
  const outputs = new OutputFolders();
  const claims = new OutputClaims<Input>(job.cwd);
  try {
    const converted = runInChunks<Input, Imported>(pool, inputs, threads, (chunk): ImportTask => ({ inputs: chunk, job }));
    const byInput = new Map(inputs.map((input, i) => [input, converted[i]] as const));
    const one = async (input: Input, reportLine: (line: string) => void): Promise<boolean> => {
      const result = await entryOf(byInput, input, 'conversion');
      for (const line of result.lines) reportLine(line);
      return result.ok && (await writeImported(result, { input, force: job.flags.force, outputs, claims, terminal }));
    };
    return await runBatch('import', 'imported', inputs, one, { terminal, quiet: job.flags.quiet, outputs });
  } finally {
    await pool.close();
  }
}

/** What an import needs besides the input. Sent to workers as is (they read the --components files themselves). */
export interface ImportJob {
  destination: Destination;
  flags: ImportFlags;
  /** The run's working directory: relative paths are relative to it. */
  cwd: string;
}

/** One input converted: whether it can be written, what it said, and the workflow's text and file (none: stdout). */
export interface Imported {
  ok: boolean;
  lines: string[];
  output?: { target?: string; text: string };
}

/** The folder whose node types an input is imported with: where it is written to, else where it is. */
function settingsFolder(input: Input, { destination, cwd }: ImportJob): string {
  const outDir =
    destination.kind === 'dir'
      ? resolve(cwd, destination.path)
      : destination.kind === 'file'
        ? dirname(resolve(cwd, destination.path))
        : undefined;
  return outDir ?? (input.path ? dirname(input.path) : cwd);
}

interface WriteImportedOptions {
  /** The input the workflow comes from. */
  input: Input;
  /** --force: replace a workflow file that is there. */
  force: boolean | undefined;
  outputs: OutputFolders;
  /** The files written so far in this run, by input: the writes come one after another, in input order. */
  claims: OutputClaims<Input>;
  terminal: Terminal;
}

/**
 * A write that fails (the file exists without --force, an earlier input of the run wrote it, a full disk) is
 * this input's failure: runBatch reports it.
 */
async function writeImported(imported: Imported, { input, force, outputs, claims, terminal }: WriteImportedOptions): Promise<boolean> {
  if (!imported.output) return false;
  const { target, text } = imported.output;
  if (target === undefined) {
    terminal.stdout.write(text);
    return true;
  }
  claims.claim(target, input);
  await writeOutput(target, text, { overwrite: force === true, batch: outputs, cwd: terminal.cwd });
  return true;
}

/** What converting an input needs of its run besides the job: settings, shared components, where inputs are read, where lines go. */
export interface ImportContext {
  settingsFor: ReturnType<typeof folderSettings>;
  registry: Registry | undefined;
  source: InputSource;
  /** Each line the input says, as it comes. */
  onLine: (line: string) => void;
}

/** Reads and converts one input; writes nothing. Lines go to `onLine` as they come, and are kept in `lines`. */
export async function convertForImport(
  input: Input,
  job: ImportJob,
  { settingsFor, registry, source, onLine }: ImportContext,
): Promise<Imported> {
  const { destination, flags } = job;
  const lines: string[] = [];
  const reportLine = (line: string) => {
    lines.push(line);
    onLine(line);
  };
  const failed = (): Imported => ({ ok: false, lines });
  const read = await readParsedInput(input, source, reportLine);
  if (!read) return failed();
  const { text, value } = read;
  // Only YAML gives such numbers (JSON text past a double's range is refused when read).
  const nonFinite = firstNonFinite(value);
  if (nonFinite) {
    reportLine(pointerProblem(input.name, text, nonFinite.pointer, nonFiniteMessage(nonFinite)));
    return failed();
  }
  const settings = await settingsFor(settingsFolder(input, job));
  const documentKind = flags.from === 'auto' ? detectSource(value) : flags.from;
  if (documentKind === 'agentspec' && (await reportAgentSpecFindings({ name: input.name, text, value, registry, settings }, reportLine)))
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
    const positions = pointerPositions(
      text ?? '',
      imported.warnings.map((w) => w.path),
    );
    imported.warnings.forEach((warning, i) =>
      reportLine(problemLine(input.name, 'warning', `${warning.path}: ${warning.message} (agentspec-undefined-component)`, positions[i])),
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
    reportLine(problemLine(input.name, 'error', `workflow id "${workflow.id}" cannot be a file name: ${errorText(err, { cwd: job.cwd })}`));
    return failed();
  }
  const file = `${workflow.id}.json`;
  if ((skippedByDefault ??= defaultIgnore('/'))(file)) {
    reportLine(
      problemLine(
        input.name,
        'error',
        `workflow id "${workflow.id}": ${file} is a file name that wfe serve and validate skip (a package manifest, lockfile or tool config); write it with -o <file> under another name`,
      ),
    );
    return failed();
  }
  return { ok: true, lines, output: { target: join(destination.path, file), text: stableStringify(workflow) } };
}

/** The default skips, compiled once a run: a file at the top of the output folder is judged by its name alone. */
let skippedByDefault: IgnoreMatcher | undefined;

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
