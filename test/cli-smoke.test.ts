// One run of each command as a real process, through bin/wfe.js (the bundles of validate, export, import, diff
// and render, tsc's dist/ for the others): the other CLI tests run the program in process, on an in-memory
// terminal. serve's process runs are in cli.test.ts and cli-serve-output.test.ts (signals, ports).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliProcess } from './support/cli.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'workflows', 'chat-pipeline.json');
const dir = mkdtempSync(join(tmpdir(), 'wfe-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const packageVersion = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

describe('each command as a process', () => {
  it('--version', async () => {
    expect(await runCliProcess(['--version'])).toEqual({ code: 0, stdout: `${packageVersion}\n`, stderr: '' });
  });

  it('init', async () => {
    const run = await runCliProcess(['init', 'flows'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Created \d+ files in .*flows:\n/);
    expect(run.stdout).toMatch(/\n\nNext: wfe serve flows\n$/);
  });

  it('validate', async () => {
    expect(await runCliProcess(['validate', FIXTURE])).toEqual({ code: 0, stdout: '✔ 1 file checked, no problems\n', stderr: '' });
  });

  it('export, then import what it wrote', async () => {
    const flow = join(dir, 'chat.agentspec.yaml');
    const exported = await runCliProcess(['export', FIXTURE, '-o', flow]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe('');
    expect(exported.stderr).toMatch(/^\S+chat-pipeline\.json: warning: Note 'About this workflow' .* has no Agent Spec equivalent/);
    expect(readFileSync(flow, 'utf8')).toMatch(/^component_type: Flow$/m);
    const imported = await runCliProcess(['import', flow]);
    expect(imported.code, imported.stderr).toBe(0);
    const original = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { id: string; name: string };
    expect(JSON.parse(imported.stdout)).toMatchObject({ id: original.id, name: original.name });
  });

  it('diff', async () => {
    const run = await runCliProcess(['diff', FIXTURE, FIXTURE]);
    expect(run).toEqual({ code: 0, stdout: `${FIXTURE} → ${FIXTURE}\nNo changes.\n`, stderr: '' });
  });

  it('render', async () => {
    const run = await runCliProcess(['render', FIXTURE]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^flowchart LR\n {2}n_\w+\(\["Start"\]\)\n/);
  });

  it('completion', async () => {
    const run = await runCliProcess(['completion', 'bash']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^complete -o default -F _wfe_completion wfe$/m);
  });
});
