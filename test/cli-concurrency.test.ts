// --concurrency of validate, export and import: worker threads give the same output, in the same order and
// of the same bytes, as one thread, for inputs that pass, warn and fail (duplicate ids across files too).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerThreadsFor } from '../src/cli/concurrency.js';
import { runCli, runCliProcess } from './support/cli.js';

// Worker threads load ./<command>-worker.js next to the module, which under vitest is a .ts file that a worker
// cannot load: the runs with workers are child processes; the runs without stay in this process.

const REPO = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'wfe-concurrency-'));
const workflows = join(dir, 'workflows');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The fixtures, each three times, plus files that warn, fail, do not parse and repeat an id. Not etl-large: its
 * 490 KB proved nothing here, and its three copies took most of the CPU of the runs.
 */
beforeAll(() => {
  mkdirSync(workflows);
  const fixtures = join(REPO, 'fixtures', 'workflows');
  for (const name of readdirSync(fixtures).filter((f) => f.endsWith('.json') && !/^(agentspec|etl-large)/.test(f))) {
    const workflow = JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as {
      id: string;
      nodes: Array<{ type?: string; data: Record<string, unknown> }>;
    };
    for (let i = 0; i < 3; i++) writeFileSync(join(workflows, `${i}-${name}`), JSON.stringify({ ...workflow, id: `${workflow.id}-${i}` }));
    const unknownType = structuredClone(workflow);
    unknownType.id = `${workflow.id}-unknown`;
    unknownType.nodes[1].data = {
      ...unknownType.nodes[1].data,
      metadata: { ...(unknownType.nodes[1].data.metadata as object), id: 'no_such_type' },
    };
    writeFileSync(join(workflows, `unknown-${name}`), JSON.stringify(unknownType));
  }
  cpSync(join(workflows, '0-chat-pipeline.json'), join(workflows, 'z-same-id.json'));
  writeFileSync(join(workflows, 'broken.json'), '{ "id": "broken", ');
  writeFileSync(join(workflows, 'no-edges.json'), JSON.stringify({ id: 'no-edges', name: 'x', nodes: [] }));
});

describe('--concurrency: the same output as one thread', () => {
  it('validate: every report format, the same bytes and exit code', async () => {
    const formats = ['-f', 'json', '-f', 'stylish', '-o', '-', '-f', 'sarif', '-o', '-'];
    const [off, two, auto] = await Promise.all([
      runCli(['validate', workflows, ...formats, '--concurrency', 'off']),
      runCliProcess(['validate', workflows, ...formats, '--concurrency', '2']),
      runCli(['validate', workflows, ...formats, '--concurrency', 'auto']),
    ]);
    expect(off.code).toBe(1);
    expect(off.stdout).toContain('duplicate-workflow-id');
    expect(off.stdout).toContain('unknown-node-type');
    for (const run of [two, auto]) {
      expect(run.code).toBe(off.code);
      expect(run.stdout).toBe(off.stdout);
      expect(run.stderr).toBe(off.stderr);
    }
  });

  it('export into a folder: the same files, bytes and stderr lines', async () => {
    // A file given beside the folder, named as one in it: both would be written to one file.
    const sameName = join(dir, 'elsewhere', '0-support-router.json');
    mkdirSync(dirname(sameName), { recursive: true });
    cpSync(join(workflows, '0-chat-pipeline.json'), sameName);
    const [off, two] = await Promise.all([
      runCli(['export', workflows, sameName, '-o', join(dir, 'export-off'), '--concurrency', 'off']),
      runCliProcess(['export', workflows, sameName, '-o', join(dir, 'export-two'), '--concurrency', '2']),
    ]);
    expect(off.code).toBe(1);
    expect(off.stderr).toContain('broken.json');
    expect(off.stderr).toMatch(
      /elsewhere\/0-support-router\.json: error: .*export-off\/0-support-router\.agentspec\.json is the output of .*workflows\/0-support-router\.json/,
    );
    expect(two.code).toBe(off.code);
    expect(two.stderr.replaceAll('export-two', 'export-off')).toBe(off.stderr);
    expectSameFolders(join(dir, 'export-off'), join(dir, 'export-two'));
  });

  it('import into a folder: the same files, bytes and stderr lines', async () => {
    const flows = join(dir, 'export-off');
    const [off, two] = await Promise.all([
      runCli(['import', flows, '-o', join(dir, 'import-off/'), '--concurrency', 'off']),
      runCliProcess(['import', flows, '-o', join(dir, 'import-two/'), '--concurrency', '2']),
    ]);
    // Two flows of one workflow id meet at one file: the second is refused, in input order, both ways.
    expect(off.code).toBe(1);
    expect(off.stderr).toMatch(/z-same-id\.agentspec\.json: error: .* is the output of .*0-chat-pipeline\.agentspec\.json in this run/);
    expect(two.code).toBe(off.code);
    expect(two.stderr.replaceAll('import-two', 'import-off')).toBe(off.stderr);
    expectSameFolders(join(dir, 'import-off'), join(dir, 'import-two'));
  });

  it('refuses a count that is not a whole number of threads', async () => {
    const run = await runCli(['validate', workflows, '--concurrency', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--concurrency.*must be a whole number of threads/);
  });

  it('auto stays in this thread for a few inputs, off always, a number takes that many (at most one per input)', () => {
    expect(workerThreadsFor('auto', 50)).toBe(0);
    expect(workerThreadsFor('off', 10_000)).toBe(0);
    expect(workerThreadsFor(undefined, 10_000)).toBe(0);
    expect(workerThreadsFor(4, 3)).toBe(3);
    expect(workerThreadsFor(2, 1)).toBe(0);
  });
});

function expectSameFolders(a: string, b: string): void {
  const names = readdirSync(a, { recursive: true, encoding: 'utf8' }).sort();
  expect(readdirSync(b, { recursive: true, encoding: 'utf8' }).sort()).toEqual(names);
  expect(names.length).toBeGreaterThan(10);
  for (const name of names.filter((n) => n.endsWith('.json')))
    expect(readFileSync(join(b, name), 'utf8')).toBe(readFileSync(join(a, name), 'utf8'));
}
