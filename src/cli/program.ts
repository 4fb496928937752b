import { Command, CommanderError } from './commander.js';
import { packageVersion } from '../util/version.js';
import { errorText } from './error-text.js';
import type { CommandRun, Registrar } from './command-run.js';
import { exitCodeFor, processTerminal, type Terminal } from './terminal.js';

/**
 * Each command's definition, in the order help lists them, loaded only when needed: `wfe validate` loads
 * none of the other commands' modules (each module costs start-up time, and Node 20 has no compile cache).
 */
const COMMANDS: Record<string, () => Promise<Registrar>> = {
  serve: async () => (await import('./serve.js')).registerServeCommand,
  init: async () => (await import('./init.js')).registerInitCommand,
  validate: async () => (await import('./validate.js')).registerValidateCommand,
  export: async () => (await import('./export.js')).registerExportCommand,
  import: async () => (await import('./import.js')).registerImportCommand,
  diff: async () => (await import('./diff.js')).registerDiffCommand,
  render: async () => (await import('./render.js')).registerRenderCommand,
  completion: async () => (await import('./completion.js')).registerCompletionCommand,
};

/**
 * The program with the command `argv` names, or with every command when it names none of them (help,
 * --version, a misspelt command to suggest the right one for) or names `completion`, which describes them all.
 */
export async function loadProgram(argv: string[], run: CommandRun): Promise<Command> {
  const named = argv[2];
  const names = named !== undefined && named !== 'completion' && Object.hasOwn(COMMANDS, named) ? [named] : Object.keys(COMMANDS);
  return buildProgram(await Promise.all(names.map((name) => COMMANDS[name]())), run);
}

function buildProgram(commands: Registrar[], run: CommandRun): Command {
  const { stdout, stderr } = run.terminal;
  const program = new Command();
  program
    .name('wfe')
    .description(
      'Local, file-backed backend for the FlowDrop workflow editor.\n' +
        'The served folder is the database: every *.json file in it is one workflow.',
    )
    .version(packageVersion, '-v, --version', 'print the wfe version')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ sortOptions: false })
    // Before the subcommands are added, so they inherit them: usage errors throw instead of exiting 1, and
    // help and errors go to the terminal of this run.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => stdout.write(text),
      writeErr: (text) => stderr.write(text),
      // commander's own default: the width of a terminal, 80 columns elsewhere.
      getOutHelpWidth: () => (stdout.isTTY ? stdout.stream?.columns : undefined) ?? 80,
      getErrHelpWidth: () => (stderr.isTTY ? stderr.stream?.columns : undefined) ?? 80,
    });
  for (const register of commands) register(program, run);
  program.addHelpText(
    'after',
    '\nExamples:\n' +
      '  $ wfe serve ./workflows                     serve a folder at http://127.0.0.1:3000/api/flowdrop\n' +
      '  $ wfe serve ./workflows --port 8080 --token s3cret\n' +
      '  $ wfe init && wfe serve                     scaffold ./workflows, then serve it\n' +
      '  $ wfe validate workflows/ -f stylish -f sarif -o wfe.sarif   stylish on stdout, SARIF in wfe.sarif\n' +
      '  $ wfe export workflows/chat.json --format yaml > chat.agentspec.yaml\n' +
      '  $ wfe import flows/*.yaml -o workflows/\n' +
      '  $ wfe diff old.json new.json -f markdown  what changed, for a pull-request comment\n' +
      '  $ wfe render workflows/chat.json --fence  a Mermaid flowchart for a README\n' +
      '  $ source <(wfe completion bash)             tab completion of commands and options (also zsh, fish)\n' +
      '  $ wfe <command> --help                      every option of a command, with defaults and examples\n',
  );
  return program;
}

/**
 * Runs the CLI on `terminal` (argv as process.argv has it: node, script, then the arguments); resolves with
 * the exit code (0 ok, 1 failure, 2 usage or start-up error). Touches nothing process-wide: see runProcess.
 */
export async function run(argv: string[], terminal: Terminal = processTerminal()): Promise<number> {
  // `wfe help <name>` of no command: commander would print the program's help and exit 2 without a word on
  // why; as `wfe <name>`, it says the command is unknown (and suggests a near one).
  if (argv[2] === 'help' && argv[3] !== undefined && !Object.hasOwn(COMMANDS, argv[3])) argv = [argv[0], argv[1], ...argv.slice(3)];
  // As git's diff driver, a path may start with `-`: it must reach `wfe diff` as a path, never as an option of
  // the program (-v.json would print the version) or of the command, and commander reads options first.
  if (argv[2] === 'diff') argv = [...argv.slice(0, 3), ...(await import('./diff.js')).gitOperandsApart(argv.slice(3), terminal.env)];
  let exitCode = 0;
  const program = await loadProgram(argv, { terminal, exitWith: (code) => (exitCode = code) });
  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    // Named by its command, as each command's own messages are (`wfe export: …`).
    const command = argv[2] !== undefined && Object.hasOwn(COMMANDS, argv[2]) ? ` ${argv[2]}` : '';
    terminal.stderr.write(`wfe${command}: ${errorText(err, { cwd: terminal.cwd })}\n`);
    return 2;
  }
}

/** Runs the CLI as this process (bin/wfe.js): run() on its terminal, and what only a process has, its signals. */
export function runProcess(argv: string[]): Promise<number> {
  // serve shuts down gracefully on its own; every other command stops at once on Ctrl-C, and the
  // 'exit' hook of the atomic writer removes any temp file being written (no partial output).
  if (argv[2] !== 'serve') {
    process.once('SIGINT', () => process.exit(exitCodeFor('SIGINT')));
    process.once('SIGTERM', () => process.exit(exitCodeFor('SIGTERM')));
  }
  // A server's log lines must never stall its event loop on a pipe nobody reads: serve keeps Node's streams.
  return run(argv, processTerminal({ directWrites: argv[2] !== 'serve' }));
}
