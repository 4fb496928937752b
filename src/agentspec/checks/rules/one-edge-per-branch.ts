// One control flow edge per branch: edges do not run nodes in parallel.
import type { Component } from '../load.js';
import type { AgentSpecRule } from '../rule.js';
import { label, quoted } from '../wording.js';
import { defaultBranchOf } from './branch-exists.js';
import { controlEdges } from './flow-parts.js';

export const oneEdgePerBranch: AgentSpecRule<'agentspec-one-edge-per-branch'> = {
  meta: {
    id: 'agentspec-one-edge-per-branch',
    clause:
      'Relationships, connecting multiple data edges: in the case of control flow, multi-connections from the same outgoing branch of a node are not allowed',
    beyondReferenceLoader: true,
  },
  check({ flows, io, report }) {
    for (const flow of flows) {
      const seen = new Map<Component, Map<string, string[]>>();
      for (const { edge, from, branch } of controlEdges(flow, io)) {
        if (!from || from.type === 'EndNode') continue;
        const name = branch ?? defaultBranchOf(from, io);
        if (name === undefined) continue;
        const byBranch = seen.get(from) ?? new Map<string, string[]>();
        seen.set(from, byBranch);
        const edges = byBranch.get(name) ?? [];
        edges.push(edge.name);
        byBranch.set(name, edges);
        if (edges.length === 2)
          report(
            edge.path,
            `${label(from)} has two control flow edges from branch '${name}' (${quoted(edges)}): a branch leads to one node`,
          );
      }
    }
  },
};
