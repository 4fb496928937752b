// The node type descriptor of a node imported from Agent Spec: the look of the catalog's Agent Spec starter
// for that component type (agentspec.llm_node…, one for every node kind of the language), or a generic look
// for a plugin's node kind, with the ports the component declares.
import type { ConfigSchema, JsonObject, NodeMetadata, NodePort } from '../contract/types.js';
import { BUILTIN_NODE_TYPES } from '../catalog/builtin-node-types.js';
import { drawnPorts } from '../catalog/editor-handles.js';
import { COMPONENT_TYPE_EXTENSION, snakeCase } from './component-types.js';

type Look = Pick<NodeMetadata, 'name' | 'description' | 'category' | 'type' | 'icon' | 'color'>;

const colour = (name: string) => `var(--fd-node-${name})`;

/** A plugin's node kind (not one of the language's): no starter describes it. */
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

/**
 * The look's visual types, led by one whose component draws every port of the node: the editor renders the
 * first supported type, and a tool look draws one port a side, a gateway only its branches. An edge on a
 * port it does not draw would be in the file but not on the canvas.
 */
function visualTypes(
  supported: string[],
  type: string | undefined,
  ports: { inputs: NodePort[]; outputs: NodePort[] },
  config: JsonObject,
): Pick<NodeMetadata, 'type' | 'supportedTypes'> {
  const drawsAll = (visual: string) => {
    const drawn = drawnPorts({ ...ports, type: visual, supportedTypes: [visual] }, config);
    return ports.inputs.every((p) => drawn.inputs.includes(p.id)) && ports.outputs.every((p) => drawn.outputs.includes(p.id));
  };
  const first = supported.find(drawsAll) ?? 'default';
  return { type: type === undefined || drawsAll(type) ? type : first, supportedTypes: [first, ...supported.filter((t) => t !== first)] };
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
  const look: Look = starter ?? { ...GENERIC, name: componentType };
  return {
    id,
    name: look.name,
    description: look.description,
    category: look.category,
    version: '1.0.0',
    ...visualTypes(starter?.supportedTypes ?? [look.type ?? 'default'], look.type, ports, config),
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
