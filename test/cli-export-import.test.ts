// wfe export / wfe import as child processes: stdin/stdout, files, folders, overwrite refusal, exit codes.
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCli } from './support/cli.js';
import { examplesDir, schemaProblems } from './agentspec-schema.js';

const fixtures = new URL('../fixtures/workflows/', import.meta.url).pathname;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-xi-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('wfe export', () => {
  it('writes one workflow to stdout (JSON, schema-valid) with warnings on stderr, and reads stdin', async () => {
    const run = await runCli(['export', join(fixtures, 'support-router.json')]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.component_type).toBe('Flow');
    expect(schemaProblems(doc)).toEqual([]);
    expect(run.stderr).toMatch(/support-router\.json: warning: Tool connection 'Docs Search' -> 'Technical Assistant'/);
    const piped = await runCli(['export', '-', '--format', 'yaml'], {
      input: await readFile(join(fixtures, 'chat-pipeline.json'), 'utf8'),
    });
    expect(piped.code).toBe(0);
    expect(parseYaml(piped.stdout, { version: '1.1' }).name).toBe('Chat Pipeline');
  });

  it('exports a folder into a folder, refuses to overwrite without --force, and exits 1 on invalid workflows', async () => {
    const src = join(dir, 'wf');
    await mkdir(join(src, 'team'), { recursive: true });
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(src, 'chat.json'));
    await copyFile(join(fixtures, 'agentspec-summary.json'), join(src, 'team', 'summary.json'));
    await mkdir(join(src, 'nodes'));
    await writeFile(join(src, 'nodes', 'ignored.json'), '{}');
    const out = join(dir, 'out');
    const first = await runCli(['export', src, '-o', out, '--format', 'yaml']);
    expect(first.code, first.stderr).toBe(0);
    expect((await readdir(out, { recursive: true })).sort()).toEqual(['chat.agentspec.yaml', 'team', 'team/summary.agentspec.yaml']);
    const again = await runCli(['export', src, '-o', out, '--format', 'yaml']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists; use --force to overwrite it');
    expect((await runCli(['export', src, '-o', out, '--format', 'yaml', '--force'])).code).toBe(0);

    const cyclic = JSON.parse(await readFile(join(fixtures, 'agentspec-summary.json'), 'utf8'));
    cyclic.edges.push({
      ...cyclic.edges[1],
      id: 'back',
      source: cyclic.edges[1].target,
      target: cyclic.edges[1].source,
      sourceHandle: `${cyclic.edges[1].target}-output-trigger`,
      targetHandle: `${cyclic.edges[1].source}-input-trigger`,
    });
    await writeFile(join(dir, 'cyclic.json'), JSON.stringify(cyclic));
    const refused = await runCli(['export', join(dir, 'cyclic.json')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cyclic\.json: error: Cycle detected/);
    expect(refused.stdout).toBe('');
    expect((await runCli(['export', join(dir, 'cyclic.json'), '--rule', 'no-cycle=off'])).code).toBe(0);
    await writeFile(join(dir, 'wfe.config.yaml'), 'rules:\n  no-cycle: warning\n');
    const configured = await runCli(['export', join(dir, 'cyclic.json')]);
    expect(configured.code).toBe(0);
    expect(configured.stderr).toContain('warning: Cycle detected');
  });

  it('exits 2 on usage errors', async () => {
    expect((await runCli(['export', join(dir, 'missing.json')])).code).toBe(2);
    expect((await runCli(['export', join(dir, '*.nothing')])).code).toBe(2);
    expect((await runCli(['export', join(fixtures, 'chat-pipeline.json'), '--rule', 'no-cycle=loud'])).code).toBe(2);
    const two = await runCli(['export', join(fixtures, 'chat-pipeline.json'), join(fixtures, 'etl-large.json')]);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('give -o <folder>');
    const help = await runCli(['export', '--help']);
    for (const flag of [
      '--to',
      '--format',
      '--output',
      '--force',
      '--rule',
      '--config',
      '--agentspec-version',
      'no-cycle',
      'Examples',
      'Exit codes',
    ])
      expect(help.stdout, flag).toContain(flag);
  });
});

describe('wfe import', () => {
  it('imports examples (JSON, YAML, glob) into <id>.json files wfe export reads back; refuses an Agent', async () => {
    const out = join(dir, 'workflows');
    const run = await runCli(['import', join(examplesDir, 'howto_mapnode.yaml'), join(examplesDir, 'howto_summary_flow.json'), '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const files = (await readdir(out)).sort();
    expect(files).toHaveLength(2);
    const back = await runCli(['export', join(out, files[0])]);
    expect(back.code, back.stderr).toBe(0);
    expect(schemaProblems(JSON.parse(back.stdout))).toEqual([]);
    expect((await runCli(['import', join(examplesDir, 'howto_summary_flow.json'), '-o', out])).code).toBe(1);
    expect((await runCli(['import', join(examplesDir, 'howto_summary_flow.json'), '-o', out, '--force'])).code).toBe(0);

    const agent = await runCli(['import', join(examplesDir, 'howto_agents.json')]);
    expect(agent.code).toBe(1);
    expect(agent.stderr).toContain('howto_agents.json: error: not a Flow (Agent)');
  });

  it('reads stdin, writes stdout, and names the file, line and JSON path of invalid input', async () => {
    const text = await readFile(join(examplesDir, 'howto_flowbuilder.json'), 'utf8');
    const piped = await runCli(['import', '-'], { input: text });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout).nodes).toHaveLength(4);
    const broken = JSON.parse(text);
    broken.control_flow_connections[0].to_node = { $component_ref: 'ghost' };
    await writeFile(join(dir, 'broken.json'), JSON.stringify(broken, null, 2));
    const bad = await runCli(['import', join(dir, 'broken.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /broken\.json:\d+:\d+: error: \/control_flow_connections\/0\/to_node\/\$component_ref: reference "ghost" is defined in no \$referenced_components/,
    );
    const syntax = await runCli(['import', '-'], { input: '{"component_type": "Flow",' });
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/^-:1:\d+: error: invalid JSON/m);
    expect((await runCli(['import', '--from', 'xml', '-'])).code).toBe(2);
  });
});

describe('outputs, quiet and error sentences', () => {
  it('import with one input and -o <file> writes that file, not a folder of that name', async () => {
    const out = join(dir, 'out.json');
    const run = await runCli(['import', join(examplesDir, 'howto_summary_flow.json'), '-o', out]);
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(await readFile(out, 'utf8')).nodes.length).toBeGreaterThan(0);
  });

  it('--quiet prints nothing on success; export -c is --config and -f is --format', async () => {
    const src = join(dir, 'src');
    await mkdir(src);
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(src, 'chat.json'));
    const loud = await runCli(['export', join(src, 'chat.json'), '-o', join(dir, 'a.yaml'), '--rule', 'lossy-export=warning']);
    expect(loud.stderr).toMatch(/warning:/);
    await writeFile(join(dir, 'wfe.config.yaml'), 'rules:\n  lossy-export: warning\n');
    const quiet = await runCli([
      'export',
      join(src, 'chat.json'),
      '-q',
      '-c',
      join(dir, 'wfe.config.yaml'),
      '-f',
      'yaml',
      '-o',
      join(dir, 'b.out'),
    ]);
    expect(quiet).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(parseYaml(await readFile(join(dir, 'b.out'), 'utf8')).component_type).toBe('Flow');
  });

  it('file-system failures are sentences naming the file, without errno codes or HTTP wording', async () => {
    await writeFile(join(dir, 'blocker'), 'a file where a folder is needed');
    const run = await runCli(['import', join(examplesDir, 'howto_summary_flow.json'), '-o', join(dir, 'blocker', 'flow.json')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot create the folder ${join(dir, 'blocker')}: a file of that name is in the way`);
    expect(run.stderr).not.toMatch(/ENOTDIR|EEXIST|Invalid request parameters/);
    const badId = await runCli(['import', '-', '-o', join(dir, 'ids') + '/'], {
      input: JSON.stringify({ id: '../escape', name: 'x', nodes: [], edges: [] }),
    });
    expect(badId.code).toBe(1);
    expect(badId.stderr).toMatch(/workflow id "\.\.\/escape" cannot be a file name: id: must not contain/);
    expect(badId.stderr).not.toMatch(/Invalid request parameters/);
  });
});
