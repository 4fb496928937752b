import type { CommandRun } from './command-run.js';
import { Option, type Command } from './commander.js';
import { IMPORT_SOURCES } from '../agentspec/rules.js';
import type { ImportFlags } from './import-run.js';
import { CONCURRENCY_HELP, parseConcurrency } from './concurrency-flag.js';

export function registerImportCommand(program: Command, run: CommandRun): void {
  program
    .command('import')
    .description('Convert Agent Spec flows (or FlowDrop JSON/YAML) into workflow files that wfe serve and wfe validate accept.')
    .argument('<inputs...>', 'Agent Spec or workflow files (.json, .yaml, .yml), folders, globs, or - for stdin')
    .addOption(
      new Option('--from <source>', 'input kind: agentspec (official or FlowDrop dialect), flowdrop (a workflow), or auto')
        .choices([...IMPORT_SOURCES])
        .default('auto'),
    )
    .option(
      '-o, --output <path>',
      'a file (one input), a folder to write <workflow id>.json files into (an existing folder, a path ending in /, or several inputs), or - for stdout (default: stdout for one input)',
    )
    .option('--force', 'overwrite existing workflow files')
    .option(
      '--components <file>',
      'a file of shared components ($referenced_components) that the inputs reference: the second half of a disaggregated config; repeatable',
      (value: string, all: string[] = []) => [...all, value],
    )
    .option(
      '--ignore <glob>',
      'also skip files in input folders that match this glob; repeatable (adds to ignore: of wfe.config.yaml)',
      (value: string, all: string[] = []) => [...all, value],
    )
    .option('-q, --quiet', 'print no progress; errors still go to stderr')
    .option('--concurrency <n|auto|off>', CONCURRENCY_HELP, parseConcurrency)
    .addHelpText(
      'after',
      '\nAuto-detection: an object with nodes and edges and no component_type is a FlowDrop workflow; anything else\n' +
        'is Agent Spec. A lowercase component_type, a start_node given by name, or a {flow, agent, tools, llm_configs}\n' +
        'wrapper is read as FlowDrop\'s dialect. Only Flows import: an Agent, a Swarm… is refused as "not a Flow (…)".\n' +
        'Nodes without a saved position are laid out left to right.\n' +
        '\nExit codes: 0 all imported, 1 an input is invalid, not a Flow, or its output exists (without --force),\n' +
        '2 usage error (bad option, missing input, no match).\n' +
        'Problems go to stderr as "file[:line:column]: error: <JSON pointer>: message"; progress only on a terminal.\n' +
        '\nExamples:\n' +
        '  $ wfe import flow.yaml                        the workflow JSON on stdout\n' +
        '  $ wfe import flow.yaml -o workflows/chat.json  one input: -o is the file\n' +
        '  $ wfe import main.yaml --components shared.yaml   a disaggregated config\n' +
        '  $ wfe import agentspec/ -o workflows/         one <id>.json per flow\n' +
        "  $ wfe import 'exports/*.yaml' -o workflows/ --force\n" +
        '  $ wfe import agentspec/ -o workflows/ --concurrency auto   worker threads for a large folder\n' +
        '  $ curl -s https://example.com/flow.json | wfe import - -o workflows/\n',
    )
    .action(async (args: string[], flags: ImportFlags) => {
      // Loaded on demand: the converters and ajv cost start-up time other commands don't need.
      const { runImport } = await import('./import-run.js');
      run.exitWith(await runImport(args, flags, run.terminal));
    });
}
