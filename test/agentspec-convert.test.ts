// FlowDrop ↔ Agent Spec conversion: lossless round trips of the fixtures, schema-valid exports, and
// every Flow example of ../shared/agentspec/examples through import → export → import.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  agentSpecToWorkflow,
  exportToAgentSpec,
  importDocument,
  parseText,
  requiredVersion,
  toYaml,
  workflowToAgentSpec,
} from '../src/agentspec/index.js';
import { checkAgentSpecDocument } from '../src/agentspec/checks/index.js';
import { RULES } from '../src/contract/rules.js';
import type { AsValue } from '../src/agentspec/types.js';
import { createConfigChecker } from '../src/contract/config-check.js';
import type { Workflow } from '../src/contract/types.js';
import { validateWorkflowFile } from '../src/contract/validators.js';
import { graphErrors } from '../src/graph/integrity.js';
import { layeredLayout } from '../src/graph/layout.js';
import { AGENTSPEC_VERSIONS, compareVersions } from '../src/agentspec/versions.js';
import { agentSpecMissing, examplesDir, exampleFiles, schemaProblems } from './agentspec-schema.js';

const fixturesDir = new URL('../fixtures/workflows/', import.meta.url).pathname;
// Smallest first: Oracle's validators are then warm (compiled by V8) when the 490 KB etl-large export comes.
const fixtures = readdirSync(fixturesDir)
  .filter((f) => f.endsWith('.json'))
  .sort((a, b) => statSync(join(fixturesDir, a)).size - statSync(join(fixturesDir, b)).size);
const readFixture = (file: string): Workflow => JSON.parse(readFileSync(join(fixturesDir, file), 'utf8')) as Workflow;
const readExample = (file: string) => {
  const parsed = parseText(readFileSync(join(examplesDir, file), 'utf8'), file);
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
  return parsed.value;
};
const NOW = '2026-01-01T00:00:00.000Z';
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const checkConfig = createConfigChecker(() => undefined);

/** What a person compares: node ids, types, positions, config, type ids and ports; edges; branches. */
function graphOf(workflow: Workflow) {
  return {
    nodes: workflow.nodes.map((n) => ({
      id: n.id,
      type: n.type,
      position: n.position,
      label: n.data.label,
      config: n.data.config,
      typeId: n.data.metadata.id,
      inputs: n.data.metadata.inputs,
      outputs: n.data.metadata.outputs,
    })),
    edges: workflow.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle,
      targetHandle: e.targetHandle,
    })),
  };
}

describe.skipIf(agentSpecMissing !== undefined)('FlowDrop → Agent Spec → FlowDrop', () => {
  it.each(fixtures)('%s comes back identical, and its export is schema-valid for the version it declares', (file) => {
    const workflow = readFixture(file);
    const result = exportToAgentSpec(workflow);
    expect(result.errors).toEqual([]);
    const document = result.document!;
    expect(schemaProblems(document)).toEqual([]);
    expect(schemaProblems(document, document.agentspec_version as string)).toEqual([]);
    expect(document.agentspec_version).toBe(requiredVersion(document).version);
    // Through JSON and through YAML (what a file holds), the whole workflow returns, not only its graph.
    expect(agentSpecToWorkflow(viaJson(document))).toEqual(workflow);
    expect(agentSpecToWorkflow(parseYaml(toYaml(document), { version: '1.1' }))).toEqual(workflow);
  });

  it('keeps an edge key named "__proto__" as an own key, there and back', () => {
    // JSON.parse makes "__proto__" an ordinary own key; assigning it would set a prototype instead and lose it.
    const text = JSON.stringify(readFixture('chat-pipeline.json')).replace('"edges":[{', '"edges":[{"__proto__":{"note":"kept"},');
    const workflow = JSON.parse(text) as Workflow;
    expect(Object.keys(workflow.edges[0])).toContain('__proto__');
    const document = exportToAgentSpec(workflow).document!;
    expect(JSON.stringify(document)).toContain('"__proto__":{"note":"kept"}');
    expect(agentSpecToWorkflow(viaJson(document))).toEqual(workflow);
  });

  it('keeps a node whose id is "__proto__": defined in $referenced_components, and back', () => {
    const fixture = readFixture('chat-pipeline.json');
    const id = fixture.nodes.find((n) => n.data.label === 'Assistant')!.id;
    const workflow = JSON.parse(JSON.stringify(fixture).split(id).join('__proto__')) as Workflow;
    const document = exportToAgentSpec(workflow).document!;
    const components = viaJson(document).$referenced_components as Record<string, unknown>;
    expect(Object.hasOwn(components, '__proto__')).toBe(true);
    expect(checkAgentSpecDocument(viaJson(document) as AsValue).filter((f) => RULES[f.ruleId].severity === 'error')).toEqual([]);
    expect(agentSpecToWorkflow(viaJson(document))).toEqual(workflow);
  });

  it('keeps a node type copy that differs from the first node of its type, and only that one', () => {
    const workflow = readFixture('support-router.json');
    const models = workflow.nodes.filter((n) => n.data.metadata.id === 'chat_model');
    expect(models.length).toBeGreaterThan(2);
    // Two nodes that share the first one's copy (by value, as a parsed file has them), one that does not.
    models[1].data.metadata = viaJson(models[0].data.metadata);
    models[2].data.metadata = { ...viaJson(models[0].data.metadata), description: 'An older copy of the type' };
    const document = exportToAgentSpec(workflow).document!;
    const written = (id: string) =>
      ((document.$referenced_components as Record<string, { metadata: Record<string, unknown> }>)[id] ??
        Object.values(document.$referenced_components as Record<string, { id: string; metadata: Record<string, unknown> }>).find(
          (c) => c.id === id,
        ))!.metadata['flowdrop:node_type'];
    expect(written(models[0].id)).toBeUndefined();
    expect(written(models[1].id)).toBeUndefined();
    expect(written(models[2].id)).toEqual(models[2].data.metadata);
    expect(agentSpecToWorkflow(viaJson(document))).toEqual(workflow);
  });

  it('the official schema check finds what a loader would refuse (so the checks above can fail)', () => {
    const { start_node: _start, ...withoutStart } = exportToAgentSpec(readFixture('support-router.json')).document!;
    const wrongNode = viaJson(exportToAgentSpec(readFixture('chat-pipeline.json')).document!);
    const components = wrongNode.$referenced_components as Record<string, Record<string, unknown>>;
    Object.values(components)[0].component_type = 'NoSuchNode';
    expect(_start).toBeDefined();
    for (const version of ['26.2.0', '26.1.2', '25.4.1']) {
      expect(schemaProblems(withoutStart, version)).not.toEqual([]);
      expect(schemaProblems(wrongNode, version)).not.toEqual([]);
    }
  });

  it('writes handles in the editor form and control/data edges the Agent Spec way', () => {
    const { flow } = workflowToAgentSpec(readFixture('support-router.json'));
    const control = flow.control_flow_connections as Array<Record<string, unknown>>;
    expect(
      control.every(
        (e) => e.component_type === 'ControlFlowEdge' && typeof (e.from_node as { $component_ref: string }).$component_ref === 'string',
      ),
    ).toBe(true);
    expect(
      control
        .map((e) => e.from_branch)
        .filter(Boolean)
        .sort(),
    ).toEqual(['billing', 'default', 'technical']);
    const router =
      (flow.$referenced_components as Record<string, Record<string, unknown>>)['3dddb022-2ebd-4ea5-a3e0-fa1c70cde0f1'] ??
      Object.values(flow.$referenced_components as Record<string, Record<string, unknown>>).find(
        (c) => c.component_type === 'BranchingNode',
      )!;
    expect(router.mapping).toEqual({ billing: 'billing', technical: 'technical' });
  });
});

const flowExamples = exampleFiles().filter((f) => !f.startsWith('howto_agents'));

describe.skipIf(agentSpecMissing !== undefined)('Agent Spec examples', () => {
  it.each(flowExamples)('%s imports, exports schema-valid and re-imports to the same graph', (file) => {
    const workflow = agentSpecToWorkflow(readExample(file), { now: NOW });
    // What the store accepts: the file schema, handles that exist, configs that fit their schemas.
    expect(validateWorkflowFile(workflow)).toBe(true);
    expect(graphErrors(workflow, checkConfig)).toEqual([]);
    // Two examples loop on purpose (Agent Spec allows cycles): the import declares their loops, so the default rules export them.
    const result = exportToAgentSpec(workflow);
    expect(result.errors).toEqual([]);
    expect(schemaProblems(result.document!)).toEqual([]);
    expect(schemaProblems(result.document!, result.document!.agentspec_version as string)).toEqual([]);
    const again = agentSpecToWorkflow(viaJson(result.document), { now: NOW });
    expect(graphOf(again)).toEqual(graphOf(workflow));
    expect(again).toEqual(viaJson(workflow));
  });

  it('a flow without data_flow_connections passes data by name, as one with null does: the export writes null, not []', () => {
    for (const edges of [undefined, null] as const) {
      const flow = viaJson(readExample('howto_summary_flow.json')) as Record<string, unknown>;
      if (edges === undefined) delete flow.data_flow_connections;
      else flow.data_flow_connections = edges;
      const exported = exportToAgentSpec(agentSpecToWorkflow(flow, { now: NOW })).document!;
      expect(exported.data_flow_connections, String(edges)).toBeNull();
    }
  });

  it('the JSON and YAML twin of each example give the same graph (ids and property order differ between twins)', () => {
    const shape = (workflow: Workflow) => {
      const label = new Map(workflow.nodes.map((n) => [n.id, n.data.label]));
      const port = (handle: string | undefined) => handle?.replace(/^.*-(output|input)-/, '');
      return {
        nodes: workflow.nodes.map((n) => [
          n.data.label,
          n.data.metadata.id,
          n.data.metadata.inputs.map((p) => p.id).sort(),
          n.data.metadata.outputs.map((p) => p.id).sort(),
          n.data.config.branches,
        ]),
        edges: workflow.edges.map((e) => [label.get(e.source), port(e.sourceHandle), label.get(e.target), port(e.targetHandle)]),
      };
    };
    for (const base of new Set(flowExamples.map((f) => f.replace(/\.(json|yaml)$/, '')))) {
      const fromJson = agentSpecToWorkflow(readExample(`${base}.json`), { now: NOW });
      const fromYaml = agentSpecToWorkflow(readExample(`${base}.yaml`), { now: NOW });
      expect(shape(fromYaml), base).toEqual(shape(fromJson));
    }
  });

  it('keeps what matters of the originals: branches from mappings, nested flows in config, shared LLM configs referenced once', () => {
    const branching = agentSpecToWorkflow(readExample('howto_flow_with_conditional_branches.json'), { now: NOW });
    const gateway = branching.nodes.find((n) => n.data.extensions?.['agentspec:component_type'] === 'branching_node')!;
    expect(gateway.data.config.branches).toEqual([
      { name: 'yes', label: 'yes', condition: 'yes', isDefault: false },
      { name: 'no', label: 'no', condition: 'no', isDefault: false },
      { name: 'default', label: 'default', condition: '', isDefault: true },
    ]);
    const exported = exportToAgentSpec(branching, { rules: { 'no-cycle': 'off' } }).document!;
    const refs = exported.$referenced_components as Record<string, Record<string, unknown>>;
    const llms = Object.values(refs).filter((c) => c.component_type === 'LlmNode');
    expect(llms).toHaveLength(3);
    const shared = new Set(llms.map((n) => (n.llm_config as { $component_ref: string }).$component_ref));
    expect(shared.size).toBe(1);
    expect(refs[[...shared][0]].component_type).toBe('VllmConfig');

    const map = agentSpecToWorkflow(readExample('howto_mapnode.yaml'), { now: NOW });
    const mapNode = map.nodes.find((n) => n.data.extensions?.['agentspec:component_type'] === 'map_node')!;
    expect((mapNode.data.config.subflow as { component_type: string }).component_type).toBe('Flow');
    // The subflow is self-contained: it imports on its own (what a run engine does with it).
    expect(agentSpecToWorkflow(mapNode.data.config.subflow, { now: NOW }).nodes).toHaveLength(3);
  });

  it('refuses howto_agents (an Agent) as not a Flow, and names the JSON path of invalid input', () => {
    for (const file of ['howto_agents.json', 'howto_agents.yaml'])
      expect(() => agentSpecToWorkflow(readExample(file))).toThrow('not a Flow (Agent)');
    const broken = viaJson(readExample('howto_summary_flow.json')) as Record<string, any>;
    broken.control_flow_connections[1].to_node = { $component_ref: 'nope' };
    expect(() => agentSpecToWorkflow(broken)).toThrow(
      expect.objectContaining({
        path: '/control_flow_connections/1/to_node/$component_ref',
        message: expect.stringMatching(/^reference "nope" is defined in no \$referenced_components/),
      }),
    );
    const noStart = viaJson(readExample('howto_summary_flow.json')) as Record<string, any>;
    delete noStart.start_node;
    expect(() => agentSpecToWorkflow(noStart)).toThrow(expect.objectContaining({ path: '/start_node', message: 'is required' }));
  });

  it('writes the version a pinned release needs, and refuses a pin that is too low', () => {
    const workflow = agentSpecToWorkflow(readExample('howto_catchexception.json'), { now: NOW });
    expect(exportToAgentSpec(workflow).document!.agentspec_version).toBe('26.1.2');
    expect(exportToAgentSpec(workflow, { version: '26.2.0' }).document!.agentspec_version).toBe('26.2.0');
    const low = exportToAgentSpec(workflow, { version: '25.4.1' });
    expect(low.valid).toBe(false);
    expect(low.errors).toEqual(['agentspec_version 25.4.1 is lower than 26.1.2, which CatchExceptionNode requires']);
  });

  it('knows the releases in ascending order (requiredVersion ranks them by their place in the list)', () => {
    for (let i = 1; i < AGENTSPEC_VERSIONS.length; i++)
      expect(compareVersions(AGENTSPEC_VERSIONS[i - 1], AGENTSPEC_VERSIONS[i]), AGENTSPEC_VERSIONS[i]).toBeLessThan(0);
  });
});

describe.skipIf(agentSpecMissing !== undefined)('FlowDrop dialect', () => {
  const dialectFlow = {
    component_type: 'flow',
    name: 'Dialect',
    start_node: 'start',
    nodes: [
      {
        component_type: 'start_node',
        name: 'start',
        outputs: [{ title: 'q', type: 'string' }],
        metadata: { 'flowdrop:position': { x: 5, y: 6 } },
      },
      {
        component_type: 'llm_node',
        name: 'ask',
        prompt_template: '{{q}}',
        system_prompt: 'be brief',
        llm_config: '$component_ref:gpt',
        inputs: [{ title: 'q', type: 'string' }],
        outputs: [{ title: 'a', type: 'string' }],
      },
      {
        component_type: 'branching_node',
        name: 'route',
        branches: [{ name: 'yes', condition: 'y' }, { name: 'default' }],
        inputs: [{ title: 'a', type: 'string' }],
      },
      { component_type: 'api_node', name: 'call', endpoint: 'https://x.test', method: 'POST' },
      { component_type: 'end_node', name: 'end' },
    ],
    control_flow_connections: [
      { name: 'c1', from_node: 'start', to_node: 'ask' },
      { name: 'c2', from_node: 'ask', to_node: 'route' },
      { name: 'c3', from_node: 'route', to_node: 'call', from_branch: 'yes' },
      { name: 'c4', from_node: 'route', to_node: 'end', from_branch: 'default' },
      { name: 'c5', from_node: 'call', to_node: 'end' },
    ],
    data_flow_connections: [{ name: 'd1', source_node: 'start', source_output: 'q', destination_node: 'ask', destination_input: 'q' }],
  };

  it('is detected and converted: the document wrapper, name references and branches', () => {
    const { workflow, dialect } = importDocument({
      flow: dialectFlow,
      llm_configs: [{ component_type: 'llm_config', name: 'gpt', model_id: 'gpt-4o' }],
    });
    expect(dialect).toBe(true);
    expect(graphErrors(workflow, checkConfig)).toEqual([]);
    const byLabel = Object.fromEntries(workflow.nodes.map((n) => [n.data.label, n]));
    expect(byLabel.start.position).toEqual({ x: 5, y: 6 });
    expect(byLabel.ask.data.config.llm_config).toEqual({ component_type: 'OpenAiConfig', name: 'gpt', model_id: 'gpt-4o' });
    expect(byLabel.call.data.config).toMatchObject({ url: 'https://x.test', http_method: 'POST' });
    expect(byLabel.route.data.config.branches).toEqual([
      { name: 'yes', label: 'yes', condition: 'y', isDefault: false },
      { name: 'default', label: 'default', condition: '', isDefault: true },
    ]);
    expect(workflow.edges).toHaveLength(6);
    const exported = exportToAgentSpec(workflow).document!;
    expect(schemaProblems(exported)).toEqual([]);
    expect(() => importDocument({ agent: { component_type: 'agent', name: 'a' } })).toThrow('not a Flow (Agent)');
  });
});

describe('layout and YAML', () => {
  it('lays out nodes without positions left to right with no two on one spot, loops included', () => {
    const ids = ['s', 'a', 'b', 'c', 'e', 'x'];
    const edges = [
      { source: 's', target: 'a' },
      { source: 'a', target: 'b' },
      { source: 'a', target: 'c' },
      { source: 'b', target: 'e' },
      { source: 'c', target: 'e' },
      { source: 'e', target: 'a' },
    ];
    const at = layeredLayout(ids, edges, { roots: ['s'] });
    const spots = [...at.values()].map((p) => `${p.x},${p.y}`);
    expect(new Set(spots).size).toBe(ids.length);
    expect(at.get('s')!.x).toBeLessThan(at.get('a')!.x);
    expect(at.get('a')!.x).toBeLessThan(at.get('b')!.x);
    expect(at.get('b')!.x).toBe(at.get('c')!.x);
    expect(at.get('e')!.x).toBeGreaterThan(at.get('b')!.x);
  });

  it('quotes what PyYAML (YAML 1.1) would misread', () => {
    const text = toYaml({ mapping: { yes: 'yes', no: 'no', on: 'off', y: 'n' }, date: '2025-01-01', merge: '<<', value: '=' });
    for (const word of ['"yes"', '"no"', '"on"', '"off"', '"y"', '"n"', '"2025-01-01"', '"<<"', '"="']) expect(text).toContain(word);
    expect(parseYaml(text, { version: '1.1' })).toEqual({
      mapping: { yes: 'yes', no: 'no', on: 'off', y: 'n' },
      date: '2025-01-01',
      merge: '<<',
      value: '=',
    });
  });
});

describe('an export passes the Agent Spec rules it is judged by on the way back', () => {
  it.each(fixtures)('%s: no error of any Agent Spec rule', (file) => {
    const document = exportToAgentSpec(readFixture(file)).document!;
    expect(checkAgentSpecDocument(viaJson(document) as AsValue).filter((f) => RULES[f.ruleId].severity === 'error')).toEqual([]);
  });

  it('writes one control edge per branch, keeps the others in metadata, and names the loss', () => {
    const workflow = readFixture('etl-large.json');
    const { document, issues } = exportToAgentSpec(workflow);
    const edges = (document!.control_flow_connections as Array<{ from_node: { $component_ref: string }; from_branch: string | null }>).map(
      (e) => `${e.from_node.$component_ref}/${e.from_branch ?? 'next'}`,
    );
    expect(new Set(edges).size).toBe(edges.length);
    const validateNorth = workflow.nodes.find((n) => n.data.label === 'Validate North')!;
    const loss = issues.find((i) => i.nodeIds?.[0] === validateNorth.id && i.message.includes('at once'));
    expect(loss?.message).toMatch(
      /^'Validate North' leads from its branch 'next' to 2 nodes at once; .* kept only in metadata "flowdrop:edges"\)$/,
    );
    // The edges kept in metadata come back on import.
    const back = importDocument(viaJson(document), { now: NOW }).workflow;
    expect(back.edges.map((e) => e.id).sort()).toEqual(workflow.edges.map((e) => e.id).sort());
  });
});
