// The shape an imported Flow must have before conversion (the official JSON Schema is far larger and
// ships with Oracle's docs, not with wfe). A problem is reported at its JSON pointer.
import { compileSchema, describeAjvErrors } from '../contract/validators.js';
import { AgentSpecError, type AsObject } from './types.js';

// What each schema below guarantees, as types: checkFlowShape and checkNodeShape narrow to them.

/** A control flow connection of a checked Flow. */
interface ControlEdgeShape extends AsObject {
  from_node: AsObject;
  to_node: AsObject;
}

/** A data flow connection of a checked Flow. */
interface DataEdgeShape extends AsObject {
  source_node: AsObject;
  source_output: string;
  destination_node: AsObject;
  destination_input: string;
}

/** A Flow that passed the flow schema (after references are resolved, its nodes are objects). */
export type FlowShape = AsObject & {
  name: string;
  start_node: AsObject;
  nodes: AsObject[];
  control_flow_connections: ControlEdgeShape[];
  data_flow_connections?: DataEdgeShape[] | null;
};

/** A node component that passed the node schema. */
export type NodeShape = AsObject & {
  component_type: string;
  name: string;
  branches?: string[] | null;
  mapping?: { [key: string]: string };
};

const nodeRef = { type: 'object' } as const;
const title = { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1 } } } as const;
const properties = { type: ['array', 'null'], items: title } as const;

const flowSchema = {
  type: 'object',
  required: ['name', 'start_node', 'nodes', 'control_flow_connections'],
  properties: {
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    metadata: { type: ['object', 'null'] },
    inputs: properties,
    outputs: properties,
    start_node: nodeRef,
    nodes: { type: 'array', minItems: 1, items: nodeRef },
    control_flow_connections: {
      type: 'array',
      items: {
        type: 'object',
        required: ['from_node', 'to_node'],
        properties: {
          from_node: nodeRef,
          to_node: nodeRef,
          from_branch: { type: ['string', 'null'] },
          metadata: { type: ['object', 'null'] },
        },
      },
    },
    data_flow_connections: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        required: ['source_node', 'source_output', 'destination_node', 'destination_input'],
        properties: {
          source_node: nodeRef,
          source_output: { type: 'string', minLength: 1 },
          destination_node: nodeRef,
          destination_input: { type: 'string', minLength: 1 },
          metadata: { type: ['object', 'null'] },
        },
      },
    },
    $referenced_components: { type: 'object' },
  },
};

const nodeSchema = {
  type: 'object',
  required: ['component_type', 'name'],
  properties: {
    component_type: { type: 'string', minLength: 1 },
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    metadata: { type: ['object', 'null'] },
    inputs: properties,
    outputs: properties,
    branches: { type: ['array', 'null'], items: { type: 'string' } },
    mapping: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const validateFlow = compileSchema(flowSchema);
const validateNode = compileSchema(nodeSchema);

function check(validate: ReturnType<typeof compileSchema>, value: AsObject, base: string): void {
  if (validate(value)) return;
  const [first] = describeAjvErrors(validate.errors);
  throw new AgentSpecError(first.message, base + first.pointer);
}

export function checkFlowShape(flow: AsObject): asserts flow is FlowShape {
  check(validateFlow, flow, '');
}

export function checkNodeShape(node: AsObject, path: string): asserts node is NodeShape {
  check(validateNode, node, path);
}
