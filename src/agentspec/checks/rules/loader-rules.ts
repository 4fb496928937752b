// Rules that reading the document applies (load.ts reports their findings): what every component must be
// before any flow rule can look at it.
import type { AgentSpecRule } from '../rule.js';

export const componentType: AgentSpecRule<'agentspec-component-type'> = {
  meta: {
    id: 'agentspec-component-type',
    clause: 'Component: component_type names the class; each field of a class takes components of one kind (a Node, an LlmConfig, a Tool…)',
  },
};

export const reference: AgentSpecRule<'agentspec-reference'> = {
  meta: {
    id: 'agentspec-reference',
    clause: 'Referencing: a {"$component_ref": key} is replaced by the component defined under that key; keys are unique across levels',
  },
};

export const field: AgentSpecRule<'agentspec-field'> = {
  meta: {
    id: 'agentspec-field',
    clause: 'Component definitions: each component type lists its attributes, their types and which are optional',
  },
};

export const property: AgentSpecRule<'agentspec-property'> = {
  meta: {
    id: 'agentspec-property',
    clause: 'Properties: an input or output is a JSON Schema; its title is the property name',
  },
};
