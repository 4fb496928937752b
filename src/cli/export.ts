import type { CommandRun } from './command-run.js';
import { InvalidArgumentError, Option, type Command } from './commander.js';
import { EXPORT_RULES } from '../agentspec/rules.js';
import { AGENTSPEC_VERSIONS, isAgentSpecVersion, type AgentSpecVersion } from '../agentspec/versions.js';
import type { ExportFlags } from './export-run.js';
import { CONCURRENCY_HELP, parseConcurrency } from './concurrency-flag.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const parseVersion = (value: string): AgentSpecVersion => {
  if (!isAgentSpecVersion(value)) throw new InvalidArgumentError(`must be one of ${AGENTSPEC_VERSIONS.join(', ')}.`);
  return value;
};

export function registerExportCommand(program: Command, run: CommandRun): void {
  program
    .command('export')
    .description('Convert FlowDrop workflow files to Open Agent Spec (or to FlowDrop JSON/YAML).')
    .argument('<inputs...>', 'workflow files, folders (searched for *.json like wfe serve), globs, or - for stdin')
    .addOption(new Option('--to <target>', 'what to write').choices(['agentspec', 'flowdrop']).default('agentspec'))
    .addOption(
      new Option('-f, --format <format>', 'json or yaml (default: from the -o file extension, else json)').choices(['json', 'yaml']),
    )
    .option(
      '-o, --output <path>',
      'a file (one input), a folder to write one file per input into (an existing folder, a path ending in /, or several inputs), or - for stdout (default: stdout for one input)',
    )
    .option('--force', 'overwrite existing output files')
    .option('--rule <id=severity>', 'change a rule: error, warning or off (repeatable), e.g. --rule no-cycle=off', collect)
    .option(
      '--ignore <glob>',
      'also skip files in input folders that match this glob; repeatable (adds to ignore: of wfe.config.yaml)',
      collect,
    )
    .option('-q, --quiet', 'print no warnings and no progress; errors still go to stderr')
    .option('--concurrency <n|auto|off>', CONCURRENCY_HELP, parseConcurrency)
    .option('-c, --config <file>', 'wfe.config.yaml to take `rules:` and node types from (default: the nearest one at or above each input)')
    .option(
      '--agentspec-version <version>',
      `agentspec_version to write (default: the lowest that covers the document; ${AGENTSPEC_VERSIONS.join(', ')})`,
      parseVersion,
    )
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
        '  $ wfe export workflows/ -o agentspec/ --concurrency auto   worker threads for a large folder\n' +
        '  $ cat flow.json | wfe export - --to flowdrop --format yaml   a workflow as YAML\n',
    )
    .action(async (args: string[], flags: ExportFlags) => {
      // Loaded on demand: the converters and ajv cost start-up time other commands don't need.
      const { runExport } = await import('./export-run.js');
      run.exitWith(await runExport(args, flags, run.terminal));
    });
}
