// wfe render: a workflow as a Mermaid flowchart or as its canonical text outline (a git textconv).
// Also home of readWorkflow, which `wfe diff` shares: a file or stdin, FlowDrop JSON/YAML or Agent Spec.
import type { Workflow } from '../contract/types.js';
import type { NumberLiterals } from '../review/number-literals.js';
import type { CommandRun } from './command-run.js';
import { Option, type Command } from './commander.js';
import type { Terminal } from './terminal.js';
import { errnoCode, errorMessage } from '../util/narrow.js';

export interface RenderFlags {
  format: 'mermaid' | 'text';
  direction: 'LR' | 'TD';
  fence: boolean;
}

export function registerRenderCommand(program: Command, run: CommandRun): void {
  program
    .command('render')
    .description(
      'Draw a workflow as a Mermaid flowchart, or print its canonical text outline (one line per node and per connection). Exit 0, or 2 when the file cannot be read.',
    )
    .argument('<file>', 'a FlowDrop workflow (JSON or YAML) or an Agent Spec flow, or - for stdin')
    .addOption(
      new Option(
        '-f, --format <format>',
        'mermaid: a flowchart for a README, a PR comment or a job summary; text: the outline, for git textconv',
      )
        .choices(['mermaid', 'text'])
        .default('mermaid'),
    )
    .addOption(
      new Option('--direction <dir>', 'flowchart direction (mermaid): LR left to right, TD top down').choices(['LR', 'TD']).default('LR'),
    )
    .option('--fence', 'wrap the flowchart in a ```mermaid block, ready to paste into Markdown', false)
    .addHelpText(
      'after',
      '\nMermaid: node labels, gateway branches as edge labels, tool attachments dotted, notes left out.\n' +
        'Text: label, node type, id and config (keys sorted, one line) per node; one line per connection. Layout,\n' +
        'save stamps, key order and formatting do not show, so a one-field change is a one-line difference.\n' +
        '\nExamples:\n' +
        '  $ wfe render workflows/support-router.json                Mermaid on stdout\n' +
        '  $ wfe render flow.json --fence >> "$GITHUB_STEP_SUMMARY"  a picture in the job summary\n' +
        '  $ wfe render flow.agentspec.yaml -f text                  the outline of an Agent Spec flow\n' +
        '  $ git config diff.wfe.textconv "wfe render -f text"       with `*.json diff=wfe` in .gitattributes\n',
    )
    .action(async (file: string, flags: RenderFlags) => {
      run.exitWith(await runRender(file, flags, run.terminal));
    });
}

async function runRender(file: string, flags: RenderFlags, terminal: Terminal): Promise<number> {
  let workflow;
  try {
    workflow = await readWorkflow(file, { terminal });
  } catch (err) {
    terminal.stderr.write(`wfe render: ${errorMessage(err)}\n`);
    return 2;
  }
  if (flags.format === 'text') {
    const { toOutline } = await import('../review/outline.js');
    terminal.stdout.write(toOutline(workflow));
    return 0;
  }
  const { toMermaid } = await import('../review/mermaid.js');
  const chart = toMermaid(workflow, { direction: flags.direction });
  terminal.stdout.write(flags.fence ? `\`\`\`mermaid\n${chart}\`\`\`\n` : chart);
  return 0;
}

/** Timestamp given to Agent Spec flows that carry none, so the same flow always reads the same. */
const IMPORTED_AT = '1970-01-01T00:00:00.000Z';

export interface ReadWorkflowOptions {
  /** Where the run reads files and stdin, and says what the folder's settings warn of. */
  terminal: Terminal;
  /** What messages call the file (default: its name, or <stdin>). */
  shown?: string;
  /** Where the numbers of a FlowDrop JSON file that no double stands for are recorded (for wfe diff). */
  numbers?: NumberLiterals;
}

/**
 * Reads one workflow: `-` is stdin. Agent Spec input is converted with the importer; FlowDrop input is
 * checked against the workflow schema. Throws UsageError naming the file (and line) and the reason.
 */
export async function readWorkflow(
  name: string,
  { terminal, shown = name === '-' ? '<stdin>' : name, numbers }: ReadWorkflowOptions,
): Promise<Workflow> {
  // The Agent Spec converter loads only for Agent Spec input (see agentspec/flowdrop-source.ts).
  const [
    { dirname, resolve },
    { inputSource, readInput },
    { UsageError },
    { parseText },
    { detectSource, flowdropWorkflow },
    { AgentSpecError },
    { pointerPosition },
  ] = await Promise.all([
    import('node:path'),
    import('./read-inputs.js'),
    import('./usage-error.js'),
    import('../agentspec/serialize.js'),
    import('../agentspec/flowdrop-source.js'),
    import('../agentspec/types.js'),
    import('../util/pointer-position.js'),
  ]);
  const { cwd } = terminal;
  const source = inputSource(terminal);
  let text: string;
  try {
    text = await readInput(name === '-' ? { name, relative: 'stdin' } : { name, path: resolve(cwd, name), relative: name }, source);
  } catch (err) {
    const code = errnoCode(err);
    throw new UsageError(
      `${shown}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a workflow file' : `cannot read: ${errorMessage(err)}`}`,
    );
  }
  const parsed = parseText(text, name);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    throw new UsageError(`${shown}${line ? `:${line}:${column ?? 1}` : ''}: ${message}`);
  }
  const value = parsed.value;
  if (
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    (!('component_type' in value) && !('nodes' in value && 'edges' in value))
  )
    throw new UsageError(`${shown}: not a workflow: neither a FlowDrop workflow (nodes and edges) nor an Agent Spec flow (component_type)`);
  try {
    if (detectSource(value) === 'flowdrop') {
      const workflow = flowdropWorkflow(value);
      if (parsed.format === 'json') numbers?.record(text, value);
      else numbers?.asDoubles();
      return workflow;
    }
    // The converter makes new values: the literals of the file's numbers do not follow them.
    numbers?.asDoubles();
    const [{ importDocument }, lookupNodeType] = await Promise.all([
      import('../agentspec/import.js'),
      nodeTypesFor(name === '-' ? cwd : dirname(resolve(cwd, name)), terminal),
    ]);
    return importDocument(value, { now: IMPORTED_AT, lookupNodeType }).workflow;
  } catch (err) {
    if (!(err instanceof AgentSpecError)) throw err;
    const at = err.path ? pointerPosition(text, err.path) : undefined;
    throw new UsageError(`${shown}${at?.line ? `:${at.line}:${at.column ?? 1}` : ''}: ${err.path ? `${err.path}: ` : ''}${err.message}`);
  }
}

/** The node types of the folder the file is in (its wfe.config.yaml and nodes/), as wfe import uses them. */
async function nodeTypesFor(folder: string, terminal: Terminal) {
  const [{ folderSettings }, { commandLogger }] = await Promise.all([
    import('../project/folder-settings.js'),
    import('./command-logger.js'),
  ]);
  const settings = await folderSettings(commandLogger(terminal, 'render'), { cwd: terminal.cwd })(folder);
  return (id: string) => settings.catalog.getNodeType(id);
}
