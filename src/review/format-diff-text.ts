// The terminal report: one line per change, `+` added, `-` removed, `~` changed; long text as a short
// line diff below its field.
import { diffSummary, movedText, type FieldChange } from './diff.js';
import type { DiffFormatter } from './format-diff-options.js';
import { isLongText, lineDiff, type LineDiffRow } from './line-diff.js';
import { printable } from '../util/printable.js';
import { compactValue, connectionText, type Connection } from './view.js';

const VALUE_WIDTH = 60;

type Paint = (code: string, text: string) => string;

function rowText(row: LineDiffRow, paint: Paint): string {
  switch (row.kind) {
    case 'same':
      return `  ${printable(row.text)}`;
    case 'removed':
      return paint('31', `- ${printable(row.text)}`);
    case 'added':
      return paint('32', `+ ${printable(row.text)}`);
    case 'gap':
      return paint('2', `… ${row.count} unchanged line${row.count === 1 ? '' : 's'}`);
    case 'more':
      return paint('2', `… ${row.count} more changed line${row.count === 1 ? '' : 's'}`);
  }
}

/** `prefix` is printable already; the field and its values are made so here. */
function fieldLines(prefix: string, change: FieldChange, paint: Paint): string[] {
  const mark = change.before === undefined ? paint('32', '+') : change.after === undefined ? paint('31', '-') : paint('33', '~');
  const field = printable(change.field);
  if (isLongText(change.before, change.after)) {
    const rows = lineDiff(typeof change.before === 'string' ? change.before : '', typeof change.after === 'string' ? change.after : '');
    return [`  ${mark} ${prefix}${field}:`, ...rows.map((row) => `      ${rowText(row, paint)}`)];
  }
  return [`  ${mark} ${prefix}${field}: ${compactValue(change.before, VALUE_WIDTH)} → ${compactValue(change.after, VALUE_WIDTH)}`];
}

const connectionLine = (c: Connection): string => `${connectionText(c)}${c.kind === 'tool' ? ' (tool)' : ''}`;

export const formatDiffText: DiffFormatter = (diff, options = {}) => {
  const paint: Paint = options.color ? (code, text) => `\x1b[${code}m${text}\x1b[0m` : (_code, text) => text;
  const lines: string[] = [];
  if (options.title !== undefined) lines.push(paint('1', printable(options.title)));
  lines.push(diff.equal ? 'No changes.' : diffSummary(diff));
  // One push per line: a body of a hundred thousand lines spread into one call overflows the stack.
  const section = (name: string, body: string[]) => {
    if (body.length === 0) return;
    lines.push('', paint('1', name));
    for (const line of body) lines.push(line);
  };
  section(
    'Workflow',
    diff.workflow.flatMap((c) => fieldLines('', c, paint)),
  );
  section('Nodes', [
    ...diff.nodes.added.map((n) => `  ${paint('32', '+')} ${printable(n.label)} (${printable(n.type)})`),
    ...diff.nodes.removed.map((n) => `  ${paint('31', '-')} ${printable(n.label)} (${printable(n.type)})`),
    ...diff.nodes.changed.flatMap((n) => n.changes.flatMap((c) => fieldLines(`${printable(n.label)} › `, c, paint))),
  ]);
  section('Connections', [
    ...diff.connections.added.map((c) => `  ${paint('32', '+')} ${connectionLine(c)}`),
    ...diff.connections.removed.map((c) => `  ${paint('31', '-')} ${connectionLine(c)}`),
    ...diff.connections.changed.flatMap((c) => c.changes.flatMap((change) => fieldLines(`${connectionLine(c)} › `, change, paint))),
  ]);
  section('Layout', diff.layout.moved.length > 0 ? [`  ${paint('2', movedText(diff))}`] : []);
  return lines.join('\n') + '\n';
};
