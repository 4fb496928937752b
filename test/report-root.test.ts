// `wfe validate` run in a folder of a repository: the reports GitHub and GitLab read (sarif, codeclimate, junit,
// github, the job summary) name files from the repository root, found as git finds it; stylish, compact and json
// from the working directory. Real folders in a temp directory, each repository marked by a real `.git`.
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from './support/cli.js';
import { chatFlow, n } from './support/flows.js';

let dir: string;
/** dir/repo: a repository (a `.git` folder) with one broken workflow in packages/flows. */
let repo: string;
let flows: string;

/** A workflow with errors at one node: connected to nothing. */
const broken = (id: string) => {
  const w = chatFlow(id);
  return JSON.stringify({ ...w, nodes: [...w.nodes, n('lonely', 'text_formatter')] }, null, 2);
};

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'wfe-root-paths-')));
  repo = join(dir, 'repo');
  flows = join(repo, 'packages', 'flows');
  await mkdir(join(repo, '.git'), { recursive: true });
  await mkdir(flows, { recursive: true });
  await writeFile(join(flows, 'bad.json'), broken('bad'));
  await mkdir(join(repo, 'packages', 'other'));
  await writeFile(join(repo, 'packages', 'other', 'next.json'), broken('next'));
  await writeFile(join(dir, 'outside.json'), broken('outside'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Outside GitHub Actions, whatever runs the tests: no checkout named by the environment. */
const LOCAL = { GITHUB_ACTIONS: '', GITHUB_WORKSPACE: '', GITHUB_STEP_SUMMARY: '' };

const codeclimatePaths = (run: CliRun) =>
  (JSON.parse(run.stdout) as Array<{ location: { path: string }; fingerprint: string }>).map((i) => `${i.location.path} ${i.fingerprint}`);

interface Sarif {
  runs: Array<{
    originalUriBaseIds: Record<string, { uri: string }>;
    results: Array<{ locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }> }>;
  }>;
}
const sarifOf = (run: CliRun) => {
  const [only] = (JSON.parse(run.stdout) as Sarif).runs;
  // Each file once: a file has several problems.
  const locations = new Map(only.results.map((r) => r.locations[0].physicalLocation.artifactLocation).map((l) => [l.uri, l]));
  return { base: only.originalUriBaseIds['%SRCROOT%'].uri, locations: [...locations.values()] };
};

describe('reports of a run in a folder of a repository', () => {
  it('name files from the root in sarif, codeclimate, junit, github and the job summary; from the working directory in the others', async () => {
    const out = join(dir, 'reports');
    const file = (name: string) => join(out, name);
    const run = await runCli(
      [
        'validate',
        '.',
        ...['-f', 'sarif', '-o', file('report.sarif')],
        ...['-f', 'codeclimate', '-o', file('codeclimate.json')],
        ...['-f', 'junit', '-o', file('junit.xml')],
        ...['-f', 'github', '-o', file('github.txt')],
        ...['-f', 'json', '-o', file('report.json')],
        ...['-f', 'compact'],
      ],
      { cwd: flows, env: { ...LOCAL, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file('summary.md') } },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^bad\.json:\d+:\d+: error: /);

    const sarif = sarifOf({ ...run, stdout: await readFile(file('report.sarif'), 'utf8') });
    expect(sarif.base).toBe(`${pathToFileURL(repo).href}/`);
    expect(sarif.locations).toEqual([{ uri: 'packages/flows/bad.json', uriBaseId: '%SRCROOT%' }]);
    const issues = JSON.parse(await readFile(file('codeclimate.json'), 'utf8')) as Array<{ location: { path: string } }>;
    expect(new Set(issues.map((i) => i.location.path))).toEqual(new Set(['packages/flows/bad.json']));
    expect(await readFile(file('junit.xml'), 'utf8')).toContain(
      '<testcase classname="wfe.validate" name="packages/flows/bad.json" file="packages/flows/bad.json">',
    );
    expect(await readFile(file('github.txt'), 'utf8')).toMatch(/^::error file=packages\/flows\/bad\.json,line=\d+,col=\d+,title=wfe /);
    const summary = await readFile(file('summary.md'), 'utf8');
    expect(summary).toMatch(/\n\| packages\/flows\/bad\.json:\d+:\d+ \| error \|/);
    expect(summary).toContain('\n#### packages/flows/bad.json\n');
    const json = JSON.parse(await readFile(file('report.json'), 'utf8')) as {
      files: Array<{ file: string; problems: Array<{ file: string }> }>;
    };
    expect(new Set(json.files.flatMap((f) => [f.file, ...f.problems.map((p) => p.file)]))).toEqual(new Set(['bad.json']));
  });

  it('give a file the same path and fingerprint wherever in the repository the run starts, however it is typed', async () => {
    const runs = await Promise.all(
      [
        { cwd: repo, input: 'packages/flows/bad.json' },
        { cwd: flows, input: '.' },
        { cwd: flows, input: './bad.json' },
        { cwd: join(repo, 'packages'), input: '../packages/flows/bad.json' },
        { cwd: join(repo, 'packages', 'other'), input: join(flows, 'bad.json') },
      ].map(({ cwd, input }) => runCli(['validate', input, '-f', 'codeclimate'], { cwd, env: LOCAL })),
    );
    const seen = runs.map(codeclimatePaths);
    expect(seen[0].length).toBeGreaterThan(0);
    for (const issue of seen[0]) expect(issue).toMatch(/^packages\/flows\/bad\.json [0-9a-f]{32}$/);
    expect(seen).toEqual(runs.map(() => seen[0]));
  });

  it('name a file of another folder of the repository (../) from the root, and a file outside it by its absolute path', async () => {
    const run = await runCli(['validate', '../other/next.json', '../../../outside.json', '-f', 'sarif'], { cwd: flows, env: LOCAL });
    expect(sarifOf(run).locations).toEqual([
      { uri: 'packages/other/next.json', uriBaseId: '%SRCROOT%' },
      { uri: pathToFileURL(join(dir, 'outside.json')).href },
    ]);
    const github = await runCli(['validate', '../../../outside.json', '-f', 'github'], { cwd: flows, env: LOCAL });
    expect(github.stdout).toMatch(new RegExp(`^::error file=${join(dir, 'outside.json').replace(/[/.]/g, '\\$&')},`));
  });

  it('are from the real root when the working directory is reached through a symbolic link', async () => {
    // dir/link → repo/packages/flows: no folder above the link's path holds the .git; above the real path one does.
    const link = join(dir, 'link');
    await symlink(flows, link, 'dir');
    const run = await runCli(['validate', '.', '-f', 'sarif'], { cwd: link, env: LOCAL });
    expect(sarifOf(run)).toEqual({
      base: `${pathToFileURL(repo).href}/`,
      locations: [{ uri: 'packages/flows/bad.json', uriBaseId: '%SRCROOT%' }],
    });
  });

  it('are from the nearest root: a `.git` file marks a worktree or a submodule', async () => {
    const sub = join(repo, 'vendor', 'sub');
    await mkdir(join(sub, 'flows'), { recursive: true });
    await writeFile(join(sub, '.git'), 'gitdir: ../../.git/modules/sub\n');
    await writeFile(join(sub, 'flows', 'inner.json'), broken('inner'));
    const run = await runCli(['validate', '.', '-f', 'codeclimate'], { cwd: join(sub, 'flows'), env: LOCAL });
    const paths = codeclimatePaths(run);
    expect(paths.length).toBeGreaterThan(0);
    for (const issue of paths) expect(issue).toMatch(/^flows\/inner\.json /);
  });
});

describe('reports of a run outside any repository', () => {
  let checkout: string;
  beforeAll(async () => {
    // A checkout without .git (actions/checkout without git downloads the files only).
    checkout = join(dir, 'checkout');
    await mkdir(join(checkout, 'flows'), { recursive: true });
    await writeFile(join(checkout, 'flows', 'w.json'), broken('w'));
  });

  it('are from GITHUB_WORKSPACE when the run is in it', async () => {
    const run = await runCli(['validate', '.', '-f', 'github'], {
      cwd: join(checkout, 'flows'),
      env: { ...LOCAL, GITHUB_WORKSPACE: checkout },
    });
    expect(run.stdout).toMatch(/^::error file=flows\/w\.json,/);
  });

  it('are from the working directory otherwise, as before', async () => {
    const run = await runCli(['validate', '.', '-f', 'github', '-f', 'sarif'], { cwd: join(checkout, 'flows'), env: LOCAL });
    expect(run.stdout).toMatch(/^::error file=w\.json,/);
    const sarif = sarifOf({ ...run, stdout: run.stdout.slice(run.stdout.indexOf('{')) });
    expect(sarif).toEqual({
      base: `${pathToFileURL(join(checkout, 'flows')).href}/`,
      locations: [{ uri: 'w.json', uriBaseId: '%SRCROOT%' }],
    });
  });
});
