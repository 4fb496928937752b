// A worker thread of `wfe export --concurrency`: reads, checks and converts the inputs it is given, as the
// main thread would (convertForExport), and hands back each one's text and what it said. The main thread writes.
import { resolve } from 'node:path';
import { folderSettings } from '../project/folder-settings.js';
import { silentLogger } from '../util/logger.js';
import { errorText } from './error-text.js';
import { convertForExport, type Converted, type ExportTask } from './export-run.js';
import { filesOnly } from './read-inputs.js';
import { problemLine } from './report.js';

/** This thread's settings, kept from task to task (a run sends the same --config every time). */
let settings: { config: string | undefined; settingsFor: ReturnType<typeof folderSettings> } | undefined;

export default async function convertInputs({ inputs, job }: ExportTask): Promise<Converted[]> {
  const config = job.flags.config && resolve(job.cwd, job.flags.config);
  // The main thread loaded every input folder's settings too, and said what was wrong with them: silent here.
  if (settings?.config !== config || !settings) settings = { config, settingsFor: folderSettings(silentLogger, { config }) };
  const { settingsFor } = settings;
  const converted: Converted[] = [];
  for (const input of inputs) {
    const said: string[] = [];
    try {
      const context = { settingsFor, source: filesOnly(job.cwd), onLine: (line: string) => said.push(line) };
      converted.push(await convertForExport(input, job, context));
    } catch (err) {
      // What runBatch says of an input that throws, after the lines it said before.
      converted.push({ ok: false, lines: [...said, problemLine(input.name, 'error', errorText(err, { file: input.name, cwd: job.cwd }))] });
    }
  }
  return converted;
}
