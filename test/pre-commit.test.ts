// .pre-commit-hooks.yaml with the real pre-commit: a project that adds the wfe-validate block passes with
// a good workflow and fails with a broken one. pre-commit npm-installs this repository (a copy of the
// working tree, committed in a temporary repository), which takes about a minute and needs the npm registry.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chatFlow } from './support/flows.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const available = (command: string) => spawnSync(command, ['--version']).status === 0;
let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function sh(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const run = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  if (run.error) throw run.error;
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

const git = (cwd: string, ...args: string[]) => {
  const run = sh('git', ['-c', 'user.name=wfe test', '-c', 'user.email=wfe@example.invalid', '-c', 'commit.gpgsign=false', ...args], cwd);
  expect(run.code, run.output).toBe(0);
  return run.output.trim();
};

describe('pre-commit hook wfe-validate', () => {
  it('passes on a good workflow and fails on a broken one', { timeout: 600_000 }, async (ctx) => {
    // About a minute (pre-commit npm-installs this repository as the hook), so it runs on request only.
    if (process.env.WFE_TEST_PRE_COMMIT !== '1') ctx.skip('set WFE_TEST_PRE_COMMIT=1 to run it (about 60 s; needs the npm registry)');
    if (!available('pre-commit') || !available('git')) ctx.skip('pre-commit (apt-get install pre-commit) or git is not on PATH');
    dir = await mkdtemp(join(tmpdir(), 'wfe-pre-commit-'));

    // The hook repository: this working tree as pre-commit would clone it (tracked and new files, not ignored ones).
    const hooks = join(dir, 'hooks');
    const files = sh('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT).output.split('\0').filter(Boolean);
    for (const file of files) {
      await mkdir(dirname(join(hooks, file)), { recursive: true });
      await cp(join(ROOT, file), join(hooks, file)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err; // deleted in the working tree, not yet in the index
      });
    }
    git(hooks, 'init', '-q');
    git(hooks, 'add', '-A');
    git(hooks, 'commit', '-q', '-m', 'hooks');
    const rev = git(hooks, 'rev-parse', 'HEAD');

    const project = join(dir, 'project');
    await mkdir(join(project, 'workflows'), { recursive: true });
    await writeFile(join(project, 'workflows', 'chat.json'), JSON.stringify(chatFlow('chat'), null, 2));
    await writeFile(
      join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${JSON.stringify(hooks)}\n    rev: ${rev}\n    hooks:\n      - id: wfe-validate\n`,
    );
    git(project, 'init', '-q');
    git(project, 'add', '-A');

    const env = { PRE_COMMIT_HOME: join(dir, 'cache') };
    const started = Date.now();
    const good = sh('pre-commit', ['run', '--all-files'], project, env);
    // Informational only: how long the first run (the npm install of the hook) took.
    console.info(`pre-commit: first run, with the hook install, took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(good.output).toMatch(/wfe validate\.+Passed/);
    expect(good.code, good.output).toBe(0);

    const broken = chatFlow('broken');
    broken.edges.push({ ...broken.edges[0], id: 'to-nowhere', target: 'ghost' });
    await writeFile(join(project, 'workflows', 'broken.json'), JSON.stringify(broken, null, 2));
    git(project, 'add', '-A');
    const bad = sh('pre-commit', ['run', '--all-files'], project, env);
    expect(bad.code, bad.output).toBe(1);
    expect(bad.output).toMatch(/wfe validate\.+Failed/);
    expect(bad.output).toMatch(/workflows\/broken\.json\n.*error .*non-existent node 'ghost'.*edge-missing-node/);
  });
});
