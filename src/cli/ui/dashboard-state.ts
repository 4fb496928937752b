// What the serve dashboard shows, folded from the event stream. Pure, so it is tested without a terminal.
import type { LoadError } from '../../contract/types.js';
import type { RunProgress, ServerEvent } from '../../server/events.js';

export interface DashboardState {
  requests: Array<Extract<ServerEvent, { type: 'request' }>>;
  files: Array<Extract<ServerEvent, { type: 'file' }>>;
  logs: Array<Extract<ServerEvent, { type: 'log' }>>;
  loadErrors: LoadError[];
  /** Runs in progress, and the ones that just ended (kept until cleared or pushed out). */
  runs: RunProgress[];
  counts: { requests: number; errors: number };
}

const TAIL = 8;
const RUNS_SHOWN = 5;

export const emptyState = (loadErrors: LoadError[] = []): DashboardState => ({
  requests: [],
  files: [],
  logs: [],
  loadErrors,
  runs: [],
  counts: { requests: 0, errors: 0 },
});

const keepLast = <T>(list: T[], item: T, n = TAIL): T[] => [...list, item].slice(-n);

export function reduce(state: DashboardState, event: ServerEvent): DashboardState {
  switch (event.type) {
    case 'request':
      return {
        ...state,
        requests: keepLast(state.requests, event),
        counts: { requests: state.counts.requests + 1, errors: state.counts.errors + (event.status >= 400 ? 1 : 0) },
      };
    case 'file':
      return { ...state, files: keepLast(state.files, event) };
    case 'load-errors':
      return { ...state, loadErrors: event.errors };
    case 'log':
      return event.level === 'debug' ? state : { ...state, logs: keepLast(state.logs, event, 4) };
    case 'run': {
      const others = state.runs.filter((r) => r.id !== event.run.id);
      const active = (r: RunProgress) => r.status === 'running' || r.status === 'pending';
      // Running runs first, then the most recent finished ones.
      const runs = [event.run, ...others].sort((a, b) => Number(active(b)) - Number(active(a))).slice(0, RUNS_SHOWN);
      return { ...state, runs };
    }
  }
}

/** The `c` key: empties the tails and forgets finished runs; load errors stay until fixed. */
export const cleared = (state: DashboardState): DashboardState => ({
  ...emptyState(state.loadErrors),
  runs: state.runs.filter((r) => r.status === 'running' || r.status === 'pending'),
});
