// `wfe serve` events as log lines, for pipes, CI and log collectors: human-readable, or one JSON object
// per line with --log-format json. Runs are reported when their status changes, not at every step.
import { formatLoadError } from '../../contract/load-error.js';
import type { EventSink, ServerEvent } from '../../server/events.js';
import { levelEnabled, type LogLevel } from '../../util/logger.js';
import { printable } from '../../util/printable.js';

export type LineFormat = 'pretty' | 'json';

const LEVEL_OF: Record<ServerEvent['type'], LogLevel> = { request: 'info', file: 'info', 'load-errors': 'warn', run: 'info', log: 'info' };

export function prettyLine(event: ServerEvent): string {
  const head = `${event.at} `;
  switch (event.type) {
    case 'request':
      return `${head}${event.status >= 500 ? 'ERROR' : event.status >= 400 ? 'WARN ' : 'INFO '} ${event.method} ${event.path} ${event.status} ${event.durationMs} ms`;
    case 'file':
      return `${head}INFO  ${printable(event.file)}: ${event.change === 'unlink' ? 'removed' : event.change === 'add' ? 'added' : 'changed'} on disk`;
    case 'load-errors':
      return event.errors.length === 0
        ? `${head}INFO  every file loads`
        : `${head}WARN  ${event.errors.length} file(s) not loaded:\n${event.errors.map((e) => `  ${formatLoadError(e)}`).join('\n')}`;
    case 'run': {
      const r = event.run;
      return `${head}${r.status === 'failed' ? 'ERROR' : 'INFO '} run ${r.id.slice(0, 8)} ${printable(r.workflowName)}: ${r.status} (${r.completed}/${r.total} nodes)${r.error ? `: ${printable(r.error)}` : ''}`;
    }
    case 'log':
      return `${head}${event.level.toUpperCase().padEnd(5)} ${printable(event.message)}`;
  }
}

/** A request is info, warn for a 4xx, error for a 5xx; load errors are a warning while there are any. */
function levelOfEvent(event: ServerEvent): LogLevel {
  if (event.type === 'log') return event.level;
  if (event.type === 'load-errors' && event.errors.length === 0) return 'info';
  if (event.type === 'request' && event.status >= 400) return event.status >= 500 ? 'error' : 'warn';
  return LEVEL_OF[event.type];
}

export function jsonLine(event: ServerEvent): string {
  return JSON.stringify({ level: levelOfEvent(event), ...event });
}

/**
 * A sink that writes lines at or above `minLevel` (checked before anything is formatted); run events only
 * when a run's status changes.
 */
export function lineSink(format: LineFormat, write: (line: string) => void, minLevel: LogLevel = 'debug'): EventSink {
  const lastStatus = new Map<string, string>();
  return (event) => {
    if (!levelEnabled(minLevel, levelOfEvent(event))) return;
    // The store's own log line already says it, with what became of the file ("changed on disk, reloaded").
    if (event.type === 'file' && format === 'pretty') return;
    if (event.type === 'run') {
      if (lastStatus.get(event.run.id) === event.run.status) return;
      lastStatus.set(event.run.id, event.run.status);
      if (lastStatus.size > 1000) {
        const oldest = lastStatus.keys().next();
        if (!oldest.done) lastStatus.delete(oldest.value);
      }
    }
    write(format === 'json' ? jsonLine(event) : prettyLine(event));
  };
}
