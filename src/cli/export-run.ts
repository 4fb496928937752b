// wfe export: FlowDrop workflows → Agent Spec (official format) or FlowDrop JSON/YAML.
import { dirname, extname, join, resolve } from 'node:path';
import { EXPORT_RULES, exportToAgentSpec, stringify, type AgentSpecVersion, type TextFormat } from '../agentspec/index.js';
import type { Workflow } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import { entryOf, errorMessage } from '../util/narrow.js';
import { graphErrors } from '../graph/integrity.js';
import { checkRuleConfig, mergeRuleConfigs, parseRuleFlags, RuleConfigError } from '../contract/rule-config.js';
import { folderSettings } from '../project/folder-settings.js';
import { checkPattern, IgnoreConfigError } from '../project/ignore.js';
import { configIgnoreOf, expandInputs, type Input } from './inputs.js';
import { claimAllOutputs, destinationFor, existingOutputFolder, OutputFolders, writeOutput, type Destination } from './outputs.js';
import { inputSource, readParsedInput, type InputSource } from './read-inputs.js';
import { UsageError } from './usage-error.js';
import { runBatch } from './batch.js';
import { startBounded } from '../util/bounded.js';
import { openWorkerPool, runInChunks } from '../util/worker-pool.js';
import { workerThreadsFor, type Concurrency } from './concurrency.js';
import { pointerProblem, problemLine } from './report.js';
import { commandLogger } from './command-logger.js';
import type { Terminal } from './terminal.js';

function outputPath(destination: Destination, input: Input, to: ExportFlags['to'], format: TextFormat): string | undefined {
  if (destination.kind === 'stdout') return undefined;
  if (destination.kind === 'file') return destination.path;
  const base = input.relative.replace(/\.(json|ya?ml)$/i, '');
  return join(destination.path, `${base}${to === 'agentspec' ? '.agentspec' : ''}.${format === 'yaml' ? 'yaml' : 'json'}`);
}

/**
 * Without the inputs found in a folder (or by a glob) that another input of this run is written to: with -o
 * naming the input folder, an earlier run's x.agentspec.json beside x.json is that run's output, not a workflow.
 */
function withoutOutputsOfOthers(
  inputs: Input[],
  { args, cwd, outputOf }: { args: string[]; cwd: string; outputOf: (input: Input) => string | undefined },
): Input[] {
  const writer = new Map<string, Input>();
  for (const input of inputs) {
    const target = outputOf(input);
    if (target !== undefined) writer.set(resolve(cwd, target), input);
  }
  const named = new Set(args.map((arg) => resolve(cwd, arg)));
  return inputs.filter((input) => {
    if (input.path === undefined || named.has(input.path)) return true;
    const other = writer.get(input.path);
    return other === undefined || other === input;
  });
}

export async function runExport(args: string[], flags: ExportFlags, terminal: Terminal): Promise<number> {
  const { cwd } = terminal;
  let inputs: Input[];
  let destination: Destination;
  let cliRules;
  const settingsFor = folderSettings(commandLogger(terminal, 'export'), {
    config: flags.config && resolve(cwd, flags.config),
    cwd,
  });
  try {
    cliRules = checkRuleConfig(parseRuleFlags(flags.rule ?? []), EXPORT_RULES);
    const patterns = (flags.ignore ?? []).map((p) => checkPattern(p, '--ignore'));
    const ignore = { patterns, configIgnore: configIgnoreOf(settingsFor, cwd) };
    inputs = await expandInputs(args, { extensions: ['.json'], cwd, ignore, outputFolder: await existingOutputFolder(flags.output, cwd) });
    // As wfe validate says it: a folder with nothing to convert is a mistaken path more often than not.
    if (inputs.length === 0) throw new UsageError(`no *.json workflow files found in ${args.join(', ')}`);
    destination = await destinationFor(flags.output, inputs.length, cwd);
  } catch (err) {
    if (err instanceof UsageError || err instanceof RuleConfigError || err instanceof IgnoreConfigError) throw new Error(err.message);
    throw err;
  }
  const fileFormat = destination.kind === 'file' && /\.ya?ml$/i.test(extname(destination.path)) ? 'yaml' : 'json';
  const format: TextFormat = flags.format ?? fileFormat;
  if (flags.config) {
    // A broken --config is a usage error (exit 2); a broken wfe.config.yaml found near an input fails that input.
    try {
      const settings = await settingsFor(cwd);
      if (flags.to === 'agentspec') checkRuleConfig(settings.rules, EXPORT_RULES, settings.configFile, true);
    } catch (err) {
      throw new UsageError(`--config ${flags.config}: ${errorMessage(err)}`);
    }
  }
  inputs = withoutOutputsOfOthers(inputs, { args, cwd, outputOf: (input) => outputPath(destination, input, flags.to, format) });
  const job: ExportJob = { destination, format, flags, cliRules, cwd };
  const outputs = new OutputFolders();
  const batch = { terminal, quiet: flags.quiet, outputs };
  const source = inputSource(terminal);
  // Two inputs of one name (from two folders, or a glob across them) would be written to one file.
  const refused = claimAllOutputs(inputs, (input) => outputPath(destination, input, flags.to, format), cwd);
  const exportInput = async (input: Input, onLine: (line: string) => void): Promise<boolean> => {
    const refusal = refused.get(input);
    if (refusal) throw refusal;
    const converted = await convertForExport(input, job, { settingsFor, source, onLine });
    return converted.ok && (await writeConverted(converted, { force: flags.force, outputs, terminal }));
  };
  if (destination.kind !== 'dir') return runBatch('export', 'exported', inputs, exportInput, batch);
  // Workers read the inputs themselves: stdin stays with this thread.
  const threads = inputs.some((input) => !input.path) ? 0 : workerThreadsFor(flags.concurrency, inputs.length);
  if (threads > 0) return exportInWorkers(inputs, job, { settingsFor, refused, threads }, terminal);
  // Into a folder, 16 inputs are converted and written (each atomically) at once, so their fsyncs overlap.
  // What each says is held until its turn: the report comes in input order, the same from run to run.
  const held = new Map<Input, string[]>();
  const started = startBounded(inputs, 16, (input) => {
    const lines: string[] = [];
    held.set(input, lines);
    return exportInput(input, (line) => lines.push(line));
  });
  const inTurn = async (input: Input, reportLine: (line: string) => void): Promise<boolean> => {
    try {
      return await (started.get(input) ?? exportInput(input, reportLine));
    } finally {
      for (const line of held.get(input) ?? []) reportLine(line);
      held.delete(input);
    }
  };
  return runBatch('export', 'exported', inputs, inTurn, batch);
}

/**
 * `--concurrency`: worker threads read, check and convert the inputs; this thread writes each output (16 at
 * a time, as without workers) and says what each input said, in input order: the same lines and files as
 * one thread gives.
 */
async function exportInWorkers(inputs: Input[], job: ExportJob, run: WorkersRun, terminal: Terminal): Promise<number> {
  const { settingsFor, refused, threads } = run;
  // Every input folder's settings, loaded here first: what is wrong with them is said once, by this thread.
  await Promise.all(
    [...new Set(inputs.map((input) => folderOfInput(input, job.cwd)))].map((folder) => settingsFor(folder).catch(() => undefined)),
  );
  const pool = await openWorkerPool(new URL('./export-worker.js', import.meta.url), threads);
  const outputs = new OutputFolders();
  try {
    const converted = runInChunks<Input, Converted>(pool, inputs, threads, (chunk): ExportTask => ({ inputs: chunk, job }));
    const written = new Map(inputs.map((input, i) => [input, converted[i]] as const));
    const started = startBounded(inputs, 16, async (input) => {
      const result = await entryOf(written, input, 'conversion');
      const write = result.ok && !refused.has(input);
      return { result, wrote: write ? writeConverted(result, { force: job.flags.force, outputs, terminal }) : Promise.resolve(false) };
    });
    const inTurn = async (input: Input, reportLine: (line: string) => void): Promise<boolean> => {
      // As in one thread: a refused input says only why.
      const refusal = refused.get(input);
      if (refusal) throw refusal;
      const { result, wrote } = await entryOf(started, input, 'export');
      for (const line of result.lines) reportLine(line);
      return await wrote;
    };
    return await runBatch('export', 'exported', inputs, inTurn, { terminal, quiet: job.flags.quiet, outputs });
  } finally {
    await pool.close();
  }
}

/** What the workers' run of an export needs besides its inputs and job. */
interface WorkersRun {
  settingsFor: ReturnType<typeof folderSettings>;
  /** The inputs whose output an earlier input writes (claimAllOutputs). */
  refused: Map<Input, Error>;
  threads: number;
}

const folderOfInput = (input: Input, cwd: string): string => (input.path ? dirname(input.path) : cwd);

/** What an export needs besides the input: where to, in which format, with which rules. Sent to workers as is. */
export interface ExportJob {
  destination: Destination;
  format: TextFormat;
  flags: ExportFlags;
  cliRules: Record<string, 'error' | 'warning' | 'off'>;
  /** The run's working directory: relative paths are relative to it. */
  cwd: string;
}

/** One input converted: whether it can be written, and the text to write where (no target: stdout). */
export interface Converted {
  ok: boolean;
  /** What the input said, in order (a worker's, said by the main thread). */
  lines: string[];
  output?: { target?: string; text: string };
}

interface WriteConvertedOptions {
  /** --force: replace an output file that is there. */
  force: boolean | undefined;
  outputs: OutputFolders;
  terminal: Terminal;
}

/** Writes a converted input: to its file, atomically (its failure, a file that exists without --force, is the input's), or to stdout. */
async function writeConverted(converted: Converted, { force, outputs, terminal }: WriteConvertedOptions): Promise<boolean> {
  if (!converted.output) return false;
  const { target, text } = converted.output;
  if (target === undefined) {
    terminal.stdout.write(text);
    return true;
  }
  await writeOutput(target, text, { overwrite: force === true, batch: outputs, cwd: terminal.cwd });
  return true;
}

/** What converting an input needs of its run: the folders' settings, where inputs are read, where lines go. */
export interface ConvertContext {
  settingsFor: ReturnType<typeof folderSettings>;
  source: InputSource;
  /** Each line the input says, as it comes. */
  onLine: (line: string) => void;
}

/** Reads, checks and converts one input; writes nothing. Lines go to `onLine` as they come, and are kept in `lines`. */
export async function convertForExport(input: Input, job: ExportJob, { settingsFor, source, onLine }: ConvertContext): Promise<Converted> {
  const lines: string[] = [];
  const reportLine = (line: string) => {
    lines.push(line);
    onLine(line);
  };
  const failed = (): Converted => ({ ok: false, lines });
  const { destination, format, flags, cliRules } = job;
  const read = await readParsedInput(input, source, reportLine);
  if (!read) return failed();
  const { text, value } = read;
  if (!validateWorkflowFile(value)) {
    const [first] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
    reportLine(pointerProblem(input.name, text, first.pointer, `not a FlowDrop workflow: ${first.field} ${first.message}`));
    return failed();
  }
  const workflow = value as Workflow;
  const settings = await settingsFor(folderOfInput(input, job.cwd));
  const graph = graphErrors(workflow, settings.checkConfig);
  if (graph.length > 0) {
    graph.forEach((m) => reportLine(problemLine(input.name, 'error', m)));
    return failed();
  }

  let output: string;
  if (flags.to === 'flowdrop') output = stringify(workflow, format);
  else {
    const fileRules = checkRuleConfig(settings.rules, EXPORT_RULES, settings.configFile, true);
    const result = exportToAgentSpec(workflow, {
      rules: mergeRuleConfigs(fileRules, cliRules),
      version: flags.agentspecVersion,
      lookupNodeType: (id) => settings.catalog.getNodeType(id),
    });
    if (!flags.quiet) for (const warning of result.warnings) reportLine(problemLine(input.name, 'warning', warning));
    for (const error of result.errors) reportLine(problemLine(input.name, 'error', error));
    if (!result.valid || !result.document) return failed();
    output = stringify(result.document, format);
  }
  return { ok: true, lines, output: { target: outputPath(destination, input, flags.to, format), text: output } };
}

export interface ExportFlags {
  to: 'agentspec' | 'flowdrop';
  format?: TextFormat;
  output?: string;
  force?: boolean;
  rule?: string[];
  ignore?: string[];
  quiet?: boolean;
  config?: string;
  agentspecVersion?: AgentSpecVersion;
  concurrency?: Concurrency;
}

/** What the main thread sends a worker of `--concurrency`: a chunk of the inputs, and the job they share. */
export interface ExportTask {
  inputs: Input[];
  job: ExportJob;
}
