// Batches go on: one bad input of `wfe import`, `wfe export` or `wfe validate` (unreadable, unparsable, a
// YAML alias bomb, too deep, not a workflow) is reported by file name with its reason, the other inputs
// are still converted or checked, and the exit code is 1. Exit 2 stays for usage errors.
// The real CLI (dist/, built by the test script) as a child process over temp files.
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, runCliProcess, runClis } from './support/cli.js';

const fixtures = new URL('../fixtures/workflows/', import.meta.url).pathname;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-batch-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** "Billion laughs": nine aliases of nine aliases…, far beyond the parser's alias expansion limit. */
const aliasBomb =
  [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefg'[i]}`).join(',')}]`),
  ].join('\n') + '\n';

const nested = (levels: number, open: string, close: string, inner = '1') => open.repeat(levels) + inner + close.repeat(levels);

/**
 * A file of 600 MB, without the disk space: more than a string can hold, so wfe must refuse it by its size
 * (reading it first took seconds and a gigabyte before failing). As root, chmod would not stop a read.
 */
async function unreadable(path: string): Promise<void> {
  const handle = await open(path, 'w');
  await handle.truncate(600 * 1024 ** 2);
  await handle.close();
}

async function inputs(files: Record<string, string>): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  await unreadable(join(dir, 'huge.json'));
  return ['huge.json', ...Object.keys(files)].map((name) => join(dir, name));
}

const reported = (stderr: string, name: string) => stderr.split('\n').filter((line) => line.startsWith(join(dir, name)));

describe('wfe import', () => {
  it('reports each bad input by name with its reason, still imports the good one, and exits 1', async () => {
    const good = await readFile(join(fixtures, 'chat-pipeline.json'), 'utf8');
    const args = await inputs({
      'alias-bomb.yaml': aliasBomb,
      'broken.yaml': 'component_type: Flow\nname: [unclosed\n',
      'deep.yaml': `value: ${nested(300, '[', ']')}\n`,
      'not-a-flow.json': '[1, 2, 3]',
      'empty.yaml': '# nothing but a comment\n',
      'infinite.yaml': 'component_type: Flow\nname: f\nmetadata:\n  scale: [1, -.inf]\n',
      'good.json': good,
    });
    const out = join(dir, 'out');
    const [run, usage] = await runClis([
      ['import', ...args, '-o', out],
      ['import', join(dir, 'missing.json'), join(dir, 'good.json'), '-o', join(dir, 'out2')],
    ]);
    expect(run.code).toBe(1);
    expect(reported(run.stderr, 'alias-bomb.yaml')).toEqual([expect.stringMatching(/: error: .*Excessive alias count/)]);
    expect(reported(run.stderr, 'huge.json')).toEqual([
      expect.stringMatching(/: error: cannot read \S*huge\.json: \d+ bytes, more than the 512 MiB a text file can be read as/),
    ]);
    expect(reported(run.stderr, 'broken.yaml')).toEqual([expect.stringMatching(/^[^:]+:\d+:\d+: error: invalid YAML/)]);
    expect(reported(run.stderr, 'deep.yaml')).toEqual([
      expect.stringMatching(/: error: invalid YAML: nested deeper than the limit of 256 levels/),
    ]);
    expect(reported(run.stderr, 'not-a-flow.json')).toEqual([
      expect.stringMatching(/: error: \/: not an Agent Spec component: the document is a list/),
    ]);
    expect(reported(run.stderr, 'empty.yaml')).toEqual([expect.stringMatching(/:1:1: error: empty file$/)]);
    // JSON would write it as null: refused where it is, not lost.
    expect(reported(run.stderr, 'infinite.yaml')).toEqual([
      `${join(dir, 'infinite.yaml')}:4:14: error: /metadata/scale/1: -.inf (-Infinity) has no JSON form, and a workflow file is JSON: write a finite number, or quote it to keep it as text`,
    ]);
    expect(reported(run.stderr, 'good.json')).toEqual([]);
    const written = await readdir(out);
    expect(written).toEqual([`${JSON.parse(good).id}.json`]);
    expect(JSON.parse(await readFile(join(out, written[0]), 'utf8')).name).toBe(JSON.parse(good).name);

    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/missing\.json: no such file or folder/);
  });
});

describe('wfe export', () => {
  it('reports each bad input by name with its reason, still exports the good one, and exits 1', async () => {
    const args = await inputs({
      'alias-bomb.yaml': aliasBomb,
      'broken.json': '{"id": "b", "name": ',
      'deep.json': nested(300, '{"a":', '}'),
      'not-a-workflow.json': '[1, 2, 3]',
      'good.json': await readFile(join(fixtures, 'chat-pipeline.json'), 'utf8'),
    });
    const out = join(dir, 'out');
    // The batch export, then the same output again; the usage error meanwhile.
    const [[run, again], usage] = await Promise.all([
      (async () => {
        const first = await runCli(['export', ...args, '-o', out]);
        return [first, await runCli(['export', join(dir, 'good.json'), join(dir, 'alias-bomb.yaml'), '-o', out])] as const;
      })(),
      runCli(['export', join(dir, 'good.json'), '--config', join(dir, 'missing.yaml')]),
    ]);
    expect(run.code).toBe(1);
    expect(reported(run.stderr, 'alias-bomb.yaml')).toEqual([expect.stringMatching(/: error: .*Excessive alias count/)]);
    expect(reported(run.stderr, 'huge.json')).toEqual([
      expect.stringMatching(/: error: cannot read \S*huge\.json: \d+ bytes, more than the 512 MiB a text file can be read as/),
    ]);
    expect(reported(run.stderr, 'broken.json')).toEqual([expect.stringMatching(/^[^:]+:1:\d+: error: invalid JSON/)]);
    expect(reported(run.stderr, 'deep.json')).toEqual([
      expect.stringMatching(/:1:\d+: error: .*nested deeper than the limit of 256 levels/),
    ]);
    expect(reported(run.stderr, 'not-a-workflow.json')).toEqual([expect.stringMatching(/: error: not a FlowDrop workflow/)]);
    expect(reported(run.stderr, 'good.json').filter((line) => line.includes(': error: '))).toEqual([]);
    expect(await readdir(out)).toEqual(['good.agentspec.json']);
    expect(JSON.parse(await readFile(join(out, 'good.agentspec.json'), 'utf8')).component_type).toBe('Flow');

    // An output that exists is that input's failure too; --config that cannot be read is a usage error.
    expect(again.code).toBe(1);
    expect(reported(again.stderr, 'good.json')).toEqual(expect.arrayContaining([expect.stringMatching(/already exists; use --force/)]));
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--config .*missing\.yaml/);
  });
});

describe('wfe export into a folder', () => {
  it('reports in input order, the same from run to run, though 16 inputs are converted at once', async () => {
    // Inputs with warnings first, quick failures after them: converted at once, the quick ones end first. The
    // first two are the 490 KB etl-large (36 warnings each), the others refund-approval (9): twelve exports
    // of etl-large took most of this test's CPU.
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) {
      files[`${i}-large.json`] = await readFile(join(fixtures, i < 2 ? 'etl-large.json' : 'refund-approval.json'), 'utf8');
      files[`${i}-broken.json`] = '{"id": "b", "name": ';
      files[`${i}-router.json`] = await readFile(join(fixtures, 'support-router.json'), 'utf8');
      files[`${i}-not-a-workflow.json`] = '[1, 2, 3]';
    }
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const args = Object.keys(files).map((name) => join(dir, name));
    const [first, second] = await runClis([
      ['export', ...args, '-o', join(dir, 'out-1')],
      ['export', ...args, '-o', join(dir, 'out-2')],
    ]);
    expect(first.code).toBe(1);
    expect(second.stderr).toBe(first.stderr);
    // Every line names its input; the inputs come in the order given, each one's lines together.
    const named = first.stderr
      .split('\n')
      .filter((line) => line.startsWith(dir))
      .map((line) => Object.keys(files).findIndex((name) => line.startsWith(`${join(dir, name)}:`)));
    expect(named.length).toBeGreaterThan(60);
    expect(named).not.toContain(-1);
    expect(named).toEqual([...named].sort((a, b) => a - b));
    expect(new Set(named).size).toBe(Object.keys(files).length);
  });
});

describe('wfe validate', () => {
  it('reads a pipe like a file; refuses an endless device past the size limit; names what is neither', async () => {
    // A named pipe, as `wfe validate <(curl …)` gives one: written once the CLI opens it to read.
    const fifo = join(dir, 'piped.json');
    execFileSync('mkfifo', [fifo]);
    const writing = writeFile(fifo, await readFile(join(fixtures, 'chat-pipeline.json')));
    // validate reads a file synchronously: in this process it would wait for the writer above forever.
    const piped = await runCliProcess(['validate', fifo, '-f', 'compact']);
    // A CLI that never opened the pipe would leave the write waiting for a reader: this one ends it either way.
    await (await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK)).close();
    await writing.catch(() => {});
    expect(piped.code, piped.stdout + piped.stderr).toBe(0);

    // /dev/zero never ends: refused once more than a string can hold came, not read until the memory runs out.
    const endless = await runCli(['validate', '/dev/zero', '-f', 'compact']);
    expect(endless.code).toBe(1);
    expect(endless.stdout).toMatch(/\/dev\/zero:1:1: error: cannot read \/dev\/zero: more than the 512 MiB a text can be read as/);

    // A socket is no input: a usage error that says what it is not (it said "no such file or folder").
    const socketPath = join(dir, 'wfe.sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const socket = await runCli(['validate', socketPath]);
      expect(socket.code).toBe(2);
      expect(socket.stderr).toContain(`${socketPath}: not a file, folder or pipe`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reports each bad input as an error of its file, still checks the good one, and exits 1', async () => {
    const args = await inputs({
      'alias-bomb.yaml': aliasBomb,
      'broken.json': '{"id": "b", "name": ',
      'deep.json': nested(300, '[', ']'),
      'not-a-workflow.json': '[1, 2, 3]',
      'empty.yaml': '',
    });
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(dir, 'good.json'));
    // Saved as Latin-1: the é is one byte that is not UTF-8.
    await writeFile(join(dir, 'latin1.json'), Buffer.from('{\n  "name": "Café"\n}\n', 'latin1'));
    // Links: one to a file and one to a folder inside a walked folder (as wfe serve of it: the file is refused,
    // the folder not entered), and one named as an argument (followed).
    await mkdir(join(dir, 'walked'));
    await symlink(join(dir, 'good.json'), join(dir, 'walked', 'linked.json'));
    await symlink(dir, join(dir, 'walked', 'folder-link'));
    await symlink(join(fixtures, 'support-router.json'), join(dir, 'named-link.json'));
    // One run: the compact report on stdout, the json report in a file.
    const jsonFile = join(dir, 'report', 'report.json');
    const run = await runCli([
      'validate',
      ...args,
      join(dir, 'good.json'),
      join(dir, 'latin1.json'),
      join(dir, 'walked'),
      join(dir, 'named-link.json'),
      ...['-f', 'compact', '-f', 'json', '-o', jsonFile],
    ]);
    expect(run.code).toBe(1);
    const lines = (name: string) => reported(run.stdout, name).filter((line) => line.includes(': error: '));
    expect(lines('alias-bomb.yaml')).toEqual([expect.stringMatching(/error: .*Excessive alias count/)]);
    expect(lines('huge.json')).toEqual([
      expect.stringMatching(/error: cannot read \S*huge\.json: \d+ bytes, more than the 512 MiB a text file can be read as/),
    ]);
    expect(lines('broken.json')).toEqual([expect.stringMatching(/:1:\d+: error: Invalid JSON/)]);
    expect(lines('deep.json')).toEqual([expect.stringMatching(/error: .*nested deeper than the limit of 256 levels/)]);
    expect(lines('not-a-workflow.json').length).toBeGreaterThan(0);
    expect(lines('empty.yaml')).toEqual([expect.stringMatching(/:1:1: error: empty file \[json-syntax\]$/)]);
    expect(lines('good.json')).toEqual([]);
    expect(lines('walked/linked.json')).toEqual([
      expect.stringMatching(/error: symbolic link, not followed: wfe serve of this folder would not load it/),
    ]);
    expect(lines('named-link.json')).toEqual([]);
    expect(lines('latin1.json')).toEqual([
      expect.stringMatching(/latin1\.json:2:15: error: not UTF-8 \(first at line 2, column 15\): save the file as UTF-8/),
    ]);

    // Every input in the report, in the order given, refused ones included.
    const report = JSON.parse(await readFile(jsonFile, 'utf8')) as {
      summary: { files: number };
      files: Array<{ file: string; errors: number }>;
    };
    expect(report.files.map((f) => f.file)).toEqual([
      ...args,
      ...['good.json', 'latin1.json', 'walked/linked.json', 'named-link.json'].map((f) => join(dir, f)),
    ]);
    expect(report.files.map((f) => f.errors > 0)).toEqual([true, true, true, true, true, true, false, true, true, false]);
  });
});
