// wfe diff: what changed between two workflows, for a reviewer. Also git's external diff driver
// (diff.<driver>.command), which git calls with 7 arguments, or 9 for a renamed or copied file.
import type { CommandRun } from './command-run.js';
import { Option, type Command } from './commander.js';
import type { Terminal } from './terminal.js';
import type { Workflow } from '../contract/types.js';
import type { DiffFormat } from '../review/format-diff.js';
import { errorMessage } from '../util/narrow.js';

export interface DiffFlags {
  format: DiffFormat;
  ignoreLayout: boolean;
  color?: boolean;
}

// git's external diff: path old-file old-hex old-mode new-file new-hex new-mode.
const GIT_ARGS = 7;
// A renamed or copied file: the same 7, then the new path and git's account of it
// ("similarity index 90%\nrename from a.json\nrename to b.json\n…", or "copy from" / "copy to").
const GIT_RENAME_ARGS = 9;
// An unmerged path: git passes the path alone.
const GIT_UNMERGED_ARGS = 1;
const NO_FILE = '/dev/null';
// What git passes for a file's object id and mode: hex digits and six octal ones, or "." for /dev/null.
const OBJECT_ID = /^(?:[0-9a-f]+|\.)$/;
const FILE_MODE = /^(?:[0-7]{6}|\.)$/;

/**
 * The arguments of `wfe diff` (those after `diff`) with a `--` before git's, when git runs it as its external
 * diff: git appends its own to the command configured (`wfe diff`, maybe with options), and the first is a
 * path in the repository, which may start with `-` (as may the new file, git's work tree copy): commander
 * would read `-x.json` as an option. Users keep the command as configured; one ending in `--` is left as is.
 */
export function gitOperandsApart(args: readonly string[], env: Terminal['env']): string[] {
  const count = gitArgumentCount(args, env);
  const own = args.slice(0, args.length - count);
  return count === 0 || own.includes('--') ? [...args] : [...own, '--', ...args.slice(own.length)];
}

/** How many of the last arguments are git's: 9 or 7 by the shape of its ids and modes, the unmerged path alone. */
function gitArgumentCount(args: readonly string[], env: Terminal['env']): number {
  for (const count of [GIT_RENAME_ARGS, GIT_ARGS]) {
    if (args.length < count) continue;
    // path old-file old-hex old-mode new-file new-hex new-mode [new-path account]
    const [, , oldHex, oldMode, , newHex, newMode] = args.slice(args.length - count);
    if (OBJECT_ID.test(oldHex) && FILE_MODE.test(oldMode) && OBJECT_ID.test(newHex) && FILE_MODE.test(newMode)) return count;
  }
  return args.length === GIT_UNMERGED_ARGS && env.GIT_DIFF_PATH_TOTAL !== undefined ? GIT_UNMERGED_ARGS : 0;
}

export function registerDiffCommand(program: Command, run: CommandRun): void {
  program
    .command('diff')
    .usage('[options] <old> <new>')
    .description(
      'Compare two workflows: nodes added and removed, config fields changed, connections added, removed and changed, name, description and metadata. Moves are one line; save stamps never count. Exit 0 equal, 1 different, 2 error.',
    )
    .argument('<old>', 'the old workflow: FlowDrop JSON/YAML or Agent Spec, or - for stdin')
    .argument('[new]', 'the new workflow, likewise (git passes a diff driver 7 arguments, or 9 for a renamed or copied file)')
    // git's other arguments; runDiff says what it expected when the count is wrong.
    .allowExcessArguments()
    .addOption(
      new Option('-f, --format <format>', 'text (coloured on a terminal), json (stable, for scripts) or markdown (for a PR comment)')
        .choices(['text', 'json', 'markdown'])
        .default('text'),
    )
    .option('--ignore-layout', 'leave out nodes that only moved (otherwise summarised as "N nodes moved")', false)
    .option('--no-color', 'no ANSI colours in the text report (also NO_COLOR=1; FORCE_COLOR=1 forces them in a pipe)')
    .addHelpText(
      'after',
      '\nAs a git diff driver (git passes 7 arguments, 9 for a renamed or copied file; the report is headed by the\n' +
        'path, and the exit code is 0 so git carries on; a file that is not a workflow is shown as a plain line diff):\n' +
        "  $ echo 'workflows/**/*.json diff=wfe' >> .gitattributes\n" +
        "  $ git config diff.wfe.command 'wfe diff'\n" +
        '\nExamples:\n' +
        '  $ wfe diff old.json new.json\n' +
        '  $ wfe diff old.json new.json --ignore-layout -f markdown > comment.md\n' +
        '  $ git show main:workflows/flow.json | wfe diff - workflows/flow.json\n' +
        '  $ wfe diff workflows/flow.json flow.agentspec.yaml -f json\n',
    )
    .action(async (_old: string, _new: string | undefined, flags: DiffFlags, command: Command) => {
      run.exitWith(await runDiff(command.args, flags, run.terminal));
    });
}

type Side = { workflow: Workflow } | { absent: true };

/** What git's diff driver was asked: the path, where the two versions are, and for a rename or copy the new path. */
interface GitFile {
  path: string;
  newPath?: string;
  /** How the file came to have the new path, from git's account of it. */
  how?: 'renamed' | 'copied';
}

interface Comparison {
  oldName: string;
  newName: string;
  /** Set when git runs wfe as its diff driver. */
  git?: GitFile;
}

function gitFile(files: string[]): GitFile {
  if (files.length !== GIT_RENAME_ARGS) return { path: files[0] };
  const account = files[8];
  // git colours its account with color.diff=always: a line may start with an SGR sequence.
  const how = /^(?:\x1b\[[0-9;]*m)*rename from /m.test(account)
    ? 'renamed'
    : /^(?:\x1b\[[0-9;]*m)*copy from /m.test(account)
      ? 'copied'
      : undefined;
  return { path: files[0], newPath: files[7], ...(how ? { how } : {}) };
}

async function runDiff(files: string[], flags: DiffFlags, terminal: Terminal): Promise<number> {
  const { printable } = await import('../util/printable.js');
  const fail = (message: string): number => {
    terminal.stderr.write(`wfe diff: ${message}\n`);
    return 2;
  };
  // Only git passes one argument (it sets GIT_DIFF_PATH_TOTAL for an external diff); from anyone else it is a
  // second file forgotten, which must not pass in a script.
  if (files.length === GIT_UNMERGED_ARGS && terminal.env.GIT_DIFF_PATH_TOTAL !== undefined) {
    terminal.stdout.write(`${printable(files[0])}: unmerged, nothing to compare\n`);
    return 0;
  }
  if (files.length === GIT_ARGS || files.length === GIT_RENAME_ARGS) {
    const git = gitFile(files);
    // git stops at the first external diff that exits non-zero: whatever went wrong, say so where the report
    // would be (and on stderr) and let it carry on.
    const failInGit = (message: string): number => {
      terminal.stdout.write(`${printable(gitTitle(git))}\n(not compared: ${printable(message)})\n`);
      terminal.stderr.write(`wfe diff: ${printable(gitTitle(git))}: ${printable(message)}\n`);
      return 0;
    };
    try {
      return await compare({ oldName: files[1], newName: files[4], git }, { flags, terminal, fail: failInGit });
    } catch (err) {
      return failInGit(errorMessage(err));
    }
  }
  if (files.length !== 2)
    return fail(`expected <old> <new> (or git's 7 or 9 arguments), got ${files.length} argument${files.length === 1 ? '' : 's'}`);
  const [oldName, newName] = files;
  if (oldName === '-' && newName === '-') return fail('only one side can be - (stdin)');
  return compare({ oldName, newName }, { flags, terminal, fail });
}

/** `path`, or `old path → new path (renamed)` for a rename or a copy. */
const gitTitle = ({ path, newPath, how }: GitFile): string =>
  newPath === undefined ? path : `${path} → ${newPath}${how ? ` (${how})` : ''}`;

interface CompareContext {
  flags: DiffFlags;
  terminal: Terminal;
  /** Says why the two cannot be compared; returns the exit code. */
  fail: (message: string) => number;
}

/** Reads both sides, compares them and writes the report; returns the exit code. */
async function compare({ oldName, newName, git }: Comparison, { flags, terminal, fail }: CompareContext): Promise<number> {
  const [{ readWorkflow }, { diffWorkflows, emptyLike }, { DIFF_FORMATTERS }, { NumberLiterals }] = await Promise.all([
    import('./render.js'),
    import('../review/diff.js'),
    import('../review/format-diff.js'),
    import('../review/number-literals.js'),
  ]);
  const numbers = new NumberLiterals();
  // git hands over temporary copies: messages name the path in the repository instead.
  const read = async (name: string, shown: string | undefined): Promise<Side> =>
    name === NO_FILE
      ? { absent: true }
      : { workflow: await readWorkflow(name, { terminal, numbers, ...(shown !== undefined ? { shown } : {}) }) };
  let before: Side;
  let after: Side;
  try {
    [before, after] = await Promise.all([read(oldName, git?.path), read(newName, git ? (git.newPath ?? git.path) : undefined)]);
  } catch (err) {
    // git asks about every file .gitattributes routes here; one that is not a workflow must not stop `git diff`.
    if (git) return plainDiff({ title: gitTitle(git), oldName, newName, reason: errorMessage(err) }, terminal);
    return fail(errorMessage(err));
  }
  // An absent side (a file added or deleted) compares as the other side with nothing in it.
  const empty = (workflow: Workflow): Workflow => {
    const nothing = emptyLike(workflow);
    numbers.sameAs(nothing, workflow);
    return nothing;
  };
  let oldWorkflow: Workflow;
  let newWorkflow: Workflow;
  if ('workflow' in before) {
    oldWorkflow = before.workflow;
    newWorkflow = 'workflow' in after ? after.workflow : empty(oldWorkflow);
  } else if ('workflow' in after) {
    newWorkflow = after.workflow;
    oldWorkflow = empty(newWorkflow);
  } else return fail('both sides are /dev/null');
  const diff = diffWorkflows(oldWorkflow, newWorkflow, { ignoreLayout: flags.ignoreLayout, numbers });

  const title = git
    ? `${gitTitle(git)}${'absent' in before ? ' (new file)' : 'absent' in after ? ' (deleted)' : ''}`
    : `${displayName(oldName)} → ${displayName(newName)}`;
  terminal.stdout.write(DIFF_FORMATTERS[flags.format](diff, { title, color: flags.format === 'text' && useColor(flags, terminal) }));
  // git (before 2.46, and after it unless diff.<driver>.trustExitCode) stops at any non-zero exit.
  if (git) return 0;
  return diff.equal ? 0 : 1;
}

const displayName = (name: string): string => (name === '-' ? '<stdin>' : name);

function useColor(flags: DiffFlags, { env, stdout }: Terminal): boolean {
  if (flags.color === false || (env.NO_COLOR ?? '') !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return stdout.isTTY;
}

/** What git's diff driver compares when a side is not a workflow: the report's heading, both files, and why. */
interface PlainDiff {
  title: string;
  oldName: string;
  newName: string;
  reason: string;
}

/** git mode, a side that is not a workflow: why, then the line diff of the two texts, printable. */
async function plainDiff({ title, oldName, newName, reason }: PlainDiff, terminal: Terminal): Promise<number> {
  const [{ readFile }, { resolve }, { lineDiff }, { printable }] = await Promise.all([
    import('node:fs/promises'),
    import('node:path'),
    import('../review/line-diff.js'),
    import('../util/printable.js'),
  ]);
  const text = (name: string) => (name === NO_FILE ? Promise.resolve('') : readFile(resolve(terminal.cwd, name), 'utf8'));
  const [before, after] = await Promise.all([text(oldName), text(newName)]);
  const rows = lineDiff(before, after, { context: 3, maxChanged: Infinity });
  const lines = rows.map((row) =>
    row.kind === 'gap' || row.kind === 'more'
      ? `… ${row.count} ${row.kind === 'gap' ? 'unchanged' : 'more changed'} lines`
      : `${row.kind === 'added' ? '+' : row.kind === 'removed' ? '-' : ' '} ${printable(row.text)}`,
  );
  const body = lines.length > 0 ? `${lines.join('\n')}\n` : 'No changes.\n';
  terminal.stdout.write(`${printable(title)}\n(not compared as a workflow: ${printable(reason)})\n${body}`);
  return 0;
}
