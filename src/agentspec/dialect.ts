// FlowDrop's own "Agent Spec" dialect (what the FlowDrop editor exports and its OpenAPI document
// describes): snake_case types, nodes referenced by name, `branches: [{name, condition}]`, ApiNode
// `endpoint`/`method`, an optional `{flow, agent, tools, llm_configs}` wrapper. It is converted to the
// official format on import, so the importer reads one format.
import { pascalCase } from './component-types.js';
import { AgentSpecError, isObject, type AsObject, type AsValue } from './types.js';

const SNAKE = /^[a-z][a-z0-9_]*$/;
const DIALECT_FIELDS = 'agentspec:dialect';

/** A lowercase component_type, a name-string start_node, or the document wrapper. */
export function isFlowdropDialect(document: unknown): boolean {
  if (!isObject(document)) return false;
  if (typeof document.component_type === 'string') return SNAKE.test(document.component_type) || typeof document.start_node === 'string';
  return isObject(document.flow) || isObject(document.agent);
}

interface Shared {
  tools: Map<string, AsObject>;
  llmConfigs: Map<string, AsObject>;
}

const refKey = (value: AsValue | undefined): string | undefined =>
  typeof value === 'string' ? value.replace(/^\$component_ref:/, '') : undefined;

function byName(list: AsValue | undefined): Map<string, AsObject> {
  const map = new Map<string, AsObject>();
  for (const item of Array.isArray(list) ? list : []) {
    if (!isObject(item)) continue;
    for (const key of [item.name, item.id]) if (typeof key === 'string') map.set(key, item);
  }
  return map;
}

function llmConfig(value: AsValue | undefined, shared: Shared, path: string): AsValue {
  const key = refKey(value);
  const found = key !== undefined ? shared.llmConfigs.get(key) : isObject(value) ? value : undefined;
  if (!found) return key !== undefined ? { $component_ref: key } : { $component_ref: 'default_llm' };
  if (found.component_type && !SNAKE.test(String(found.component_type))) return found;
  const { component_type: _t, parameters, url, provider, ...rest } = found;
  if (typeof rest.model_id !== 'string') throw new AgentSpecError('an llm_config needs a model_id', path);
  return {
    component_type: typeof url === 'string' ? 'OpenAiCompatibleConfig' : 'OpenAiConfig',
    ...rest,
    ...(provider !== undefined ? { metadata: { ...(isObject(rest.metadata) ? rest.metadata : {}), provider } } : {}),
    ...(isObject(parameters) ? { default_generation_parameters: parameters } : {}),
    ...(typeof url === 'string' ? { url } : {}),
  };
}

function tool(value: AsValue | undefined, shared: Shared): AsValue {
  const key = refKey(value);
  const found = key !== undefined ? shared.tools.get(key) : isObject(value) ? value : undefined;
  if (!found) return { $component_ref: key ?? 'tool' };
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

function agent(value: AsValue | undefined, shared: Shared, path: string): AsValue {
  const key = refKey(value);
  if (!isObject(value)) return { $component_ref: key ?? 'agent' };
  const { component_type: _t, tools, llm_config, ...rest } = value;
  return {
    component_type: 'Agent',
    ...rest,
    llm_config: llmConfig(llm_config, shared, `${path}/llm_config`),
    system_prompt: typeof rest.system_prompt === 'string' ? rest.system_prompt : '',
    ...(Array.isArray(tools) ? { tools: tools.map((t) => tool(t, shared)) } : {}),
  };
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

function node(raw: AsObject, id: string, shared: Shared, path: string): AsObject {
  const { component_type, name, description, metadata, inputs, outputs, ...fields } = raw;
  const type = pascalCase(String(component_type));
  const out: AsObject = { component_type: type, id, name: name ?? id };
  if (description !== undefined) out.description = description;
  const leftovers: AsObject = {};
  const take = (key: string, value: AsValue | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'id') continue;
    if (type === 'LlmNode' && key === 'llm_config') take('llm_config', llmConfig(value, shared, `${path}/llm_config`));
    else if (type === 'LlmNode' && key === 'prompt_template') take(key, value);
    else if (type === 'ApiNode' && (key === 'endpoint' || key === 'url')) take('url', value);
    else if (type === 'ApiNode' && (key === 'method' || key === 'http_method')) take('http_method', value);
    else if (type === 'ApiNode' && key === 'headers') take(key, value);
    else if (type === 'ApiNode' && (key === 'body' || key === 'data')) take('data', value);
    else if (type === 'BranchingNode' && key === 'branches') take('mapping', mapping(value));
    else if (type === 'ToolNode' && key === 'tool') take('tool', tool(value, shared));
    else if (type === 'AgentNode' && key === 'agent') take('agent', agent(value, shared, `${path}/agent`));
    else if ((type === 'FlowNode' && key === 'flow') || (type === 'MapNode' && key === 'map_flow'))
      take('subflow', isObject(value) ? flow(value, shared, `${path}/${key}`) : { $component_ref: refKey(value) ?? `${id}-subflow` });
    else leftovers[key] = value;
  }
  if (type === 'LlmNode') {
    out.llm_config ??= { $component_ref: 'default_llm' };
    out.prompt_template ??= '';
  }
  if (type === 'ApiNode') {
    out.url ??= '';
    out.http_method ??= 'GET';
  }
  if (type === 'BranchingNode') out.mapping ??= {};
  const meta: AsObject = { ...(isObject(metadata) ? metadata : {}) };
  if (Object.keys(leftovers).length > 0) meta[DIALECT_FIELDS] = leftovers;
  out.metadata = meta;
  if (Array.isArray(inputs)) out.inputs = inputs;
  if (Array.isArray(outputs)) out.outputs = outputs;
  return out;
}

function flow(raw: AsObject, shared: Shared, base: string): AsObject {
  const nodes = Array.isArray(raw.nodes) ? raw.nodes : [];
  const idByName = new Map<string, string>();
  const converted: Record<string, AsObject> = {};
  nodes.forEach((entry, i) => {
    const path = `${base}/nodes/${i}`;
    if (!isObject(entry) || typeof entry.component_type !== 'string')
      throw new AgentSpecError('must be a node with a component_type', path);
    const metadata = isObject(entry.metadata) ? entry.metadata : {};
    let id = String(metadata['flowdrop:node_id'] ?? entry.id ?? entry.name ?? `node-${i + 1}`);
    while (id in converted) id = `${id}-${i + 1}`;
    if (typeof entry.name === 'string') idByName.set(entry.name, id);
    converted[id] = node(entry, id, shared, path);
  });
  const refTo = (name: AsValue | undefined, path: string): AsObject => {
    const id = typeof name === 'string' ? (idByName.get(name) ?? (name in converted ? name : undefined)) : undefined;
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
export function dialectToOfficial(document: AsObject): AsObject {
  const shared: Shared = { tools: byName(document.tools), llmConfigs: byName(document.llm_configs) };
  if (typeof document.component_type === 'string') {
    if (document.component_type !== 'flow') return { component_type: pascalCase(document.component_type) };
    return flow(document, shared, '');
  }
  if (isObject(document.flow)) return flow(document.flow, shared, '/flow');
  // Else the wrapper holds an agent (isFlowdropDialect asks for one of the two).
  const agent = isObject(document.agent) ? document.agent : {};
  return { component_type: pascalCase(String(agent.component_type ?? 'agent')) };
}
