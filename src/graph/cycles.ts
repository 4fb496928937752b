// Pure cycle and reachability checks over directed edges. Iterative, so a 10,000-node workflow cannot
// overflow the stack.
import { abbreviate } from '../util/abbreviate.js';

export interface DirectedEdge {
  source: string;
  target: string;
}

function adjacency(nodeIds: Iterable<string>, edges: Iterable<DirectedEdge>): Map<string, string[]> {
  const next = new Map<string, string[]>();
  const targetsOf = (id: string): string[] => {
    const known = next.get(id);
    if (known) return known;
    const targets: string[] = [];
    next.set(id, targets);
    return targets;
  };
  for (const id of nodeIds) targetsOf(id);
  for (const { source, target } of edges) {
    const targets = targetsOf(source);
    targetsOf(target);
    targets.push(target);
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
    const rootTargets = next.get(root);
    if (state.has(root) || !rootTargets) continue;
    const stack: Array<{ id: string; targets: string[]; i: number }> = [{ id: root, targets: rootTargets, i: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const targets = frame.targets;
      if (frame.i >= targets.length) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const target = targets[frame.i++];
      const seen = state.get(target);
      if (seen === 'open') {
        if (
          onBackEdge(
            frame.id,
            target,
            stack.map((f) => f.id),
          )
        )
          return;
      } else if (seen === undefined) {
        state.set(target, 'open');
        stack.push({ id: target, targets: next.get(target) ?? [], i: 0 });
      }
    }
  }
}

/**
 * The graph with its nodes numbered: ids in order of first appearance (`nodeIds`, then the ends of each
 * edge), each node's targets in edge order (those of node n are targets[first[n]] up to
 * targets[first[n + 1]]). Arrays of numbers instead of maps keyed by id, for a workflow of 10,000 nodes
 * checked in a fresh process.
 */
function numbered(nodeIds: Iterable<string>, edges: Iterable<DirectedEdge>) {
  const numberOf = new Map<string, number>();
  const ids: string[] = [];
  const number = (id: string): number => {
    let n = numberOf.get(id);
    if (n === undefined) {
      n = ids.length;
      numberOf.set(id, n);
      ids.push(id);
    }
    return n;
  };
  for (const id of nodeIds) number(id);
  const from: number[] = [];
  const to: number[] = [];
  for (const { source, target } of edges) {
    from.push(number(source));
    to.push(number(target));
  }
  const count = ids.length;
  const first = new Int32Array(count + 1);
  for (const n of from) first[n + 1]++;
  for (let n = 0; n < count; n++) first[n + 1] += first[n];
  const targets = new Int32Array(from.length);
  const filled = first.slice(0, count);
  for (let e = 0; e < from.length; e++) targets[filled[from[e]]++] = to[e];
  return { ids, numberOf, first, targets };
}

/**
 * One cycle as the path [a, b, …, a], or undefined when the graph is acyclic. A self-loop is [a, a].
 * The walk is walkBackEdges' over adjacency(nodeIds, edges), in the same order, so the same cycle is
 * found; on the numbered graph.
 */
export function findCycle(nodeIds: Iterable<string>, edges: Iterable<DirectedEdge>): string[] | undefined {
  const { ids, first, targets } = numbered(nodeIds, edges);
  const OPEN = 1;
  const DONE = 2;
  const state = new Uint8Array(ids.length);
  const stack: number[] = [];
  const position: number[] = [];
  for (let root = 0; root < ids.length; root++) {
    if (state[root] !== 0) continue;
    state[root] = OPEN;
    stack.push(root);
    position.push(first[root]);
    while (stack.length > 0) {
      const top = stack.length - 1;
      const node = stack[top];
      const at = position[top];
      if (at >= first[node + 1]) {
        state[node] = DONE;
        stack.pop();
        position.pop();
        continue;
      }
      position[top] = at + 1;
      const target = targets[at];
      if (state[target] === OPEN) return [...stack.slice(stack.indexOf(target)), target].map((n) => ids[n]);
      if (state[target] === 0) {
        state[target] = OPEN;
        stack.push(target);
        position.push(first[target]);
      }
    }
  }
  return undefined;
}

/** Whether following edges from `start` reaches one of `goals` (`start` itself counts): reachableFrom's answer, stopping at the first. */
export function reachesAny(start: string, goals: ReadonlySet<string>, edges: Iterable<DirectedEdge>): boolean {
  if (goals.has(start)) return true;
  const { ids, first, targets } = numbered([start], edges);
  const seen = new Uint8Array(ids.length);
  seen[0] = 1;
  const queue = [0];
  for (let node = queue.pop(); node !== undefined; node = queue.pop())
    for (let at = first[node]; at < first[node + 1]; at++) {
      const target = targets[at];
      if (seen[target]) continue;
      if (goals.has(ids[target])) return true;
      seen[target] = 1;
      queue.push(target);
    }
  return false;
}

/** Every node reachable from `start` (start included) following edges forward. */
export function reachableFrom(start: string, edges: Iterable<DirectedEdge>): Set<string> {
  const next = adjacency([start], edges);
  const seen = new Set([start]);
  const queue = [start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const target of next.get(id) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

/**
 * The edge `data` key that declares an edge a loop's back edge: a cycle it closes is intended (Agent Spec
 * flows loop through a BranchingNode). Edges into a `loop_back` input, and edges whose
 * `data.metadata.edgeType` is "loopback" (the editor's own mark), count too.
 */
export const LOOP_EDGE_KEY = 'loop';
const LOOP_BACK_INPUT = /-input-loop_back$/;

export interface MarkableEdge extends DirectedEdge {
  targetHandle?: string | null;
  data?: { [key: string]: unknown; metadata?: unknown } | null;
}

/** The edge type the editor recorded in an edge's `data.metadata.edgeType`, if it is an object that has one. */
export function declaredEdgeType(metadata: unknown): unknown {
  return typeof metadata === 'object' && metadata !== null && 'edgeType' in metadata ? metadata.edgeType : undefined;
}

export function isLoopEdge(edge: MarkableEdge): boolean {
  const data = edge.data;
  if (data?.[LOOP_EDGE_KEY] === true) return true;
  const metadata = data?.metadata;
  if (declaredEdgeType(metadata) === 'loopback') return true;
  return typeof edge.targetHandle === 'string' && LOOP_BACK_INPUT.test(edge.targetHandle);
}

/**
 * The edges that close a cycle, in a deterministic order: a depth-first walk from `startId` (then from
 * every other node, in order) following edges in their given order; an edge into a node still on the
 * walk's path closes a cycle. Removing them leaves the graph acyclic.
 */
export function loopClosingEdges<E extends DirectedEdge>(startId: string, nodeIds: Iterable<string>, edges: readonly E[]): E[] {
  const out = new Map<string, E[]>();
  for (const edge of edges) {
    const leaving = out.get(edge.source);
    if (leaving) leaving.push(edge);
    else out.set(edge.source, [edge]);
  }
  const state = new Map<string, 'open' | 'done'>();
  const closing: E[] = [];
  for (const root of [startId, ...nodeIds]) {
    if (state.has(root)) continue;
    const stack: Array<{ id: string; i: number }> = [{ id: root, i: 0 }];
    state.set(root, 'open');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const leaving = out.get(frame.id) ?? [];
      if (frame.i >= leaving.length) {
        state.set(frame.id, 'done');
        stack.pop();
        continue;
      }
      const edge = leaving[frame.i++];
      const seen = state.get(edge.target);
      if (seen === 'open') closing.push(edge);
      else if (seen === undefined) {
        state.set(edge.target, 'open');
        stack.push({ id: edge.target, i: 0 });
      }
    }
  }
  return closing;
}

/** The message for a cycle no loop edge declares: the nodes on it, and how to declare it. */
export function unmarkedCycleMessage(cycle: readonly string[], labelOf: (id: string) => string): string {
  const path = abbreviate(cycle.map((id) => `${labelOf(id)} (${id})`)).join(' → ');
  return (
    `Cycle detected: ${path}. If this loop is intended, mark the edge that closes it as a loop: ` +
    `set "${LOOP_EDGE_KEY}": true in that edge's data (wfe import does this for Agent Spec loops) or connect it to a loop_back input`
  );
}
