// A short line diff for long text fields (prompts, templates): only the changed lines with a little
// context, capped, so one edited sentence in a 40-line prompt reads as two lines.

export type LineDiffRow =
  { kind: 'same' | 'removed' | 'added'; text: string } | { kind: 'gap'; count: number } | { kind: 'more'; count: number };

export interface LineDiffOptions {
  /** Unchanged lines kept around each change. */
  context?: number;
  /** Changed lines shown at most; the rest are counted in a `more` row. */
  maxChanged?: number;
}

// Above this many cells the LCS table is not worth it: everything between the common head and tail is
// shown as removed and added.
const MAX_CELLS = 4_000_000;

type Op = { kind: 'same' | 'removed' | 'added'; text: string };

function lcsOps(a: string[], b: string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const middle: Op[] = [];
  if (x.length * y.length > MAX_CELLS) {
    for (const text of x) middle.push({ kind: 'removed', text });
    for (const text of y) middle.push({ kind: 'added', text });
  } else {
    // lengths[i][j] = LCS length of x[i..] and y[j..], flattened.
    const width = y.length + 1;
    const lengths = new Uint32Array((x.length + 1) * width);
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--)
        lengths[i * width + j] =
          x[i] === y[j] ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        middle.push({ kind: 'same', text: x[i] });
        i++;
        j++;
      } else if (j < y.length && (i === x.length || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j])) {
        middle.push({ kind: 'added', text: y[j++] });
      } else {
        middle.push({ kind: 'removed', text: x[i++] });
      }
    }
  }
  const ops: Op[] = a.slice(0, head).map((text): Op => ({ kind: 'same', text }));
  // Removals before additions within a run of changes reads better than interleaved. Pushed one by one:
  // a run of a hundred thousand lines spread into one call overflows the stack.
  for (let start = 0; start < middle.length;) {
    let end = start;
    while (end < middle.length && middle[end].kind !== 'same') end++;
    for (let k = start; k < end; k++) if (middle[k].kind === 'removed') ops.push(middle[k]);
    for (let k = start; k < end; k++) if (middle[k].kind === 'added') ops.push(middle[k]);
    if (end < middle.length) ops.push(middle[end]);
    start = end + 1;
  }
  for (const text of a.slice(a.length - tail)) ops.push({ kind: 'same', text });
  return ops;
}

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
function splitLines(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The rows of a short diff from `before` to `after`; empty when the texts are equal. */
export function lineDiff(before: string, after: string, options: LineDiffOptions = {}): LineDiffRow[] {
  const context = options.context ?? 1;
  const maxChanged = options.maxChanged ?? 12;
  const ops = lcsOps(splitLines(before), splitLines(after));
  if (ops.every((o) => o.kind === 'same')) return [];
  const keep = ops.map((o) => o.kind !== 'same');
  ops.forEach((o, i) => {
    if (o.kind === 'same') return;
    for (let k = Math.max(0, i - context); k <= Math.min(ops.length - 1, i + context); k++) keep[k] = true;
  });
  const rows: LineDiffRow[] = [];
  let changedShown = 0;
  let changedTotal = 0;
  let skipped = 0;
  for (const [i, op] of ops.entries()) {
    if (op.kind !== 'same') changedTotal++;
    if (!keep[i]) {
      skipped++;
      continue;
    }
    if (changedShown >= maxChanged) continue;
    if (skipped > 0) rows.push({ kind: 'gap', count: skipped });
    skipped = 0;
    if (op.kind !== 'same') changedShown++;
    rows.push(op);
  }
  if (changedTotal > changedShown) rows.push({ kind: 'more', count: changedTotal - changedShown });
  else if (skipped > 0) rows.push({ kind: 'gap', count: skipped });
  return rows;
}

/** Text worth a line diff rather than `old → new`: several lines, or more than fits on one. */
export const isLongText = (before: unknown, after: unknown): boolean =>
  (typeof before === 'string' || typeof after === 'string') &&
  (typeof before === 'string' || before === undefined) &&
  (typeof after === 'string' || after === undefined) &&
  [before, after].some((v) => typeof v === 'string' && (v.includes('\n') || v.length > 72));
