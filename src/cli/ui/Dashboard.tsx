// The `wfe serve` terminal dashboard (ink). Only used when stdout and stdin are a TTY and CI is unset.
import { Box, Text, useInput, useStdin } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';
import { formatLoadError } from '../../contract/load-error.js';
import { printable } from '../../util/printable.js';
import type { RunProgress, ServerEvent } from '../../server/events.js';
import { layoutDashboard } from './dashboard-layout.js';
import { cleared, reduce, type DashboardState } from './dashboard-state.js';
import { Cell, Line, Row } from './one-line.js';
import { useTerminalRows } from './use-terminal-rows.js';

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

/** Load errors shown at most, however tall the terminal: the title says how many there are. */
const LOAD_ERRORS_SHOWN = 6;

const statusColour = (status: number): string => (status >= 500 ? 'red' : status >= 400 ? 'yellow' : status >= 300 ? 'cyan' : 'green');

/** The last `count` items of `list` (the most recent, for the tails). */
const latest = <T,>(list: T[], count: number): T[] => list.slice(Math.max(0, list.length - count));

/** A section: a blank line, its title (with how many of its items there was no room for), its items. */
function Section({ title, hidden, color, children }: { title: string; hidden: number; color?: string; children: ReactNode }) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Line bold color={color}>
        {title}
        {hidden > 0 ? ` · +${hidden} more` : ''}
      </Line>
      {children}
    </Box>
  );
}

function Bar({ done, total, width = 20 }: { done: number; total: number; width?: number }) {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return (
    <Box flexShrink={0} marginRight={1}>
      <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
    </Box>
  );
}

function RunLine({ run }: { run: RunProgress }) {
  const colour = run.status === 'completed' ? 'green' : run.status === 'failed' ? 'red' : run.status === 'cancelled' ? 'yellow' : 'cyan';
  return (
    <Row>
      <Cell width={28}>{printable(run.workflowName)}</Cell>
      <Bar done={run.completed} total={run.total} />
      <Cell width={7}>{`${run.completed}/${run.total}`}</Cell>
      <Cell width={9} color={colour}>
        {run.status}
      </Cell>
      <Text dimColor wrap="truncate-end">
        {printable(run.error ? run.error : run.running.join(', '))}
      </Text>
    </Row>
  );
}

function RequestLine({ request }: { request: Extract<ServerEvent, { type: 'request' }> }) {
  return (
    <Row>
      <Cell width={8} dimColor>
        {request.at.slice(11, 19)}
      </Cell>
      <Cell width={7}>{request.method}</Cell>
      <Cell width={3} color={statusColour(request.status)}>
        {String(request.status)}
      </Cell>
      <Cell width={9} align="end" dimColor>
        {`${request.durationMs} ms`}
      </Cell>
      <Text color={request.status >= 400 ? statusColour(request.status) : undefined} wrap="truncate-end">
        {printable(request.path)}
      </Text>
    </Row>
  );
}

function FileLine({ file }: { file: Extract<ServerEvent, { type: 'file' }> }) {
  return (
    <Row>
      <Cell width={8} dimColor>
        {file.at.slice(11, 19)}
      </Cell>
      <Cell width={7}>{file.change === 'unlink' ? 'removed' : file.change === 'add' ? 'added' : 'changed'}</Cell>
      <Text wrap="truncate-middle">{printable(file.file)}</Text>
    </Row>
  );
}

export function Dashboard({ info, initial, subscribe, onQuit, onOpen }: DashboardProps) {
  const [state, setState] = useState<DashboardState>(initial);
  const [notice, setNotice] = useState('');
  const { isRawModeSupported } = useStdin();
  const rows = useTerminalRows();

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

  // A line short of the terminal's height: a frame as tall as the terminal has ink clear the whole screen, the
  // scrollback with it, at every frame. Runs and requests always have a line to show ("none yet").
  const { details, keys, shown } = layoutDashboard(rows - 1, [
    Math.min(state.loadErrors.length, LOAD_ERRORS_SHOWN),
    Math.max(1, state.runs.length),
    Math.max(1, state.requests.length),
    state.files.length,
    state.logs.length,
  ]);
  const [loadErrorsShown, runsShown, requestsShown, filesShown, logsShown] = shown;
  // Runs come most recent first, the tails most recent last.
  const runs = state.runs.slice(0, runsShown);
  const requests = latest(state.requests, requestsShown);
  const files = latest(state.files, filesShown);
  const logs = latest(state.logs, logsShown);
  const counts =
    ` · ${info.workflows()} workflows · ${info.nodeTypes()} node types · watch ${info.watch ? 'on' : 'off'} · auth ${info.auth ? 'on' : 'off'}` +
    ` · ${state.counts.requests} requests${state.counts.errors > 0 ? `, ${state.counts.errors} errors` : ''}`;

  return (
    <Box flexDirection="column">
      <Line>
        <Text bold color="cyan">
          wfe serve{' '}
        </Text>
        {info.url}
      </Line>
      {details && (
        <Row>
          {/* The folder gives way first, cut in its middle: its start and its name stay. */}
          <Text dimColor wrap="truncate-middle">
            {printable(info.dir)}
          </Text>
          <Box flexShrink={0}>
            <Text dimColor wrap="truncate-end">
              {counts}
            </Text>
          </Box>
        </Row>
      )}

      {loadErrorsShown > 0 && (
        <Section title={`Not loaded (${state.loadErrors.length})`} hidden={state.loadErrors.length - loadErrorsShown} color="red">
          {state.loadErrors.slice(0, loadErrorsShown).map((e) => (
            <Line key={`${e.file}:${e.line}:${e.message}`} color="red">
              {'  '}
              {formatLoadError(e)}
            </Line>
          ))}
        </Section>
      )}

      {runsShown > 0 && (
        <Section title="Runs" hidden={state.runs.length - runs.length}>
          {state.runs.length === 0 ? (
            <Line dimColor> none yet: press Run in the editor's playground</Line>
          ) : (
            runs.map((r) => <RunLine key={r.id} run={r} />)
          )}
        </Section>
      )}

      {requestsShown > 0 && (
        <Section title="Requests" hidden={state.requests.length - requests.length}>
          {state.requests.length === 0 && <Line dimColor> waiting for the editor…</Line>}
          {requests.map((r, i) => (
            <RequestLine key={`${r.at}-${i}`} request={r} />
          ))}
        </Section>
      )}

      {filesShown > 0 && (
        <Section title="Files" hidden={state.files.length - files.length}>
          {files.map((f, i) => (
            <FileLine key={`${f.at}-${i}`} file={f} />
          ))}
        </Section>
      )}

      {logsShown > 0 && (
        <Section title="Log" hidden={state.logs.length - logs.length}>
          {logs.map((l, i) => (
            <Line key={`${l.at}-${i}`} color={l.level === 'error' ? 'red' : l.level === 'warn' ? 'yellow' : undefined}>
              {printable(l.message)}
            </Line>
          ))}
        </Section>
      )}

      {keys && (
        <Box marginTop={1}>
          <Line dimColor>q quit · c clear · o open in browser{notice ? ` · ${printable(notice)}` : ''}</Line>
        </Box>
      )}
    </Box>
  );
}
