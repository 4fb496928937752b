import type { AgentSpecRule } from '../rule.js';

/** Reported by checkAgentSpecDocument before any other finding: the root is read, but is not a Flow. */
export const notAFlow: AgentSpecRule<'agentspec-not-a-flow'> = {
  meta: {
    id: 'agentspec-not-a-flow',
    clause: 'Flows: a Flow is the component with a start_node, nodes and edges; an Agent is run inside a flow by an AgentNode',
  },
};
