import type { CommandRun } from './command-run.js';
import { Option, type Command } from './commander.js';
import { recordReportFlags } from './report-targets.js';
import type { ValidateFlags } from './validate-run.js';
import { CONCURRENCY_HELP, parseConcurrency } from './concurrency-flag.js';
import { wholeNumber } from './whole-number.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const parseCount = (value: string): number => {
  const n = wholeNumber(value);
  if (n === undefined) throw new Error(`--max-warnings must be a whole number, got "${value}"`);
  return n;
};

export function registerValidateCommand(program: Command, run: CommandRun): void {
  const command = program
    .command('validate')
    .description(
      'Check workflow files and Agent Spec flows: JSON syntax, the workflow schema, graph rules, the Agent Spec export rules, and the Agent Spec rules at every depth of a flow. Exit 0 clean, 1 problems, 2 usage or internal error.',
    )
    .argument('[inputs...]', 'files, folders (searched recursively, as wfe serve does), quoted globs, or - for stdin', ['.'])
    .option(
      '-f, --format <name>',
      'report format: stylish, json, junit, sarif, github, compact, codeclimate; repeat for several reports (default: stylish)',
      collect,
    )
    .option('-o, --output <file>', 'write the report of the -f just before it to this file (- for stdout); a -f without -o goes to stdout')
    .option(
      '--rule <id=severity>',
      'set a rule to error, warning or off, e.g. --rule no-cycle=off; repeatable (wins over wfe.config.yaml)',
      collect,
    )
    .option(
      '--ignore <glob>',
      'also skip files in folders that match this glob, e.g. --ignore "drafts/" --ignore "*.schema.json"; repeatable (adds to ignore: of wfe.config.yaml)',
      collect,
    )
    .option('-c, --config <file>', 'wfe.config.yaml to use (default: the nearest one at or above each file)')
    .option('--max-warnings <n>', 'also fail (exit 1) when there are more than n warnings', parseCount)
    .option('--stdin-filename <name>', 'name for the file read from stdin in reports; the settings of its folder apply', '<stdin>')
    .option('-q, --quiet', 'print nothing unless the check fails (-o files are still written)')
    .option('--watch', 're-check as files change and print the report again; Ctrl-C exits 0 or 1 by the last result')
    .option('--no-color', 'no ANSI colours in the stylish report (also NO_COLOR=1)')
    .option('--timings', 'add durations to the json and junit reports (without it, the same inputs give the same bytes)')
    .option(
      '--cache',
      'check only files that changed since the last --cache run (under the same wfe version and settings); the others report what they reported then',
    )
    .option('--cache-location <path>', 'the cache file, or a folder to keep it in (default: .wfe-cache in the working directory)')
    .addOption(
      new Option(
        '--cache-strategy <strategy>',
        'how a changed file is told: metadata (size and modification time) or content (a hash of its bytes)',
      )
        .choices(['metadata', 'content'])
        .default('metadata'),
    )
    .option('--concurrency <n|auto|off>', CONCURRENCY_HELP, parseConcurrency)
    .addHelpText(
      'after',
      '\nRules: run `wfe validate --list-rules` for every rule id, its default severity and what it checks.\n' +
        '\nReports: each -o names the file of the -f just before it; a -f without -o prints to stdout.\n' +
        '\nSkipped in folders: hidden files and folders, node_modules/, package.json and lockfiles, tsconfig*.json\n' +
        'and other tool configs, plus --ignore globs and the ignore: list of wfe.config.yaml.\n' +
        '\nExamples:\n' +
        '  $ wfe validate workflows/                       every *.json below workflows/\n' +
        "  $ wfe validate 'flows/**/*.json' --max-warnings 0\n" +
        '  $ wfe validate workflows/ -f stylish -f sarif -o wfe.sarif   stylish on stdout, SARIF in wfe.sarif\n' +
        '  $ cat flow.json | wfe validate - --stdin-filename flow.json -f json\n' +
        '  $ wfe validate <(git show main:flows/a.json)  a pipe is read like a file\n' +
        '  $ wfe validate . --rule no-cycle=off --ignore "drafts/"\n' +
        '  $ wfe validate workflows/ --watch               re-check while you edit\n' +
        '  $ wfe validate workflows/ --cache               a second run checks only the files that changed\n' +
        '  $ wfe validate workflows/ --concurrency auto    worker threads for a large folder\n',
    )
    .option('--list-rules', 'print every rule with its default severity, and exit');
  const reportFlags = recordReportFlags(command);
  command.action(async (inputs: string[], flags: ValidateFlags) => {
    const { validateCommand } = await import('./validate-run.js');
    run.exitWith(await validateCommand(inputs, flags, { reportFlags, terminal: run.terminal }));
  });
}
