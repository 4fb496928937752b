// The ink bar and closing summary table behind cli/batch.ts, loaded only when a terminal shows them.
import { Box, render, Static, Text } from 'ink';
import type { ReactNode } from 'react';
import type { Progress } from '../progress.js';

function Bar({ label, done, total, item }: { label: string; done: number; total: number; item: string }) {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return (
    <Box>
      <Text>{label} </Text>
      <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
      <Text>
        {' '}
        {done}/{total}{' '}
      </Text>
      <Text dimColor>{item.slice(-50)}</Text>
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

export function inkProgress(label: string, total: number, stderr: NodeJS.WriteStream): Progress {
  let done = 0;
  let last = 0;
  let item = '';
  let lines: string[] = [];
  const bar = () => (
    <WithLines lines={lines}>
      <Bar label={label} done={done} total={total} item={item} />
    </WithLines>
  );
  const view = render(bar(), { stdout: stderr, exitOnCtrlC: false, patchConsole: false });
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
      view.rerender(
        <WithLines lines={lines}>
          <Summary rows={summary} />
        </WithLines>,
      );
      view.unmount();
    },
  };
}
