// What a flow gives back: the outputs of its EndNodes, consistent in type, and every output without a default given by each EndNode.
import { describeType, haveSameType } from '../property-types.js';
import type { Property } from '../load.js';
import type { AgentSpecRule } from '../rule.js';
import { label } from '../wording.js';

export const flowOutputs: AgentSpecRule<'agentspec-flow-outputs'> = {
  meta: {
    id: 'agentspec-flow-outputs',
    clause:
      'Flows: if an output of the flow is not produced by every EndNode, a default value for that output in the flow definition must be specified',
  },
  check({ flows, io, report }) {
    for (const flow of flows) {
      const ends = io.endNodes(flow);
      const byTitle = new Map<string, Property>();
      for (const end of ends)
        for (const output of io.outputs(end)) {
          const earlier = byTitle.get(output.title);
          if (!earlier) byTitle.set(output.title, output);
          else if (!haveSameType(earlier.schema, output.schema))
            report(
              output.path || `${end.path}/outputs`,
              `EndNodes of ${label(flow)} give output '${output.title}' as ${describeType(earlier.schema)} and as ${describeType(output.schema)}: one name, one type`,
            );
        }
      for (const output of io.outputs(flow)) {
        if ('default' in output.schema) continue;
        const missing = ends.filter(
          (end) => !io.outputs(end).some((o) => o.title === output.title && haveSameType(o.schema, output.schema)),
        );
        if (missing.length > 0)
          report(
            output.path || `${flow.path}/outputs`,
            `output '${output.title}' of ${label(flow)} has no default, and ${missing.map(label).join(', ')} ${missing.length === 1 ? 'does' : 'do'} not give it as ${describeType(output.schema)}: add it to every EndNode or give it a default`,
          );
      }
    }
  },
};
