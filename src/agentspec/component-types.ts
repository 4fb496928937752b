// Which Agent Spec node a FlowDrop node becomes, and what each Agent Spec node type carries.
import type { NodeMetadata, WorkflowNode } from '../contract/types.js';

export const COMPONENT_TYPE_EXTENSION = 'agentspec:component_type';

export interface NodeComponentInfo {
  /** Type-specific fields in pyagentspec's order (after the envelope). */
  fields: string[];
  /** Fields whose values are components (or lists of them). */
  componentFields: string[];
}

export const NODE_COMPONENTS: Record<string, NodeComponentInfo> = {
  StartNode: { fields: [], componentFields: [] },
  EndNode: { fields: ['branch_name'], componentFields: [] },
  LlmNode: { fields: ['llm_config', 'prompt_template'], componentFields: ['llm_config'] },
  AgentNode: { fields: ['agent'], componentFields: ['agent'] },
  ToolNode: { fields: ['tool'], componentFields: ['tool'] },
  BranchingNode: { fields: ['mapping'], componentFields: [] },
  FlowNode: { fields: ['subflow'], componentFields: ['subflow'] },
  MapNode: { fields: ['subflow', 'reducers'], componentFields: ['subflow'] },
  ParallelMapNode: { fields: ['subflow', 'reducers'], componentFields: ['subflow'] },
  ParallelFlowNode: { fields: ['subflows'], componentFields: ['subflows'] },
  ApiNode: {
    fields: [
      'url',
      'http_method',
      'api_spec_uri',
      'data',
      'query_params',
      'headers',
      'sensitive_headers',
      'url_allow_list',
      'retry_policy',
    ],
    componentFields: [],
  },
  InputMessageNode: { fields: ['message'], componentFields: [] },
  OutputMessageNode: { fields: ['message'], componentFields: [] },
  CatchExceptionNode: { fields: ['subflow'], componentFields: ['subflow'] },
};

/** "llm_node" or "LlmNode" → "LlmNode"; "MCPTool" stays. */
export function pascalCase(name: string): string {
  if (!name.includes('_') && /^[A-Z]/.test(name)) return name;
  return name
    .split('_')
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** "LlmNode" → "llm_node", "MCPTool" → "mcp_tool" (FlowDrop's spelling of the extension value). */
export const snakeCase = (name: string): string =>
  name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();

export type ToolFlavour = 'ServerTool' | 'ClientTool';

/** A FlowDrop node kind written as a composition of Agent Spec nodes rather than one node of that type. */
type Variant = 'human-review';

export type Resolution =
  | { kind: 'node'; type: string; tool?: ToolFlavour; variant?: Variant; from: 'extension' | 'node-type' | 'category' }
  | { kind: 'note' }
  | { kind: 'unmappable' };

// The built-in FlowDrop node types whose meaning has a closer Agent Spec node than their category's.
const BY_NODE_TYPE: Record<string, { type: string; tool?: ToolFlavour; variant?: Variant }> = {
  start: { type: 'StartNode' },
  end: { type: 'EndNode' },
  chat_model: { type: 'LlmNode' },
  http_request: { type: 'ApiNode' },
  conditional_router: { type: 'BranchingNode' },
  chat_input: { type: 'InputMessageNode' },
  text_input: { type: 'InputMessageNode' },
  file_input: { type: 'InputMessageNode' },
  chat_output: { type: 'OutputMessageNode' },
  text_output: { type: 'OutputMessageNode' },
  // A FlowNode whose subflow asks the question and leaves by an "approved" or a "rejected" EndNode.
  human_review: { type: 'FlowNode', variant: 'human-review' },
};

// A server-side FlowDrop step is a tool the orchestrator runs (ServerTool); an interrupt waits for the
// client (ClientTool). Categories not listed (helpers, bundles, custom ones) have no mapping.
const BY_CATEGORY: Record<string, { type: string; tool?: ToolFlavour }> = {
  triggers: { type: 'StartNode' },
  inputs: { type: 'InputMessageNode' },
  outputs: { type: 'OutputMessageNode' },
  models: { type: 'LlmNode' },
  ai: { type: 'LlmNode' },
  agents: { type: 'AgentNode' },
  tools: { type: 'ToolNode', tool: 'ServerTool' },
  processing: { type: 'ToolNode', tool: 'ServerTool' },
  data: { type: 'ToolNode', tool: 'ServerTool' },
  prompts: { type: 'ToolNode', tool: 'ServerTool' },
  memories: { type: 'ToolNode', tool: 'ServerTool' },
  embeddings: { type: 'ToolNode', tool: 'ServerTool' },
  'vector stores': { type: 'ToolNode', tool: 'ServerTool' },
  logic: { type: 'ToolNode', tool: 'ServerTool' },
  interrupts: { type: 'ToolNode', tool: 'ClientTool' },
};

/** A declared component type is usable if it names a node class (plugins included: "…Node"). */
function declaredType(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const type = pascalCase(value.trim());
  return NODE_COMPONENTS[type] || /^[A-Z][A-Za-z0-9]*Node$/.test(type) ? type : undefined;
}

/** The node type a node is an instance of, as messages name it. */
export const nodeTypeIdOf = (node: WorkflowNode): string => node.data?.metadata?.id ?? node.type ?? 'unknown';

/** config.nodeType, else the node type's visual type; a nodeType that is not a string names none. */
function visualTypeOf(node: WorkflowNode): string | undefined {
  const nodeType = node.data.config?.nodeType;
  if (nodeType === undefined || nodeType === null) return node.data.metadata?.type;
  return typeof nodeType === 'string' ? nodeType : undefined;
}

/**
 * Resolution order: the instance's extensions, the embedded node type's, the catalog's node type's, then
 * the built-in node type id, then visual type and category. Never a silent default.
 */
export function resolveComponentType(node: WorkflowNode, lookupNodeType?: (id: string) => NodeMetadata | undefined): Resolution {
  const meta = node.data.metadata;
  const declared = [
    node.data.extensions?.[COMPONENT_TYPE_EXTENSION],
    meta?.extensions?.[COMPONENT_TYPE_EXTENSION],
    meta?.id ? lookupNodeType?.(meta.id)?.extensions?.[COMPONENT_TYPE_EXTENSION] : undefined,
  ];
  for (const value of declared) {
    if (value === undefined) continue;
    const type = declaredType(value);
    return type
      ? { kind: 'node', type, from: 'extension', ...(type === 'ToolNode' ? { tool: 'ServerTool' as const } : {}) }
      : { kind: 'unmappable' };
  }
  const visual = visualTypeOf(node);
  if (visual === 'note' || meta?.type === 'note') return { kind: 'note' };
  const byId = meta?.id ? BY_NODE_TYPE[meta.id] : undefined;
  if (byId) return { kind: 'node', ...byId, from: 'node-type' };
  if (visual === 'gateway') return { kind: 'node', type: 'BranchingNode', from: 'node-type' };
  const category = meta?.category;
  if (visual === 'terminal' && category === 'outputs') return { kind: 'node', type: 'EndNode', from: 'category' };
  const byCategory = category ? BY_CATEGORY[category] : undefined;
  return byCategory ? { kind: 'node', ...byCategory, from: 'category' } : { kind: 'unmappable' };
}
