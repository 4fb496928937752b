// The ink bar and closing summary table behind cli/batch.ts, loaded only when a terminal shows them.
import { Box, render, Text } from 'ink';
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

export function inkProgress(label: string, total: number, stderr: NodeJS.WriteStream): Progress {
  let done = 0;
  let last = 0;
  const view = render(<Bar label={label} done={0} total={total} item="" />, {
    stdout: stderr,
    exitOnCtrlC: false,
    patchConsole: false,
  });
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
      stderr.write(line + '\n');
      view.rerender(<Bar label={label} done={done} total={total} item="" />);
    },
    finish(summary) {
      view.rerender(<Summary rows={summary} />);
      view.unmount();
    },
  };
}
