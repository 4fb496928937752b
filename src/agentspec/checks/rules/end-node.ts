// A flow ends at EndNodes: at least one, each reached by a control flow edge, none leading on.
import type { AgentSpecRule } from '../rule.js';
import { label } from '../wording.js';
import { controlEdges } from './flow-parts.js';

export const endNode: AgentSpecRule<'agentspec-end-node'> = {
  meta: {
    id: 'agentspec-end-node',
    clause:
      'Flows: a flow is composed of at least one EndNode; transitions from an EndNode are not accepted; an EndNode without incoming control flow edge is not permitted',
  },
  check({ flows, io, report }) {
    for (const flow of flows) {
      const ends = io.endNodes(flow);
      const edges = controlEdges(flow, io);
      if (ends.length === 0) report(`${flow.path}/nodes`, `${label(flow)} has no EndNode: add one, connected from the last node`);
      for (const end of ends)
        if (!edges.some((e) => e.to === end))
          report(end.path, `${label(end)} of ${label(flow)} has no incoming control flow edge: connect it, or remove it`);
      for (const { edge, from } of edges)
        if (from?.type === 'EndNode')
          report(
            `${edge.path}/from_node`,
            `control flow edge '${edge.name}' of ${label(flow)} leaves ${label(from)}: a flow ends at an EndNode`,
          );
    }
  },
};
