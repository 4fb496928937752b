// One reader for Agent Spec documents: every reference form of the language spec imports to the same
// workflow (loops declared, placeholder inputs present, BranchingNode branches as ports, YAML read as
// PyYAML reads it), broken references are errors that name the reference and where it is, and the export
// writes each shared component once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentSpecToWorkflow, exportToAgentSpec, importDocument, parseText, readComponentsFiles, toJson } from '../src/agentspec/index.js';
import { BUILTIN_PORT_CONFIG } from '../src/catalog/builtin-port-types.js';
import { resolveReferences } from '../src/agentspec/references.js';
import { arePortsCompatible } from '../src/catalog/port-compat.js';
import { createConfigChecker } from '../src/contract/config-check.js';
import type { Workflow } from '../src/contract/types.js';
import { graphErrors } from '../src/graph/integrity.js';
import { DECLARED_OUTPUTS, referenceCases, type ReferenceCase } from './agentspec-reference-cases.js';
import { runCli } from './support/cli.js';

const checkConfig = createConfigChecker(() => undefined);
const NOW = '2026-01-01T00:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'wfe-references-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function importCase(c: ReferenceCase): Promise<Workflow> {
  const [main, components] = Object.keys(c.files);
  const parsed = parseText(c.files[main], main);
  if (!parsed.ok) throw new Error(parsed.error.message);
  let registry;
  if (components) {
    const path = join(dir, `${c.name.replace(/\W+/g, '-')}-${components}`);
    writeFileSync(path, c.files[components]);
    registry = await readComponentsFiles([path], process.cwd());
  }
  return importDocument(parsed.value, { registry, now: NOW }).workflow;
}

const port = (handle: string | undefined) => handle?.replace(/^.*-(output|input)-/, '');
const edgesOf = (w: Workflow) =>
  w.edges.map((e) => [e.id, e.source, port(e.sourceHandle), e.target, port(e.targetHandle), e.data?.loop === true]);

describe('every reference form reads as the same flow', () => {
  const cases = referenceCases();

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const workflow = await importCase(c);
    expect(workflow.nodes.map((n) => n.id)).toEqual(['start', 'draft', 'review', 'check', 'done', 'fallback']);
    expect(graphErrors(workflow, checkConfig)).toEqual([]);
    // Implicit inputs: the placeholders of a prompt without declared inputs, as strings.
    const draft = workflow.nodes.find((n) => n.id === 'draft')!;
    expect(draft.data.metadata.inputs.filter((p) => p.dataType !== 'trigger').map((p) => [p.id, p.dataType])).toEqual([
      ['topic', 'string'],
      ['previous', 'string'],
    ]);
    expect(draft.data.metadata.outputs.filter((p) => p.dataType !== 'trigger').map((p) => p.id)).toEqual(['generated_text']);
    // Every branch the BranchingNode declares is a port, and its input named `y` stays "y".
    const check = workflow.nodes.find((n) => n.id === 'check')!;
    expect((check.data.config.branches as Array<{ name: string }>).map((b) => b.name).sort()).toEqual(['default', 'no', 'yes']);
    expect(check.data.metadata.inputs.map((p) => p.id)).toContain('y');
    // Loops are declared: the edges that close a cycle, found from the start node, carry data.loop.
    expect(workflow.edges.filter((e) => e.data?.loop === true).map((e) => e.id)).toEqual(['c5', 'd2']);
    expect(edgesOf(workflow)).toEqual([
      ['c1', 'start', 'trigger', 'draft', 'trigger', false],
      ['c2', 'draft', 'trigger', 'review', 'trigger', false],
      ['c3', 'review', 'trigger', 'check', 'trigger', false],
      ['c4', 'check', 'yes', 'done', 'trigger', false],
      ['c5', 'check', 'no', 'draft', 'trigger', true],
      ['c6', 'check', 'default', 'fallback', 'trigger', false],
      ['d1', 'start', 'topic', 'draft', 'topic', false],
      ['d2', 'draft', 'generated_text', 'draft', 'previous', true],
      ['d3', 'draft', 'generated_text', 'review', 'text', false],
      ['d4', 'review', 'verdict', 'check', 'y', false],
      ['d5', 'draft', 'generated_text', 'done', 'text', false],
      ['d6', 'draft', 'generated_text', 'fallback', 'text', false],
    ]);

    // Default flags export it; the declared outputs and the edges come back.
    const result = exportToAgentSpec(workflow);
    expect(result.errors).toEqual([]);
    const document = result.document!;
    expect(document.outputs).toEqual(DECLARED_OUTPUTS);
    const again = agentSpecToWorkflow(JSON.parse(toJson(document)), { now: NOW });
    expect(edgesOf(again)).toEqual(edgesOf(workflow));
    expect(again).toEqual(JSON.parse(JSON.stringify(workflow)));
  });

  it('writes a shared component once, in the root table, whatever level it came from', async () => {
    const nested = cases.find((c) => c.name.startsWith('edges as references'))!;
    const document = exportToAgentSpec(await importCase(nested)).document!;
    const text = toJson(document);
    const tables = text.match(/"\$referenced_components"/g) ?? [];
    expect(tables).toHaveLength(1);
    const root = document.$referenced_components as Record<string, Record<string, unknown>>;
    expect(root.shared_llm).toMatchObject({ component_type: 'VllmConfig', id: 'shared_llm' });
    expect(text.match(/"id": "shared_llm"/g)).toHaveLength(1);
    for (const id of ['draft', 'review']) expect(root[id].llm_config).toEqual({ $component_ref: 'shared_llm' });
  });
});

describe('broken references are errors that name the reference and where it is', () => {
  const base = () => JSON.parse(referenceCases()[0].files['root.json']) as Record<string, any>;

  it('a dangling reference', () => {
    const flow = base();
    flow.control_flow_connections[2].to_node = { $component_ref: 'ghost' };
    expect(() => agentSpecToWorkflow(flow)).toThrow(
      expect.objectContaining({
        path: '/control_flow_connections/2/to_node/$component_ref',
        message: expect.stringMatching(/^reference "ghost" is defined in no \$referenced_components/),
      }),
    );
  });

  it('a disaggregated config without its components file says to pass it', () => {
    const main = referenceCases().find((c) => c.name === 'disaggregated')!.files['main.json'];
    expect(() => agentSpecToWorkflow(JSON.parse(main))).toThrow(
      /reference "shared_llm" is defined in no \$referenced_components; .*--components/,
    );
  });

  it('a circular reference', () => {
    const flow = base();
    flow.$referenced_components.shared_llm = {
      component_type: 'VllmConfig',
      id: 'shared_llm',
      name: 'x',
      model_id: 'm',
      url: { $component_ref: 'url_value' },
    };
    flow.$referenced_components.url_value = { $component_ref: 'shared_llm' };
    expect(() => agentSpecToWorkflow(flow)).toThrow(
      expect.objectContaining({ message: 'reference "shared_llm" is circular: "shared_llm" → "url_value" → "shared_llm"' }),
    );
  });

  it('one key defined differently at two levels', () => {
    const flow = base();
    flow.$referenced_components.draft.$referenced_components = {
      shared_llm: { component_type: 'VllmConfig', id: 'other', name: 'other', model_id: 'm', url: 'u' },
    };
    expect(() => agentSpecToWorkflow(flow)).toThrow(/"shared_llm" is defined twice in \$referenced_components, differently/);
  });

  it('a node named from several places is one node, not a duplicate', () => {
    const flow = base();
    // The start node written inline in start_node and in nodes (same id, same content).
    const start = flow.$referenced_components.start;
    flow.start_node = start;
    flow.nodes[0] = structuredClone(start);
    expect(agentSpecToWorkflow(flow).nodes.filter((n) => n.id === 'start')).toHaveLength(1);
  });
});

describe('YAML is read as pyagentspec (PyYAML) reads it', () => {
  it('y and n are strings; yes, no, on and off are booleans', () => {
    const parsed = parseText('a: y\nb: n\nc: yes\nd: No\ne: on\nf: OFF\ng: Y\n', 'x.yaml');
    expect(parsed).toMatchObject({ ok: true, value: { a: 'y', b: 'n', c: true, d: false, e: true, f: false, g: 'Y' } });
  });

  it('a key given twice is its last value; a merge key merges', () => {
    expect(parseText('name: first\nname: second\n', 'x.yaml')).toEqual({ ok: true, value: { name: 'second' }, format: 'yaml' });
    expect(parseText('base: &b {p: 1}\nm:\n  <<: *b\n  q: 2\n', 'x.yaml')).toMatchObject({ ok: true, value: { m: { p: 1, q: 2 } } });
  });

  it('judges an unquoted date where text is expected as the loader does (a date to PyYAML), and a quoted one or one in metadata as text', async () => {
    const c = referenceCases().find((r) => r.name === 'yaml, unquoted y and n')!;
    const [[fileName, text]] = Object.entries(c.files);
    expect(text).toMatch(/^name: reference case$/m);
    const variants = {
      'date-name.yaml': text.replace(/^name: reference case$/m, 'name: 2024-01-01'),
      'quoted-date-name.yaml': text.replace(/^name: reference case$/m, "name: '2024-01-01'"),
      'date-in-metadata.yaml': text.replace(/^name: reference case$/m, 'name: reference case\nmetadata:\n  created: 2024-01-01'),
    };
    for (const [name, variant] of Object.entries(variants)) writeFileSync(join(dir, name), variant);
    const [dated, quoted, metadata] = await Promise.all(
      Object.keys(variants).map((name) => runCli(['validate', join(dir, name), '-f', 'compact'])),
    );
    expect(dated.code).toBe(1);
    expect(dated.stdout).toContain(
      "error: name of Flow '2024-01-01' must be a string, and 2024-01-01 unquoted is a date to PyYAML (Oracle's loader refuses it): quote it [agentspec-field]",
    );
    expect([quoted.code, metadata.code], `${fileName}: ${quoted.stdout}${metadata.stdout}`).toEqual([0, 0]);
  });

  it('refuses a key PyYAML reads as a number, a boolean, null, a list or a mapping, naming it with its line and column', () => {
    for (const [text, key, kind, line, column] of [
      ['metadata:\n  1: a\n', '1', 'a number', 2, 3],
      ['metadata:\n  x: 1\n  yes: b\n', 'yes', 'a boolean', 3, 3],
      ['metadata: {q: 1, ~: c}\n', '~', 'null', 1, 18],
      // PyYAML cannot hash these, so refuses them as keys.
      ['metadata:\n  ? [a, b]\n  : x\n', '[a, b]', 'a list', 2, 5],
      ['metadata: {{a: 1}: x}\n', '{a: 1}', 'a mapping', 1, 12],
    ] as const)
      expect(parseText(text, 'x.yaml'), text).toEqual({
        ok: false,
        error: {
          message: `invalid YAML: the key ${key} is ${kind} to PyYAML, not text, and a mapping of Agent Spec or JSON has text keys: quote it ("${key}")`,
          line,
          column,
        },
      });
  });
});

describe('wfe import --components', () => {
  it('imports a disaggregated config from the command line, and says what is missing without it', async () => {
    const c = referenceCases().find((r) => r.name === 'disaggregated')!;
    const main = join(dir, 'cli-main.json');
    const components = join(dir, 'cli-components.json');
    writeFileSync(main, c.files['main.json']);
    writeFileSync(components, c.files['components.json']);
    const ok = await runCli(['import', main, '--components', components, '-o', '-']);
    expect(ok.code, ok.stderr).toBe(0);
    const workflow = JSON.parse(ok.stdout) as Workflow;
    expect(workflow.nodes.find((n) => n.id === 'review')!.data.config.prompt_template).toBe('Is this good, y or n? {{text}}');
    const missing = await runCli(['import', main, '-o', '-']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/reference 'shared_llm' is not defined in any \$referenced_components .*--components/);
  });

  it('lets the components file win over a key the document defines too, as pyagentspec does', async () => {
    const c = referenceCases().find((r) => r.name === 'disaggregated')!;
    const document = JSON.parse(c.files['main.json']);
    const supplied = JSON.parse(c.files['components.json']).$referenced_components;
    document.$referenced_components.review_prompt = "The document's own prompt {{text}}";
    const main = join(dir, 'override-main.json');
    const components = join(dir, 'override-components.json');
    writeFileSync(main, JSON.stringify(document));
    writeFileSync(components, JSON.stringify({ $referenced_components: supplied }));
    const run = await runCli(['import', main, '--components', components, '-o', '-']);
    expect(run.code, run.stderr).toBe(0);
    const workflow = JSON.parse(run.stdout) as Workflow;
    expect(workflow.nodes.find((n) => n.id === 'review')!.data.config.prompt_template).toBe(supplied.review_prompt);
  });
});

describe('a components file', () => {
  const written = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('is $referenced_components, or a plain object of reference key → value', async () => {
    const wrapped = written('wrapped.json', JSON.stringify({ $referenced_components: { llm: { component_type: 'VllmConfig' } } }));
    const plain = written('plain.yaml', 'llm:\n  component_type: VllmConfig\nllm.api_key: secret\n');
    expect(Object.fromEntries(await readComponentsFiles([wrapped, plain], dir))).toEqual({
      llm: { component_type: 'VllmConfig' },
      'llm.api_key': 'secret',
    });
  });

  it('supplies a sensitive value (an API key) at load time only: it stays a placeholder, never written out', async () => {
    const registry = await readComponentsFiles([written('secrets.json', JSON.stringify({ 'c1.api_key': 'sk-secret' }))], dir);
    const document = { component_type: 'OpenAiCompatibleConfig', id: 'c1', name: 'llm', api_key: { $component_ref: 'c1.api_key' } };
    const { root } = resolveReferences(document, registry);
    expect(root).toEqual(document);
    expect(JSON.stringify(root)).not.toContain('sk-secret');
    // A component that a components file defines is still read from it.
    const shared = new Map([['llm', { component_type: 'VllmConfig', id: 'llm', name: 'llm', model_id: 'm', url: 'u' }]]);
    expect(resolveReferences({ llm_config: { $component_ref: 'llm' } }, shared).root).toEqual({ llm_config: shared.get('llm') });
  });

  it('refuses a FlowDrop workflow (it would pass as an object of keys "id", "nodes"…), a component and a list, naming the file', async () => {
    const workflow = written('workflow.json', JSON.stringify({ id: 'w', name: 'W', nodes: [], edges: [] }));
    await expect(readComponentsFiles([workflow], dir)).rejects.toThrow(
      `${workflow}: is a FlowDrop workflow, not a components file ($referenced_components, or reference key → component)`,
    );
    const flow = written('flow.json', JSON.stringify({ component_type: 'Flow', name: 'f' }));
    await expect(readComponentsFiles([flow], dir)).rejects.toThrow(`${flow}: must hold $referenced_components, not a Flow`);
    const list = written('list.json', '[1]');
    await expect(readComponentsFiles([list], dir)).rejects.toThrow(`${list}: must be an object with $referenced_components`);
  });
});

describe('port compatibility follows Agent Spec type rules for Agent Spec ports', () => {
  const object = { type: 'object', properties: { id: { type: 'string' }, amount: { type: 'number' } } };
  const agentSpec = (dataType: string, schema: object) => ({ dataType, schema });

  it('accepts what Agent Spec accepts', () => {
    expect(arePortsCompatible(BUILTIN_PORT_CONFIG, agentSpec('json', object), agentSpec('string', { type: 'string' }))).toBe(true);
    expect(
      arePortsCompatible(BUILTIN_PORT_CONFIG, agentSpec('number', { type: 'integer' }), agentSpec('boolean', { type: 'boolean' })),
    ).toBe(true);
    expect(
      arePortsCompatible(
        BUILTIN_PORT_CONFIG,
        agentSpec('json', object),
        agentSpec('json', { type: 'object', properties: { id: { type: 'string' } } }),
      ),
    ).toBe(true);
    expect(
      arePortsCompatible(
        BUILTIN_PORT_CONFIG,
        agentSpec('json[]', { type: 'array', items: object }),
        agentSpec('string[]', { type: 'array', items: { type: 'string' } }),
      ),
    ).toBe(true);
    expect(
      arePortsCompatible(
        BUILTIN_PORT_CONFIG,
        agentSpec('string', { type: 'string' }),
        agentSpec('mixed', { anyOf: [{ type: 'string' }, { type: 'null' }] }),
      ),
    ).toBe(true);
  });

  it('refuses what Agent Spec refuses, and leaves the editor rules of FlowDrop ports alone', () => {
    expect(arePortsCompatible(BUILTIN_PORT_CONFIG, agentSpec('json', object), agentSpec('number', { type: 'number' }))).toBe(false);
    expect(
      arePortsCompatible(
        BUILTIN_PORT_CONFIG,
        agentSpec('json', { type: 'object', properties: { id: { type: 'string' } } }),
        agentSpec('json', object),
      ),
    ).toBe(false);
    expect(arePortsCompatible(BUILTIN_PORT_CONFIG, agentSpec('string', { type: 'string' }), agentSpec('number', { type: 'number' }))).toBe(
      false,
    );
    expect(arePortsCompatible(BUILTIN_PORT_CONFIG, { dataType: 'json[]' }, { dataType: 'string' })).toBe(false);
  });
});
