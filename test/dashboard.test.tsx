// The serve dashboard rendered with ink-testing-library, and drawn as serve draws it on a terminal stream (its height,
// its colours), and the event → state fold behind it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard, type DashboardProps } from '../src/cli/ui/Dashboard.js';
import { cleared, emptyState, reduce, type DashboardState } from '../src/cli/ui/dashboard-state.js';
import { renderInk, type InkTarget } from '../src/cli/ui/render-ink.js';
import type { ServerEvent } from '../src/server/events.js';
import { columnsOf } from './support/columns.js';
import { withInkColours } from './support/ink-colours.js';
import { screenOf } from './support/screen.js';
import { terminalStream } from './support/terminal-stream.js';

const at = '2026-11-22T10:00:00.000Z';
const request = (path: string, status: number): ServerEvent => ({ type: 'request', at, method: 'GET', path, status, durationMs: 1.5 });
const run = (status: string, completed: number): ServerEvent => ({
  type: 'run',
  at,
  run: {
    id: 'run-1',
    workflowId: 'wf',
    workflowName: 'Support Router',
    status,
    completed,
    total: 8,
    running: status === 'running' ? ['Classify Request'] : [],
  },
});

/** A run of its own id, running its fourth node of eight. */
const namedRun = (id: string, workflowName: string): ServerEvent => ({
  type: 'run',
  at,
  run: { id, workflowId: 'wf', workflowName, status: 'running', completed: 3, total: 8, running: ['Classify Request'] },
});

/**
 * A busy server: 8 files not loaded, 6 runs, 40 requests, file changes and log lines (the state keeps the
 * newest of each). Long messages and file names, and log lines of CJK characters, which ink cuts a column too long.
 */
function busyState(): DashboardState {
  const nested = 'deeply/nested/'.repeat(4);
  let s = emptyState(
    Array.from({ length: 8 }, (_, i) => ({
      file: `broken-${i}.json`,
      line: 3,
      column: 7,
      message: `invalid JSON: ${'value expected, '.repeat(8)}`,
    })),
  );
  for (let i = 0; i < 6; i++) s = reduce(s, namedRun(`run-${i}`, `Pipeline ${i}`));
  for (let i = 0; i < 40; i++) {
    s = reduce(s, request(`/p${i}`, i % 9 === 0 ? 500 : 200));
    s = reduce(s, { type: 'file', at, file: `${nested}f${i}.json`, change: 'change' });
    s = reduce(s, { type: 'log', at, level: 'warn', message: `日志${i}${'警告信息'.repeat(30)}` });
  }
  return s;
}

/** The dashboard's props over `initial`, and `send`, which passes events to it once it listens. */
function dashboardProps(initial = emptyState(), dir = '/work/flows') {
  const listeners = new Set<(e: ServerEvent) => void>();
  const onQuit = vi.fn();
  const onOpen = vi.fn(async () => 'opened http://127.0.0.1:3000/api/flowdrop');
  const props: DashboardProps = {
    info: { url: 'http://127.0.0.1:3000/api/flowdrop', dir, workflows: () => 5, nodeTypes: () => 34, watch: true, auth: false },
    initial,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    onQuit,
    onOpen,
  };
  // The dashboard subscribes in an effect, after its first frame: an event sent before then would be lost.
  const send = async (...events: ServerEvent[]) => {
    await vi.waitFor(() => expect(listeners.size).toBe(1));
    for (const e of events) for (const l of listeners) l(e);
  };
  return { props, send, onQuit, onOpen };
}

function setup(initial = emptyState(), dir?: string) {
  const { props, send, onQuit, onOpen } = dashboardProps(initial, dir);
  const view = render(<Dashboard {...props} />);
  /** Resolves once the last frame passes `check`: ink renders on its own schedule, not within a set time. */
  const frameShows = (check: (frame: string) => void) => vi.waitFor(() => check(view.lastFrame() ?? ''));
  /** The terminal's window resized: ink-testing-library's stdout has 100 columns and no rows until then. */
  const resize = (rows: number, columns: number) => {
    Object.defineProperties(view.stdout, { rows: { value: rows, configurable: true }, columns: { value: columns, configurable: true } });
    view.stdout.emit('resize');
  };
  return { view, send, frameShows, resize, onQuit, onOpen };
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('Dashboard', () => {
  it('shows the URL, counts, load errors, requests with errors highlighted, file events and run progress', async () => {
    const { view, send, frameShows } = setup(
      emptyState([{ file: 'broken.json', line: 3, column: 7, message: 'invalid JSON: value expected' }]),
    );
    cleanup = view.unmount;
    await frameShows((frame) => {
      expect(frame).toContain('wfe serve http://127.0.0.1:3000/api/flowdrop');
      expect(frame).toContain('5 workflows · 34 node types · watch on · auth off');
      expect(frame).toContain('broken.json:3:7: invalid JSON: value expected');
      expect(frame).toContain('waiting for the editor');
    });

    await send(
      request('/api/flowdrop/nodes', 200),
      request('/api/flowdrop/workflows/nope', 404),
      { type: 'file', at, file: 'team/b.json', change: 'change' },
      run('running', 3),
    );
    await frameShows((frame) => {
      expect(frame).toMatch(/GET\s+200\s+1\.5 ms \/api\/flowdrop\/nodes/);
      expect(frame).toMatch(/GET\s+404 .*\/workflows\/nope/);
      expect(frame).toContain('2 requests, 1 errors');
      expect(frame).toContain('changed team/b.json');
      expect(frame).toMatch(/Support Router\s+█+░+ 3\/8\s+running\s+Classify Request/);
    });

    await send({ type: 'load-errors', at, errors: [] }, run('completed', 8));
    await frameShows((frame) => {
      expect(frame).not.toContain('broken.json');
      expect(frame).toMatch(/Support Router\s+█{20} 8\/8\s+completed/);
    });
  });

  it('q quits, c clears the tails, o opens the URL', async () => {
    const { view, send, frameShows, onQuit, onOpen } = setup();
    cleanup = view.unmount;
    await send(request('/api/flowdrop/nodes', 200), run('completed', 8));
    // Keys are read by an effect of the same render that subscribed, so once the events show, keys are heard.
    await frameShows((frame) => expect(frame).toContain('/api/flowdrop/nodes'));
    view.stdin.write('c');
    await frameShows((frame) => {
      expect(frame).not.toContain('/api/flowdrop/nodes');
      expect(frame).toContain('none yet');
    });
    view.stdin.write('o');
    await frameShows((frame) => expect(frame).toContain('opened http://127.0.0.1:3000/api/flowdrop'));
    expect(onOpen).toHaveBeenCalledOnce();
    view.stdin.write('q');
    await vi.waitFor(() => expect(onQuit).toHaveBeenCalledOnce());
  });

  it('Ctrl-C quits as q does, and so do Q and a q typed in one read with another key', async () => {
    for (const keys of ['\x03', 'Q', 'cq']) {
      const { view, send, frameShows, onQuit } = setup();
      cleanup = view.unmount;
      await send(request('/api/flowdrop/nodes', 200));
      await frameShows((frame) => expect(frame).toContain('/api/flowdrop/nodes'));
      view.stdin.write(keys);
      await vi.waitFor(() => expect(onQuit, JSON.stringify(keys)).toHaveBeenCalledOnce());
      view.unmount();
    }
  });
});

describe('the dashboard in the terminal it has', () => {
  const linesOf = (frame: string) => frame.split('\n');
  /**
   * The dashboard drawn as `wfe serve` draws it (start-dashboard.tsx), on the target; but for ink's console patch,
   * which cannot patch vitest's console.
   */
  const drawOn = (props: DashboardProps, target: InkTarget, { debug = false }: { debug?: boolean } = {}) => {
    const instance = renderInk(<Dashboard {...props} />, target, { exitOnCtrlC: false, patchConsole: false, debug });
    return () => instance.unmount();
  };

  it('is a line shorter than the terminal at most, and no line wider: sections by priority, the newest items of each', async () => {
    const { view, frameShows, resize } = setup(busyState(), `/home/someone/${'projects/'.repeat(12)}flows`);
    cleanup = view.unmount;
    // A stream that does not say its height is taken to have 24 rows.
    await frameShows((frame) => {
      expect(frame).toContain('wfe serve');
      expect(linesOf(frame).length).toBeLessThanOrEqual(23);
    });

    resize(20, 60);
    await frameShows((frame) => {
      expect(linesOf(frame).length).toBeLessThanOrEqual(19);
      for (const line of linesOf(frame)) expect(columnsOf(line), line).toBeLessThanOrEqual(60);
      // Room for a title and one item each: the newest, with how many more there are.
      expect(frame).toContain('Not loaded (8) · +7 more');
      expect(frame).toContain('broken-0.json:3:7');
      expect(frame).toContain('Runs · +4 more');
      expect(frame).toContain('Pipeline 5');
      expect(frame).toContain('Requests · +7 more');
      expect(frame).toMatch(/ \/p39$/m);
      expect(frame).not.toMatch(/ \/p38$/m);
      expect(frame).toContain('Files · +7 more');
      expect(frame).toContain('f39.json');
      expect(frame).toContain('Log · +3 more');
      expect(frame).toContain('日志39');
      expect(frame).toContain('q quit');
    });

    resize(12, 60);
    await frameShows((frame) => {
      expect(linesOf(frame).length).toBeLessThanOrEqual(11);
      expect(frame).toContain('Not loaded (8)');
      expect(frame).toContain('Pipeline 5');
      expect(frame).not.toMatch(/^(Requests|Files|Log)/m);
    });

    resize(40, 100);
    await frameShows((frame) => {
      expect(linesOf(frame).length).toBeLessThanOrEqual(39);
      for (let i = 32; i < 40; i++) expect(frame).toMatch(new RegExp(` /p${i}$`, 'm'));
      expect(frame).toMatch(/^Requests$/m);
    });
  });

  it('lines up the columns after a run name in terminal columns, CJK, fullwidth and emoji names too', async () => {
    const names = ['Support Router', '顧客対応', '客服工单分类与自动路由工作流程示例名称', '🚀 Launch', 'ｆｕｌｌｗｉｄｔｈ'];
    const { view, send, frameShows } = setup();
    cleanup = view.unmount;
    await send(...names.map((name, i) => namedRun(`run-${i}`, name)));
    await frameShows((frame) => {
      const runLines = linesOf(frame).filter((line) => line.includes('running'));
      expect(runLines).toHaveLength(names.length);
      const columnOf = (pattern: RegExp) => runLines.map((line) => columnsOf(line.slice(0, line.search(pattern))));
      expect(new Set(columnOf(/[█░]/))).toEqual(new Set([29]));
      expect(new Set(columnOf(/3\/8/)).size).toBe(1);
      expect(new Set(columnOf(/running/)).size).toBe(1);
      expect(new Set(columnOf(/Classify Request/)).size).toBe(1);
      // A name wider than its column is cut there.
      expect(frame).toContain('客服工单分类');
      expect(frame).not.toContain(names[2]);
    });
  });

  it('never has ink clear the screen, and the scrollback with it: a busy server on 20 rows is drawn in place', async () => {
    // In a process started without CI, where ink draws every frame (support/dashboard-in-terminal.mjs).
    const { CI: _ci, CONTINUOUS_INTEGRATION: _ci2, ...env } = process.env;
    const child = spawn(process.execPath, [fileURLToPath(new URL('./support/dashboard-in-terminal.mjs', import.meta.url))], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(JSON.stringify(busyState()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    const written = JSON.parse(stdout) as string;
    expect(screenOf(written).join('\n')).toMatch(/ \/later$/m);
    // ink's clearTerminal (erase the screen, then the scrollback).
    expect(written).not.toContain('\x1b[2J');
    expect(screenOf(written).filter((line) => line !== '').length).toBeLessThanOrEqual(19);
  });

  it('has no colour or text style where NO_COLOR is set and not empty, whatever FORCE_COLOR says', async () => {
    const drawn = (env: InkTarget['env']) =>
      withInkColours(async () => {
        const { stream, written } = terminalStream();
        const { props } = dashboardProps(emptyState([{ file: 'broken.json', line: 3, column: 7, message: 'invalid JSON' }]));
        // ink's debug mode writes each frame whole, with CI set too (where it otherwise writes only the last).
        const stop = drawOn(props, { stream, env }, { debug: true });
        try {
          await vi.waitFor(() => expect(written()).toContain('q quit'));
        } finally {
          stop();
        }
        // The last frame: each one starts with the dashboard's title.
        return written().slice(written().lastIndexOf('wfe serve'));
      });
    const STYLE = /\x1b\[[0-9;]*m/;
    const coloured = await drawn({});
    expect(coloured).toMatch(STYLE);
    for (const env of [{ NO_COLOR: '1' }, { NO_COLOR: '1', FORCE_COLOR: '1' }]) {
      const plain = await drawn(env);
      expect(plain, JSON.stringify(env)).not.toMatch(STYLE);
      expect(plain).toBe(coloured.replace(/\x1b\[[0-9;]*m/g, ''));
    }
  });
});

describe('dashboard state', () => {
  it('keeps the last requests, counts errors, orders running runs first', () => {
    let s = emptyState();
    for (let i = 0; i < 12; i++) s = reduce(s, request(`/p${i}`, i === 11 ? 500 : 200));
    expect(s.requests.map((r) => r.path)).toEqual(['/p4', '/p5', '/p6', '/p7', '/p8', '/p9', '/p10', '/p11']);
    expect(s.counts).toEqual({ requests: 12, errors: 1 });
    s = reduce(s, run('completed', 8));
    s = reduce(s, {
      ...run('running', 1),
      run: { ...(run('running', 1) as Extract<ServerEvent, { type: 'run' }>).run, id: 'run-2' },
    } as ServerEvent);
    expect(s.runs.map((r) => r.id)).toEqual(['run-2', 'run-1']);
    const c = cleared(s);
    expect(c.requests).toEqual([]);
    expect(c.runs.map((r) => r.id)).toEqual(['run-2']);
  });
});
