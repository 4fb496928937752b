// Rules that reading the document applies (load.ts reports their findings): what every component must be
// before any flow rule can look at it.
import type { AgentSpecRule } from '../rule.js';

export const componentType: AgentSpecRule<'agentspec-component-type'> = {
  meta: {
    id: 'agentspec-component-type',
    severity: 'error',
    description: 'every component names a component type of Agent Spec, of the kind its field expects',
    clause: 'Component: component_type names the class; each field of a class takes components of one kind (a Node, an LlmConfig, a Tool…)',
  },
};

export const reference: AgentSpecRule<'agentspec-reference'> = {
  meta: {
    id: 'agentspec-reference',
    severity: 'error',
    description: 'every $component_ref names a key defined once, in a $referenced_components read before it',
    clause: 'Referencing: a {"$component_ref": key} is replaced by the component defined under that key; keys are unique across levels',
  },
};

export const field: AgentSpecRule<'agentspec-field'> = {
  meta: {
    id: 'agentspec-field',
    severity: 'error',
    description: "every component has the fields its type requires, each of the type's kind",
    clause: 'Component definitions: each component type lists its attributes, their types and which are optional',
  },
};

export const property: AgentSpecRule<'agentspec-property'> = {
  meta: {
    id: 'agentspec-property',
    severity: 'error',
    description: 'every input and output is a JSON Schema with a plain title and a default of its type',
    clause: 'Properties: an input or output is a JSON Schema; its title is the property name',
  },
};
