// A warning: nodes that no control flow path from the start reaches never run.
import type { Component } from '../load.js';
import type { AgentSpecRule } from '../rule.js';
import { label } from '../wording.js';
import { controlEdges, startNodeOf } from './flow-parts.js';

export const unreachableNode: AgentSpecRule<'agentspec-unreachable-node'> = {
  meta: {
    id: 'agentspec-unreachable-node',
    clause: 'No rule of the language specification: a node no edge reaches is allowed, and never runs',
  },
  check({ flows, io, report }) {
    for (const flow of flows) {
      const start = startNodeOf(flow);
      if (!start) continue;
      const edges = controlEdges(flow, io);
      // An edge whose end could not be read is an error already; what it would have reached is unknown.
      if (edges.some((e) => !e.from || !e.to)) continue;
      const next = new Map<Component, Component[]>();
      for (const { from, to } of edges) if (from && to) next.set(from, [...(next.get(from) ?? []), to]);
      const reached = new Set<Component>([start]);
      const stack = [start];
      for (let node = stack.pop(); node; node = stack.pop())
        for (const to of next.get(node) ?? [])
          if (!reached.has(to)) {
            reached.add(to);
            stack.push(to);
          }
      for (const node of io.nodes(flow))
        // An EndNode no edge enters is agentspec-end-node's error already.
        if (!reached.has(node) && node.type !== 'StartNode' && (node.type !== 'EndNode' || edges.some((e) => e.to === node)))
          report(node.path, `${label(node)} of ${label(flow)} is not reached from its StartNode by control flow edges: it never runs`);
    }
  },
};
