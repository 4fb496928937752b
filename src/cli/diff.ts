// wfe diff: what changed between two workflows, for a reviewer. Also git's external diff driver
// (diff.<driver>.command), which git calls with 7 arguments.
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
// An unmerged path: git passes the path alone.
const GIT_UNMERGED_ARGS = 1;
const NO_FILE = '/dev/null';

export function registerDiffCommand(program: Command, run: CommandRun): void {
  program
    .command('diff')
    .usage('[options] <old> <new>')
    .description(
      'Compare two workflows by node and edge id: nodes added and removed, config fields changed, connections added and removed, name, description and metadata. Moves are one line; save stamps never count. Exit 0 equal, 1 different, 2 error.',
    )
    .argument(
      '<old-and-new...>',
      'old and new: FlowDrop JSON/YAML or Agent Spec files, either one - for stdin (or the 7 arguments git passes a diff driver)',
    )
    .addOption(
      new Option('-f, --format <format>', 'text (coloured on a terminal), json (stable, for scripts) or markdown (for a PR comment)')
        .choices(['text', 'json', 'markdown'])
        .default('text'),
    )
    .option('--ignore-layout', 'leave out nodes that only moved (otherwise summarised as "N nodes moved")', false)
    .option('--no-color', 'no ANSI colours in the text report (also NO_COLOR=1; FORCE_COLOR=1 forces them in a pipe)')
    .addHelpText(
      'after',
      '\nAs a git diff driver (git passes 7 arguments; the report is headed by the path, and the exit code is 0 so\n' +
        'git carries on; a file that is not a workflow is shown as a plain line diff):\n' +
        "  $ echo 'workflows/**/*.json diff=wfe' >> .gitattributes\n" +
        "  $ git config diff.wfe.command 'wfe diff'\n" +
        '\nExamples:\n' +
        '  $ wfe diff old.json new.json\n' +
        '  $ wfe diff old.json new.json --ignore-layout -f markdown > comment.md\n' +
        '  $ git show main:workflows/flow.json | wfe diff - workflows/flow.json\n' +
        '  $ wfe diff workflows/flow.json flow.agentspec.yaml -f json\n',
    )
    .action(async (files: string[], flags: DiffFlags) => {
      run.exitWith(await runDiff(files, flags, run.terminal));
    });
}

type Side = { workflow: Workflow } | { absent: true };

async function runDiff(files: string[], flags: DiffFlags, terminal: Terminal): Promise<number> {
  const fail = (message: string): number => {
    terminal.stderr.write(`wfe diff: ${message}\n`);
    return 2;
  };
  // Only git passes one argument (it sets GIT_DIFF_PATH_TOTAL for an external diff); from anyone else it is a
  // second file forgotten, which must not pass in a script.
  if (files.length === GIT_UNMERGED_ARGS && terminal.env.GIT_DIFF_PATH_TOTAL !== undefined) {
    terminal.stdout.write(`${files[0]}: unmerged, nothing to compare\n`);
    return 0;
  }
  const git = files.length === GIT_ARGS;
  if (!git && files.length !== 2)
    return fail(`expected <old> <new> (or git's 7 arguments), got ${files.length} argument${files.length === 1 ? '' : 's'}`);
  const [oldName, newName] = git ? [files[1], files[4]] : files;
  if (oldName === '-' && newName === '-') return fail('only one side can be - (stdin)');

  const [{ readWorkflow }, { diffWorkflows, emptyLike }, { DIFF_FORMATTERS }] = await Promise.all([
    import('./render.js'),
    import('../review/diff.js'),
    import('../review/format-diff.js'),
  ]);
  // git hands over temporary copies: messages name the path in the repository instead.
  const read = async (name: string): Promise<Side> =>
    name === NO_FILE ? { absent: true } : { workflow: await readWorkflow(name, { terminal, ...(git ? { shown: files[0] } : {}) }) };
  let before: Side;
  let after: Side;
  try {
    [before, after] = await Promise.all([read(oldName), read(newName)]);
  } catch (err) {
    // git asks about every file .gitattributes routes here; one that is not a workflow must not stop `git diff`.
    if (git) return plainDiff({ path: files[0], oldName, newName, reason: errorMessage(err) }, terminal);
    return fail(errorMessage(err));
  }
  // An absent side (a file added or deleted) compares as the other side with nothing in it.
  let oldWorkflow: Workflow;
  let newWorkflow: Workflow;
  if ('workflow' in before) {
    oldWorkflow = before.workflow;
    newWorkflow = 'workflow' in after ? after.workflow : emptyLike(oldWorkflow);
  } else if ('workflow' in after) {
    newWorkflow = after.workflow;
    oldWorkflow = emptyLike(newWorkflow);
  } else return fail('both sides are /dev/null');
  const diff = diffWorkflows(oldWorkflow, newWorkflow, { ignoreLayout: flags.ignoreLayout });

  const title = git
    ? `${files[0]}${'absent' in before ? ' (new file)' : 'absent' in after ? ' (deleted)' : ''}`
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

/** What git's diff driver compares when a side is not a workflow: the path in the repository, both files, and why. */
interface PlainDiff {
  path: string;
  oldName: string;
  newName: string;
  reason: string;
}

/** git mode, a side that is not a workflow: why, then the line diff of the two texts. */
async function plainDiff({ path, oldName, newName, reason }: PlainDiff, terminal: Terminal): Promise<number> {
  const [{ readFile }, { resolve }, { lineDiff }] = await Promise.all([
    import('node:fs/promises'),
    import('node:path'),
    import('../review/line-diff.js'),
  ]);
  const text = (name: string) => (name === NO_FILE ? Promise.resolve('') : readFile(resolve(terminal.cwd, name), 'utf8'));
  const [before, after] = await Promise.all([text(oldName), text(newName)]);
  const rows = lineDiff(before, after, { context: 3, maxChanged: Infinity });
  const lines = rows.map((row) =>
    row.kind === 'gap' || row.kind === 'more'
      ? `… ${row.count} ${row.kind === 'gap' ? 'unchanged' : 'more changed'} lines`
      : `${row.kind === 'added' ? '+' : row.kind === 'removed' ? '-' : ' '} ${row.text}`,
  );
  terminal.stdout.write(`${path}\n(not compared as a workflow: ${reason})\n${lines.join('\n')}\n`);
  return 0;
}
