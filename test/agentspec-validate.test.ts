// Export validation: each message of the specification and of Agent Spec's own rules, each warning
// about lost information, and rule severities (--rule / wfe.config.yaml rules:).
import { describe, expect, it } from 'vitest';
import { exportToAgentSpec, validateForAgentSpecExport } from '../src/agentspec/index.js';
import { BUILTIN_NODE_TYPES } from '../src/catalog/builtin-node-types.js';
import { checkConfigFile } from '../src/catalog/catalog.js';
import type { NodeMetadata, Workflow, WorkflowEdge, WorkflowNode } from '../src/contract/types.js';
import { checkRuleConfig, parseRuleFlags, rulesFromConfigText, RuleConfigError } from '../src/contract/rule-config.js';
import { EXPORT_RULES } from '../src/agentspec/validate-export.js';

const types = new Map(BUILTIN_NODE_TYPES.map((t) => [t.id, t]));
const node = (id: string, typeId: string | NodeMetadata, config: Record<string, unknown> = {}): WorkflowNode => {
  const meta = typeof typeId === 'string' ? types.get(typeId)! : typeId;
  return {
    id,
    type: 'universalNode',
    position: { x: 0, y: 0 },
    data: { label: id, config: { ...(meta.config ?? {}), ...config }, metadata: meta },
  };
};
let n = 0;
const edge = (source: string, from: string, target: string, to: string): WorkflowEdge => ({
  id: `e${++n}`,
  source,
  target,
  sourceHandle: `${source}-output-${from}`,
  targetHandle: `${target}-input-${to}`,
});
const workflow = (nodes: WorkflowNode[], edges: WorkflowEdge[]): Workflow => ({
  id: 'wf',
  name: 'wf',
  nodes,
  edges,
  metadata: { version: '1.0.0', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
});
/** start → text_output → end, text input wired: valid with no errors. */
const base = () => ({
  nodes: [node('s', 'start'), node('in', 'text_input'), node('out', 'text_output'), node('e', 'end')],
  edges: [
    edge('s', 'trigger', 'in', 'trigger'),
    edge('in', 'trigger', 'out', 'trigger'),
    edge('out', 'trigger', 'e', 'trigger'),
    edge('in', 'text', 'out', 'text'),
  ],
});

describe('export errors: the export rules and the Agent Spec rules', () => {
  it('a valid workflow has none', () => {
    const { nodes, edges } = base();
    expect(validateForAgentSpecExport(workflow(nodes, edges)).errors).toEqual([]);
  });

  it('Workflow has no nodes', () => {
    expect(validateForAgentSpecExport(workflow([], []))).toEqual({ valid: false, errors: ['Workflow has no nodes'], warnings: [] });
  });

  it('Node type not mappable: <type>, never an LLM node by default', () => {
    const custom: NodeMetadata = {
      id: 'sentiment',
      name: 'Sentiment',
      description: '',
      category: 'ml',
      version: '1',
      inputs: [],
      outputs: [],
    };
    const { nodes, edges } = base();
    const result = exportToAgentSpec(workflow([...nodes, node('x', custom)], [...edges, edge('s', 'trigger', 'x', 'trigger')]));
    expect(result.errors).toContain('Node type not mappable: sentiment');
    expect(result.document).toBeUndefined();
    // A declared component type wins, from the instance first (snake_case or PascalCase).
    const declared = node('x', custom);
    declared.data.extensions = { 'agentspec:component_type': 'LlmNode' };
    expect(exportToAgentSpec(workflow([...nodes, declared], [...edges, edge('s', 'trigger', 'x', 'trigger')])).errors).toEqual([]);
    declared.data.extensions = { 'agentspec:component_type': 'not_a_type' };
    expect(exportToAgentSpec(workflow([...nodes, declared], [...edges, edge('s', 'trigger', 'x', 'trigger')])).errors).toContain(
      'Node type not mappable: sentiment',
    );
  });

  it('exactly one StartNode', () => {
    const { nodes, edges } = base();
    expect(validateForAgentSpecExport(workflow(nodes.slice(1), edges.slice(1))).errors).toContain(
      'Agent Spec requires exactly one StartNode. No start node found (terminal node with triggers category).',
    );
    expect(
      validateForAgentSpecExport(workflow([...nodes, node('s2', 'start')], [...edges, edge('s2', 'trigger', 'e', 'trigger')])).errors,
    ).toContain('Agent Spec requires exactly one StartNode. Found 2: s, s2');
  });

  it('messages name at most 10 nodes and count the rest; the issue keeps every id', () => {
    const { nodes, edges } = base();
    const starts = Array.from({ length: 14 }, (_, i) => node(`s${i}`, 'start'));
    const many = exportToAgentSpec(workflow([...nodes.slice(1), ...starts], edges.slice(1)));
    const single = many.issues.find((i) => i.rule === 'single-start')!;
    expect(single.message).toBe(
      `Agent Spec requires exactly one StartNode. Found 14: ${starts
        .slice(0, 10)
        .map((s) => s.id)
        .join(', ')}, … and 4 more`,
    );
    expect(single.nodeIds).toEqual(starts.map((s) => s.id));

    const ring = Array.from({ length: 12 }, (_, i) => node(`r${i}`, 'text_output'));
    const ringEdges = ring.map((r, i) => edge(r.id, 'trigger', ring[(i + 1) % ring.length].id, 'trigger'));
    const cycle = exportToAgentSpec(workflow([...nodes, ...ring], [...edges, ...ringEdges])).issues.find((i) => i.rule === 'no-cycle')!;
    expect(cycle.nodeIds).toHaveLength(13);
    expect(cycle.message).toMatch(/^Cycle detected: (?:'r\d+' \(r\d+\) → ){10}… and 3 more\. If this loop is intended/);
  });

  it('an EndNode, reachable from the start', () => {
    const { nodes, edges } = base();
    expect(validateForAgentSpecExport(workflow(nodes.slice(0, 3), edges.slice(0, 2).concat(edges[3]))).errors).toEqual([
      'Agent Spec requires at least one EndNode. No end node found (terminal node with outputs category).',
    ]);
    expect(
      validateForAgentSpecExport(
        workflow(
          nodes,
          [edges[0], edges[1], edges[3], edge('e', 'x', 'out', 'trigger')].slice(0, 3).concat(edge('out', 'trigger', 'out', 'trigger')),
        ),
      ).errors,
    ).toContain('No EndNode is reachable from the start node');
  });

  it('Cycle detected, except through a loop_back port; its severity is a rule', () => {
    const { nodes, edges } = base();
    const looped = workflow(nodes, [...edges, edge('out', 'trigger', 'in', 'trigger')]);
    expect(validateForAgentSpecExport(looped).errors).toEqual([
      `Cycle detected: 'in' (in) → 'out' (out) → 'in' (in). If this loop is intended, mark the edge that closes it as a loop: set "loop": true in that edge's data (wfe import does this for Agent Spec loops) or connect it to a loop_back input`,
    ]);
    const cycle = exportToAgentSpec(looped).issues.find((i) => i.rule === 'no-cycle')!;
    expect(cycle.nodeIds).toEqual(['in', 'out', 'in']);
    expect(validateForAgentSpecExport(looped, { rules: { 'no-cycle': 'warning' } })).toMatchObject({ valid: true, errors: [] });
    expect(validateForAgentSpecExport(looped, { rules: { 'no-cycle': 'warning' } }).warnings).toContainEqual(
      expect.stringMatching(/^Cycle detected: /),
    );
    // A loop declared on its back edge (data.loop) is allowed; another, undeclared cycle still is not.
    const declared = workflow(nodes, [...edges, { ...edge('out', 'trigger', 'in', 'trigger'), data: { loop: true } }]);
    expect(validateForAgentSpecExport(declared).errors).toEqual([]);
    expect(exportToAgentSpec(declared).document).toBeDefined();
    expect(exportToAgentSpec(looped, { rules: { 'no-cycle': 'off' } }).document).toBeDefined();

    const loop = node('loop', 'for_each');
    const body = node('body', 'text_output');
    const withLoop = workflow(
      [...nodes, loop, body],
      [
        ...edges,
        edge('in', 'trigger', 'loop', 'trigger'),
        edge('loop', 'each', 'body', 'trigger'),
        edge('body', 'trigger', 'loop', 'loop_back'),
        edge('in', 'text', 'body', 'text'),
      ],
    );
    const result = exportToAgentSpec(withLoop);
    expect(result.errors).toEqual(['Missing required port: loop.items']);
    // Older files name the port alone ("loop_back", no "<node>-input-" prefix): the same loop.
    const bare = { ...withLoop, edges: withLoop.edges.map((e, i) => (i === 6 ? { ...e, targetHandle: 'loop_back' } : e)) };
    expect(exportToAgentSpec(bare).errors).toEqual(['Missing required port: loop.items']);
    expect(result.warnings).toContain(
      `Edge ${withLoop.edges[6].id} ends at control input "loop_back" of 'loop'; Agent Spec control edges have no target port (kept in metadata)`,
    );
    expect(result.warnings).toContain(
      `Control outputs "each", "done" of 'loop' are not branches of an Agent Spec ToolNode; written as from_branch values`,
    );
  });

  it('Disconnected node: <id> (notes excepted) and Missing required port: <port>', () => {
    const { nodes, edges } = base();
    const lonely = node('lonely', 'chat_output');
    expect(validateForAgentSpecExport(workflow([...nodes, lonely, node('memo', 'note')], edges)).errors).toEqual([
      'Disconnected node: lonely',
      'Missing required port: lonely.message',
    ]);
  });

  it('branches: names that exist, and gateways that define some', () => {
    const { nodes, edges } = base();
    const gate = node('g', 'conditional_router', { branches: [{ name: 'default', isDefault: true }] });
    const wired = [...edges, edge('in', 'trigger', 'g', 'trigger'), edge('in', 'text', 'g', 'value'), edge('g', 'ghost', 'e', 'trigger')];
    const result = validateForAgentSpecExport(workflow([...nodes, gate], wired));
    expect(result.errors).toContain(`Branch "ghost" does not exist on gateway "g" (edge ${wired[6].id})`);
    expect(result.warnings).toContain('Gateway node "g" has no branches defined. Agent Spec BranchingNode requires at least one branch.');
  });
});

describe('warnings name what the export loses', () => {
  it('notes, tool connections, expressions, unknown components, config keys and imprecise types', () => {
    const model = node('m', 'chat_model');
    const search = node('web', 'web_search');
    const gate = node('g', 'conditional_router', {
      branches: [
        { name: 'hit', condition: "value === 'x'" },
        { name: 'odd', condition: 'value > 3' },
        { name: 'default', condition: '', isDefault: true },
      ],
    });
    const llm = node('llm', 'agentspec.llm_node');
    const file = node('f', 'file_input');
    const nodes = [node('s', 'start'), node('memo', 'note'), node('in', 'text_input'), model, search, gate, llm, file, node('e', 'end')];
    const edges = [
      edge('s', 'trigger', 'in', 'trigger'),
      edge('in', 'trigger', 'm', 'trigger'),
      edge('in', 'text', 'm', 'prompt'),
      edge('web', 'tool', 'm', 'tools'),
      edge('m', 'trigger', 'g', 'trigger'),
      edge('m', 'response', 'g', 'value'),
      edge('g', 'hit', 'llm', 'trigger'),
      edge('g', 'odd', 'f', 'trigger'),
      edge('g', 'default', 'e', 'trigger'),
      edge('llm', 'trigger', 'e', 'trigger'),
      edge('f', 'trigger', 'e', 'trigger'),
    ];
    const result = exportToAgentSpec(workflow(nodes, edges));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      `Note 'memo' (memo) has no Agent Spec equivalent; kept only in metadata "flowdrop:notes"`,
      `Tool connection 'web' -> 'm' (edge ${edges[3].id}) has no Agent Spec equivalent; kept only in metadata "flowdrop:edges"`,
      `Branch "hit" of 'g': condition "value === 'x'" is an expression; the BranchingNode maps the literal value "x"`,
      `Branch "odd" of 'g': condition "value > 3" is an expression; the BranchingNode maps the literal value "odd"`,
      `'llm' names LLM config "default_llm", which the workflow does not describe: written as a generic LlmConfig "default_llm" (model_id "default_llm") for the runtime to map`,
      `Config "label", "defaultValue", "multiline" of node type text_input (1 node) has no Agent Spec field; kept only in metadata "flowdrop:config"`,
      `Config "systemPrompt", "mockResponse" of node type chat_model (1 node) has no Agent Spec field; kept only in metadata "flowdrop:config"`,
      `Config "provider", "maxResults", "safeSearch" of node type web_search (1 node) has no Agent Spec field; kept only in metadata "flowdrop:config"`,
      `Config "evaluation" of node type conditional_router (1 node) has no Agent Spec field; kept only in metadata "flowdrop:config"`,
      `Config "system_prompt" of node type agentspec.llm_node (1 node) has no Agent Spec field; kept only in metadata "flowdrop:config"`,
      `Config "path", "accept", "maxSizeMb" of node type file_input (1 node) has no Agent Spec field; kept only in metadata "flowdrop:config"`,
      `Port data type "file" has no exact JSON Schema equivalent; written as {"type":"string","contentEncoding":"base64"}`,
    ]);
    expect(exportToAgentSpec(workflow(nodes, edges), { rules: { 'lossy-export': 'off' } }).warnings).toEqual([]);
  });

  it('components FlowDrop names but does not describe are written once, as named components', () => {
    const { nodes, edges } = base();
    const tool = node('t', 'agentspec.tool_node', { tool_ref: 'text_transform' });
    const bare = node(
      'b',
      { ...types.get('agentspec.llm_node')!, id: 'my_llm', extensions: { 'agentspec:component_type': 'llm_node' } },
      { llm_config_ref: '' },
    );
    const wired = [
      ...edges,
      edge('in', 'trigger', 't', 'trigger'),
      edge('t', 'trigger', 'b', 'trigger'),
      edge('b', 'trigger', 'e', 'trigger'),
    ];
    const result = exportToAgentSpec(workflow([...nodes, tool, bare], wired));
    expect(result.warnings).toContain(`'b' has no LLM model: written as a generic LlmConfig "default_llm" for the runtime to map`);
    // Written once, where the loader finds them: the tool by its name, the LLM config under "default_llm".
    const referenced = result.document!.$referenced_components as Record<string, Record<string, unknown>>;
    expect(referenced.t.tool).toMatchObject({ component_type: 'ServerTool', id: 'text_transform', name: 'text_transform' });
    expect(referenced.b.llm_config).toMatchObject({ component_type: 'LlmConfig', id: 'default_llm', model_id: 'default_llm' });
    expect(result.document!.agentspec_version).toBe('26.1.2');
  });
});

describe('rule configuration', () => {
  it('parses --rule flags and a rules: map, and refuses unknown ids and fixed rules', () => {
    expect(parseRuleFlags(['no-cycle=off', 'lossy-export=warn'])).toEqual({ 'no-cycle': 'off', 'lossy-export': 'warning' });
    expect(() => parseRuleFlags(['no-cycle'])).toThrow(RuleConfigError);
    expect(() => parseRuleFlags(['no-cycle=loud'])).toThrow('--rule "no-cycle=loud": expected <rule-id>=error|warning|off');
    expect(rulesFromConfigText('categories: []\nrules:\n  no-cycle: warning\n  some-validate-rule: off\n')).toEqual({
      'no-cycle': 'warning',
      'some-validate-rule': 'off',
    });
    expect(rulesFromConfigText('categories: []\n')).toEqual({});
    expect(() => rulesFromConfigText('rules: [a]')).toThrow('rules must be a map');
    expect(() => checkRuleConfig({ 'no-such': 'off' }, EXPORT_RULES)).toThrow('unknown rule "no-such"');
    // A shared config may name another command's rules; an id no command knows is a mistake.
    expect(checkRuleConfig({ 'duplicate-node-id': 'off', 'no-cycle': 'off' }, EXPORT_RULES, 'wfe.config.yaml', true)).toEqual({
      'no-cycle': 'off',
    });
    expect(() => checkRuleConfig({ 'no-cycel': 'off' }, EXPORT_RULES, 'wfe.config.yaml', true)).toThrow('did you mean "no-cycle"');
    expect(() => checkRuleConfig({ 'single-start': 'off' }, EXPORT_RULES)).toThrow('rule "single-start" cannot be changed');
  });

  it('wfe.config.yaml with a rules: key is still a valid catalog config', () => {
    expect(checkConfigFile('wfe.config.yaml', 'defaultDataType: string\nrules:\n  no-cycle: off\n')).toMatchObject({ ok: true });
  });
});
