import { appendFile } from 'node:fs/promises';
import type { Command } from 'commander';

interface ValidateFlags {
  format: string[];
  output: string[];
  rule: string[];
  config?: string;
  maxWarnings?: number;
  stdinFilename: string;
  color?: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const parseCount = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--max-warnings must be a whole number, got "${value}"`);
  return n;
};

export function registerValidateCommand(program: Command): void {
  program
    .command('validate')
    .description('Check workflow files: JSON syntax, the workflow schema, graph rules and the Agent Spec export rules. Exit 0 clean, 1 problems, 2 usage or internal error.')
    .argument('[inputs...]', 'files, folders (searched recursively, as wfe serve does), quoted globs, or - for stdin', ['.'])
    .option('-f, --format <name>', 'report format: stylish, json, junit, sarif, github, compact; repeat for several reports (default: stylish)', collect, [])
    .option('-o, --output <file>', 'write the report of the same position in --format to this file (- for stdout); repeatable', collect, [])
    .option('--rule <id=severity>', 'set a rule to error, warning or off, e.g. --rule no-cycle=off; repeatable (wins over wfe.config.yaml)', collect, [])
    .option('-c, --config <file>', 'wfe.config.yaml to use (default: the nearest one at or above each file)')
    .option('--max-warnings <n>', 'also fail (exit 1) when there are more than n warnings', parseCount)
    .option('--stdin-filename <name>', 'name for the file read from stdin in reports', '<stdin>')
    .option('--no-color', 'no ANSI colours in the stylish report (also NO_COLOR=1)')
    .addHelpText(
      'after',
      '\nRules: run `wfe validate --list-rules` for every rule id, its default severity and what it checks.\n' +
        '\nExamples:\n' +
        '  $ wfe validate workflows/                       every *.json below workflows/\n' +
        "  $ wfe validate 'flows/**/*.json' --max-warnings 0\n" +
        '  $ wfe validate . -f sarif -o wfe.sarif -f junit -o junit.xml -f stylish\n' +
        '  $ cat flow.json | wfe validate - --stdin-filename flow.json -f json\n' +
        '  $ wfe validate . --rule no-cycle=off --rule lossy-export=off\n',
    )
    .option('--list-rules', 'print every rule with its default severity, and exit')
    .action(async (inputs: string[], flags: ValidateFlags & { listRules?: boolean }) => {
      process.exitCode = await validateCommand(inputs, flags);
    });
}

async function validateCommand(args: string[], flags: ValidateFlags & { listRules?: boolean }): Promise<number> {
  // Loaded here, not at start-up: `wfe --help` stays fast.
  const [{ ALL_RULES, VALIDATE_DEFAULTS }, { FORMATTERS, FORMAT_NAMES }, { githubSummary }, io, { folderSettings }, { runValidation, folderOf }, { parseRuleFlags, RuleConfigError }, { createLogger }, { openProgress }, { packageVersion }] =
    await Promise.all([
      import('../validate/rules.js'),
      import('../validate/formatters/index.js'),
      import('../validate/formatters/github.js'),
      import('./io.js'),
      import('./catalog-for.js'),
      import('../validate/run.js'),
      import('../validate/rule-config.js'),
      import('../util/logger.js'),
      import('./batch.js'),
      import('../util/version.js'),
    ]);
  const usage = (message: string) => {
    process.stderr.write(`wfe validate: ${message}\n`);
    return 2;
  };

  if (flags.listRules) {
    const width = Math.max(...ALL_RULES.map((r) => r.id.length));
    for (const r of ALL_RULES) process.stdout.write(`${r.id.padEnd(width)}  ${(VALIDATE_DEFAULTS[r.id] ?? r.severity).padEnd(7)}  ${r.fixed ? '(fixed) ' : ''}${r.description}\n`);
    return 0;
  }

  const inGitHub = process.env.GITHUB_ACTIONS === 'true';
  const formats = flags.format.length > 0 ? flags.format : inGitHub ? ['stylish', 'github'] : ['stylish'];
  for (const f of formats) if (!FORMATTERS[f]) return usage(`unknown --format "${f}"; choose from ${FORMAT_NAMES.join(', ')}`);
  if (flags.output.length > formats.length) return usage(`${flags.output.length} --output for ${formats.length} --format: give one --format before each --output`);

  let flagRules;
  try {
    flagRules = parseRuleFlags(flags.rule);
  } catch (err) {
    return usage((err as Error).message);
  }

  let inputs;
  try {
    inputs = await io.expandInputs(args, ['.json']);
  } catch (err) {
    if (err instanceof io.UsageError) return usage(err.message);
    throw err;
  }
  if (inputs.length === 0) return usage(`no *.json workflow files found in ${args.join(', ')}`);

  const logger = createLogger('warn');
  const settingsFor = folderSettings(logger, flags.config);
  const progress = await openProgress('validate', inputs.length);
  let report;
  try {
    report = await runValidation({
      files: inputs.map((input) => ({ name: input.path ? input.name : flags.stdinFilename, folder: folderOf(input.path), read: () => io.readInput(input) })),
      flagRules,
      settingsFor,
      onProgress: (_done, _total, file) => progress.tick(file),
    });
  } catch (err) {
    progress.finish([]);
    if (err instanceof RuleConfigError) return usage(err.message);
    throw err;
  }

  const tooManyWarnings = flags.maxWarnings !== undefined && report.warningCount > flags.maxWarnings;
  progress.finish([
    ['files', report.files.length],
    ['errors', report.errorCount],
    ['warnings', report.warningCount + (tooManyWarnings ? ` (more than --max-warnings ${flags.maxWarnings})` : '')],
    ['time', `${Math.round(report.durationMs)} ms`],
  ]);

  const color = flags.color !== false && !process.env.NO_COLOR && (process.stdout.isTTY === true || Boolean(process.env.FORCE_COLOR));
  for (const [i, name] of formats.entries()) {
    const target = flags.output[i];
    const toFile = target !== undefined && target !== '-';
    const text = FORMATTERS[name](report, { color: color && !toFile && name === 'stylish', version: packageVersion });
    if (toFile) await io.writeOutput(target, text, true);
    else process.stdout.write(text);
  }
  if (inGitHub && process.env.GITHUB_STEP_SUMMARY) await appendFile(process.env.GITHUB_STEP_SUMMARY, githubSummary(report, { color: false, version: packageVersion }));
  if (tooManyWarnings) process.stderr.write(`wfe validate: ${report.warningCount} warnings, more than --max-warnings ${flags.maxWarnings}\n`);
  return report.errorCount > 0 || tooManyWarnings ? 1 : 0;
}
