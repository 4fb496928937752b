// FlowDrop's own "Agent Spec" dialect (what the FlowDrop editor exports and its OpenAPI document
// describes): snake_case types, nodes referenced by name, `branches: [{name, condition}]`, ApiNode
// `endpoint`/`method`, an optional `{flow, agent, tools, llm_configs}` wrapper. It is converted to the
// official format on import, so the importer reads one format.
//
// The editor names LLM configs, tools, agents and flows that its document does not carry (a node's
// llm_config_ref, tool_ref…: `llm_config: "default_llm"`), or leaves them out. A name that resolves nowhere
// (not in the document, not in the components given) becomes the generic component `wfe export` writes for
// the same gap (mappers/placeholders.ts), with a warning that names the node and what is missing. The node
// remembers the name under `PLACEHOLDERS`, so the import gives it back as the node's own config key.
import { pascalCase } from './component-types.js';
import { DEFAULT_LLM_CONFIG, namedAgent, namedLlmConfig, namedServerTool } from './mappers/placeholders.js';
import { sanitizeTitle } from './properties.js';
import { AgentSpecError, isObject, setOwn, type AsObject, type AsProperty, type AsValue } from './types.js';

const SNAKE = /^[a-z][a-z0-9_]*$/;
const DIALECT_FIELDS = 'agentspec:dialect';

/**
 * Node metadata key: field → the FlowDrop config key that named what it holds, and the name (absent when the
 * document left it out). A FlowDrop key, so it never reaches the imported node's own metadata.
 */
export const PLACEHOLDERS = 'flowdrop:placeholders';

/** Something the import read in a way the document did not say, at its JSON pointer. */
export interface ImportWarning {
  message: string;
  path: string;
}

/** A lowercase component_type, a name-string start_node, or the document wrapper. */
export function isFlowdropDialect(document: unknown): boolean {
  if (!isObject(document)) return false;
  if (typeof document.component_type === 'string') return SNAKE.test(document.component_type) || typeof document.start_node === 'string';
  return isObject(document.flow) || isObject(document.agent);
}

export interface DialectOptions {
  /** Whether a reference key is defined outside the document (a components registry). */
  isSupplied?: (key: string) => boolean;
}

/** The document in the official format, and what the reader had to supply. */
export interface DialectReading {
  document: AsObject;
  warnings: ImportWarning[];
}

interface Reader {
  tools: Map<string, AsObject>;
  llmConfigs: Map<string, AsObject>;
  agents: Map<string, AsObject>;
  isSupplied: (key: string) => boolean;
  warnings: ImportWarning[];
}

/** The node a field belongs to, as warnings name it. */
interface Owner {
  label: string;
  type: string;
  path: string;
  inputs: AsProperty[];
  outputs: AsProperty[];
  /** Field → how it was filled in, when a placeholder stands in for it. */
  placeholders: AsObject;
}

const refKey = (value: AsValue | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value.replace(/^\$component_ref:/, '') : undefined;

function byName(list: AsValue | undefined): Map<string, AsObject> {
  const map = new Map<string, AsObject>();
  for (const item of Array.isArray(list) ? list : isObject(list) ? [list] : []) {
    if (!isObject(item)) continue;
    for (const key of [item.name, item.id]) if (typeof key === 'string') map.set(key, item);
  }
  return map;
}

const properties = (value: AsValue | undefined): AsProperty[] =>
  Array.isArray(value) ? value.filter((p): p is AsProperty => isObject(p) && typeof p.title === 'string') : [];

/**
 * What stands in for a component the document names but does not define (or leaves out): `build` makes it,
 * the node remembers the name under its FlowDrop config key, and a warning says so.
 */
function placeholder(
  reader: Reader,
  owner: Owner,
  what: {
    field: string;
    /** The dialect's key, when it differs from the official field. */
    at?: string;
    configKey?: string;
    kind: string;
    name: string | undefined;
    /** The name the placeholder gets when the document gives none: the node's own, unless said. */
    unnamed?: string;
    reading: string;
  },
  build: (name: string) => AsObject | undefined,
): AsObject | undefined {
  const name = what.name ?? what.unnamed ?? sanitizeTitle(owner.label);
  // A placeholder inside a component the node keeps (an agent's LLM config) is not the node's to remember.
  if (what.configKey)
    owner.placeholders[what.field] = { configKey: what.configKey, ...(what.name !== undefined ? { name: what.name } : {}) };
  const said = what.name !== undefined ? `names ${what.kind} "${what.name}", which the document does not define` : `names no ${what.kind}`;
  reader.warnings.push({
    message: `'${owner.label}' (${owner.type}) ${said}: ${what.reading.replaceAll('{name}', name)}`,
    path: `${owner.path}/${what.at ?? what.field}`,
  });
  return build(name);
}

function llmConfig(value: AsValue | undefined, reader: Reader, owner: Owner, { inAgent = false }: { inAgent?: boolean } = {}): AsValue {
  const field = inAgent ? 'agent/llm_config' : 'llm_config';
  const key = refKey(value);
  const found = key !== undefined ? reader.llmConfigs.get(key) : isObject(value) ? value : undefined;
  if (!found) {
    if (key !== undefined && reader.isSupplied(key)) return { $component_ref: key };
    const reading = 'read as a generic LlmConfig "{name}" (model_id "{name}") for the runtime to map';
    const configKey = inAgent ? undefined : 'llm_config_ref';
    const what = { field, configKey, kind: 'LLM config', name: key, unnamed: DEFAULT_LLM_CONFIG, reading };
    return placeholder(reader, owner, what, namedLlmConfig) ?? null;
  }
  if (found.component_type && !SNAKE.test(String(found.component_type))) return found;
  const { component_type: _t, parameters, url, provider, ...rest } = found;
  if (typeof rest.model_id !== 'string') throw new AgentSpecError('an llm_config needs a model_id', `${owner.path}/${field}`);
  return {
    component_type: typeof url === 'string' ? 'OpenAiCompatibleConfig' : 'OpenAiConfig',
    ...rest,
    ...(provider !== undefined ? { metadata: { ...(isObject(rest.metadata) ? rest.metadata : {}), provider } } : {}),
    ...(isObject(parameters) ? { default_generation_parameters: parameters } : {}),
    ...(typeof url === 'string' ? { url } : {}),
  };
}

function tool(value: AsValue | undefined, reader: Reader, owner: Owner): AsValue {
  const key = refKey(value);
  const found = key !== undefined ? reader.tools.get(key) : isObject(value) ? value : undefined;
  if (!found) {
    if (key !== undefined && reader.isSupplied(key)) return { $component_ref: key };
    const reading = 'read as a ServerTool "{name}" with the node\'s inputs and outputs, for the runtime to provide';
    return (
      placeholder(reader, owner, { field: 'tool', configKey: 'tool_ref', kind: 'tool', name: key, reading }, (name) =>
        namedServerTool(name, owner.inputs, owner.outputs),
      ) ?? null
    );
  }
  const type = String(found.component_type ?? 'server_tool');
  if (!SNAKE.test(type)) return found;
  const { component_type: _t, endpoint, method, function_name: _f, ...rest } = found;
  return {
    component_type: pascalCase(type),
    ...rest,
    ...(endpoint !== undefined ? { url: endpoint } : {}),
    ...(method !== undefined ? { http_method: method } : {}),
  };
}

function agent(value: AsValue | undefined, reader: Reader, owner: Owner): AsValue {
  const key = refKey(value);
  const found = key !== undefined ? reader.agents.get(key) : isObject(value) ? value : undefined;
  if (!found) {
    if (key !== undefined && reader.isSupplied(key)) return { $component_ref: key };
    const reading = 'read as an Agent "{name}" with the node\'s inputs and outputs and a generic LLM config, for the runtime to map';
    return (
      placeholder(reader, owner, { field: 'agent', configKey: 'agent_ref', kind: 'agent', name: key, reading }, (name) =>
        namedAgent(name, owner.inputs, owner.outputs),
      ) ?? null
    );
  }
  if (found.component_type && !SNAKE.test(String(found.component_type))) return found;
  const { component_type: _t, tools, llm_config, ...rest } = found;
  return {
    component_type: 'Agent',
    ...rest,
    llm_config: llmConfig(llm_config, reader, owner, { inAgent: true }),
    system_prompt: typeof rest.system_prompt === 'string' ? rest.system_prompt : '',
    ...(Array.isArray(tools) ? { tools: tools.map((t) => tool(t, reader, owner)) } : {}),
  };
}

/**
 * A FlowNode's or MapNode's flow: inline, or a name the components given define. A flow cannot be guessed:
 * a name defined nowhere is kept as the node's flow_ref / map_flow_ref, and the node has no subflow (which
 * validation and export then refuse, naming the node).
 */
function subflow(value: AsValue | undefined, reader: Reader, owner: Owner, at: string, configKey: string): AsValue | undefined {
  if (isObject(value)) return flow(value, reader, `${owner.path}/${at}`);
  const key = refKey(value);
  if (key === undefined) return undefined;
  if (reader.isSupplied(key)) return { $component_ref: key };
  const reading = `kept as its ${configKey}; an Agent Spec ${pascalCase(owner.type)} contains its flow, so it cannot run until the flow is added`;
  placeholder(reader, owner, { field: 'subflow', at, configKey, kind: 'flow', name: key, reading }, () => undefined);
  return undefined;
}
/** BranchingNode branches → mapping: a condition is the matched value, a branch without one maps its name. */
function mapping(branches: AsValue | undefined): AsObject {
  const out: AsObject = {};
  for (const branch of Array.isArray(branches) ? branches : []) {
    if (!isObject(branch) || typeof branch.name !== 'string' || branch.name === 'default') continue;
    out[typeof branch.condition === 'string' && branch.condition !== '' ? branch.condition : branch.name] = branch.name;
  }
  return out;
}

function node(raw: AsObject, id: string, reader: Reader, path: string): AsObject {
  const { component_type, name, description, metadata, inputs, outputs, ...fields } = raw;
  const type = pascalCase(String(component_type));
  const out: AsObject = { component_type: type, id, name: name ?? id };
  if (description !== undefined) out.description = description;
  const owner: Owner = {
    label: typeof name === 'string' ? name : id,
    type: String(component_type),
    path,
    inputs: properties(inputs),
    outputs: properties(outputs),
    placeholders: {},
  };
  const leftovers: AsObject = {};
  const take = (key: string, value: AsValue | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'id') continue;
    if (type === 'LlmNode' && key === 'llm_config') take('llm_config', llmConfig(value, reader, owner));
    else if (type === 'LlmNode' && key === 'prompt_template') take(key, value);
    else if (type === 'ApiNode' && (key === 'endpoint' || key === 'url')) take('url', value);
    else if (type === 'ApiNode' && (key === 'method' || key === 'http_method')) take('http_method', value);
    else if (type === 'ApiNode' && key === 'headers') take(key, value);
    else if (type === 'ApiNode' && (key === 'body' || key === 'data')) take('data', value);
    else if (type === 'BranchingNode' && key === 'branches') take('mapping', mapping(value));
    else if (type === 'ToolNode' && key === 'tool') take('tool', tool(value, reader, owner));
    else if (type === 'AgentNode' && key === 'agent') take('agent', agent(value, reader, owner));
    else if (type === 'FlowNode' && key === 'flow') take('subflow', subflow(value, reader, owner, key, 'flow_ref'));
    else if (type === 'MapNode' && key === 'map_flow') take('subflow', subflow(value, reader, owner, key, 'map_flow_ref'));
    else leftovers[key] = value;
  }
  // What the editor leaves out when the node's form names nothing.
  if (type === 'LlmNode') {
    out.llm_config ??= llmConfig(undefined, reader, owner);
    out.prompt_template ??= '';
  }
  if (type === 'ToolNode') out.tool ??= tool(undefined, reader, owner);
  if (type === 'AgentNode') out.agent ??= agent(undefined, reader, owner);
  if (type === 'ApiNode') {
    // The editor's data ports `url` and `body` are the request's URL and body, as `wfe export` writes them.
    const declared = new Set(owner.inputs.map((p) => p.title));
    out.url ??= declared.has('url') ? '{{url}}' : '';
    out.http_method ??= 'GET';
    const body = ['body', 'data'].find((title) => declared.has(title));
    if (out.data === undefined && body) out.data = `{{${body}}}`;
  }
  if (type === 'BranchingNode') out.mapping ??= {};
  const meta: AsObject = { ...(isObject(metadata) ? metadata : {}) };
  if (Object.keys(leftovers).length > 0) meta[DIALECT_FIELDS] = leftovers;
  if (Object.keys(owner.placeholders).length > 0) meta[PLACEHOLDERS] = owner.placeholders;
  out.metadata = meta;
  if (Array.isArray(inputs)) out.inputs = inputs;
  if (Array.isArray(outputs)) out.outputs = outputs;
  return out;
}

function flow(raw: AsObject, reader: Reader, base: string): AsObject {
  const nodes = Array.isArray(raw.nodes) ? raw.nodes : [];
  const idByName = new Map<string, string>();
  const converted: Record<string, AsObject> = {};
  nodes.forEach((entry, i) => {
    const path = `${base}/nodes/${i}`;
    if (!isObject(entry) || typeof entry.component_type !== 'string')
      throw new AgentSpecError('must be a node with a component_type', path);
    const metadata = isObject(entry.metadata) ? entry.metadata : {};
    let id = String(metadata['flowdrop:node_id'] ?? entry.id ?? entry.name ?? `node-${i + 1}`);
    while (Object.hasOwn(converted, id)) id = `${id}-${i + 1}`;
    if (typeof entry.name === 'string') idByName.set(entry.name, id);
    setOwn(converted, id, node(entry, id, reader, path));
  });
  const refTo = (name: AsValue | undefined, path: string): AsObject => {
    const id = typeof name === 'string' ? (idByName.get(name) ?? (Object.hasOwn(converted, name) ? name : undefined)) : undefined;
    if (!id) throw new AgentSpecError(`names node ${JSON.stringify(name)}, which is not in nodes`, path);
    return { $component_ref: id };
  };
  const control = (Array.isArray(raw.control_flow_connections) ? raw.control_flow_connections : []).map((edge, i) => {
    const path = `${base}/control_flow_connections/${i}`;
    if (!isObject(edge)) throw new AgentSpecError('must be an object', path);
    return {
      component_type: 'ControlFlowEdge',
      name: edge.name ?? `control_${i + 1}`,
      from_node: refTo(edge.from_node, `${path}/from_node`),
      from_branch: typeof edge.from_branch === 'string' ? edge.from_branch : null,
      to_node: refTo(edge.to_node, `${path}/to_node`),
    };
  });
  // The dialect writes null for "no data edges"; in the official format null means name-based passing.
  const data = (Array.isArray(raw.data_flow_connections) ? raw.data_flow_connections : []).map((edge, i) => {
    const path = `${base}/data_flow_connections/${i}`;
    if (!isObject(edge)) throw new AgentSpecError('must be an object', path);
    return {
      component_type: 'DataFlowEdge',
      name: edge.name ?? `data_${i + 1}`,
      source_node: refTo(edge.source_node, `${path}/source_node`),
      source_output: edge.source_output ?? 'output',
      destination_node: refTo(edge.destination_node, `${path}/destination_node`),
      destination_input: edge.destination_input ?? 'input',
    };
  });
  const metadata = isObject(raw.metadata) ? raw.metadata : {};
  const out: AsObject = { component_type: 'Flow' };
  const id = metadata['flowdrop:workflow_id'] ?? raw.id;
  if (typeof id === 'string') out.id = id;
  out.name = raw.name ?? 'Imported flow';
  if (raw.description !== undefined) out.description = raw.description;
  out.metadata = metadata;
  out.start_node = refTo(raw.start_node, `${base}/start_node`);
  out.nodes = Object.keys(converted).map((k) => ({ $component_ref: k }));
  out.control_flow_connections = control;
  out.data_flow_connections = data;
  out.$referenced_components = converted;
  return out;
}

/** The official form of a FlowDrop-dialect document (a Flow, or the {flow, agent, …} wrapper). */
export function readDialect(document: AsObject, options: DialectOptions = {}): DialectReading {
  const reader: Reader = {
    tools: byName(document.tools),
    llmConfigs: byName(document.llm_configs),
    agents: byName(document.agent),
    isSupplied: options.isSupplied ?? (() => false),
    warnings: [],
  };
  const read = (official: AsObject): DialectReading => ({ document: official, warnings: reader.warnings });
  if (typeof document.component_type === 'string') {
    if (document.component_type !== 'flow') return read({ component_type: pascalCase(document.component_type) });
    return read(flow(document, reader, ''));
  }
  // FlowDrop's document form ({flow, tools, llm_configs, metadata}, what GET …/export/agentspec?format=document
  // writes) around an official Flow: that Flow, which holds every component it uses.
  if (isObject(document.flow) && document.flow.component_type === 'Flow') return read(document.flow);
  if (isObject(document.flow)) return read(flow(document.flow, reader, '/flow'));
  // Else the wrapper holds an agent (isFlowdropDialect asks for one of the two).
  const agent = isObject(document.agent) ? document.agent : {};
  return read({ component_type: pascalCase(String(agent.component_type ?? 'agent')) });
}

/** The official form of a FlowDrop-dialect document, without the reader's warnings. */
export const dialectToOfficial = (document: AsObject): AsObject => readDialect(document).document;
