// A worker thread of `wfe validate --concurrency`: reads and checks the files it is given, each against its
// folder's settings, exactly as the main thread would (runValidation's checkSourceFile). The checks across
// files, the cache and the report stay in the main thread.
import { checkRuleConfig, type RuleConfig } from '../contract/rule-config.js';
import { folderSettings } from '../project/folder-settings.js';
import { silentLogger } from '../util/logger.js';
import { ALL_RULES } from '../validate/rules.js';
import { checkSourceFile, contextsByFolder, WorkflowIdsSeen, type FileCheck } from '../validate/run.js';
import type { Input } from './inputs.js';
import { filesOnly, screenInput } from './read-inputs.js';

export interface ValidateTask {
  inputs: Array<{ input: Input; name: string; folder: string }>;
  flagRules: RuleConfig;
  /** --config, as given. */
  config?: string;
  /** The run's working directory, which a relative --config is relative to. */
  cwd: string;
}

/** One thread's settings and contexts, kept from task to task (a run sends the same settings every time). */
let contexts: ReturnType<typeof contextsByFolder> | undefined;
let contextsFor: string | undefined;
const seen = new WorkflowIdsSeen();

export default async function checkFiles(task: ValidateTask): Promise<FileCheck[]> {
  const settingsKey = JSON.stringify([task.config ?? null, task.cwd, task.flagRules]);
  if (!contexts || contextsFor !== settingsKey) {
    // The main thread loaded every folder's settings too, and said what was wrong with them: silent here.
    contexts = contextsByFolder(
      folderSettings(silentLogger, { config: task.config, cwd: task.cwd }),
      checkRuleConfig(task.flagRules, ALL_RULES, '--rule'),
    );
    contextsFor = settingsKey;
  }
  const checks: FileCheck[] = [];
  for (const { input, name, folder } of task.inputs) {
    const file = { name, folder, path: input.path, read: () => screenInput(input, name, filesOnly(task.cwd)) };
    checks.push(await checkSourceFile(file, await contexts(folder), seen));
  }
  return checks;
}
