// The node type descriptor of a node imported from Agent Spec: the look of wfe's Agent Spec starter for
// that component type (agentspec.llm_node…), or of the table below for types without a starter, with
// the ports the component declares.
import type { ConfigSchema, JsonObject, NodeMetadata, NodePort } from '../contract/types.js';
import { BUILTIN_NODE_TYPES } from '../catalog/builtin-node-types.js';
import { COMPONENT_TYPE_EXTENSION, snakeCase } from './component-types.js';

type Look = Pick<NodeMetadata, 'name' | 'description' | 'category' | 'type' | 'icon' | 'color'>;

const colour = (name: string) => `var(--fd-node-${name})`;

// Component types wfe ships no starter for.
const LOOKS: Record<string, Look> = {
  InputMessageNode: {
    name: 'Input Message',
    description: 'Agent Spec InputMessageNode: asks the user and waits for the answer',
    category: 'inputs',
    type: 'default',
    icon: 'mdi:message-question',
    color: colour('blue'),
  },
  OutputMessageNode: {
    name: 'Output Message',
    description: 'Agent Spec OutputMessageNode: shows a message to the user',
    category: 'outputs',
    type: 'default',
    icon: 'mdi:message-reply-text',
    color: colour('slate'),
  },
  CatchExceptionNode: {
    name: 'Catch Exception',
    description: 'Agent Spec CatchExceptionNode: runs a sub-flow and routes its failures',
    category: 'logic',
    type: 'default',
    icon: 'mdi:shield-alert',
    color: colour('purple'),
  },
  ParallelFlowNode: {
    name: 'Parallel Flows',
    description: 'Agent Spec ParallelFlowNode: runs several sub-flows at once',
    category: 'processing',
    type: 'default',
    icon: 'mdi:call-split',
    color: colour('teal'),
  },
  ParallelMapNode: {
    name: 'Parallel Map',
    description: 'Agent Spec ParallelMapNode: runs a sub-flow per item, in parallel',
    category: 'processing',
    type: 'default',
    icon: 'mdi:format-list-checks',
    color: colour('teal'),
  },
};

const GENERIC: Look = {
  name: 'Agent Spec Node',
  description: 'An Agent Spec node without a FlowDrop counterpart',
  category: 'processing',
  type: 'default',
  icon: 'mdi:puzzle',
  color: colour('slate'),
};

const builtins = new Map(BUILTIN_NODE_TYPES.map((n) => [n.id, n]));
export const builtinNodeType = (id: string): NodeMetadata | undefined => builtins.get(id);

const jsonType = (value: unknown): string | undefined =>
  value === null
    ? undefined
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'object'
        ? 'object'
        : typeof value === 'number'
          ? 'number'
          : typeof value === 'boolean'
            ? 'boolean'
            : 'string';

/** One property per config key, typed by its value: the editor gets a form, saves are never refused. */
function configSchemaFor(config: JsonObject): ConfigSchema {
  const properties: ConfigSchema['properties'] = {};
  for (const [key, value] of Object.entries(config)) {
    const type = jsonType(value);
    properties[key] = { title: key, ...(type ? { type } : {}), ...(type === 'object' || type === 'array' ? { format: 'json' } : {}) };
  }
  return { type: 'object', properties };
}

export function importedNodeType(
  componentType: string,
  ports: { inputs: NodePort[]; outputs: NodePort[] },
  config: JsonObject,
  lookupNodeType: (id: string) => NodeMetadata | undefined = builtinNodeType,
): NodeMetadata {
  const snake = snakeCase(componentType);
  const id = `agentspec.${snake}`;
  const starter = lookupNodeType(id);
  const look: Look = starter ?? LOOKS[componentType] ?? { ...GENERIC, name: componentType };
  return {
    id,
    name: look.name,
    description: look.description,
    category: look.category,
    version: '1.0.0',
    type: look.type,
    supportedTypes: starter?.supportedTypes ?? [look.type ?? 'default'],
    icon: look.icon,
    color: look.color,
    ...(starter?.badge ? { badge: starter.badge } : {}),
    tags: ['agentspec'],
    formats: ['agentspec'],
    extensions: { [COMPONENT_TYPE_EXTENSION]: snake },
    inputs: ports.inputs,
    outputs: ports.outputs,
    configSchema: configSchemaFor(config),
  };
}
