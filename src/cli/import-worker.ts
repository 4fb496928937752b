// A worker thread of `wfe import --concurrency`: reads and converts the inputs it is given, as the main thread
// would (convertForImport), and hands back each one's workflow text and what it said. The main thread writes.
import { readComponentsFiles, type Registry } from '../agentspec/index.js';
import { folderSettings } from '../project/folder-settings.js';
import { silentLogger } from '../util/logger.js';
import { errorText } from './error-text.js';
import { convertForImport, type ImportTask, type Imported } from './import-run.js';
import { filesOnly } from './read-inputs.js';
import { problemLine } from './report.js';

/** This thread's settings and shared components, read on its first task (a run sends the same job every time). */
let prepared: Promise<{ settingsFor: ReturnType<typeof folderSettings>; registry: Registry | undefined }> | undefined;

export default async function convertInputs({ inputs, job }: ImportTask): Promise<Imported[]> {
  prepared ??= (async () => ({
    // The main thread loaded every folder's settings too, and said what was wrong with them: silent here.
    settingsFor: folderSettings(silentLogger),
    registry: job.flags.components?.length ? await readComponentsFiles(job.flags.components, job.cwd) : undefined,
  }))();
  const { settingsFor, registry } = await prepared;
  const imported: Imported[] = [];
  for (const input of inputs) {
    const said: string[] = [];
    try {
      const context = { settingsFor, registry, source: filesOnly(job.cwd), onLine: (line: string) => said.push(line) };
      imported.push(await convertForImport(input, job, context));
    } catch (err) {
      // What runBatch says of an input that throws, after the lines it said before.
      imported.push({ ok: false, lines: [...said, problemLine(input.name, 'error', errorText(err, { file: input.name, cwd: job.cwd }))] });
    }
  }
  return imported;
}
