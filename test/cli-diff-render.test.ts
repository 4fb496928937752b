// `wfe diff` and `wfe render` as child processes over copies of the fixtures: exit codes, stdin, an Agent
// Spec side, the formats, git's diff driver and textconv in a temporary repository, and the Mermaid picture
// `wfe validate` adds to the GitHub job summary.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import type { Workflow } from '../src/contract/types.js';
import { BIN, runCli, runCliProcess, runClis } from './support/cli.js';
import { once } from './support/once.js';

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'workflows');
const execFileAsync = promisify(execFile);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-diff-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * support-router and agentspec-summary exported to Agent Spec YAML by one `wfe export` run, into a folder
 * the tests share (they only read it): the run and the two files.
 */
let exportDir: string | undefined;
const agentSpecExports = once(async () => {
  exportDir = await mkdtemp(join(tmpdir(), 'wfe-diff-export-'));
  const run = await runCli([
    'export',
    join(FIXTURES, 'support-router.json'),
    join(FIXTURES, 'agentspec-summary.json'),
    '-o',
    exportDir,
    '--format',
    'yaml',
  ]);
  return {
    run,
    router: join(exportDir, 'support-router.agentspec.yaml'),
    summary: join(exportDir, 'agentspec-summary.agentspec.yaml'),
  };
});
afterAll(async () => {
  if (exportDir) await rm(exportDir, { recursive: true, force: true });
});

async function fixture(name: string): Promise<Workflow> {
  return JSON.parse(await readFile(join(FIXTURES, name), 'utf8')) as Workflow;
}

const byLabel = (w: Workflow, label: string) => w.nodes.find((n) => n.data.label === label)!;

/** Every object's keys reversed: the same workflow, formatted differently. */
const reformatted = (w: Workflow): string =>
  JSON.stringify(
    w,
    (_key, value) =>
      value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
    4,
  );

/** support-router with the classifier's temperature changed, written in another formatting. */
async function editedRouter(path: string, temperature = 0.5): Promise<void> {
  const w = await fixture('support-router.json');
  byLabel(w, 'Classify Request').data.config.temperature = temperature;
  await writeFile(path, reformatted(w));
}

describe('wfe diff', () => {
  it('help shows every default and examples, as the other commands do', async () => {
    const defaults: Record<string, string[]> = {
      diff: ['default: "text"', 'default: false'],
      render: ['default: "mermaid"', 'default: "LR"', 'default: false'],
    };
    const [top, ...helps] = await runClis([['--help'], ...Object.keys(defaults).map((command) => [command, '--help'])]);
    for (const [i, [command, shown]] of Object.entries(defaults).entries()) {
      const help = helps[i];
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/Examples:\n\s+\$ wfe /);
      for (const text of shown) expect(help.stdout, command).toContain(text);
    }
    expect(top.stdout).toMatch(/diff \[options\] <old> \[new\]/);
    expect(top.stdout).toMatch(/\$ wfe render /);
  });

  it('exits 0 when equal (whatever the formatting and save stamps), 1 when different', async () => {
    const old = join(dir, 'old.json');
    await copyFile(join(FIXTURES, 'support-router.json'), old);
    const same = await fixture('support-router.json');
    same.metadata.updatedAt = '2031-01-01T00:00:00.000Z';
    same.metadata.updateNumber = 99;
    same.metadata.versionId = 'v-later';
    await writeFile(join(dir, 'same.json'), reformatted(same));
    await editedRouter(join(dir, 'new.json'));
    const [equal, different] = await runClis([
      ['diff', old, join(dir, 'same.json')],
      ['diff', old, join(dir, 'new.json')],
    ]);
    expect(equal.code).toBe(0);
    expect(equal.stdout).toContain('No changes.');

    expect(different.code).toBe(1);
    expect(different.stdout).toBe(
      `${old} → ${join(dir, 'new.json')}\n1 node changed\n\nNodes\n  ~ Classify Request › config.temperature: 0 → 0.5\n`,
    );
  });

  it('exits 2 naming the file and the reason: missing, invalid JSON, not a workflow, wrong argument count', async () => {
    const old = join(FIXTURES, 'chat-pipeline.json');
    await writeFile(join(dir, 'broken.json'), '{\n  "id": "x",\n  "nodes": [,]\n}');
    await writeFile(join(dir, 'package.json'), '{"name":"pkg"}');
    const workflowLike = await fixture('chat-pipeline.json');
    delete (workflowLike as Partial<Workflow>).name;
    await writeFile(join(dir, 'nameless.json'), JSON.stringify(workflowLike));
    const [none, help, missing, broken, notWorkflow, invalid, three, one, unmerged] = await runClis([
      ['diff'],
      ['diff', '--help'],
      ['diff', old, join(dir, 'nope.json')],
      ['diff', join(dir, 'broken.json'), old],
      ['diff', old, join(dir, 'package.json')],
      ['diff', old, join(dir, 'nameless.json')],
      ['diff', old, old, old],
      ['diff', old],
      // git passes an unmerged path alone, and says it is git by the counters it sets for an external diff.
      { args: ['diff', old], env: { GIT_DIFF_PATH_COUNTER: '1', GIT_DIFF_PATH_TOTAL: '1' } },
    ]);
    // The error names the argument as the usage line does.
    expect(none).toMatchObject({ code: 2, stderr: "error: missing required argument 'old'\n(run with --help for usage)\n" });
    expect(help.stdout).toMatch(/^Usage: wfe diff \[options\] <old> <new>\n[\s\S]*\nArguments:\n {2}old {2,}[\s\S]*\n {2}new {2,}/);

    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`wfe diff: ${join(dir, 'nope.json')}: no such file\n`);

    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(
      new RegExp(`^wfe diff: ${join(dir, 'broken.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: invalid JSON`),
    );

    expect(notWorkflow.code).toBe(2);
    expect(notWorkflow.stderr).toContain(`${join(dir, 'package.json')}: not a workflow`);

    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/nameless\.json:\d+:\d+: .*not a FlowDrop workflow: name is required/);

    expect(three.code).toBe(2);
    expect(three.stderr).toContain('expected <old> <new>');
    expect(one.code).toBe(2);
    expect(one.stderr).toBe("wfe diff: expected <old> <new> (or git's 7 or 9 arguments), got 1 argument\n");
    expect(unmerged).toMatchObject({ code: 0, stdout: `${old}: unmerged, nothing to compare\n` });
  });

  it('reads either side from stdin with -', async () => {
    await editedRouter(join(dir, 'new.json'), 0.25);
    const text = await readFile(join(FIXTURES, 'support-router.json'), 'utf8');
    const [run, reversed, both] = await runClis([
      { args: ['diff', '-', join(dir, 'new.json')], input: text },
      { args: ['diff', join(dir, 'new.json'), '-'], input: text },
      { args: ['diff', '-', '-'], input: text },
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`<stdin> → ${join(dir, 'new.json')}`);
    expect(run.stdout).toContain('Classify Request › config.temperature: 0 → 0.25');
    expect(reversed.stdout).toContain('Classify Request › config.temperature: 0.25 → 0');
    expect(both.code).toBe(2);
  });

  it('compares a FlowDrop workflow with an Agent Spec file exported from it', async () => {
    const { run: exported, router: agentSpec } = await agentSpecExports();
    expect(exported.code, exported.stderr).toBe(0);
    await editedRouter(join(dir, 'new.json'));
    const [same, changed] = await runClis([
      ['diff', join(FIXTURES, 'support-router.json'), agentSpec],
      ['diff', agentSpec, join(dir, 'new.json'), '-f', 'json'],
    ]);
    expect(same.stdout).toContain('No changes.');
    expect(same.code).toBe(0);

    expect(changed.code).toBe(1);
    const diff = JSON.parse(changed.stdout);
    expect(diff.nodes.changed).toEqual([
      expect.objectContaining({ label: 'Classify Request', changes: [{ field: 'config.temperature', before: 0, after: 0.5 }] }),
    ]);
  });

  it('json is stable across runs; markdown is ready for a PR comment', async () => {
    const w = await fixture('support-router.json');
    byLabel(w, 'Billing Prompt').data.config.template = String(byLabel(w, 'Billing Prompt').data.config.template).replace(
      'only the invoice data',
      'only the invoice data, politely',
    );
    const docs = byLabel(w, 'Docs Search').id;
    w.nodes = w.nodes.filter((n) => n.id !== docs);
    w.edges = w.edges.filter((e) => e.source !== docs && e.target !== docs);
    byLabel(w, 'Start').position.x += 100;
    await writeFile(join(dir, 'new.json'), JSON.stringify(w));
    const args = ['diff', join(FIXTURES, 'support-router.json'), join(dir, 'new.json')];

    const [first, second, md, noLayout] = await runClis([
      [...args, '-f', 'json'],
      [...args, '-f', 'json'],
      [...args, '-f', 'markdown'],
      [...args, '--ignore-layout'],
    ]);
    expect(first.code).toBe(1);
    expect(second.stdout).toBe(first.stdout);
    expect(JSON.parse(first.stdout).layout.moved.map((n: { label: string }) => n.label)).toEqual(['Start']);

    expect(md.code).toBe(1);
    expect(md.stdout.split('\n')[0]).toMatch(/^### .*support-router\.json → .*new\.json$/);
    expect(md.stdout).toContain('**1 node removed, 1 changed · 1 connection removed · 1 node moved**');
    expect(md.stdout).toContain('- ➖ **Docs Search** `web_search`');
    expect(md.stdout).toContain('- ➖ Docs Search.tool → Technical Assistant.tools (tool)');
    expect(md.stdout).toMatch(
      /- ✏️ \*\*Billing Prompt\*\* › `config.template`:\n {2}```diff\n(.*\n)*? {2}- Answer using only the invoice data\.\n {2}\+ Answer using only the invoice data, politely\.\n {2}```\n/,
    );
    expect(md.stdout).toContain('**Layout:** 1 node moved');

    expect(noLayout.code).toBe(1);
    expect(noLayout.stdout).not.toMatch(/Layout|node moved/);
  });

  it('reports a change in a number no double holds, as the files wrote it; the same value spelt otherwise is none', async () => {
    const w = await fixture('support-router.json');
    byLabel(w, 'Classify Request').data.config.accountId = '#12345678901234567890#';
    w.revision = '#9007199254740993#';
    const text = JSON.stringify(w, null, 2).replace(/"#(\d+)#"/g, '$1');
    const [old, changed, respelt, yaml] = ['old.json', 'new.json', 'respelt.json', 'old.yaml'].map((name) => join(dir, name));
    await writeFile(old, text);
    await writeFile(changed, text.replace('12345678901234567890', '12345678901234567891'));
    await writeFile(respelt, text.replace('12345678901234567890', '1.2345678901234567890e19'));
    // YAML leaves no literal to go by: its numbers are doubles, and so are the other side's.
    await writeFile(yaml, stringifyYaml(JSON.parse(text)).replace('12345678901234567000', '12345678901234567890'));
    const [run, json, same, fromYaml, added] = await runClis([
      ['diff', old, changed],
      ['diff', old, changed, '-f', 'json'],
      ['diff', old, respelt],
      ['diff', yaml, old],
      // git's form for an added file: the other side is the file with nothing in it, its own numbers alike.
      ['diff', 'flow.json', '/dev/null', '.', '.', changed, '0'.repeat(40), '100644'],
    ]);
    expect(run).toMatchObject({ code: 1, stderr: '' });
    expect(run.stdout).toBe(
      `${old} → ${changed}\n1 node changed\n\nNodes\n  ~ Classify Request › config.accountId: 12345678901234567890 → 12345678901234567891\n`,
    );
    expect(json.stdout).toContain('"before": 12345678901234567890,\n            "after": 12345678901234567891\n');
    expect(same).toMatchObject({ code: 0, stdout: `${old} → ${respelt}\nNo changes.\n` });
    expect(fromYaml).toMatchObject({ code: 0, stdout: `${yaml} → ${old}\nNo changes.\n` });
    expect(added.stdout).toMatch(/^flow\.json \(new file\)\n15 nodes added · 27 connections added\n\nNodes\n/);
  });

  it('colours text on request (FORCE_COLOR) and never in a pipe', async () => {
    await editedRouter(join(dir, 'new.json'));
    const args = ['diff', join(FIXTURES, 'support-router.json'), join(dir, 'new.json')];
    const [piped, forced, vetoed] = await runClis([
      { args, env: { NO_COLOR: '', FORCE_COLOR: '' } },
      { args, env: { NO_COLOR: '', FORCE_COLOR: '1' } },
      { args: [...args, '--no-color'], env: { NO_COLOR: '', FORCE_COLOR: '1' } },
    ]);
    expect(piped.stdout).toContain('Classify Request');
    expect(piped.stdout).not.toMatch(/\x1b\[/);
    expect(forced.stdout).toMatch(/\x1b\[33m~\x1b\[0m Classify Request/);
    expect(vetoed.stdout).not.toMatch(/\x1b\[/);
  });
});

describe('wfe render', () => {
  const NODE_LINE = /^ {2}(n_[A-Za-z0-9_]+)(?:\(\["(.*)"\]\)|\[\["(.*)"\]\]|\["(.*)"\]|\{"(.*)"\})$/;
  const EDGE_LINE = /^ {2}(n_[A-Za-z0-9_]+) (-->|-\.->)(?:\|"([^"]*)"\|)? (n_[A-Za-z0-9_]+)$/;

  /** Parses the flowchart line by line; any line that is neither a node, an edge nor a class fails the test. */
  function parseMermaid(text: string) {
    const [header, ...lines] = text.trimEnd().split('\n');
    expect(header).toBe('flowchart LR');
    const nodes: Array<{ id: string; label: string }> = [];
    const edges: Array<{ from: string; arrow: string; label?: string; to: string }> = [];
    for (const line of lines) {
      const node = NODE_LINE.exec(line);
      const edge = EDGE_LINE.exec(line);
      if (node) nodes.push({ id: node[1], label: node[2] ?? node[3] ?? node[4] ?? node[5] });
      else if (edge) edges.push({ from: edge[1], arrow: edge[2], label: edge[3], to: edge[4] });
      else expect(line).toMatch(/^ {2}(classDef failing .+|class [\w,]+ failing)$/);
    }
    return { nodes, edges };
  }

  it('mermaid: every node once with a sanitised id, branches labelled, tools dotted, edges between known nodes', async () => {
    const w = await fixture('support-router.json');
    const run = await runCli(['render', join(FIXTURES, 'support-router.json')]);
    expect(run.code).toBe(0);
    const { nodes, edges } = parseMermaid(run.stdout);
    expect(nodes.map((n) => n.label).sort()).toEqual(w.nodes.map((n) => n.data.label).sort());
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
    const known = new Set(nodes.map((n) => n.id));
    for (const e of edges) expect(known.has(e.from) && known.has(e.to), `${e.from} → ${e.to}`).toBe(true);
    expect(
      edges
        .filter((e) => e.label)
        .map((e) => e.label)
        .sort(),
    ).toEqual(['Billing', 'General', 'Technical']);
    const idOf = (label: string) => nodes.find((n) => n.label === label)!.id;
    expect(edges.filter((e) => e.arrow === '-.->').map((e) => [e.from, e.to])).toEqual([
      [idOf('Docs Search'), idOf('Technical Assistant')],
      [idOf('Status Page'), idOf('Technical Assistant')],
    ]);
  });

  it('mermaid: notes are left out; --fence wraps it for Markdown; an Agent Spec file renders too', async () => {
    const w = await fixture('chat-pipeline.json');
    const notes = w.nodes.filter((n) => n.data.metadata.id === 'note');
    expect(notes.length).toBeGreaterThan(0);
    const { run: exported, summary: yaml } = await agentSpecExports();
    expect(exported.code, exported.stderr).toBe(0);
    const [run, fromYaml, fromJson] = await runClis([
      ['render', join(FIXTURES, 'chat-pipeline.json'), '--fence'],
      ['render', yaml],
      ['render', join(FIXTURES, 'agentspec-summary.json')],
    ]);
    expect(run.stdout.startsWith('```mermaid\nflowchart LR\n')).toBe(true);
    expect(run.stdout.endsWith('\n```\n')).toBe(true);
    const { nodes } = parseMermaid(run.stdout.replace(/^```mermaid\n/, '').replace(/```\n$/, ''));
    expect(nodes).toHaveLength(w.nodes.length - notes.length);
    for (const note of notes) expect(run.stdout).not.toContain(note.data.label);

    expect(fromYaml.code).toBe(0);
    expect(fromYaml.stdout).toBe(fromJson.stdout);
  });

  it('text: a one-field change in a reformatted file is a one-line difference', async () => {
    await editedRouter(join(dir, 'new.json'), 0.9);
    const [before, after] = await runClis([
      ['render', '-f', 'text', join(FIXTURES, 'support-router.json')],
      ['render', '-f', 'text', join(dir, 'new.json')],
    ]);
    expect(before.code).toBe(0);
    const a = before.stdout.split('\n');
    const b = after.stdout.split('\n');
    expect(b).toHaveLength(a.length);
    const differing = a.map((line, i) => [line, b[i]]).filter(([x, y]) => x !== y);
    expect(differing).toHaveLength(1);
    expect(differing[0][0]).toMatch(/^node "Classify Request" \(chat_model\) id=\S+ \{.*"temperature":0\}$/);
    expect(differing[0][1]).toMatch(/"temperature":0\.9\}$/);
  });

  it('exits 2 for a file it cannot read', async () => {
    const run = await runCli(['render', join(dir, 'missing.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`wfe render: ${join(dir, 'missing.json')}: no such file\n`);
  });
});

describe('git integration', () => {
  async function git(cwd: string, args: string[]): Promise<string> {
    const env = {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: join(cwd, '..', 'gitconfig'),
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      NO_COLOR: '1',
    };
    const { stdout } = await execFileAsync('git', args, { cwd, env });
    return stdout;
  }

  async function repoWithCommittedRouter(): Promise<string> {
    const repo = join(dir, 'repo');
    await writeFile(join(dir, 'gitconfig'), '');
    await execFileAsync('git', ['init', '-q', repo]);
    await writeFile(join(repo, '.gitattributes'), '*.json diff=wfe\n');
    await copyFile(join(FIXTURES, 'support-router.json'), join(repo, 'router.json'));
    await writeFile(join(repo, 'package.json'), '{\n  "name": "pkg",\n  "version": "1.0.0"\n}\n');
    await git(repo, ['add', '.']);
    await git(repo, ['commit', '-q', '-m', 'init']);
    await editedRouter(join(repo, 'router.json'));
    return repo;
  }

  it('diff driver: git passes 7 arguments; the report names the path and shows the one change', async () => {
    const repo = await repoWithCommittedRouter();
    await git(repo, ['config', 'diff.wfe.command', `'${process.execPath}' '${BIN}' diff`]);
    await writeFile(join(repo, 'package.json'), '{\n  "name": "pkg",\n  "version": "1.0.1"\n}\n');
    const out = await git(repo, ['diff']);
    expect(out).toContain('router.json\n1 node changed\n\nNodes\n  ~ Classify Request › config.temperature: 0 → 0.5\n');
    // A JSON file that is not a workflow does not stop git: it is shown as a plain line diff.
    expect(out).toContain('package.json\n(not compared as a workflow: package.json: not a workflow');
    expect(out).toContain('-   "version": "1.0.0"\n+   "version": "1.0.1"\n');

    await copyFile(join(FIXTURES, 'chat-pipeline.json'), join(repo, 'chat.json'));
    await git(repo, ['add', 'chat.json']);
    const added = await git(repo, ['diff', '--cached', '--', 'chat.json']);
    expect(added).toMatch(/^chat\.json \(new file\)\n\d+ nodes added · \d+ connections added\n/);
  });

  it('diff driver: git passes 9 arguments for a renamed or copied file; the report names both paths', async () => {
    const repo = await repoWithCommittedRouter();
    await git(repo, ['config', 'diff.wfe.command', `'${process.execPath}' '${BIN}' diff`]);
    // The committed text with one line changed, so that git sees a rename (a reformatted file is too different).
    const text = await readFile(join(FIXTURES, 'support-router.json'), 'utf8');
    expect(text.match(/"temperature": 0\n/g)).toHaveLength(1);
    await git(repo, ['mv', 'router.json', 'renamed.json']);
    await writeFile(join(repo, 'renamed.json'), text.replace('"temperature": 0\n', '"temperature": 0.5\n'));
    await copyFile(join(repo, 'package.json'), join(repo, 'copied.json'));
    await git(repo, ['add', '.']);
    const renamed = await git(repo, ['diff', '--cached', '-M', '--', 'router.json', 'renamed.json']);
    expect(renamed).toBe(
      'router.json → renamed.json (renamed)\n1 node changed\n\nNodes\n  ~ Classify Request › config.temperature: 0 → 0.5\n',
    );
    const copied = await git(repo, ['diff', '--cached', '-C', '--find-copies-harder', '--', 'package.json', 'copied.json']);
    expect(copied).toMatch(
      /^package\.json → copied\.json \(copied\)\n\(not compared as a workflow: package\.json: not a workflow: .*\)\nNo changes\.\n$/,
    );
  });

  it('diff driver: a path that starts with - is a path, never an option, with the command configured as before', async () => {
    const repo = join(dir, 'repo');
    await writeFile(join(dir, 'gitconfig'), '');
    await execFileAsync('git', ['init', '-q', repo]);
    await writeFile(join(repo, '.gitattributes'), '*.json diff=wfe\n');
    // An option of wfe diff's (--help), of the program's (-v, the version) and none at all.
    const names = ['--help.json', '-v.json', '-x.json'];
    for (const name of names) await copyFile(join(FIXTURES, 'support-router.json'), join(repo, name));
    await git(repo, ['add', '.']);
    await git(repo, ['commit', '-q', '-m', 'init']);
    for (const name of names) await editedRouter(join(repo, name));
    await git(repo, ['config', 'diff.wfe.command', `'${process.execPath}' '${BIN}' diff`]);
    const report = (title: string) => `${title}\n1 node changed\n\nNodes\n  ~ Classify Request › config.temperature: 0 → 0.5\n`;
    expect(await git(repo, ['diff'])).toBe(names.map(report).join(''));

    // A rename: git's 9 arguments, the new path among them.
    const text = await readFile(join(FIXTURES, 'support-router.json'), 'utf8');
    await git(repo, ['checkout', '-q', '--', ...names]);
    await git(repo, ['mv', '--', '-x.json', '-y.json']);
    await writeFile(join(repo, '-y.json'), text.replace('"temperature": 0\n', '"temperature": 0.5\n'));
    await git(repo, ['add', '.']);
    expect(await git(repo, ['diff', '--cached', '-M'])).toBe(report('-x.json → -y.json (renamed)'));
  });

  it("diff driver: git's arguments are operands after options configured with the command, or a --", async () => {
    await copyFile(join(FIXTURES, 'support-router.json'), join(dir, '-a.json'));
    await editedRouter(join(dir, '-b.json'));
    const gitArgs = (path: string) => [path, join(dir, '-a.json'), 'a'.repeat(40), '100644', '-b.json', '0'.repeat(40), '100644'];
    const report = (title: string) => `${title}\n1 node changed\n\nNodes\n  ~ Classify Request › config.temperature: 0 → 0.5\n`;
    const [configuredWithOptions, configuredWithDashes, unmerged, plain, plainOptions] = await runClis([
      { args: ['diff', '--ignore-layout', '-f', 'text', ...gitArgs('-h.json')], cwd: dir },
      { args: ['diff', '--', ...gitArgs('-x.json')], cwd: dir },
      { args: ['diff', '-x.json'], env: { GIT_DIFF_PATH_COUNTER: '1', GIT_DIFF_PATH_TOTAL: '1' }, cwd: dir },
      // Outside git, as POSIX has it: after --, operands; before, options.
      { args: ['diff', '--', '-a.json', '-b.json'], cwd: dir },
      { args: ['diff', '-a.json', '-b.json'], cwd: dir },
    ]);
    expect(configuredWithOptions).toMatchObject({ code: 0, stdout: report('-h.json'), stderr: '' });
    expect(configuredWithDashes).toMatchObject({ code: 0, stdout: report('-x.json'), stderr: '' });
    expect(unmerged).toMatchObject({ code: 0, stdout: '-x.json: unmerged, nothing to compare\n' });
    expect(plain).toMatchObject({ code: 1, stdout: report('-a.json → -b.json'), stderr: '' });
    expect(plainOptions).toMatchObject({ code: 2, stderr: "error: unknown option '-a.json'\n(run with --help for usage)\n" });
  });

  it('diff driver: whatever fails, wfe says so and exits 0, so that git carries on', async () => {
    // A non-workflow JSON file of 150,000 lines: its line diff once overflowed the stack.
    const long = JSON.stringify(
      Array.from({ length: 150_000 }, (_, i) => i),
      null,
      1,
    );
    await writeFile(join(dir, 'p1.json'), '{}\n');
    await writeFile(join(dir, 'p2.json'), `${long}\n`);
    const gitArgs = (oldFile: string, newFile: string) => ['diff', 'x.json', oldFile, '0', '100644', newFile, '0', '100644'];
    // A process of its own: a test worker's stack is larger than the CLI's.
    const [large, unreadable] = await Promise.all([
      runCliProcess(gitArgs(join(dir, 'p1.json'), join(dir, 'p2.json'))),
      runCli(gitArgs(join(dir, 'nope.json'), join(dir, 'p2.json'))),
    ]);
    expect(large).toMatchObject({ code: 0, stderr: '' });
    expect(large.stdout).toBe(
      [
        'x.json',
        '(not compared as a workflow: x.json: not a workflow: neither a FlowDrop workflow (nodes and edges) nor an Agent Spec flow (component_type))',
        '- {}',
        ...long.split('\n').map((line) => `+ ${line}`),
        '',
      ].join('\n'),
    );
    const reason = `ENOENT: no such file or directory, open '${join(dir, 'nope.json')}'`;
    expect(unreadable).toEqual({ code: 0, stdout: `x.json\n(not compared: ${reason})\n`, stderr: `wfe diff: x.json: ${reason}\n` });
  });

  it('diff driver: a file that is not a workflow is shown printable, binary bytes and escapes included', async () => {
    await writeFile(join(dir, 'old.bin'), 'GIF89a\nsame\n');
    await writeFile(join(dir, 'new.bin'), Buffer.from('GIF89a\x00\x1b[2J\x07\nsame\n', 'latin1'));
    const run = await runCli(['diff', 'img\x1b[1m.bin', join(dir, 'old.bin'), '0', '100644', join(dir, 'new.bin'), '0', '100644']);
    expect(run.code).toBe(0);
    const [title, reason, ...rows] = run.stdout.split('\n');
    expect(title).toBe('img\\u001b[1m.bin');
    expect(reason).toMatch(/^\(not compared as a workflow: img\\u001b\[1m\.bin/);
    expect(rows).toEqual(['- GIF89a', '+ GIF89a\\u0000\\u001b[2J\\u0007', '  same', '']);
  });

  it('textconv: `wfe render -f text` turns a one-field change in a reformatted file into a one-line diff', async () => {
    const repo = await repoWithCommittedRouter();
    await writeFile(join(repo, '.gitattributes'), 'router.json diff=wfe\n');
    await git(repo, ['config', 'diff.wfe.textconv', `'${process.execPath}' '${BIN}' render -f text`]);
    const out = await git(repo, ['diff', '--', 'router.json']);
    const changed = out.split('\n').filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));
    expect(changed).toHaveLength(2);
    expect(changed[0]).toMatch(/^-node "Classify Request" .*"temperature":0\}$/);
    expect(changed[1]).toMatch(/^\+node "Classify Request" .*"temperature":0\.5\}$/);
  });
});

describe('wfe validate in GitHub Actions', () => {
  it('adds a Mermaid picture of each failing workflow to the job summary, failing nodes highlighted', async () => {
    const w = await fixture('chat-pipeline.json');
    const assistant = byLabel(w, 'Assistant');
    assistant.data.config.temperature = 'very hot';
    await writeFile(join(dir, 'bad.json'), JSON.stringify(w, null, 2));
    await copyFile(join(FIXTURES, 'support-router.json'), join(dir, 'good.json'));
    const summary = join(dir, 'summary.md');
    const run = await runCli(['validate', dir, '-f', 'compact'], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(run.code).toBe(1);
    const text = await readFile(summary, 'utf8');
    const blocks = [...text.matchAll(/#### (.+)\n\n```mermaid\n([\s\S]*?)```\n/g)];
    expect(blocks.map((b) => b[1])).toEqual([join(dir, 'bad.json')]);
    const chart = blocks[0][2];
    const assistantId = NODE_ID_OF(chart, 'Assistant');
    expect(chart).toContain('  classDef failing ');
    expect(chart).toMatch(new RegExp(`\\n {2}class ([\\w,]+,)?${assistantId}(,[\\w,]+)? failing\\n`));
    expect(chart).not.toMatch(new RegExp(`class .*${NODE_ID_OF(chart, 'Reply')}`));
  });
});

function NODE_ID_OF(chart: string, label: string): string {
  const match = new RegExp(`\\n {2}(n_\\w+)\\W+"${label}"`).exec(chart);
  if (!match) throw new Error(`no node "${label}" in\n${chart}`);
  return match[1];
}
