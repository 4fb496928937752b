// The serve dashboard rendered with ink-testing-library, and the event → state fold behind it.
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard } from '../src/cli/ui/Dashboard.js';
import { cleared, emptyState, reduce } from '../src/cli/ui/dashboard-state.js';
import type { ServerEvent } from '../src/server/events.js';

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

function setup(initial = emptyState()) {
  const listeners = new Set<(e: ServerEvent) => void>();
  const onQuit = vi.fn();
  const onOpen = vi.fn(async () => 'opened http://127.0.0.1:3000/api/flowdrop');
  const view = render(
    <Dashboard
      info={{
        url: 'http://127.0.0.1:3000/api/flowdrop',
        dir: '/work/flows',
        workflows: () => 5,
        nodeTypes: () => 34,
        watch: true,
        auth: false,
      }}
      initial={initial}
      subscribe={(l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      }}
      onQuit={onQuit}
      onOpen={onOpen}
    />,
  );
  // The dashboard subscribes in an effect, after its first frame: an event sent before then would be lost.
  const send = async (...events: ServerEvent[]) => {
    await vi.waitFor(() => expect(listeners.size).toBe(1));
    for (const e of events) for (const l of listeners) l(e);
  };
  /** Resolves once the last frame passes `check`: ink renders on its own schedule, not within a set time. */
  const frameShows = (check: (frame: string) => void) => vi.waitFor(() => check(view.lastFrame() ?? ''));
  return { view, send, frameShows, onQuit, onOpen };
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
