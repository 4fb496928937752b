// The `wfe serve` terminal dashboard (ink). Only used when stdout and stdin are a TTY and CI is unset.
import { Box, Text, useInput, useStdin } from 'ink';
import { useEffect, useState } from 'react';
import { formatLoadError } from '../../contract/load-error.js';
import { printable } from '../../util/printable.js';
import type { RunProgress, ServerEvent } from '../../server/events.js';
import { cleared, reduce, type DashboardState } from './dashboard-state.js';

interface DashboardInfo {
  url: string;
  dir: string;
  workflows: () => number;
  nodeTypes: () => number;
  watch: boolean;
  auth: boolean;
}

export interface DashboardProps {
  info: DashboardInfo;
  initial: DashboardState;
  /** Registers the dashboard as the event listener; returns the unsubscribe. */
  subscribe(listener: (event: ServerEvent) => void): () => void;
  onQuit(): void;
  /** Opens the URL in a browser; resolves with what to tell the user. */
  onOpen(): Promise<string>;
}

const statusColour = (status: number): string => (status >= 500 ? 'red' : status >= 400 ? 'yellow' : status >= 300 ? 'cyan' : 'green');

function Bar({ done, total, width = 20 }: { done: number; total: number; width?: number }) {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return (
    <Text>
      <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
    </Text>
  );
}

function RunLine({ run }: { run: RunProgress }) {
  const colour = run.status === 'completed' ? 'green' : run.status === 'failed' ? 'red' : run.status === 'cancelled' ? 'yellow' : 'cyan';
  return (
    <Box>
      <Text>{printable(run.workflowName).slice(0, 28).padEnd(29)}</Text>
      <Bar done={run.completed} total={run.total} />
      <Text> {`${run.completed}/${run.total}`.padEnd(8)}</Text>
      <Text color={colour}>{run.status.padEnd(10)}</Text>
      <Text dimColor>{printable(run.error ? run.error : run.running.join(', ')).slice(0, 60)}</Text>
    </Box>
  );
}

export function Dashboard({ info, initial, subscribe, onQuit, onOpen }: DashboardProps) {
  const [state, setState] = useState<DashboardState>(initial);
  const [notice, setNotice] = useState('');
  const { isRawModeSupported } = useStdin();

  useEffect(() => subscribe((event) => setState((s) => reduce(s, event))), [subscribe]);

  useInput(
    (input, key) => {
      // Raw mode takes Ctrl-C from the terminal's signals: it is read here as a key, and quits as q does.
      if (key.ctrl && input === 'c') return onQuit();
      // Keys typed fast come in one read ("cq"), and Caps Lock sends capitals.
      for (const typed of input.toLowerCase()) {
        if (typed === 'q') return onQuit();
        if (typed === 'c') setState(cleared);
        else if (typed === 'o') void onOpen().then(setNotice);
      }
    },
    { isActive: isRawModeSupported === true },
  );

  return (
    <Box flexDirection="column">
      <Box>
        <Text bold color="cyan">
          wfe serve{' '}
        </Text>
        <Text>{info.url}</Text>
      </Box>
      <Text dimColor>
        {info.dir} · {info.workflows()} workflows · {info.nodeTypes()} node types · watch {info.watch ? 'on' : 'off'} · auth{' '}
        {info.auth ? 'on' : 'off'} · {state.counts.requests} requests{state.counts.errors > 0 ? `, ${state.counts.errors} errors` : ''}
      </Text>

      {state.loadErrors.length > 0 && (
        <Box flexDirection="column" marginTop={1}>
          <Text bold color="red">
            Not loaded ({state.loadErrors.length})
          </Text>
          {state.loadErrors.slice(0, 6).map((e) => (
            <Text key={`${e.file}:${e.line}:${e.message}`} color="red">
              {'  '}
              {formatLoadError(e)}
            </Text>
          ))}
        </Box>
      )}

      <Box flexDirection="column" marginTop={1}>
        <Text bold>Runs</Text>
        {state.runs.length === 0 ? (
          <Text dimColor> none yet: press Run in the editor's playground</Text>
        ) : (
          state.runs.map((r) => <RunLine key={r.id} run={r} />)
        )}
      </Box>

      <Box flexDirection="column" marginTop={1}>
        <Text bold>Requests</Text>
        {state.requests.length === 0 && <Text dimColor> waiting for the editor…</Text>}
        {state.requests.map((r, i) => (
          <Box key={`${r.at}-${i}`}>
            <Text dimColor>{r.at.slice(11, 19)} </Text>
            <Text>{r.method.padEnd(7)}</Text>
            <Text color={statusColour(r.status)}>{String(r.status).padEnd(4)}</Text>
            <Text dimColor>{`${r.durationMs} ms`.padStart(9)} </Text>
            <Text color={r.status >= 400 ? statusColour(r.status) : undefined}>{r.path}</Text>
          </Box>
        ))}
      </Box>

      {state.files.length > 0 && (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>Files</Text>
          {state.files.map((f, i) => (
            <Text key={`${f.at}-${i}`}>
              <Text dimColor>{f.at.slice(11, 19)} </Text>
              {f.change === 'unlink' ? 'removed' : f.change === 'add' ? 'added  ' : 'changed'} {printable(f.file)}
            </Text>
          ))}
        </Box>
      )}

      {state.logs.length > 0 && (
        <Box flexDirection="column" marginTop={1}>
          {state.logs.map((l, i) => (
            <Text key={`${l.at}-${i}`} color={l.level === 'error' ? 'red' : l.level === 'warn' ? 'yellow' : undefined}>
              {printable(l.message)}
            </Text>
          ))}
        </Box>
      )}

      <Box marginTop={1}>
        <Text dimColor>q quit · c clear · o open in browser{notice ? ` · ${notice}` : ''}</Text>
      </Box>
    </Box>
  );
}
