// wfe export: FlowDrop workflows → Agent Spec (official format) or FlowDrop JSON/YAML.
import { dirname, extname, join, resolve } from 'node:path';
import { EXPORT_RULES, exportToAgentSpec, stringify, type AgentSpecVersion, type TextFormat } from '../agentspec/index.js';
import type { Workflow } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import { graphErrors } from '../graph/integrity.js';
import { createLogger } from '../util/logger.js';
import { checkRuleConfig, mergeRuleConfigs, parseRuleFlags, RuleConfigError } from '../contract/rule-config.js';
import { folderSettings } from '../project/folder-settings.js';
import { checkPattern, IgnoreConfigError } from '../project/ignore.js';
import {
  configIgnoreOf,
  destinationFor,
  expandInputs,
  readParsedInput,
  UsageError,
  writeOutput,
  type Destination,
  type Input,
} from './io.js';
import { runBatch } from './batch.js';
import { startBounded } from '../util/bounded.js';
import { pointerProblem, problemLine, say } from './report.js';

function outputPath(destination: Destination, input: Input, to: ExportFlags['to'], format: TextFormat): string | undefined {
  if (destination.kind === 'stdout') return undefined;
  if (destination.kind === 'file') return destination.path;
  const base = input.relative.replace(/\.(json|ya?ml)$/i, '');
  return join(destination.path, `${base}${to === 'agentspec' ? '.agentspec' : ''}.${format === 'yaml' ? 'yaml' : 'json'}`);
}

export async function runExport(args: string[], flags: ExportFlags): Promise<number> {
  let inputs: Input[];
  let destination: Destination;
  let cliRules;
  const settingsFor = folderSettings(createLogger('warn'), flags.config && resolve(flags.config));
  try {
    cliRules = checkRuleConfig(parseRuleFlags(flags.rule ?? []), EXPORT_RULES);
    const ignore = (flags.ignore ?? []).map((p) => checkPattern(p, '--ignore'));
    inputs = await expandInputs(args, ['.json'], { patterns: ignore, configIgnore: configIgnoreOf(settingsFor) });
    destination = await destinationFor(flags.output, inputs.length);
  } catch (err) {
    if (err instanceof UsageError || err instanceof RuleConfigError || err instanceof IgnoreConfigError) throw new Error(err.message);
    throw err;
  }
  const fileFormat = destination.kind === 'file' && /\.ya?ml$/i.test(extname(destination.path)) ? 'yaml' : 'json';
  const format: TextFormat = flags.format ?? fileFormat;
  if (flags.config) {
    // A broken --config is a usage error (exit 2); a broken wfe.config.yaml found near an input fails that input.
    try {
      const settings = await settingsFor(process.cwd());
      if (flags.to === 'agentspec') checkRuleConfig(settings.rules, EXPORT_RULES, settings.configFile, true);
    } catch (err) {
      throw new UsageError(`--config ${flags.config}: ${(err as Error).message}`);
    }
  }
  const exportInput = (input: Input, tell: (line: string) => void = say) =>
    exportOne(input, destination, format, flags, settingsFor, cliRules, tell);
  if (destination.kind !== 'dir') return runBatch('export', 'exported', inputs, (input) => exportInput(input), flags.quiet);
  // Into a folder, 16 inputs are converted and written (each atomically) at once, so their fsyncs overlap.
  // What each says is held until its turn: the report comes in input order, the same from run to run.
  const held = new Map<Input, string[]>();
  const started = startBounded(inputs, 16, (input) => {
    const lines: string[] = [];
    held.set(input, lines);
    return exportInput(input, (line) => lines.push(line));
  });
  const inTurn = async (input: Input): Promise<boolean> => {
    try {
      return await (started.get(input) ?? exportInput(input));
    } finally {
      for (const line of held.get(input) ?? []) say(line);
      held.delete(input);
    }
  };
  return runBatch('export', 'exported', inputs, inTurn, flags.quiet);
}

async function exportOne(
  input: Input,
  destination: Destination,
  format: TextFormat,
  flags: ExportFlags,
  settingsFor: ReturnType<typeof folderSettings>,
  cliRules: Record<string, 'error' | 'warning' | 'off'>,
  tell: (line: string) => void,
): Promise<boolean> {
  const read = await readParsedInput(input, tell);
  if (!read) return false;
  const { text, value } = read;
  if (!validateWorkflowFile(value)) {
    const [first] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
    tell(pointerProblem(input.name, text, first.pointer, `not a FlowDrop workflow: ${first.field} ${first.message}`));
    return false;
  }
  const workflow = value as Workflow;
  const settings = await settingsFor(input.path ? dirname(input.path) : process.cwd());
  const graph = graphErrors(workflow, settings.checkConfig);
  if (graph.length > 0) {
    graph.forEach((m) => tell(problemLine(input.name, 'error', m)));
    return false;
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
    if (!flags.quiet) for (const warning of result.warnings) tell(problemLine(input.name, 'warning', warning));
    for (const error of result.errors) tell(problemLine(input.name, 'error', error));
    if (!result.valid || !result.document) return false;
    output = stringify(result.document, format);
  }
  const target = outputPath(destination, input, flags.to, format);
  if (!target) {
    process.stdout.write(output);
    return true;
  }
  // A write that fails (the file exists without --force, a full disk) is this input's failure: runBatch reports it.
  await writeOutput(target, output, flags.force === true, true);
  return true;
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
}
