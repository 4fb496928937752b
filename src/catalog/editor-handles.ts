// Which handles the FlowDrop editor draws on a node: an edge whose handle is not among them is kept in the
// file but invisible on the canvas. The editor picks a node's component by its visual type (config.nodeType
// when the node type supports it, else the node type's first supported type, else its type) and each
// component draws its own ports:
// - gateway: its input ports, and one output per `config.branches` entry (no declared output at all);
// - tool: only the first input and the first output of the node type's portDataType (`tool` unless set);
// - note: none;
// - terminal: the declared inputs and outputs;
// - default, simple, square and any other: the declared ports plus config.dynamicInputs / dynamicOutputs.
import type { NodeMetadata, WorkflowNode } from '../contract/types.js';
import { isRecord } from '../util/narrow.js';

export interface DrawnHandles {
  inputs: string[];
  outputs: string[];
}

/** The visual type whose component the editor renders for this node. */
export function renderedVisualType(meta: Pick<NodeMetadata, 'type' | 'supportedTypes'>, configNodeType?: unknown): string {
  const supported = meta.supportedTypes && meta.supportedTypes.length > 0 ? meta.supportedTypes : [meta.type ?? 'default'];
  if (typeof configNodeType === 'string' && supported.includes(configNodeType)) return configNodeType;
  return supported[0];
}

/** The `name` of every entry of a config list (gateway branches, dynamic ports). */
const namesOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.flatMap((item) => (isRecord(item) && typeof item.name === 'string' ? [item.name] : [])) : [];

/** The port ids (inputs) and handle ids (outputs) the editor draws on a node of this node type and config. */
/** What of a node type decides the handles drawn. */
export type DrawnLook = Pick<NodeMetadata, 'type' | 'supportedTypes' | 'inputs' | 'outputs' | 'portDataType'>;

export function drawnPorts(meta: DrawnLook, config: Record<string, unknown> = {}): DrawnHandles {
  const inputs = (meta.inputs ?? []).map((p) => p.id);
  const outputs = (meta.outputs ?? []).map((p) => p.id);
  switch (renderedVisualType(meta, config.nodeType)) {
    case 'gateway':
      return { inputs, outputs: namesOf(config.branches) };
    case 'tool': {
      const dataType = meta.portDataType ?? 'tool';
      const first = (ports: DrawnLook['inputs']) => ports?.find((p) => p.dataType === dataType)?.id;
      return {
        inputs: [first(meta.inputs)].filter((id) => id !== undefined),
        outputs: [first(meta.outputs)].filter((id) => id !== undefined),
      };
    }
    case 'note':
      return { inputs: [], outputs: [] };
    case 'terminal':
      return { inputs, outputs };
    default:
      return {
        inputs: [...inputs, ...namesOf(config.dynamicInputs)],
        outputs: [...outputs, ...namesOf(config.dynamicOutputs)],
      };
  }
}

/** The handle ids (`<node>-input-<port>`, `<node>-output-<port>`) the editor draws on a workflow node. */
export function drawnHandles(node: WorkflowNode): DrawnHandles {
  const ports = drawnPorts(node.data.metadata, node.data.config ?? {});
  return {
    inputs: ports.inputs.map((id) => `${node.id}-input-${id}`),
    outputs: ports.outputs.map((id) => `${node.id}-output-${id}`),
  };
}
