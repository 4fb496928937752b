// Edges connect nodes of their own flow.
import type { AgentSpecRule } from '../rule.js';
import { label, quoted } from '../wording.js';
import { controlEdges, dataEdges } from './flow-parts.js';

export const edgeNode: AgentSpecRule<'agentspec-edge-node'> = {
  meta: {
    id: 'agentspec-edge-node',
    clause: 'Flows: control and data flow edges relate nodes of the flow they belong to',
  },
  check({ flows, io, report }) {
    for (const flow of flows) {
      const ids = new Set(io.nodes(flow).map((n) => n.id));
      const names = () => quoted(io.nodes(flow).map((n) => n.name));
      for (const { edge, from, to } of controlEdges(flow, io))
        for (const [end, node] of [
          ['from_node', from],
          ['to_node', to],
        ] as const)
          if (node && !ids.has(node.id))
            report(
              `${edge.path}/${end}`,
              `control flow edge '${edge.name}' of ${label(flow)} ${end === 'from_node' ? 'leaves' : 'goes into'} ${label(node)}, which is not one of the flow's nodes (${names()})`,
            );
      for (const { edge, source, destination } of dataEdges(flow, io))
        for (const [end, node] of [
          ['source_node', source],
          ['destination_node', destination],
        ] as const)
          if (node && !ids.has(node.id))
            report(
              `${edge.path}/${end}`,
              `data flow edge '${edge.name}' of ${label(flow)} ${end === 'source_node' ? 'reads from' : 'writes to'} ${label(node)}, which is not one of the flow's nodes (${names()})`,
            );
    }
  },
};
