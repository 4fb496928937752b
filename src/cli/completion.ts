// `wfe completion bash|zsh|fish`: shell completion scripts read off the commander program itself, so a
// new command or option is completed without touching this file.
import { AGENTSPEC_VERSIONS } from '../agentspec/versions.js';
import { FORMAT_NAMES } from '../validate/formatters/index.js';
import type { CommandRun } from './command-run.js';
import { Argument, InvalidArgumentError, type Command, type Option } from './commander.js';
import type { Terminal } from './terminal.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

/**
 * The values of the options and arguments wfe checks by hand (a repeatable -f, a default worked out at run
 * time), of which commander therefore knows no choices: `<command> <flag or argument name>`.
 */
const CHECKED_BY_HAND: Record<string, readonly string[]> = {
  'validate --format': FORMAT_NAMES,
  'export --agentspec-version': AGENTSPEC_VERSIONS,
  'completion shell': SHELLS,
};

interface OptionSpec {
  short?: string;
  long?: string;
  description: string;
  takesValue: boolean;
  choices: string[];
}

interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  /** Choices of the first argument, e.g. the shells of `wfe completion`. */
  argumentChoices: string[];
  takesArguments: boolean;
}

interface ProgramSpec {
  name: string;
  options: OptionSpec[];
  commands: CommandSpec[];
}

const firstSentence = (text: string) =>
  text
    .split('\n')[0]
    .replace(/\.\s+[A-Z].*$/, '')
    .replace(/\.$/, '');

const optionSpec = (option: Option, command?: string): OptionSpec => ({
  short: option.short,
  long: option.long,
  description: firstSentence(option.description),
  takesValue: option.required || option.optional,
  choices: option.argChoices ?? [...(CHECKED_BY_HAND[`${command} ${option.long}`] ?? [])],
});

/** Commands and options as `wfe --help` shows them (the help command and --help included). */
export function describeProgram(program: Command): ProgramSpec {
  const help = program.createHelp();
  return {
    name: program.name(),
    options: help.visibleOptions(program).map((option) => optionSpec(option)),
    commands: help.visibleCommands(program).map((command) => ({
      name: command.name(),
      description: firstSentence(command.description()),
      options: help.visibleOptions(command).map((option) => optionSpec(option, command.name())),
      argumentChoices: argumentChoices(command, program),
      takesArguments: command.registeredArguments.length > 0,
    })),
  };
}

/** What the first argument of `command` can be: its choices, the commands for `help`, or the values wfe checks. */
function argumentChoices(command: Command, program: Command): string[] {
  const first = command.registeredArguments.at(0);
  if (first?.argChoices) return first.argChoices;
  if (command.name() === 'help')
    return program
      .createHelp()
      .visibleCommands(program)
      .map((c) => c.name());
  return [...(first ? (CHECKED_BY_HAND[`${command.name()} ${first.name()}`] ?? []) : [])];
}

const flagsOf = (options: OptionSpec[]) => options.flatMap((o) => [o.short, o.long].filter((f): f is string => Boolean(f)));
const functionName = (name: string) => `_${name.replace(/\W/g, '_')}`;

export function bashCompletion(program: Command): string {
  const spec = describeProgram(program);
  const fn = `${functionName(spec.name)}_completion`;
  const words = (list: string[]) => list.join(' ');
  const valueCases = (command: string, options: OptionSpec[]) =>
    options
      .filter((o) => o.takesValue)
      .map(
        (o) =>
          `    ${flagsOf([o])
            .map((f) => `${command}:${f}`)
            .join('|')}) ${o.choices.length > 0 ? `COMPREPLY=($(compgen -W "${words(o.choices)}" -- "$cur"))` : ':'}; return ;;`,
      );
  const optionCases = spec.commands.map((c) => `    ${c.name}) opts="${words(flagsOf(c.options))}"; args="${words(c.argumentChoices)}" ;;`);
  return [
    `# bash completion for ${spec.name}. Load it with: source <(${spec.name} completion bash)`,
    `${fn}() {`,
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" opts="" args="" i',
    '  (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"',
    '  for (( i = 1; i < COMP_CWORD; i++ )); do',
    '    case "${COMP_WORDS[i]}" in -*) ;; *) cmd="${COMP_WORDS[i]}"; break ;; esac',
    '  done',
    '  if [[ -z "$cmd" ]]; then',
    `    if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${words(flagsOf(spec.options))}" -- "$cur"))`,
    `    else COMPREPLY=($(compgen -W "${words(spec.commands.map((c) => c.name))}" -- "$cur")); fi`,
    '    return',
    '  fi',
    '  case "$cmd:$prev" in',
    ...spec.commands.flatMap((c) => valueCases(c.name, c.options)),
    '  esac',
    '  case "$cmd" in',
    ...optionCases,
    '  esac',
    '  if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
    '  elif [[ -n "$args" ]]; then COMPREPLY=($(compgen -W "$args" -- "$cur")); fi',
    '}',
    // -o default: with no proposal, bash completes file names (inputs, --output, --config).
    `complete -o default -F ${fn} ${spec.name}`,
    '',
  ].join('\n');
}

const zshQuote = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/\[/g, '\\[').replace(/\]/g, '\\]').replace(/:/g, '\\:');

function zshOptionSpecs(options: OptionSpec[]): string[] {
  return options.flatMap((o) =>
    flagsOf([o]).map((flag) => {
      const value = !o.takesValue ? '' : o.choices.length > 0 ? `:value:(${o.choices.join(' ')})` : ':value:_files';
      // `*`: options such as --format and --rule may be given more than once.
      return `'*${flag}[${zshQuote(o.description)}]${value}'`;
    }),
  );
}

export function zshCompletion(program: Command): string {
  const spec = describeProgram(program);
  const fn = functionName(spec.name);
  const commandCases = spec.commands.map((c) => {
    const rest = c.argumentChoices.length > 0 ? `'*:argument:(${c.argumentChoices.join(' ')})'` : c.takesArguments ? "'*:file:_files'" : '';
    const specs = [...zshOptionSpecs(c.options), rest].filter(Boolean);
    return `        ${c.name}) ${specs.length > 0 ? `_arguments -s ${specs.join(' \\\n            ')}` : ':'} ;;`;
  });
  return [
    `#compdef ${spec.name}`,
    `# zsh completion for ${spec.name}. Save it as _${spec.name} in a folder of $fpath, or: source <(${spec.name} completion zsh)`,
    `${fn}() {`,
    '  local curcontext="$curcontext" state line',
    '  local -a commands',
    `  commands=(${spec.commands.map((c) => `'${zshQuote(c.name)}:${c.description.replace(/'/g, "'\\''")}'`).join(' ')})`,
    `  _arguments -C ${zshOptionSpecs(spec.options).join(' ')} '1: :->command' '*:: :->argument'`,
    '  case $state in',
    `    command) _describe -t commands '${spec.name} command' commands ;;`,
    '    argument)',
    '      case $line[1] in',
    ...commandCases,
    '      esac ;;',
    '  esac',
    '}',
    `if [[ "\${funcstack[1]}" == "${fn}" ]]; then ${fn} "$@"; else compdef ${fn} ${spec.name}; fi`,
    '',
  ].join('\n');
}

const fishQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function fishOptionLines(name: string, condition: string, options: OptionSpec[]): string[] {
  return options.map((o) => {
    const flags = [o.short ? `-s ${o.short.slice(1)}` : '', o.long ? `-l ${o.long.slice(2)}` : ''].filter(Boolean).join(' ');
    const value = !o.takesValue ? '' : o.choices.length > 0 ? ` -x -a ${fishQuote(o.choices.join(' '))}` : ' -r -F';
    return `complete -c ${name} -n ${fishQuote(condition)} ${flags}${value} -d ${fishQuote(o.description)}`;
  });
}

export function fishCompletion(program: Command): string {
  const spec = describeProgram(program);
  const lines = [`# fish completion for ${spec.name}. Load it with: ${spec.name} completion fish | source`, `complete -c ${spec.name} -f`];
  lines.push(...fishOptionLines(spec.name, '__fish_use_subcommand', spec.options));
  for (const c of spec.commands)
    lines.push(`complete -c ${spec.name} -n __fish_use_subcommand -a ${c.name} -d ${fishQuote(c.description)}`);
  for (const c of spec.commands) {
    const inCommand = `__fish_seen_subcommand_from ${c.name}`;
    lines.push(...fishOptionLines(spec.name, inCommand, c.options));
    if (c.argumentChoices.length > 0)
      lines.push(`complete -c ${spec.name} -n ${fishQuote(inCommand)} -a ${fishQuote(c.argumentChoices.join(' '))}`);
    else if (c.takesArguments) lines.push(`complete -c ${spec.name} -n ${fishQuote(inCommand)} -F`);
  }
  return lines.join('\n') + '\n';
}

/** The shell of $SHELL when it is one of ours, so that `wfe completion` alone fits the user's shell. */
const loginShell = (env: Terminal['env']): Shell => SHELLS.find((shell) => shell === env.SHELL?.split('/').pop()) ?? 'bash';

function parseShell(value: string): Shell {
  const shell = SHELLS.find((s) => s === value);
  if (!shell) throw new InvalidArgumentError(`choose bash, zsh or fish`);
  return shell;
}

const GENERATORS: Record<Shell, (program: Command) => string> = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion };

export function registerCompletionCommand(program: Command, { terminal }: CommandRun): void {
  program
    .command('completion')
    .description('Print a shell completion script for wfe: every command and option, read from this wfe.')
    // Checked by hand rather than with .choices(), so that --help shows "(default: …)" like every command.
    .addArgument(new Argument('[shell]', 'bash, zsh or fish').argParser(parseShell).default(loginShell(terminal.env)))
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  $ wfe completion bash > ~/.local/share/bash-completion/completions/wfe\n' +
        '  $ source <(wfe completion bash)                        this shell only\n' +
        '  $ wfe completion zsh > "${fpath[1]}/_wfe"              then start a new zsh\n' +
        '  $ wfe completion fish > ~/.config/fish/completions/wfe.fish\n',
    )
    .action((shell: Shell) => {
      terminal.stdout.write(GENERATORS[shell](program));
    });
}
