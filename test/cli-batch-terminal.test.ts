// Batch commands at a terminal and under Ctrl-C: a progress bar and summary on stderr only with a TTY,
// identical stdout either way, and nothing half-written when interrupted.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, runCli } from './support/cli.js';
import { moduleRecorder } from './support/module-recorder.js';
import { eventually } from './support/harness.js';

let dir: string;
/** Enough that an export is still writing when Ctrl-C comes. */
const FILES = 400;
/** Enough for a progress bar: checked through a pipe and on a terminal, each a whole batch check. */
const CHECKED = 80;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-batch-'));
  await mkdir(join(dir, 'in'));
  await mkdir(join(dir, 'checked'));
  const template = JSON.parse(await readFile(new URL('../fixtures/workflows/support-router.json', import.meta.url), 'utf8'));
  await Promise.all(
    Array.from({ length: FILES }, async (_, i) => {
      const text = JSON.stringify({ ...template, id: `wf-${i}` });
      await writeFile(join(dir, 'in', `wf-${i}.json`), text);
      if (i < CHECKED) await writeFile(join(dir, 'checked', `wf-${i}.json`), text);
    }),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const strip = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

it('Ctrl-C in the middle of a batch export leaves only complete files and no temp files', async () => {
  const out = join(dir, 'out');
  const child = spawn(process.execPath, [BIN, 'export', join(dir, 'in'), '-o', `${out}/`]);
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  await eventually(async () => (await readdir(out).catch(() => [])).length >= 5, 20_000, 'some exported files');
  child.kill('SIGINT');
  expect(await exited).toBe(130);
  const names = await readdir(out);
  expect(names.length).toBeLessThan(FILES);
  expect(names.filter((n) => n.startsWith('.'))).toEqual([]);
  for (const name of names) expect(() => JSON.parse(readFileSync(join(out, name), 'utf8'))).not.toThrow();
});

it('on a terminal: a progress bar and a summary table on stderr, drawn from the UI bundle; stdout is the same bytes as without one', async () => {
  // The same check through a pipe and on a terminal, at the same time.
  const piped = runCli(['validate', join(dir, 'checked'), '-f', 'json']);
  const report = join(dir, 'tty-report.json');
  // Which files the run on the terminal loads: ink and react from the UI's own bundle, none from node_modules.
  const { hook, urls } = moduleRecorder(dir, 'tty');
  const env: NodeJS.ProcessEnv = { ...process.env, COLUMNS: '100', LINES: '30' };
  delete env.CI;
  delete env.CONTINUOUS_INTEGRATION;
  const child = spawn(
    'script',
    [
      '-qfec',
      `${process.execPath} --no-warnings --experimental-loader ${hook} ${BIN} validate ${join(dir, 'checked')} -f json -o ${report}`,
      '/dev/null',
    ],
    {
      env,
    },
  );
  let screen = '';
  child.stdout.on('data', (d) => (screen += d));
  child.stdin.end();
  const [plain, ttyCode] = await Promise.all([piped, new Promise((r) => child.on('close', r))]);
  expect(plain.stderr).toBe('');
  expect(ttyCode).toBe(0);
  const text = strip(screen);
  expect(text).toMatch(new RegExp(`validate [█░]+ \\d+/${CHECKED}`));
  expect(text).toMatch(new RegExp(`files\\s+${CHECKED}`));
  expect(text).toMatch(/errors\s+0/);
  const fromTty = JSON.parse(await readFile(report, 'utf8'));
  const fromPipe = JSON.parse(plain.stdout);
  // Same report apart from the timings.
  const untimed = (r: { summary: { durationMs?: number } }) => ({ ...r, summary: { ...r.summary, durationMs: 0 } });
  expect(untimed(fromTty)).toEqual(untimed(fromPipe));
  const loaded = urls().filter((url) => url.startsWith('file:'));
  expect(loaded.filter((url) => url.includes('/node_modules/'))).toEqual([]);
  expect(loaded.some((url) => url.endsWith('/dist/bundle/ui/progress.js'))).toBe(true);
});
