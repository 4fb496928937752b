// wfe export: FlowDrop workflows → Agent Spec (official format) or FlowDrop JSON/YAML.
import { dirname, extname, join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { AGENTSPEC_VERSIONS, EXPORT_RULES, exportToAgentSpec, isAgentSpecVersion, parseText, stringify, type AgentSpecVersion, type TextFormat } from '../agentspec/index.js';
import type { Workflow } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import { graphErrors } from '../graph/integrity.js';
import { createLogger } from '../util/logger.js';
import { checkRuleConfig, mergeRuleConfigs, parseRuleFlags, RuleConfigError } from '../validate/rule-config.js';
import { folderSettings } from './catalog-for.js';
import { destinationFor, expandInputs, OutputExistsError, readInput, UsageError, writeOutput, type Destination, type Input } from './io.js';
import { pointerProblem, problemLine, say, sayThrough } from './report.js';
import { createProgress } from './ui/progress.js';

interface ExportFlags {
  to: 'agentspec' | 'flowdrop';
  format?: TextFormat;
  output?: string;
  force: boolean;
  rule: string[];
  config?: string;
  agentspecVersion?: AgentSpecVersion;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const parseVersion = (value: string): AgentSpecVersion => {
  if (!isAgentSpecVersion(value)) throw new InvalidArgumentError(`must be one of ${AGENTSPEC_VERSIONS.join(', ')}.`);
  return value;
};

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description('Convert FlowDrop workflow files to Open Agent Spec (or to FlowDrop JSON/YAML).')
    .argument('<inputs...>', 'workflow files, folders (searched for *.json like wfe serve), globs, or - for stdin')
    .addOption(new Option('--to <target>', 'what to write').choices(['agentspec', 'flowdrop']).default('agentspec'))
    .addOption(new Option('--format <format>', 'json or yaml (default: from the -o file extension, else json)').choices(['json', 'yaml']))
    .option('-o, --output <path>', 'a file (one input), a folder (one file per input), or - for stdout (default: stdout for one input)')
    .option('--force', 'overwrite existing output files', false)
    .option('--rule <id=severity>', 'change a rule: error, warning or off (repeatable), e.g. --rule no-cycle=off', collect, [])
    .option('--config <file>', 'wfe.config.yaml to take `rules:` and node types from (default: the nearest one at or above each input)')
    .option('--agentspec-version <version>', `agentspec_version to write (default: the lowest that covers the document; ${AGENTSPEC_VERSIONS.join(', ')})`, parseVersion)
    .addHelpText(
      'after',
      '\nRules (rule id, default severity):\n' +
        EXPORT_RULES.map((r) => `  ${r.id.padEnd(22)} ${r.severity.padEnd(8)} ${r.description}${r.fixed ? ' (fixed)' : ''}`).join('\n') +
        '\n\nOutput names in a folder: <name>.agentspec.json|yaml (--to agentspec) or <name>.json|yaml (--to flowdrop);\n' +
        'inputs found in a folder keep their sub-folders.\n' +
        '\nExit codes: 0 all exported, 1 a workflow is invalid, not exportable, or its output exists (without --force),\n' +
        '2 usage error (bad option, missing input, no match).\n' +
        'Problems go to stderr as "file[:line:column]: error|warning: message"; progress only on a terminal.\n' +
        '\nExamples:\n' +
        '  $ wfe export workflows/support-router.json                  Agent Spec JSON on stdout\n' +
        '  $ wfe export workflows/ -o agentspec/ --format yaml         one YAML file per workflow\n' +
        "  $ wfe export 'workflows/**/*.json' -o out/ --force --rule no-cycle=off\n" +
        '  $ cat flow.json | wfe export - --to flowdrop --format yaml   a workflow as YAML\n',
    )
    .action(async (args: string[], flags: ExportFlags) => {
      process.exitCode = await runExport(args, flags);
    });
}

function outputPath(destination: Destination, input: Input, to: ExportFlags['to'], format: TextFormat): string | undefined {
  if (destination.kind === 'stdout') return undefined;
  if (destination.kind === 'file') return destination.path;
  const base = input.relative.replace(/\.(json|ya?ml)$/i, '');
  return join(destination.path, `${base}${to === 'agentspec' ? '.agentspec' : ''}.${format === 'yaml' ? 'yaml' : 'json'}`);
}

async function runExport(args: string[], flags: ExportFlags): Promise<number> {
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
  const bar = createProgress('export', inputs.length);
  sayThrough((line) => bar.log(line));
  let failed = 0;
  for (const input of inputs) {
    const ok = await exportOne(input, destination, format, flags, settingsFor, cliRules);
    if (!ok) failed++;
    bar.tick(input.name);
  }
  bar.finish([
    ['files', inputs.length],
    ['exported', inputs.length - failed],
    ['failed', failed],
  ]);
  return failed > 0 ? 1 : 0;
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
