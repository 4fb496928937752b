// For a pull-request comment or a job summary: GitHub-flavoured Markdown, long text in ```diff blocks.
import { diffSummary, movedText, type FieldChange } from './diff.js';
import type { DiffFormatter } from './format-diff-options.js';
import { isLongText, lineDiff, type LineDiffRow } from './line-diff.js';
import { compactValue, type Connection } from './view.js';

const VALUE_WIDTH = 80;

/** Text shown as is: Markdown and HTML syntax characters backslash-escaped. */
const escapeMarkdown = (text: string): string => text.replace(/[\\`*_[\]<>|~#]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');

const longestRun = (text: string, char: string): number =>
  Math.max(0, ...(text.match(new RegExp(`\\${char}+`, 'g')) ?? []).map((run) => run.length));

/** An inline code span that survives backticks in the text. */
function code(text: string): string {
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
  return `${fence}${padded.replace(/\r?\n/g, ' ')}${fence}`;
}

function rowText(row: LineDiffRow): string {
  switch (row.kind) {
    case 'same':
      return `  ${row.text}`;
    case 'removed':
      return `- ${row.text}`;
    case 'added':
      return `+ ${row.text}`;
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
const connectionLine = (mark: string, c: Connection): string =>
  `- ${mark} ${endpoint(c.from)} → ${endpoint(c.to)}${c.kind === 'tool' ? ' (tool)' : ''}`;

export const formatDiffMarkdown: DiffFormatter = (diff, options = {}) => {
  const title = options.title ?? (diff.old.name === diff.new.name ? diff.new.name : `${diff.old.name} → ${diff.new.name}`);
  const lines = [`### ${escapeMarkdown(title)}`, '', diff.equal ? 'No changes.' : `**${diffSummary(diff)}**`];
  const section = (name: string, body: string[]) => {
    if (body.length > 0) lines.push('', `**${name}**`, '', ...body);
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
    ...diff.connections.added.map((c) => connectionLine('➕', c)),
    ...diff.connections.removed.map((c) => connectionLine('➖', c)),
  ]);
  if (diff.layout.moved.length > 0) lines.push('', `**Layout:** ${movedText(diff)}`);
  return lines.join('\n') + '\n';
};
