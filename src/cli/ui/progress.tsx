// Progress for batch commands (validate, export, import): an ink bar and a closing summary table on
// stderr when a person watches a terminal; nothing otherwise, so stdout stays byte-identical.
import { Box, render, Text } from 'ink';
import { isCi } from '../../util/ci.js';

export interface Progress {
  tick(item: string): void;
  /** A line above the bar (a problem found on the way). */
  log(line: string): void;
  /** Replaces the bar by a summary table (label → value). */
  finish(summary: Array<[string, string | number]>): void;
}

const none: Progress = { tick() {}, log: (line) => void process.stderr.write(line + '\n'), finish() {} };

export const wantsProgress = (): boolean => process.stderr.isTTY === true && !isCi();

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

export function createProgress(label: string, total: number, enabled = wantsProgress()): Progress {
  if (!enabled || total <= 1) return none;
  let done = 0;
  let last = 0;
  const view = render(<Bar label={label} done={0} total={total} item="" />, { stdout: process.stderr as unknown as NodeJS.WriteStream, exitOnCtrlC: false, patchConsole: false });
  return {
    tick(item) {
      done++;
      // Re-render at most every 50 ms: thousands of files must not cost thousands of frames.
      const now = Date.now();
      if (now - last < 50 && done < total) return;
      last = now;
      view.rerender(<Bar label={label} done={done} total={total} item={item} />);
    },
    log(line) {
      view.clear();
      process.stderr.write(line + '\n');
      view.rerender(<Bar label={label} done={done} total={total} item="" />);
    },
    finish(summary) {
      view.rerender(<Summary rows={summary} />);
      view.unmount();
    },
  };
}
