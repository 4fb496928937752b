// A node's declared branches are the ones its configuration gives.
import { CAUGHT_EXCEPTION_BRANCH } from '../node-io.js';
import type { AgentSpecRule } from '../rule.js';
import { label, quoted } from '../wording.js';

export const nodeBranches: AgentSpecRule<'agentspec-node-branches'> = {
  meta: {
    id: 'agentspec-node-branches',
    clause:
      "Nodes: the branches attribute is managed by the node's implementation (next; a BranchingNode's mapping values and default; a FlowNode's EndNode branch names; an EndNode has none)",
  },
  check({ document, io, report }) {
    for (const c of document.components) {
      if (!c.cls?.families.includes('Node')) continue;
      const declared = io.declaredBranches(c);
      if (declared) {
        if (new Set(declared).size !== declared.length)
          report(`${c.path}/branches`, `${label(c)} lists a branch twice: ${quoted(declared)}`);
        const inferred = io.inferredBranches(c);
        const same = inferred.length === new Set(declared).size && inferred.every((b) => declared.includes(b));
        if (!same)
          report(
            `${c.path}/branches`,
            `${label(c)} declares branches ${quoted(declared)}, but its configuration gives ${quoted(inferred)}`,
          );
      }
      if (c.type === 'CatchExceptionNode') {
        const subflow = io.children(c, 'subflow')[0];
        if (subflow && io.endBranchNames(subflow).includes(CAUGHT_EXCEPTION_BRANCH))
          report(
            `${subflow.path}/nodes`,
            `an EndNode of the subflow of ${label(c)} is named by branch '${CAUGHT_EXCEPTION_BRANCH}', which the node keeps for a caught exception`,
          );
      }
    }
  },
};
