// A data flow edge reads an output its source has and writes an input its destination has, of a type it can take.
import { describeType, isCastable } from '../property-types.js';
import type { AgentSpecRule } from '../rule.js';
import { didYouMean, label, quoted } from '../wording.js';
import { dataEdges } from './flow-parts.js';
import { isIncomplete } from './incomplete.js';

export const dataEdge: AgentSpecRule<'agentspec-data-edge'> = {
  meta: {
    id: 'agentspec-data-edge',
    clause:
      "Properties: to connect a component's output to another component's input, the output type must be compatible with the input type",
  },
  check({ flows, io, report }) {
    for (const flow of flows)
      for (const { edge, source, destination } of dataEdges(flow, io)) {
        const output = edge.fields.source_output;
        const input = edge.fields.destination_input;
        if (!source || !destination || typeof output !== 'string' || typeof input !== 'string') continue;
        if (isIncomplete(source, io) || isIncomplete(destination, io)) continue;
        const outputs = io.outputs(source);
        const from = outputs.find((p) => p.title === output);
        if (!from) {
          const titles = outputs.map((p) => p.title);
          report(
            `${edge.path}/source_output`,
            `data flow edge '${edge.name}' reads output '${output}' of ${label(source)}, which has outputs ${quoted(titles)}${didYouMean(output, titles)}`,
          );
          continue;
        }
        const inputs = io.inputs(destination);
        const to = inputs.find((p) => p.title === input);
        if (!to) {
          const titles = inputs.map((p) => p.title);
          report(
            `${edge.path}/destination_input`,
            `data flow edge '${edge.name}' writes input '${input}' of ${label(destination)}, which has inputs ${quoted(titles)}${didYouMean(input, titles)}`,
          );
          continue;
        }
        if (!isCastable(from.schema, to.schema))
          report(
            edge.path,
            `data flow edge '${edge.name}' connects output '${output}' of ${label(source)} (${describeType(from.schema)}) to input '${input}' of ${label(destination)} (${describeType(to.schema)}): these types do not convert`,
          );
      }
  },
};
