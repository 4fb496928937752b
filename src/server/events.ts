// What happens in a running `wfe serve`, as one stream: the CLI shows it as an ink dashboard on a
// terminal, or as log lines (plain or JSON) everywhere else.
import type { LoadError } from '../contract/types.js';

export interface RunProgress {
  id: string;
  workflowId: string;
  workflowName: string;
  status: string;
  completed: number;
  total: number;
  /** Labels of the nodes running now. */
  running: string[];
  error?: string;
}

export type ServerEvent =
  | { type: 'request'; at: string; method: string; path: string; status: number; durationMs: number }
  | { type: 'file'; at: string; file: string; change: 'add' | 'change' | 'unlink' }
  | { type: 'load-errors'; at: string; errors: LoadError[] }
  | { type: 'run'; at: string; run: RunProgress }
  | { type: 'log'; at: string; level: 'debug' | 'info' | 'warn' | 'error'; message: string };

export type EventSink = (event: ServerEvent) => void;
