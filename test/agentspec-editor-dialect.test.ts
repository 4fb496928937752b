// What the FlowDrop editor itself sends is read: its Agent Spec adapter names LLM configs, tools and agents
// that its document does not carry (`llm_config: "default_llm"`, the default of wfe's agentspec.llm_node;
// `tool: "text_transform"`), or leaves them out. A name that resolves nowhere becomes the generic component
// `wfe export` writes for the same gap, with a warning that names the node and what is missing; the node
// keeps the name under its own config key. Official documents keep refusing a dangling reference.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportToAgentSpec } from '../src/agentspec/export.js';
import { readDialect } from '../src/agentspec/dialect.js';
import { importDocument } from '../src/agentspec/import.js';
import { toJson } from '../src/agentspec/serialize.js';
import { createConfigChecker } from '../src/contract/config-check.js';
import { BUILTIN_NODE_TYPES } from '../src/catalog/builtin-node-types.js';
import { graphErrors } from '../src/graph/integrity.js';
import { folderSettings } from '../src/project/folder-settings.js';
import { createLogger } from '../src/util/logger.js';
import { loadAgentSpecChecks } from '../src/validate/agent-spec-checks.js';
import { checkContextFor } from '../src/validate/check-context.js';
import { agentSpecVerdict } from '../src/validate/verdict.js';
import { editorExport, editorExports, LIBRARY_PALETTE, WFE_PALETTE } from './support/editor-agentspec-exports.js';
import { runCli } from './support/cli.js';
import { eventually } from './support/harness.js';
import { serverTest, testFolder } from './support/server-fixture.js';
import { referenceLoaderMissing, runReferenceLoader } from './support/reference-loader.js';

type Json = Record<string, any>;

const builtins = new Map(BUILTIN_NODE_TYPES.map((t) => [t.id, t]));
const checkConfig = createConfigChecker((id) => builtins.get(id)?.configSchema);
const exportsByName = new Map(editorExports().map((e) => [e.name, e.document]));
const exportNamed = (name: string): Json => structuredClone(exportsByName.get(name)!);

const LLM_WARNING =
  `'LLM Node' (llm_node) names LLM config "default_llm", which the document does not define: ` +
  'read as a generic LlmConfig "default_llm" (model_id "default_llm") for the runtime to map';
const TOOL_WARNING =
  `'Tool Node' (tool_node) names tool "text_transform", which the document does not define: ` +
  `read as a ServerTool "text_transform" with the node's inputs and outputs, for the runtime to provide`;

/** What each editor export reads as: its warnings (JSON pointer: message). */
const EXPECTED_WARNINGS: Record<string, string[]> = {
  'wfe-llm': [`/nodes/1/llm_config: ${LLM_WARNING}`],
  'library-llm': [
    `/nodes/1/llm_config: 'LLM' (llm_node) names no LLM config: read as a generic LlmConfig "default_llm" (model_id "default_llm") for the runtime to map`,
  ],
  'wfe-tool-named': [`/nodes/1/tool: ${TOOL_WARNING}`],
  'library-tool': [
    `/nodes/1/tool: 'Tool' (tool_node) names no tool: read as a ServerTool "Tool" with the node's inputs and outputs, for the runtime to provide`,
  ],
  'wfe-agent': [
    `/nodes/1/agent: 'Agent Node' (agent_node) names no agent: read as an Agent "Agent_Node" with the node's inputs and outputs and a generic LLM config, for the runtime to map`,
  ],
  'library-agent-named': [
    `/nodes/1/agent: 'Agent' (agent_node) names agent "support_agent", which the document does not define: read as an Agent "support_agent" with the node's inputs and outputs and a generic LLM config, for the runtime to map`,
  ],
  'wfe-api': [],
  'library-api': [],
  'wfe-branch': [],
  'library-branch': [],
  'wfe-flow': [],
  'wfe-map': [],
  'wfe-pipeline': [`/nodes/1/llm_config: ${LLM_WARNING}`, `/nodes/3/tool: ${TOOL_WARNING}`],
};

/** The exports that cannot run as Agent Spec: a FlowNode or MapNode from the palette carries no flow. */
const WITHOUT_SUBFLOW: Record<string, string> = { 'wfe-flow': 'Flow Node', 'wfe-map': 'Map Node' };

/** The checks' context of a folder with no settings of its own (a temp folder, removed when the test ends). */
const verdictContext = async () => ({
  ...checkContextFor(await folderSettings(createLogger('warn'))(await testFolder('wfe-editor-dialect-'))),
  agentSpec: await loadAgentSpecChecks(),
});

describe('the dialect reader: a name defined nowhere becomes the generic component export writes', () => {
  it('an LlmNode naming "default_llm" gets a generic LlmConfig of that name, and remembers the name', () => {
    const { document, warnings } = readDialect(exportNamed('wfe-llm'));
    const llm = (document.$referenced_components as Json)['agentspec.llm_node.1'];
    expect(llm).toEqual({
      component_type: 'LlmNode',
      id: 'agentspec.llm_node.1',
      name: 'LLM Node',
      description: WFE_PALETTE.llm.description,
      metadata: {
        'flowdrop:position': { x: 400, y: 100 },
        'flowdrop:node_id': 'agentspec.llm_node.1',
        'flowdrop:node_type_id': 'agentspec.llm_node',
        'flowdrop:placeholders': { llm_config: { configKey: 'llm_config_ref', name: 'default_llm' } },
      },
      inputs: WFE_PALETTE.llm.inputs,
      outputs: WFE_PALETTE.llm.outputs,
      prompt_template: '{{ prompt }}',
      llm_config: { component_type: 'LlmConfig', id: 'default_llm', name: 'default_llm', model_id: 'default_llm' },
    });
    expect(warnings).toEqual([{ path: '/nodes/1/llm_config', message: LLM_WARNING }]);
  });

  it('a ToolNode naming an undefined tool gets a ServerTool of that name with the node ports', () => {
    const { document } = readDialect(exportNamed('wfe-tool-named'));
    expect((document.$referenced_components as Json)['agentspec.tool_node.1'].tool).toEqual({
      component_type: 'ServerTool',
      id: 'text_transform',
      name: 'text_transform',
      inputs: WFE_PALETTE.tool.inputs,
      outputs: WFE_PALETTE.tool.outputs,
    });
  });

  it('a tool or LLM config the document defines is used, and one the components given define stays a reference', () => {
    const wrapped = {
      flow: exportNamed('wfe-pipeline'),
      llm_configs: [{ component_type: 'llm_config', name: 'default_llm', model_id: 'gpt-4o' }],
    };
    const defined = readDialect(wrapped, { isSupplied: (key) => key === 'text_transform' });
    const nodes = defined.document.$referenced_components as Json;
    expect(nodes['agentspec.llm_node.1'].llm_config).toEqual({ component_type: 'OpenAiConfig', name: 'default_llm', model_id: 'gpt-4o' });
    expect(nodes['agentspec.tool_node.1'].tool).toEqual({ $component_ref: 'text_transform' });
    expect(nodes['agentspec.tool_node.1'].metadata['flowdrop:placeholders']).toBeUndefined();
    expect(defined.warnings).toEqual([]);
  });

  it("an agent_node naming the document wrapper's agent gets that agent", () => {
    const flow = exportNamed('library-agent-named');
    const { document, warnings } = readDialect({
      flow,
      agent: { component_type: 'agent', name: 'support_agent', system_prompt: 'Help.', llm_config: 'small' },
      llm_configs: [{ component_type: 'llm_config', name: 'small', model_id: 'gpt-4o-mini' }],
    });
    expect((document.$referenced_components as Json)['agentspec.agent_node.1'].agent).toEqual({
      component_type: 'Agent',
      name: 'support_agent',
      system_prompt: 'Help.',
      llm_config: { component_type: 'OpenAiConfig', name: 'small', model_id: 'gpt-4o-mini' },
    });
    expect(warnings).toEqual([]);
  });

  it("an agent's own LLM config named nowhere is a placeholder inside the agent, which the node keeps", () => {
    const flow = exportNamed('library-agent-named');
    flow.nodes[1].agent = { component_type: 'agent', name: 'inline', system_prompt: '{{input}}', llm_config: 'nowhere' };
    const { document, warnings } = readDialect(flow);
    const node = (document.$referenced_components as Json)['agentspec.agent_node.1'];
    expect(node.agent.llm_config).toEqual({ component_type: 'LlmConfig', id: 'nowhere', name: 'nowhere', model_id: 'nowhere' });
    expect(node.metadata['flowdrop:placeholders']).toBeUndefined();
    expect(warnings.map((w) => w.path)).toEqual(['/nodes/1/agent/llm_config']);
  });

  it("a flow named nowhere is kept as the node's flow_ref: a flow cannot be guessed", () => {
    const flow = editorExport({
      name: 'named-flow',
      nodes: [
        { id: 's', from: WFE_PALETTE.start },
        { id: 'f', from: WFE_PALETTE.flow, fields: { flow: 'summarise' } },
        { id: 'e', from: WFE_PALETTE.end },
      ],
      control: ['s -> f', 'f -> e'],
    });
    const { workflow, warnings } = importDocument(flow);
    expect(warnings).toEqual([
      {
        path: '/nodes/1/flow',
        message: `'Flow Node' (flow_node) names flow "summarise", which the document does not define: kept as its flow_ref; an Agent Spec FlowNode contains its flow, so it cannot run until the flow is added`,
      },
    ]);
    const node = workflow.nodes.find((n) => n.id === 'f')!;
    expect(node.data.config).toEqual({ flow_ref: 'summarise', instanceDescription: WFE_PALETTE.flow.description });
  });

  it('an official document still refuses a reference defined nowhere, as pyagentspec does', () => {
    const official = exportToAgentSpec(importDocument(exportNamed('wfe-llm')).workflow).document as Json;
    const llm = Object.values(official.$referenced_components as Json).find((c: Json) => c.component_type === 'LlmNode') as Json;
    llm.llm_config = { $component_ref: 'nowhere' };
    expect(() => importDocument(official)).toThrow('reference "nowhere" is defined in no $referenced_components');
  });
});

describe("the editor adapter's exports", () => {
  it('all thirteen import, with the warnings that name each node and what it lacks', () => {
    expect([...exportsByName.keys()]).toEqual(Object.keys(EXPECTED_WARNINGS));
    for (const [name, document] of exportsByName) {
      const { workflow, warnings, dialect } = importDocument(structuredClone(document));
      expect(dialect, name).toBe(true);
      expect(graphErrors(workflow, checkConfig), name).toEqual([]);
      expect(
        warnings.map((w) => `${w.path}: ${w.message}`),
        name,
      ).toEqual(EXPECTED_WARNINGS[name]);
    }
  });

  it('wfe import names each warning at the line and column of the field it is about', async ({ onTestFinished }) => {
    const dir = mkdtempSync(join(tmpdir(), 'wfe-editor-dialect-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const document = exportNamed('wfe-pipeline');
    const text = JSON.stringify(document, null, 2);
    writeFileSync(join(dir, 'pipeline.json'), text);
    const run = await runCli(['import', join(dir, 'pipeline.json'), '-o', join(dir, 'out.json')]);
    expect(run.code, run.stderr).toBe(0);
    // Each warned field is the only one of its name in its node: its key's line, indented by its depth.
    const expected = EXPECTED_WARNINGS['wfe-pipeline'].map((warning) => {
      const [pointer] = warning.split(': ');
      const [, , index, key] = pointer.split('/');
      const nodeAt = text.indexOf(`"id": "${(document.nodes as Json[])[Number(index)].id}"`);
      const keyAt = text.indexOf(`"${key}":`, text.lastIndexOf('{', nodeAt));
      const lines = text.slice(0, keyAt).split('\n');
      return `${join(dir, 'pipeline.json')}:${lines.length}:${lines.at(-1)!.length + 1}: warning: ${warning} (agentspec-undefined-component)`;
    });
    expect(expected).toHaveLength(2);
    expect(run.stderr.split('\n').filter((line) => line.includes('agentspec-undefined-component'))).toEqual(expected);
  });

  it('a node keeps the name the document gave under its own config key, as the palette has it', () => {
    const configOf = (name: string, nodeId: string) =>
      importDocument(exportNamed(name)).workflow.nodes.find((n) => n.id === nodeId)!.data.config;
    expect(configOf('wfe-llm', 'agentspec.llm_node.1')).toEqual({
      llm_config_ref: 'default_llm',
      prompt_template: '{{ prompt }}',
      instanceDescription: WFE_PALETTE.llm.description,
    });
    expect(configOf('library-llm', 'agentspec.llm_node.1')).toEqual({
      prompt_template: '{{prompt}}',
      instanceDescription: LIBRARY_PALETTE.llm.description,
    });
    expect(configOf('wfe-tool-named', 'agentspec.tool_node.1')).toEqual({
      tool_ref: 'text_transform',
      instanceDescription: WFE_PALETTE.tool.description,
    });
    // The API node's `body` port is the request body, as `wfe export` writes a connected body.
    expect(configOf('library-api', 'agentspec.api_node.1')).toEqual({
      url: '',
      http_method: 'GET',
      headers: {},
      data: '{{body}}',
      instanceDescription: LIBRARY_PALETTE.api.description,
    });
    expect(configOf('library-agent-named', 'agentspec.agent_node.1')).toEqual({
      agent_ref: 'support_agent',
      instanceDescription: LIBRARY_PALETTE.agent.description,
    });
  });

  it('validate: every one is valid except the two whose FlowNode / MapNode carries no flow', async () => {
    const ctx = await verdictContext();
    for (const [name, document] of exportsByName) {
      const verdict = agentSpecVerdict(structuredClone(document), ctx);
      if (name in WITHOUT_SUBFLOW) {
        expect(verdict.valid, name).toBe(false);
        expect(
          verdict.errors.some((e) => e.includes(`'${WITHOUT_SUBFLOW[name]}' has no subflow`)),
          name,
        ).toBe(true);
      } else expect({ name, valid: verdict.valid, errors: verdict.errors }).toEqual({ name, valid: true, errors: [] });
      // What the reader supplied is said, as warnings under agentspec-undefined-component, at the pointer it names.
      const supplied = verdict.problems
        .filter((p) => p.ruleId === 'agentspec-undefined-component')
        .map((p) => `${p.pointer}: ${p.message}`);
      expect(supplied, name).toEqual(EXPECTED_WARNINGS[name] ?? []);
    }
  });

  it("export writes each placeholder again, as the same generic component, with export's own warning", () => {
    const result = exportToAgentSpec(importDocument(exportNamed('wfe-pipeline')).workflow);
    expect(result.errors).toEqual([]);
    const components = Object.values(result.document!.$referenced_components as Json) as Json[];
    expect(components.find((c) => c.component_type === 'LlmNode')!.llm_config).toEqual({
      component_type: 'LlmConfig',
      id: 'default_llm',
      name: 'default_llm',
      model_id: 'default_llm',
    });
    expect(components.find((c) => c.component_type === 'ToolNode')!.tool).toMatchObject({
      component_type: 'ServerTool',
      id: 'text_transform',
      name: 'text_transform',
    });
    expect(result.warnings).toContain(
      `'LLM Node' names LLM config "default_llm", which the workflow does not describe: written as a generic LlmConfig "default_llm" (model_id "default_llm") for the runtime to map`,
    );
  });
});

describe("Oracle's loader on the exports of the imported editor flows", () => {
  const missing = referenceLoaderMissing();

  it.skipIf(missing !== undefined)('every export that can run loads', ({ onTestFinished }) => {
    const dir = mkdtempSync(join(tmpdir(), 'wfe-editor-dialect-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const files: string[] = [];
    for (const [name, document] of exportsByName) {
      if (name in WITHOUT_SUBFLOW) continue;
      const result = exportToAgentSpec(importDocument(structuredClone(document)).workflow);
      expect(result.errors, name).toEqual([]);
      const file = join(dir, `${name}.json`);
      writeFileSync(file, toJson(result.document));
      files.push(file);
    }
    const run = runReferenceLoader(files);
    expect(run.stdout.split('\n').filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(run.status).toBe(0);
  });
});

describe('through the server: what the editor runtime client posts', () => {
  serverTest('POST /agentspec/flows/validate calls an LLM flow from the palette valid; execute runs it to the end', async ({ server }) => {
    const h = await server({ stepDelayMs: 0 });
    const flow = exportNamed('wfe-pipeline');
    const validated = await h.call('POST', '/agentspec/flows/validate', flow);
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ valid: true, errors: [] });
    const started = await h.call('POST', '/agentspec/flows/execute', { flow, inputs: { user_input: 'yes' } });
    expect(started.status).toBe(200);
    const done = await eventually(async () => {
      const s = await h.call('GET', `/agentspec/executions/${started.body.execution_id}`);
      return ['completed', 'failed'].includes(s.body.status) ? s.body : undefined;
    });
    expect(done.status).toBe('completed');
    expect(done.node_statuses['LLM Node']).toMatchObject({ status: 'completed' });
    const imported = await h.call('POST', '/workflows/import/agentspec', exportNamed('wfe-llm'));
    expect(imported.status).toBe(200);
    expect(imported.body.data.nodes[1].data.config.llm_config_ref).toBe('default_llm');
  });
});
