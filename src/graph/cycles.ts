// Pure cycle and reachability checks over directed edges. Iterative, so a 10,000-node workflow cannot
// overflow the stack.

export interface DirectedEdge {
  source: string;
  target: string;
}

function adjacency(nodeIds: Iterable<string>, edges: Iterable<DirectedEdge>): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const id of nodeIds) next.set(id, []);
  for (const { source, target } of edges) {
    if (!next.has(source)) next.set(source, []);
    if (!next.has(target)) next.set(target, []);
    next.get(source)!.push(target);
  }
  return next;
}

/**
 * Depth-first search over `next` from the roots in order (then every other node), calling `onBackEdge`
 * for each edge into a node still on the stack, with that stack. Returning true stops the walk.
 */
export function walkBackEdges(
  next: Map<string, string[]>,
  roots: Iterable<string>,
  onBackEdge: (from: string, to: string, stack: readonly string[]) => boolean | void,
): void {
  const state = new Map<string, 'open' | 'done'>();
  for (const root of [...roots, ...next.keys()]) {
    if (state.has(root) || !next.has(root)) continue;
    const stack: Array<{ id: string; i: number }> = [{ id: root, i: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const targets = next.get(frame.id)!;
      if (frame.i >= targets.length) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const target = targets[frame.i++];
      const seen = state.get(target);
      if (seen === 'open') {
        if (onBackEdge(frame.id, target, stack.map((f) => f.id))) return;
      } else if (seen === undefined) {
        state.set(target, 'open');
        stack.push({ id: target, i: 0 });
      }
    }
  }
}

/** One cycle as the path [a, b, …, a], or undefined when the graph is acyclic. A self-loop is [a, a]. */
export function findCycle(nodeIds: Iterable<string>, edges: Iterable<DirectedEdge>): string[] | undefined {
  let cycle: string[] | undefined;
  walkBackEdges(adjacency(nodeIds, edges), [], (_from, to, stack) => {
    cycle = [...stack.slice(stack.indexOf(to)), to];
    return true;
  });
  return cycle;
}

/** Every node reachable from `start` (start included) following edges forward. */
export function reachableFrom(start: string, edges: Iterable<DirectedEdge>): Set<string> {
  const next = adjacency([start], edges);
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const target of next.get(queue.pop()!) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}
