// The ink bar and closing summary table behind cli/batch.ts, loaded only when a terminal shows them.
import { Box, Static, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Progress } from '../progress.js';
import { renderInk, type InkTarget } from './render-ink.js';

/** The last `max` characters of `text` (code points, not UTF-16 units: an emoji is never cut in two). */
const tail = (text: string, max: number): string => {
  const points = [...text];
  return points.length <= max ? text : `…${points.slice(points.length - max + 1).join('')}`;
};

function Bar({ label, done, total, item, columns }: { label: string; done: number; total: number; item: string; columns: number }) {
  const counts = ` ${done}/${total} `;
  // The bar fits the terminal: a frame wider than it wraps, and the next frame erases one line too few.
  const width = Math.max(5, Math.min(30, columns - label.length - counts.length - 12));
  const room = columns - label.length - 1 - width - counts.length - 1;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return (
    <Box>
      <Text>{label} </Text>
      <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
      <Text>{counts}</Text>
      <Text dimColor>{room > 0 ? tail(item, Math.min(50, room)) : ''}</Text>
    </Box>
  );
}

function Summary({ rows }: { rows: Array<[string, string | number]> }) {
  const width = Math.max(...rows.map(([k]) => k.length));
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1}>
      {rows.map(([k, v]) => (
        <Text key={k}>
          <Text dimColor>{k.padEnd(width)}</Text> {String(v)}
        </Text>
      ))}
    </Box>
  );
}

/**
 * The lines said so far, above the bar: ink's Static writes each once and never draws it again. Written
 * beside ink instead, a line was erased by the next frame, which ink draws over the lines it drew last.
 */
function WithLines({ lines, children }: { lines: string[]; children: ReactNode }) {
  return (
    <>
      <Static items={lines}>{(line, i) => <Text key={i}>{line}</Text>}</Static>
      {children}
    </>
  );
}

/** The bar of `label` over `total` inputs, drawn on the target (stderr). */
export function inkProgress(label: string, total: number, target: InkTarget): Progress {
  let done = 0;
  let last = 0;
  let item = '';
  let lines: string[] = [];
  const bar = () => (
    <WithLines lines={lines}>
      <Bar label={label} done={done} total={total} item={item} columns={target.stream.columns || 80} />
    </WithLines>
  );
  const view = renderInk(bar(), target, { exitOnCtrlC: false, patchConsole: false });
  return {
    tick(current) {
      done++;
      item = current;
      // Re-render at most every 50 ms: thousands of files must not cost thousands of frames.
      const now = Date.now();
      if (now - last < 50 && done < total) return;
      last = now;
      view.rerender(bar());
    },
    log(line) {
      // A new array: Static finds the lines it has not written by its items changing.
      lines = [...lines, line];
      view.rerender(bar());
    },
    finish(summary) {
      // No summary (a run stopped by a usage error): no empty box before the error's own line.
      view.rerender(<WithLines lines={lines}>{summary.length > 0 ? <Summary rows={summary} /> : null}</WithLines>);
      view.unmount();
    },
  };
}
