// `wfe init` as a child process: a folder that serves at once, and no overwriting.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { testFolder, serverTest } from './support/server-fixture.js';
import { converse } from './support/playground.js';

let parent: string;
beforeEach(async () => {
  parent = await testFolder('wfe-init-');
});

serverTest(
  'scaffolds samples, a commented config, a node type and a .gitignore that wfe serve loads without errors',
  async ({ server }) => {
    const dir = join(parent, 'flows');
    const run = await runCli(['init', dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created 6 files');
    expect((await readdir(dir)).sort()).toEqual([
      '.gitignore',
      'chat-pipeline.json',
      'nodes',
      'refund-approval.json',
      'support-router.json',
      'wfe.config.yaml',
    ]);
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toContain('.wfe/');
    expect(await readFile(join(dir, 'wfe.config.yaml'), 'utf8')).toMatch(/^# wfe\.config\.yaml/);

    const h = await server({ dir, stepDelayMs: 0 });
    expect((await h.call('GET', '/system/config')).body.data).toMatchObject({ workflowCount: 3, loadErrors: [] });
    expect((await h.call('GET', '/nodes/sentiment_score')).status).toBe(200);
    const chat = (await h.call('GET', '/workflows?search=chat')).body.data[0];
    const model = chat.nodes.find((n: { data: { metadata: { id: string } } }) => n.data.metadata.id === 'chat_model');
    await h.call('PUT', `/workflows/${chat.id}`, {
      nodes: chat.nodes.map((n: typeof model) =>
        n === model ? { ...n, data: { ...n.data, config: { ...n.data.config, mockResponse: '' } } } : n,
      ),
    });
    const { messages } = await converse(h, chat.id, 'hello');
    expect(messages.find((m) => m.role === 'assistant')!.content).toMatch(/^This is a mock reply/);
  },
);

it('refuses to overwrite, naming the files, and changes nothing; --force overwrites', async () => {
  const dir = join(parent, 'flows');
  expect((await runCli(['init', dir])).code).toBe(0);
  await writeFile(join(dir, 'wfe.config.yaml'), 'mine: true\n');
  const again = await runCli(['init', dir]);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/already exist and were left alone/);
  expect(again.stderr).toContain('wfe.config.yaml');
  expect(again.stderr).toContain('--force');
  expect(await readFile(join(dir, 'wfe.config.yaml'), 'utf8')).toBe('mine: true\n');
  expect((await runCli(['init', dir, '--force'])).code).toBe(0);
  expect(await readFile(join(dir, 'wfe.config.yaml'), 'utf8')).toMatch(/^# wfe\.config\.yaml/);
});

it('names the folder in its "Next:" line so that a shell reads it back, spaces and quotes included', async () => {
  const plain = await runCli(['init', 'plain-flows'], { cwd: parent });
  expect(plain.stdout).toMatch(/\n\nNext: wfe serve plain-flows\n$/);
  const awkward = await runCli(['init', "team's flows/ü"], { cwd: parent });
  expect(awkward.code).toBe(0);
  expect(awkward.stdout).toMatch(/\n\nNext: wfe serve 'team'\\''s flows\/ü'\n$/);
});

it('a "Next:" line for a folder whose name starts with - reads as a folder, not an option', async () => {
  const dashed = await runCli(['init', '--', '-flows'], { cwd: parent });
  expect(dashed.code).toBe(0);
  expect(dashed.stdout).toMatch(/\n\nNext: wfe serve \.\/-flows\n$/);
});

it('a folder where a file goes, or a file where a folder goes, is refused before anything is written, --force or not', async () => {
  const blocked = join(parent, 'blocked');
  await runCli(['init', blocked]).then((run) => expect(run.code).toBe(0));
  const { rm, mkdir } = await import('node:fs/promises');
  await rm(blocked, { recursive: true });
  await mkdir(blocked);
  await writeFile(join(blocked, 'nodes'), 'a file named nodes\n');
  await mkdir(join(blocked, 'chat-pipeline.json'));
  for (const args of [[], ['--force']]) {
    const run = await runCli(['init', 'blocked', ...args], { cwd: parent });
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'wfe init: these paths are in the way:\n' +
        '  blocked/chat-pipeline.json: a folder, where a file goes\n' +
        '  blocked/nodes: a file, where a folder goes\n' +
        'Nothing was written. Move them away, or pick another folder.\n',
    });
    expect((await readdir(blocked)).sort()).toEqual(['chat-pipeline.json', 'nodes']);
  }
});
