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

/** One cycle as the path [a, b, …, a], or undefined when the graph is acyclic. A self-loop is [a, a]. */
export function findCycle(nodeIds: Iterable<string>, edges: Iterable<DirectedEdge>): string[] | undefined {
  const next = adjacency(nodeIds, edges);
  const state = new Map<string, 'open' | 'done'>();
  for (const root of next.keys()) {
    if (state.has(root)) continue;
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
        const from = stack.findIndex((f) => f.id === target);
        return [...stack.slice(from).map((f) => f.id), target];
      }
      if (seen === undefined) {
        state.set(target, 'open');
        stack.push({ id: target, i: 0 });
      }
    }
  }
  return undefined;
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
