// wfe export / wfe import as child processes: stdin/stdout, files, folders, overwrite refusal, exit codes.
import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCli, runClis } from './support/cli.js';
import { agentSpecDir, examplesDir, schemaProblems } from './agentspec-schema.js';
import { nested } from './support/agentspec-rule-documents.js';
import { missingShared } from './support/shared.js';

// Some tests import the official Agent Spec examples, or check an export against the official schema.
const itWithAgentSpec = it.skipIf(missingShared(examplesDir, join(agentSpecDir, 'schema')) !== undefined);

const fixtures = new URL('../fixtures/workflows/', import.meta.url).pathname;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-xi-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('wfe export', () => {
  itWithAgentSpec('writes one workflow to stdout (JSON, schema-valid) with warnings on stderr, and reads stdin', async () => {
    const [run, piped] = await runClis([
      ['export', join(fixtures, 'support-router.json')],
      { args: ['export', '-', '--format', 'yaml'], input: await readFile(join(fixtures, 'chat-pipeline.json'), 'utf8') },
    ]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout);
    expect(doc.component_type).toBe('Flow');
    expect(schemaProblems(doc)).toEqual([]);
    expect(run.stderr).toMatch(/support-router\.json: warning: Tool connection 'Docs Search' -> 'Technical Assistant'/);
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
    // The folder export (three runs in a row over one output folder) and the cyclic workflow (in a folder
    // of its own, beside a copy of it under a wfe.config.yaml) at the same time.
    const folderRuns = (async () => {
      const first = await runCli(['export', src, '-o', out, '--format', 'yaml']);
      const listing = first.code === 0 ? (await readdir(out, { recursive: true })).sort() : [];
      const again = await runCli(['export', src, '-o', out, '--format', 'yaml']);
      const forced = await runCli(['export', src, '-o', out, '--format', 'yaml', '--force']);
      return { first, listing, again, forced };
    })();

    const cyclic = JSON.parse(await readFile(join(fixtures, 'agentspec-summary.json'), 'utf8'));
    cyclic.edges.push({
      ...cyclic.edges[1],
      id: 'back',
      source: cyclic.edges[1].target,
      target: cyclic.edges[1].source,
      sourceHandle: `${cyclic.edges[1].target}-output-trigger`,
      targetHandle: `${cyclic.edges[1].source}-input-trigger`,
    });
    await mkdir(join(dir, 'plain'));
    await writeFile(join(dir, 'plain', 'cyclic.json'), JSON.stringify(cyclic));
    await mkdir(join(dir, 'configured'));
    await writeFile(join(dir, 'configured', 'cyclic.json'), JSON.stringify(cyclic));
    await writeFile(join(dir, 'configured', 'wfe.config.yaml'), 'rules:\n  no-cycle: warning\n');
    const [{ first, listing, again, forced }, [refused, off, configured]] = await Promise.all([
      folderRuns,
      runClis(
        [
          ['export', join(dir, 'plain', 'cyclic.json')],
          ['export', join(dir, 'plain', 'cyclic.json'), '--rule', 'no-cycle=off'],
          ['export', join(dir, 'configured', 'cyclic.json')],
        ],
        { limit: 3 },
      ),
    ]);

    expect(first.code, first.stderr).toBe(0);
    expect(listing).toEqual(['chat.agentspec.yaml', 'team', 'team/summary.agentspec.yaml']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists; use --force to overwrite it');
    expect(forced.code).toBe(0);

    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cyclic\.json: error: Cycle detected/);
    expect(refused.stdout).toBe('');
    expect(off.code).toBe(0);
    expect(configured.code).toBe(0);
    expect(configured.stderr).toContain('warning: Cycle detected');
  });

  it('exits 2 on usage errors', async () => {
    await mkdir(join(dir, 'empty'));
    const [missing, nothing, loud, two, help, emptyExport, emptyImport] = await runClis([
      ['export', join(dir, 'missing.json')],
      ['export', join(dir, '*.nothing')],
      ['export', join(fixtures, 'chat-pipeline.json'), '--rule', 'no-cycle=loud'],
      ['export', join(fixtures, 'chat-pipeline.json'), join(fixtures, 'etl-large.json')],
      ['export', '--help'],
      ['export', join(dir, 'empty')],
      ['import', join(dir, 'empty')],
    ]);
    // A folder with nothing to convert, as wfe validate says it.
    expect(emptyExport).toMatchObject({ code: 2, stderr: `wfe export: no *.json workflow files found in ${join(dir, 'empty')}\n` });
    expect(emptyImport).toMatchObject({ code: 2, stderr: `wfe import: no *.json, *.yaml or *.yml files found in ${join(dir, 'empty')}\n` });
    expect(missing.code).toBe(2);
    expect(nothing.code).toBe(2);
    expect(loud.code).toBe(2);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('give -o <folder>');
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
  itWithAgentSpec('imports examples (JSON, YAML, glob) into <id>.json files wfe export reads back; refuses an Agent', async () => {
    const out = join(dir, 'workflows');
    const run = await runCli(['import', join(examplesDir, 'howto_mapnode.yaml'), join(examplesDir, 'howto_summary_flow.json'), '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const files = (await readdir(out)).sort();
    expect(files).toHaveLength(2);
    // Exporting one back, a refused import (it writes nothing) and the Agent at once; then the import that
    // overwrites.
    const [back, refused, agent] = await runClis([
      ['export', join(out, files[0])],
      ['import', join(examplesDir, 'howto_summary_flow.json'), '-o', out],
      ['import', join(examplesDir, 'howto_agents.json')],
    ]);
    expect(back.code, back.stderr).toBe(0);
    expect(schemaProblems(JSON.parse(back.stdout))).toEqual([]);
    expect(refused.code).toBe(1);
    expect((await runCli(['import', join(examplesDir, 'howto_summary_flow.json'), '-o', out, '--force'])).code).toBe(0);

    expect(agent.code).toBe(1);
    expect(agent.stderr).toMatch(
      /howto_agents\.json:2:3: error: \/component_type: This document is an Agent '.+', not a Flow: .* \(agentspec-not-a-flow\)/,
    );
  });

  itWithAgentSpec('reads stdin, writes stdout, and names the file, line and JSON path of invalid input', async () => {
    const text = await readFile(join(examplesDir, 'howto_flowbuilder.json'), 'utf8');
    const broken = JSON.parse(text);
    broken.control_flow_connections[0].to_node = { $component_ref: 'ghost' };
    await writeFile(join(dir, 'broken.json'), JSON.stringify(broken, null, 2));
    const [piped, bad, syntax, fromXml] = await runClis([
      { args: ['import', '-'], input: text },
      ['import', join(dir, 'broken.json')],
      { args: ['import', '-'], input: '{"component_type": "Flow",' },
      ['import', '--from', 'xml', '-'],
    ]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout).nodes).toHaveLength(4);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(
      /broken\.json:\d+:\d+: error: \/control_flow_connections\/0\/to_node: reference 'ghost' is not defined in any \$referenced_components .* \(agentspec-reference\)/,
    );
    expect(syntax.code).toBe(1);
    expect(syntax.stderr).toMatch(/^-:1:\d+: error: invalid JSON/m);
    expect(fromXml.code).toBe(2);
  });

  it('refuses what wfe validate refuses, inside a subflow too, and writes nothing for it', async () => {
    const flow = nested();
    const inner = (flow.$referenced_components as any).inner.subflow;
    inner.start_node = { $component_ref: 'in_llm_node' };
    await writeFile(join(dir, 'nested.json'), JSON.stringify(flow, null, 2));
    const out = join(dir, 'nested-out');
    const [imported, validated] = await runClis([
      ['import', join(dir, 'nested.json'), '-o', `${out}/`],
      ['validate', join(dir, 'nested.json'), '-f', 'compact'],
    ]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toMatch(
      /nested\.json:\d+:\d+: error: \/\$referenced_components\/inner\/subflow\/start_node: start_node of Flow 'in_summary' is LlmNode 'in_summarize', not its StartNode 'in_start' \(agentspec-start-node\)/,
    );
    expect(validated.code).toBe(1);
    expect(validated.stdout).toContain("start_node of Flow 'in_summary' is LlmNode 'in_summarize', not its StartNode 'in_start'");
    await expect(readdir(out)).rejects.toThrow();
  });
});

describe('two inputs, one output file', () => {
  it('export: the first input in order writes it, a later one fails and names it, with --force too', async () => {
    await mkdir(join(dir, 'team-a'));
    await mkdir(join(dir, 'team-b'));
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(dir, 'team-a', 'support.json'));
    await copyFile(join(fixtures, 'support-router.json'), join(dir, 'team-b', 'support.json'));
    const [globbed, forced] = await runClis([
      { args: ['export', 'team-*/support.json', '-o', 'globbed/', '-q'], cwd: dir },
      { args: ['export', 'team-b/support.json', 'team-a/support.json', '-o', 'forced/', '-q', '--force'], cwd: dir },
    ]);
    expect(globbed.code).toBe(1);
    expect(globbed.stderr).toBe(
      'team-b/support.json: error: globbed/support.agentspec.json is the output of team-a/support.json in this run: two inputs cannot write one file\n',
    );
    expect(await readdir(join(dir, 'globbed'))).toEqual(['support.agentspec.json']);
    expect(JSON.parse(await readFile(join(dir, 'globbed', 'support.agentspec.json'), 'utf8')).name).toBe('Chat Pipeline');
    expect(forced.code).toBe(1);
    expect(forced.stderr).toMatch(/^team-a\/support\.json: error: forced\/support\.agentspec\.json is the output of team-b\/support\.json/);
    expect(JSON.parse(await readFile(join(dir, 'forced', 'support.agentspec.json'), 'utf8')).name).toBe('Customer Support Router');
  });

  it('import: two flows of one workflow id, the first is written, with --force too', async () => {
    const flow = await readFile(join(fixtures, 'chat-pipeline.json'), 'utf8');
    const exported = await runCli(['export', '-', '-q'], { input: flow });
    expect(exported.code, exported.stderr).toBe(0);
    const renamed = JSON.parse(exported.stdout);
    renamed.name = 'Renamed';
    await writeFile(join(dir, 'a.json'), exported.stdout);
    await writeFile(join(dir, 'b.json'), JSON.stringify(renamed));
    const run = await runCli(['import', 'a.json', 'b.json', '-o', 'out/', '--force'], { cwd: dir });
    expect(run.code).toBe(1);
    const id = JSON.parse(flow).id as string;
    expect(run.stderr).toBe(`b.json: error: out/${id}.json is the output of a.json in this run: two inputs cannot write one file\n`);
    expect(JSON.parse(await readFile(join(dir, 'out', `${id}.json`), 'utf8')).name).toBe('Chat Pipeline');
  });
});

describe('a run again over the folder it wrote into', () => {
  const sortedListing = async (folder: string) => (await readdir(folder, { recursive: true })).sort();

  it('export into a folder inside the input folder: what the last run wrote there is not an input', async () => {
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(dir, 'chat.json'));
    await copyFile(join(fixtures, 'support-router.json'), join(dir, 'router.json'));
    const first = await runCli(['export', '.', '-o', 'out/', '-q'], { cwd: dir });
    const again = await runCli(['export', '.', '-o', 'out/', '-q', '--force'], { cwd: dir });
    const globbed = await runCli(['export', '**/*.json', '-o', 'out', '-q', '--force'], { cwd: dir });
    expect([first, again, globbed]).toEqual(Array(3).fill({ code: 0, stdout: '', stderr: '' }));
    expect(await sortedListing(dir)).toEqual(['chat.json', 'out', 'out/chat.agentspec.json', 'out/router.agentspec.json', 'router.json']);
    // Named, the folder is searched: its files are the inputs, and Agent Spec files are no FlowDrop workflows.
    const named = await runCli(['export', 'out', '-o', 'out', '-q'], { cwd: dir });
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(/^out\/chat\.agentspec\.json:1:1: error: \/edges: not a FlowDrop workflow/);
  });

  it('export beside the inputs: an export another input writes is not an input', async () => {
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(dir, 'chat.json'));
    const first = await runCli(['export', '.', '-o', './', '-q'], { cwd: dir });
    const again = await runCli(['export', '.', '-o', './', '-q', '--force'], { cwd: dir });
    expect([first, again]).toEqual(Array(2).fill({ code: 0, stdout: '', stderr: '' }));
    expect(await sortedListing(dir)).toEqual(['chat.agentspec.json', 'chat.json']);
  });

  it('import into a folder inside the input folder: the workflows the last run wrote are not inputs', async () => {
    const exported = await runCli(['export', join(fixtures, 'chat-pipeline.json'), '-o', join(dir, 'chat.agentspec.json'), '-q']);
    expect(exported.code, exported.stderr).toBe(0);
    const first = await runCli(['import', '.', '-o', 'workflows/', '-q'], { cwd: dir });
    const again = await runCli(['import', '.', '-o', 'workflows/', '-q', '--force'], { cwd: dir });
    expect([first, again]).toEqual(Array(2).fill({ code: 0, stdout: '', stderr: '' }));
    const id = JSON.parse(await readFile(join(fixtures, 'chat-pipeline.json'), 'utf8')).id as string;
    expect(await sortedListing(dir)).toEqual(['chat.agentspec.json', 'workflows', `workflows/${id}.json`]);
  });
});

describe('a workflow id whose file would be skipped', () => {
  it('import into a folder refuses it, naming the file', async () => {
    const workflow = JSON.parse(await readFile(join(fixtures, 'chat-pipeline.json'), 'utf8'));
    const exported = await runCli(['export', '-', '-q'], { input: JSON.stringify({ ...workflow, id: 'package' }) });
    expect(exported.code, exported.stderr).toBe(0);
    const run = await runCli(['import', '-', '-o', 'out/'], { cwd: dir, input: exported.stdout });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      '-: error: workflow id "package": package.json is a file name that wfe serve and validate skip (a package manifest, lockfile or tool config); write it with -o <file> under another name\n',
    );
    await expect(readdir(join(dir, 'out'))).rejects.toThrow();
  });
});

describe('outputs, quiet and error sentences', () => {
  itWithAgentSpec('import with one input and -o <file> writes that file, not a folder of that name', async () => {
    const out = join(dir, 'out.json');
    const run = await runCli(['import', join(examplesDir, 'howto_summary_flow.json'), '-o', out]);
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(await readFile(out, 'utf8')).nodes.length).toBeGreaterThan(0);
  });

  it('--quiet prints nothing on success; export -c is --config and -f is --format', async () => {
    const src = join(dir, 'src');
    await mkdir(src);
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(src, 'chat.json'));
    // The config only the quiet run names with -c: the loud run takes lossy-export=warning from --rule.
    await mkdir(join(dir, 'config'));
    await writeFile(join(dir, 'config', 'wfe.config.yaml'), 'rules:\n  lossy-export: warning\n');
    const [loud, quiet] = await runClis([
      ['export', join(src, 'chat.json'), '-o', join(dir, 'a.yaml'), '--rule', 'lossy-export=warning'],
      ['export', join(src, 'chat.json'), '-q', '-c', join(dir, 'config', 'wfe.config.yaml'), '-f', 'yaml', '-o', join(dir, 'b.out')],
    ]);
    expect(loud.stderr).toMatch(/warning:/);
    expect(quiet).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(parseYaml(await readFile(join(dir, 'b.out'), 'utf8')).component_type).toBe('Flow');
  });

  itWithAgentSpec('file-system failures are sentences naming the file, without errno codes or HTTP wording', async () => {
    await writeFile(join(dir, 'blocker'), 'a file where a folder is needed');
    const [run, badId] = await runClis([
      ['import', join(examplesDir, 'howto_summary_flow.json'), '-o', join(dir, 'blocker', 'flow.json')],
      { args: ['import', '-', '-o', join(dir, 'ids') + '/'], input: JSON.stringify({ id: '../escape', name: 'x', nodes: [], edges: [] }) },
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`cannot create the folder ${join(dir, 'blocker')}: a file of that name is in the way`);
    expect(run.stderr).not.toMatch(/ENOTDIR|EEXIST|Invalid request parameters/);
    expect(badId.code).toBe(1);
    expect(badId.stderr).toMatch(/workflow id "\.\.\/escape" cannot be a file name: id: must not contain/);
    expect(badId.stderr).not.toMatch(/Invalid request parameters/);
  });
});

describe('a broken node type file in one of several folders', () => {
  it('export and import name it from the working directory, once', async () => {
    for (const folder of ['a', 'b']) await mkdir(join(dir, folder, 'nodes'), { recursive: true });
    await copyFile(join(fixtures, 'chat-pipeline.json'), join(dir, 'a', 'chat.json'));
    await copyFile(join(fixtures, 'support-router.json'), join(dir, 'a', 'router.json'));
    await copyFile(join(fixtures, 'refund-approval.json'), join(dir, 'b', 'refund.json'));
    await writeFile(join(dir, 'a', 'nodes', 'types.json'), '{ broken');
    const exported = await runCli(['export', 'a', 'b', '-o', 'flows/', '-q'], { cwd: dir });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toBe('wfe export: warning: catalog: a/nodes/types.json:1:3: invalid JSON: invalid symbol\n');

    await mkdir(join(dir, 'flows', 'nodes'));
    await writeFile(join(dir, 'flows', 'nodes', 'types.json'), '{ broken');
    const imported = await runCli(['import', 'flows', '-o', 'back/', '-q'], { cwd: dir });
    expect(imported.code, imported.stderr).toBe(0);
    // The other lines are the Agent Spec checks' warnings of the flows.
    expect(imported.stderr.split('\n').filter((line) => line.includes('catalog'))).toEqual([
      'wfe import: warning: catalog: flows/nodes/types.json:1:3: invalid JSON: invalid symbol',
    ]);
  });
});
