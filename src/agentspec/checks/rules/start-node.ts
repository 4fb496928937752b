// A flow starts at its one StartNode, which leads on by exactly one control flow edge and is never gone back to.
import type { AgentSpecRule } from '../rule.js';
import { label, quoted } from '../wording.js';
import { controlEdges, startNodeOf } from './flow-parts.js';

export const startNode: AgentSpecRule<'agentspec-start-node'> = {
  meta: {
    id: 'agentspec-start-node',
    clause:
      'Flows: flows must have a unique StartNode, defined by the start_node parameter; the StartNode has exactly one outgoing and no incoming control flow edge',
  },
  check({ flows, io, report }) {
    for (const flow of flows) {
      const nodes = io.nodes(flow);
      const starts = nodes.filter((n) => n.type === 'StartNode');
      const edges = controlEdges(flow, io);
      const start = startNodeOf(flow);
      if (starts.length !== 1)
        report(
          `${flow.path}/nodes`,
          `${label(flow)} has ${starts.length} StartNodes (${quoted(starts.map((s) => s.name))}): a flow has exactly one`,
        );
      else if (start && start !== starts[0])
        report(
          `${flow.path}/start_node`,
          start.type !== 'StartNode'
            ? `start_node of ${label(flow)} is ${label(start)}, not its StartNode '${starts[0].name}'`
            : `start_node of ${label(flow)} is not the StartNode in its nodes: name that one node by the same $component_ref in both places`,
        );
      else if (start) {
        const outgoing = edges.filter((e) => e.from === start);
        if (outgoing.length !== 1)
          report(
            outgoing.length === 0 ? `${flow.path}/control_flow_connections` : outgoing[1].edge.path,
            `${label(start)} of ${label(flow)} has ${outgoing.length} outgoing control flow edges (${quoted(outgoing.map((e) => e.edge.name))}): it leads on by exactly one`,
          );
      }
      for (const { edge, to } of edges)
        if (to?.type === 'StartNode')
          report(
            `${edge.path}/to_node`,
            `control flow edge '${edge.name}' of ${label(flow)} goes into ${label(to)}: nothing leads back to the start`,
          );
    }
  },
};
