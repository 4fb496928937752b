// `wfe validate` over many files uses every core: worker threads (cli/check-worker.ts) read and check
// the files, sent in chunks as each thread is ready for more; this thread gathers the results by index,
// so the report is the same, byte for byte, as a check in one thread.
import { Worker } from 'node:worker_threads';
import { RuleConfigError, type RuleConfig } from '../contract/rule-config.js';
import type { Logger, LogLevel } from '../util/logger.js';
import type { CheckedFile } from '../validate/run.js';
import type { Input } from './io.js';

export interface WorkerSetup {
  flagRules: RuleConfig;
  config?: string;
}

export interface CheckTask {
  index: number;
  name: string;
  folder: string;
  input: Input;
}

export type FromWorker =
  | { kind: 'checked'; checked: Array<{ index: number; checked: CheckedFile }> }
  | { kind: 'log'; level: LogLevel; message: string }
  | { kind: 'failed'; ruleConfig: boolean; message: string };

/**
 * A logger that prints each message once: every thread loads the settings of the folders it checks, and
 * would otherwise repeat what the main thread and the other threads already said (a broken node type).
 */
export function printingOnce(logger: Logger): Logger {
  const said = new Set<string>();
  const once =
    (level: LogLevel) =>
    (message: string): void => {
      const key = `${level} ${message}`;
      if (said.has(key)) return;
      said.add(key);
      logger[level](message);
    };
  return { debug: once('debug'), info: once('info'), warn: once('warn'), error: once('error') };
}

/** Files sent to a thread at a time: large enough that messages cost little, small enough to share out the tail. */
const CHUNK = 32;

/**
 * Checks `tasks` in `threads` worker threads; `onChecked` gets each file's result as it arrives, and
 * `logger` what the threads log (make it printingOnce). Rejects
 * (and stops every thread) on the first failure: a broken wfe.config.yaml is a RuleConfigError, as in one thread.
 */
export function checkInThreads(
  tasks: CheckTask[],
  threads: number,
  setup: WorkerSetup,
  logger: Logger,
  onChecked: (index: number, checked: CheckedFile) => void,
): Promise<void> {
  const chunks: CheckTask[][] = [];
  for (let i = 0; i < tasks.length; i += CHUNK) chunks.push(tasks.slice(i, i + CHUNK));
  const workers: Worker[] = [];
  let remaining = chunks.length;
  let settled = false;
  return new Promise<void>((resolve, reject) => {
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      for (const worker of workers) void worker.terminate();
      if (err) reject(err);
      else resolve();
    };
    if (remaining === 0) return finish();
    const sendNext = (worker: Worker) => {
      const chunk = chunks.shift();
      if (chunk) worker.postMessage(chunk);
    };
    for (let t = 0; t < Math.min(threads, chunks.length); t++) {
      const worker = new Worker(new URL('./check-worker.js', import.meta.url), { workerData: setup });
      workers.push(worker);
      worker.on('message', (message: FromWorker) => {
        if (message.kind === 'log') logger[message.level](message.message);
        else if (message.kind === 'failed') {
          finish(message.ruleConfig ? new RuleConfigError(message.message) : new Error(message.message));
        } else {
          for (const { index, checked } of message.checked) onChecked(index, checked);
          if (--remaining === 0) finish();
          else sendNext(worker);
        }
      });
      worker.on('error', (err) => finish(err));
      worker.on('exit', (code) => {
        if (!settled) finish(new Error(`a check thread stopped (exit code ${code}) before the files it was given were checked`));
      });
      // Two chunks in hand: the thread never waits on this one for its next files.
      sendNext(worker);
      sendNext(worker);
    }
  });
}
