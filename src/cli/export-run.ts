// wfe export: FlowDrop workflows → Agent Spec (official format) or FlowDrop JSON/YAML.
import { dirname, extname, join, resolve } from 'node:path';
import { EXPORT_RULES, exportToAgentSpec, parseText, stringify, type AgentSpecVersion, type TextFormat } from '../agentspec/index.js';
import type { Workflow } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import { graphErrors } from '../graph/integrity.js';
import { createLogger } from '../util/logger.js';
import { checkRuleConfig, mergeRuleConfigs, parseRuleFlags, RuleConfigError } from '../validate/rule-config.js';
import { folderSettings } from './catalog-for.js';
import { destinationFor, expandInputs, OutputExistsError, readInput, UsageError, writeOutput, type Destination, type Input } from './io.js';
import { runBatch } from './batch.js';
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
  try {
    cliRules = checkRuleConfig(parseRuleFlags(flags.rule), EXPORT_RULES);
    inputs = await expandInputs(args, ['.json']);
    destination = await destinationFor(flags.output, inputs.length);
  } catch (err) {
    if (err instanceof UsageError || err instanceof RuleConfigError) throw new Error(err.message);
    throw err;
  }
  const fileFormat = destination.kind === 'file' && /\.ya?ml$/i.test(extname(destination.path)) ? 'yaml' : 'json';
  const format: TextFormat = flags.format ?? fileFormat;
  const settingsFor = folderSettings(createLogger('warn'), flags.config && resolve(flags.config));
  return runBatch('export', 'exported', inputs, (input) => exportOne(input, destination, format, flags, settingsFor, cliRules));
}

async function exportOne(
  input: Input,
  destination: Destination,
  format: TextFormat,
  flags: ExportFlags,
  settingsFor: ReturnType<typeof folderSettings>,
  cliRules: Record<string, 'error' | 'warning' | 'off'>,
): Promise<boolean> {
  const text = await readInput(input).catch((err: Error) => (say(problemLine(input.name, 'error', `cannot read: ${err.message}`)), undefined));
  if (text === undefined) return false;
  const parsed = parseText(text, input.name);
  if (!parsed.ok) return (say(problemLine(input.name, 'error', parsed.message, parsed)), false);
  if (!validateWorkflowFile(parsed.value)) {
    const [first] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
    return (say(pointerProblem(input.name, text, first.pointer, `not a FlowDrop workflow: ${first.field} ${first.message}`)), false);
  }
  const workflow = parsed.value as Workflow;
  let settings;
  try {
    settings = await settingsFor(input.path ? dirname(input.path) : process.cwd());
  } catch (err) {
    throw new Error((err as Error).message);
  }
  const graph = graphErrors(workflow, settings.checkConfig);
  if (graph.length > 0) return (graph.forEach((m) => say(problemLine(input.name, 'error', m))), false);

  let output: string;
  if (flags.to === 'flowdrop') output = stringify(workflow, format);
  else {
    const fileRules = checkRuleConfig(settings.rules, EXPORT_RULES, settings.configFile, true);
    const result = exportToAgentSpec(workflow, {
      rules: mergeRuleConfigs(fileRules, cliRules),
      version: flags.agentspecVersion,
      lookupNodeType: (id) => settings.catalog.getNodeType(id),
    });
    for (const warning of result.warnings) say(problemLine(input.name, 'warning', warning));
    for (const error of result.errors) say(problemLine(input.name, 'error', error));
    if (!result.valid || !result.document) return false;
    output = stringify(result.document, format);
  }
  const target = outputPath(destination, input, flags.to, format);
  if (!target) {
    process.stdout.write(output);
    return true;
  }
  try {
    await writeOutput(target, output, flags.force);
    return true;
  } catch (err) {
    if (err instanceof OutputExistsError) return (say(problemLine(input.name, 'error', err.message)), false);
    throw err;
  }
}

export interface ExportFlags {
  to: 'agentspec' | 'flowdrop';
  format?: TextFormat;
  output?: string;
  force: boolean;
  rule: string[];
  config?: string;
  agentspecVersion?: AgentSpecVersion;
}
