// What the FlowDrop editor's Agent Spec adapter writes (its "export as Agent Spec" download, and the body its
// runtime client posts to /agentspec/flows/validate and /agentspec/flows/execute) for flows built from an
// Agent Spec palette: wfe's own starters (GET /nodes: agentspec.*) or the library's default palette. Written
// here from the shape of that output, as a user of the editor would get it:
// - nodes are named by their label, with snake_case component_type, the node type's description, data ports
//   (not trigger or tool ports) as inputs/outputs (a `mixed` port as a string), and flowdrop:position,
//   flowdrop:node_id and flowdrop:node_type_id metadata;
// - an LLM config, a tool, an agent or a flow is written by the name the node's config gives
//   (llm_config_ref, tool_ref, agent_ref, flow_ref, map_flow_ref) and left out when the name is empty;
// - a gateway's branches are `{name, condition}` (no condition on the default), edges leaving one name their
//   branch, other control edges have no from_branch at all;
// - `data_flow_connections` is null when there are no data edges.
type Json = Record<string, unknown>;

interface Port {
  title: string;
  type: string;
  description?: string;
}

interface PaletteNode {
  component_type: string;
  /** The node type's name: the label a node dropped from the palette gets. */
  label: string;
  typeId: string;
  description: string;
  inputs: Port[];
  outputs: Port[];
  /** Type-specific fields as the adapter writes them from the palette's config defaults. */
  fields: Json;
}

const port = (title: string, type: string, description?: string): Port => ({ title, type, ...(description ? { description } : {}) });

/** wfe's Agent Spec starters (src/catalog/builtin-node-types.ts), as the editor exports a node dropped from them. */
export const WFE_PALETTE: Record<string, PaletteNode> = {
  start: {
    component_type: 'start_node',
    label: 'Start Node',
    typeId: 'agentspec.start_node',
    description: 'Agent Spec StartNode: the entry of the flow; its outputs are the flow inputs',
    inputs: [],
    outputs: [port('user_input', 'string', 'The input the flow was started with')],
    fields: {},
  },
  end: {
    component_type: 'end_node',
    label: 'End Node',
    typeId: 'agentspec.end_node',
    description: 'Agent Spec EndNode: finishes the flow; its inputs are the flow outputs',
    inputs: [port('result', 'string', 'Returned as the flow output')],
    outputs: [],
    fields: {},
  },
  llm: {
    component_type: 'llm_node',
    label: 'LLM Node',
    typeId: 'agentspec.llm_node',
    description: 'Agent Spec LlmNode: renders a prompt template and asks the configured LLM',
    inputs: [port('prompt', 'string', 'Available to the template as {{ prompt }}')],
    outputs: [port('llm_output', 'string', 'The generated text')],
    fields: { prompt_template: '{{ prompt }}', llm_config: 'default_llm' },
  },
  branch: {
    component_type: 'branching_node',
    label: 'Branching Node',
    typeId: 'agentspec.branching_node',
    description: 'Agent Spec BranchingNode: picks the branch whose value equals the input, else "default"',
    inputs: [port('input', 'string', 'Value looked up in the branch conditions')],
    outputs: [],
    fields: { branches: [{ name: 'yes', condition: 'yes' }, { name: 'default' }] },
  },
  tool: {
    component_type: 'tool_node',
    label: 'Tool Node',
    typeId: 'agentspec.tool_node',
    description: 'Agent Spec ToolNode: runs one tool with the given inputs',
    inputs: [port('input', 'string', 'Passed to the tool')],
    outputs: [port('result', 'string', 'What the tool returned')],
    fields: {},
  },
  api: {
    component_type: 'api_node',
    label: 'API Node',
    typeId: 'agentspec.api_node',
    description: 'Agent Spec ApiNode: calls an HTTP endpoint',
    inputs: [port('body', 'object', 'Request body')],
    outputs: [port('response', 'object', 'Parsed response body'), port('status_code', 'number', 'HTTP status code')],
    fields: { endpoint: 'https://api.example.com/v1/resource', method: 'GET', headers: {} },
  },
  agent: {
    component_type: 'agent_node',
    label: 'Agent Node',
    typeId: 'agentspec.agent_node',
    description: 'Agent Spec AgentNode: hands the input to an agent and waits for its answer',
    inputs: [port('input', 'string', 'Message for the agent')],
    outputs: [port('output', 'string', 'The agent answer')],
    fields: {},
  },
  flow: {
    component_type: 'flow_node',
    label: 'Flow Node',
    typeId: 'agentspec.flow_node',
    description: 'Agent Spec FlowNode: runs another flow as one step',
    inputs: [port('input', 'string', 'Input of the sub-flow')],
    outputs: [port('output', 'string', 'Output of the sub-flow')],
    fields: {},
  },
  map: {
    component_type: 'map_node',
    label: 'Map Node',
    typeId: 'agentspec.map_node',
    description: 'Agent Spec MapNode: runs a flow once per item of a collection',
    inputs: [port('collection', 'array', 'Items to map over')],
    outputs: [port('results', 'array', 'One result per item')],
    fields: { input_collection: 'collection', output_collection: 'results' },
  },
};

/** The library's own default Agent Spec palette: empty names, so the LLM config, tool and agent are left out. */
export const LIBRARY_PALETTE: Record<string, PaletteNode> = {
  start: {
    component_type: 'start_node',
    label: 'Start',
    typeId: 'agentspec.start_node',
    description: 'Flow entry point. Defines the initial inputs for the flow.',
    inputs: [],
    outputs: [],
    fields: {},
  },
  end: {
    component_type: 'end_node',
    label: 'End',
    typeId: 'agentspec.end_node',
    description: 'Flow exit point. Defines the final outputs of the flow.',
    inputs: [],
    outputs: [],
    fields: {},
  },
  llm: {
    component_type: 'llm_node',
    label: 'LLM',
    typeId: 'agentspec.llm_node',
    description: 'Generate text using a large language model with configurable prompts.',
    inputs: [port('prompt', 'string', 'Input prompt text (can also use {{variable}} in prompt template)')],
    outputs: [port('llm_output', 'string', 'Generated text from the LLM')],
    fields: { prompt_template: '{{prompt}}' },
  },
  tool: {
    component_type: 'tool_node',
    label: 'Tool',
    typeId: 'agentspec.tool_node',
    description: 'Execute a tool function with inputs and receive outputs.',
    inputs: [],
    outputs: [port('result', 'string', 'Tool execution result')],
    fields: {},
  },
  agent: {
    component_type: 'agent_node',
    label: 'Agent',
    typeId: 'agentspec.agent_node',
    description: 'Run a multi-round agent conversation within the flow.',
    inputs: [port('input', 'string', 'Input message for the agent')],
    outputs: [port('output', 'string', 'Agent response output')],
    fields: {},
  },
  api: {
    component_type: 'api_node',
    label: 'API Call',
    typeId: 'agentspec.api_node',
    description: 'Make an HTTP API call with configurable endpoint, method, and headers.',
    inputs: [port('body', 'object', 'Request body data')],
    outputs: [port('response', 'object', 'API response data'), port('status_code', 'number', 'HTTP status code')],
    fields: { method: 'GET', headers: {} },
  },
  branch: {
    component_type: 'branching_node',
    label: 'Branch',
    typeId: 'agentspec.branching_node',
    description: 'Route execution to different paths based on conditions.',
    inputs: [port('input', 'string', 'Data to evaluate branch conditions against')],
    outputs: [],
    fields: { branches: [] },
  },
};

interface Placed {
  /** The node's id in the editor (agentspec.<type>.<n>, as the editor numbers a dropped node). */
  id: string;
  from: PaletteNode;
  /** A label the user gave; else the palette's. */
  label?: string;
  /** Fields the user set in the node's form (e.g. `{ tool: 'text_transform' }`). */
  fields?: Json;
}

/** A node as the adapter writes it. */
function written({ id, from, label, fields }: Placed, x: number): Json {
  return {
    component_type: from.component_type,
    name: label ?? from.label,
    description: from.description,
    ...(from.inputs.length > 0 ? { inputs: from.inputs } : {}),
    ...(from.outputs.length > 0 ? { outputs: from.outputs } : {}),
    metadata: { 'flowdrop:position': { x, y: 100 }, 'flowdrop:node_id': id, 'flowdrop:node_type_id': from.typeId },
    ...from.fields,
    ...fields,
  };
}

/** "a -> b" or "a -> b [branch]" between node names, or "a.out -> b.in" for data. */
export interface EditorExportSpec {
  name: string;
  nodes: Placed[];
  control: string[];
  data?: string[];
}

export function editorExport(spec: EditorExportSpec): Json {
  const nameOf = new Map(spec.nodes.map((p) => [p.id, p.label ?? p.from.label]));
  const named = (id: string) => {
    const name = nameOf.get(id);
    if (!name) throw new Error(`no node ${id} in ${spec.name}`);
    return name;
  };
  const control = spec.control.map((text) => {
    const [, from, to, branch] = /^(\S+) -> (\S+)(?: \[(\S+)\])?$/.exec(text) ?? [];
    return {
      name: `${named(from)}_to_${named(to)}${branch ? `_${branch}` : ''}`,
      from_node: named(from),
      to_node: named(to),
      ...(branch ? { from_branch: branch } : {}),
    };
  });
  const data = (spec.data ?? []).map((text) => {
    const [, from, output, to, input] = /^(\S+)\.(\S+) -> (\S+)\.(\S+)$/.exec(text) ?? [];
    return {
      name: `${named(from)}_${output}_to_${named(to)}_${input}`,
      source_node: named(from),
      source_output: output,
      destination_node: named(to),
      destination_input: input,
    };
  });
  const start = spec.nodes.find((p) => p.from.component_type === 'start_node');
  return {
    component_type: 'flow',
    name: spec.name,
    description: `${spec.name}, built in the editor`,
    start_node: start ? named(start.id) : named(spec.nodes[0].id),
    nodes: spec.nodes.map((p, i) => written(p, 100 + 300 * i)),
    control_flow_connections: control,
    data_flow_connections: data.length > 0 ? data : null,
    metadata: { 'flowdrop:workflow_id': spec.name, 'flowdrop:version': '1.0.0' },
  };
}

const W = WFE_PALETTE;
const L = LIBRARY_PALETTE;
const at = (type: string, n = 1) => `agentspec.${type}.${n}`;

/** start → one node of `middle` → end, wired with the data ports the palette gives. */
function linear(name: string, palette: Record<string, PaletteNode>, middle: Placed, data: string[] = []): EditorExportSpec {
  const start = { id: at('start_node'), from: palette.start };
  const end = { id: at('end_node'), from: palette.end };
  return { name, nodes: [start, middle, end], control: [`${start.id} -> ${middle.id}`, `${middle.id} -> ${end.id}`], data };
}

/**
 * Thirteen flows a user builds in the editor and exports (or runs) as Agent Spec. The names say the palette
 * (wfe's starters or the library's) and what the flow holds.
 */
function editorExportSpecs(): EditorExportSpec[] {
  const llm = { id: at('llm_node'), from: W.llm };
  const start = at('start_node');
  const end = at('end_node');
  return [
    linear('wfe-llm', W, llm, [`${start}.user_input -> ${llm.id}.prompt`, `${llm.id}.llm_output -> ${end}.result`]),
    linear('library-llm', L, { id: at('llm_node'), from: L.llm }),
    linear('wfe-tool-named', W, { id: at('tool_node'), from: W.tool, fields: { tool: 'text_transform' } }, [
      `${start}.user_input -> ${at('tool_node')}.input`,
      `${at('tool_node')}.result -> ${end}.result`,
    ]),
    linear('library-tool', L, { id: at('tool_node'), from: L.tool }),
    linear('wfe-agent', W, { id: at('agent_node'), from: W.agent }, [
      `${start}.user_input -> ${at('agent_node')}.input`,
      `${at('agent_node')}.output -> ${end}.result`,
    ]),
    linear('library-agent-named', L, { id: at('agent_node'), from: L.agent, fields: { agent: 'support_agent' } }),
    linear('wfe-api', W, { id: at('api_node'), from: W.api }),
    linear('library-api', L, { id: at('api_node'), from: L.api }),
    {
      name: 'wfe-branch',
      nodes: [
        { id: start, from: W.start },
        { id: at('branching_node'), from: W.branch },
        { id: end, from: W.end, label: 'Yes' },
        { id: at('end_node', 2), from: W.end, label: 'Otherwise' },
      ],
      control: [
        `${start} -> ${at('branching_node')}`,
        `${at('branching_node')} -> ${end} [yes]`,
        `${at('branching_node')} -> ${at('end_node', 2)} [default]`,
      ],
      data: [`${start}.user_input -> ${at('branching_node')}.input`],
    },
    {
      name: 'library-branch',
      nodes: [
        { id: start, from: L.start },
        {
          id: at('branching_node'),
          from: L.branch,
          fields: { branches: [{ name: 'approve', condition: 'approve' }, { name: 'reject' }] },
        },
        { id: end, from: L.end, label: 'Approved' },
        { id: at('end_node', 2), from: L.end, label: 'Rejected' },
      ],
      control: [
        `${start} -> ${at('branching_node')}`,
        `${at('branching_node')} -> ${end} [approve]`,
        `${at('branching_node')} -> ${at('end_node', 2)} [reject]`,
      ],
    },
    linear('wfe-flow', W, { id: at('flow_node'), from: W.flow }),
    linear('wfe-map', W, { id: at('map_node'), from: W.map }),
    {
      name: 'wfe-pipeline',
      nodes: [
        { id: start, from: W.start },
        llm,
        { id: at('branching_node'), from: W.branch },
        { id: at('tool_node'), from: W.tool, fields: { tool: 'text_transform' } },
        { id: end, from: W.end },
      ],
      control: [
        `${start} -> ${llm.id}`,
        `${llm.id} -> ${at('branching_node')}`,
        `${at('branching_node')} -> ${at('tool_node')} [yes]`,
        `${at('branching_node')} -> ${end} [default]`,
        `${at('tool_node')} -> ${end}`,
      ],
      data: [
        `${start}.user_input -> ${llm.id}.prompt`,
        `${llm.id}.llm_output -> ${at('branching_node')}.input`,
        `${llm.id}.llm_output -> ${at('tool_node')}.input`,
        `${at('tool_node')}.result -> ${end}.result`,
      ],
    },
  ];
}

export const editorExports = (): Array<{ name: string; document: Json }> =>
  editorExportSpecs().map((spec) => ({ name: spec.name, document: editorExport(spec) }));
