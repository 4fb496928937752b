// A control flow edge leaves its node by a branch the node has.
import type { Component } from '../load.js';
import { BRANCHING_DEFAULT, DEFAULT_BRANCH, type NodeIo } from '../node-io.js';
import type { AgentSpecRule } from '../rule.js';
import { didYouMean, label, quoted } from '../wording.js';
import { controlEdges } from './flow-parts.js';

/**
 * The branch an edge with no from_branch leaves by: `next`; for a node without one (a BranchingNode), its
 * default branch, or its only branch. Oracle's own configs leave a BranchingNode's default branch unnamed.
 */
export function defaultBranchOf(node: Component, io: NodeIo): string | undefined {
  const branches = io.branches(node);
  if (branches.includes(DEFAULT_BRANCH)) return DEFAULT_BRANCH;
  if (branches.includes(BRANCHING_DEFAULT)) return BRANCHING_DEFAULT;
  return branches.length === 1 ? branches[0] : undefined;
}

export const branchExists: AgentSpecRule<'agentspec-branch-exists'> = {
  meta: {
    id: 'agentspec-branch-exists',
    clause:
      'Relationships, control edges: if a value is specified for the branches of the from_node of a ControlFlowEdge, then also from_branch must be set to one of the values in branches',
    beyondReferenceLoader: true,
  },
  check({ flows, io, report }) {
    for (const flow of flows)
      for (const { edge, from, branch } of controlEdges(flow, io)) {
        if (!from || from.type === 'EndNode') continue;
        const branches = io.branches(from);
        if (branch === null) {
          if (defaultBranchOf(from, io) === undefined)
            report(
              `${edge.path}/from_branch`,
              `control flow edge '${edge.name}' leaves ${label(from)} by no named branch, and it has no default branch: set from_branch to one of ${quoted(branches)}`,
            );
        } else if (!branches.includes(branch))
          report(
            `${edge.path}/from_branch`,
            `control flow edge '${edge.name}' leaves ${label(from)} by branch '${branch}', which it does not have (its branches: ${quoted(branches)})${didYouMean(branch, branches)}`,
          );
      }
  },
};
