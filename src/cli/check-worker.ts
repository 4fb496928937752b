// A worker thread of `wfe validate` (cli/check-pool.ts): checks the files it is sent, with the settings
// of their folders as this thread loads them, and posts each result back. Log lines go to the main
// thread, which prints each once however many threads saw it.
import { parentPort, workerData } from 'node:worker_threads';
import { RuleConfigError } from '../contract/rule-config.js';
import { folderSettings } from '../project/folder-settings.js';
import { createLogger } from '../util/logger.js';
import { checkFile, contextsFor } from '../validate/run.js';
import { screenInput } from './io.js';
import type { CheckTask, FromWorker, WorkerSetup } from './check-pool.js';

const port = parentPort;
if (!port) throw new Error('check-worker.js runs in a worker thread (cli/check-pool.ts starts it)');
const setup: WorkerSetup = workerData;
const post = (message: FromWorker) => port.postMessage(message);
const logger = createLogger('warn', undefined, (level, message) => post({ kind: 'log', level, message }));
const contextFor = contextsFor(folderSettings(logger, setup.config), setup.flagRules);
const idsSeen = new Set<string>();

port.on('message', (tasks: CheckTask[]) => {
  void (async () => {
    try {
      const checked = [];
      for (const task of tasks) {
        const file = { name: task.name, folder: task.folder, read: () => screenInput(task.input, task.name) };
        checked.push({ index: task.index, checked: await checkFile(file, await contextFor(task.folder), idsSeen) });
      }
      post({ kind: 'checked', checked });
    } catch (err) {
      post({
        kind: 'failed',
        ruleConfig: err instanceof RuleConfigError,
        message: err instanceof Error ? err.message : String(err),
      });
    }
  })();
});
