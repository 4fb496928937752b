import type { AgentSpecRule } from '../rule.js';

/** Reported by the FlowDrop dialect's reader (dialect.ts): what the editor names but defines nowhere. */
export const undefinedComponent: AgentSpecRule<'agentspec-undefined-component'> = {
  meta: {
    id: 'agentspec-undefined-component',
    clause:
      'Referencing: a component is defined once and referenced; FlowDrop\'s editor names a component (llm_config: "default_llm", a tool) that the document does not define, which wfe reads as a generic component, as wfe export writes it',
  },
};
