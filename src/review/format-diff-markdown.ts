// For a pull-request comment or a job summary: GitHub-flavoured Markdown, long text in ```diff blocks.
import { diffSummary, movedText, type FieldChange } from './diff.js';
import type { DiffFormatter } from './format-diff-options.js';
import { isLongText, lineDiff, type LineDiffRow } from './line-diff.js';
import { escapeMarkdown } from '../util/markdown-text.js';
import { printable } from '../util/printable.js';
import { compactValue, type Connection } from './view.js';

const VALUE_WIDTH = 80;

/** The length of the longest run of `char` in `text`. */
function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/** An inline code span, printable, that survives backticks in the text. */
function code(text: string): string {
  const shown = printable(text);
  const fence = '`'.repeat(longestRun(shown, '`') + 1);
  const padded = shown.startsWith('`') || shown.endsWith('`') ? ` ${shown} ` : shown;
  return `${fence}${padded}${fence}`;
}

function rowText(row: LineDiffRow): string {
  switch (row.kind) {
    case 'same':
      return `  ${printable(row.text)}`;
    case 'removed':
      return `- ${printable(row.text)}`;
    case 'added':
      return `+ ${printable(row.text)}`;
    case 'gap':
      return `  … ${row.count} unchanged line${row.count === 1 ? '' : 's'}`;
    case 'more':
      return `  … ${row.count} more changed line${row.count === 1 ? '' : 's'}`;
  }
}

function fieldLines(prefix: string, change: FieldChange): string[] {
  const mark = change.before === undefined ? '➕' : change.after === undefined ? '➖' : '✏️';
  if (isLongText(change.before, change.after)) {
    const rows = lineDiff(typeof change.before === 'string' ? change.before : '', typeof change.after === 'string' ? change.after : '').map(
      rowText,
    );
    const fence = '`'.repeat(Math.max(3, longestRun(rows.join('\n'), '`') + 1));
    return [`- ${mark} ${prefix}${code(change.field)}:`, `  ${fence}diff`, ...rows.map((r) => `  ${r}`), `  ${fence}`];
  }
  return [
    `- ${mark} ${prefix}${code(change.field)}: ${code(compactValue(change.before, VALUE_WIDTH))} → ${code(compactValue(change.after, VALUE_WIDTH))}`,
  ];
}

const endpoint = (e: Connection['from']): string => escapeMarkdown(e.port !== undefined ? `${e.label}.${e.port}` : e.label);
const connectionText = (c: Connection): string => `${endpoint(c.from)} → ${endpoint(c.to)}${c.kind === 'tool' ? ' (tool)' : ''}`;

export const formatDiffMarkdown: DiffFormatter = (diff, options = {}) => {
  const title = options.title ?? (diff.old.name === diff.new.name ? diff.new.name : `${diff.old.name} → ${diff.new.name}`);
  const lines = [`### ${escapeMarkdown(title)}`, '', diff.equal ? 'No changes.' : `**${diffSummary(diff)}**`];
  // One push per line: a body of a hundred thousand lines spread into one call overflows the stack.
  const section = (name: string, body: string[]) => {
    if (body.length === 0) return;
    lines.push('', `**${name}**`, '');
    for (const line of body) lines.push(line);
  };
  section(
    'Workflow',
    diff.workflow.flatMap((c) => fieldLines('', c)),
  );
  section('Nodes', [
    ...diff.nodes.added.map((n) => `- ➕ **${escapeMarkdown(n.label)}** ${code(n.type)}`),
    ...diff.nodes.removed.map((n) => `- ➖ **${escapeMarkdown(n.label)}** ${code(n.type)}`),
    ...diff.nodes.changed.flatMap((n) => n.changes.flatMap((c) => fieldLines(`**${escapeMarkdown(n.label)}** › `, c))),
  ]);
  section('Connections', [
    ...diff.connections.added.map((c) => `- ➕ ${connectionText(c)}`),
    ...diff.connections.removed.map((c) => `- ➖ ${connectionText(c)}`),
    ...diff.connections.changed.flatMap((c) => c.changes.flatMap((change) => fieldLines(`${connectionText(c)} › `, change))),
  ]);
  if (diff.layout.moved.length > 0) lines.push('', `**Layout:** ${movedText(diff)}`);
  return lines.join('\n') + '\n';
};
