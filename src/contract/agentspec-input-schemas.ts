// The shape an imported Agent Spec Flow and its nodes must have before conversion: what the converter reads
// (the official JSON Schema is far larger and ships with Oracle's docs, not with wfe). Precompiled with the
// contract's schemas (schemas.ts), so that `wfe import` and a posted flow load no ajv to check them.

const nodeRef = { type: 'object' } as const;
const title = { type: 'object', required: ['title'], properties: { title: { type: 'string', minLength: 1 } } } as const;
const properties = { type: ['array', 'null'], items: title } as const;

/** An Agent Spec Flow as import reads it (after its references are resolved). */
export const agentSpecFlowSchema = {
  $id: 'wfe:agentspec-flow',
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
} as const;

/** A node component of an imported Flow. */
export const agentSpecNodeSchema = {
  $id: 'wfe:agentspec-node',
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
} as const;
