// What a CLI process loads, recorded from inside it: every ES module (a loader hook) and every required file
// (a preload that lists require.cache at exit). For the checks of what a start costs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A loader hook for one run, written in `dir`; the files (relative to dist/ or src/) and built-ins that run
 * loaded as ES modules, and every URL it loaded so.
 */
export function moduleRecorder(dir: string, name: string): { hook: string; loaded: () => string[]; urls: () => string[] } {
  const report = join(dir, `${name}.txt`);
  const hook = join(dir, `${name}-hook.mjs`);
  writeFileSync(
    hook,
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:') || url.startsWith('node:')) appendFileSync(${JSON.stringify(report)}, url + '\\n');
  return next(url, context);
}
`,
  );
  writeFileSync(report, '');
  const urls = () => readFileSync(report, 'utf8').split('\n').filter(Boolean);
  const loaded = () =>
    urls()
      .filter((url) => /\/(dist|src)\//.test(url) || url.startsWith('node:'))
      .map((url) => url.replace(/^.*\/(dist|src)\//, '').replace(/\.(js|ts)$/, ''));
  return { hook, loaded, urls };
}

/** A preload for one run, written in `dir`, that records, at exit, every file the run required; and those files. */
export function requireRecorder(dir: string, name: string): { preload: string; required: () => string[] } {
  const report = join(dir, `${name}-required.txt`);
  const preload = join(dir, `record-${name}-required.cjs`);
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, Object.keys(require.cache).join('\\n')));`,
  );
  return {
    preload,
    required: () =>
      readFileSync(report, 'utf8')
        .split('\n')
        .filter((file) => file !== preload),
  };
}
