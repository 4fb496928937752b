// Loops of a workflow graph: an edge into a `loop_back` input closes a loop whose head is that edge's
// target. Pure: shared by the run planner and `wfe validate`.
import type { Workflow, WorkflowNode } from '../contract/types.js';
import { reachableFrom, type DirectedEdge } from './cycles.js';
import { edgeKind, isLoopbackEdge, type EdgeKind } from './edges.js';
import { portIdFromHandle } from './handles.js';

/** Output ports by which a loop head leaves its loop (for_each's `done` and `results`). */
export const LOOP_EXIT_PORTS: ReadonlySet<string> = new Set(['done', 'results']);

export interface KindedEdge extends DirectedEdge {
  kind: EdgeKind;
}

/**
 * For each loop head (the target of a loopback edge): its body, the nodes on a forward path from the
 * head to the loopback edge's source. Tool and loopback edges are not paths; `nodeIds`, when given,
 * limits the walk to those nodes.
 */
export function loopBodies(edges: readonly KindedEdge[], nodeIds?: ReadonlySet<string>): Map<string, Set<string>> {
  const within = (id: string) => !nodeIds || nodeIds.has(id);
  const forward = edges.filter((e) => e.kind !== 'tool' && e.kind !== 'loopback' && within(e.source) && within(e.target));
  const backward = forward.map((e) => ({ source: e.target, target: e.source }));
  const bodies = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.kind !== 'loopback') continue;
    const head = e.target;
    const toTail = reachableFrom(e.source, backward);
    const body = bodies.get(head) ?? new Set<string>();
    for (const id of reachableFrom(head, forward)) if (toTail.has(id) && id !== head) body.add(id);
    bodies.set(head, body);
  }
  return bodies;
}

export interface LoopExitIntoBody {
  headId: string;
  edgeId: string;
  /** Index of the edge in workflow.edges. */
  edgeIndex: number;
  port: string;
  targetId: string;
  message: string;
}

const nameOf = (node: WorkflowNode | undefined, id: string): string => `'${node?.data?.label ?? id}' (${id})`;

export function loopExitIntoBodyMessage(
  nodes: ReadonlyMap<string, WorkflowNode>,
  headId: string,
  port: string,
  edgeId: string,
  targetId: string,
): string {
  return (
    `Loop ${nameOf(nodes.get(headId), headId)}: its exit '${port}' leads back into its own body (edge '${edgeId}' to ${nameOf(nodes.get(targetId), targetId)}), ` +
    `so every exit starts the loop over. Connect '${port}' to what follows the loop.`
  );
}

/**
 * Edges from a loop head's exit port (`done`, `results`) to a node of its own body. The exit then runs
 * the body again, the body returns to the head through loop_back, and every exit counts as a new
 * iteration: the loop never ends.
 */
export function loopExitsIntoBody(workflow: Pick<Workflow, 'nodes' | 'edges'>): LoopExitIntoBody[] {
  // Without a loopback edge there is no loop: most workflows stop here.
  if (!workflow.edges.some(isLoopbackEdge)) return [];
  const nodes = new Map(workflow.nodes.map((n) => [n.id, n]));
  const edges = workflow.edges.filter((e) => nodes.has(e.source) && nodes.has(e.target));
  const bodies = loopBodies(edges.map((edge) => ({ source: edge.source, target: edge.target, kind: edgeKind(edge, nodes) })));
  const found: LoopExitIntoBody[] = [];
  workflow.edges.forEach((edge, edgeIndex) => {
    const body = bodies.get(edge.source);
    if (!body || !body.has(edge.target) || !edge.sourceHandle) return;
    const port = portIdFromHandle(edge.sourceHandle, edge.source, 'output');
    if (!LOOP_EXIT_PORTS.has(port)) return;
    found.push({
      headId: edge.source,
      edgeId: edge.id,
      edgeIndex,
      port,
      targetId: edge.target,
      message: loopExitIntoBodyMessage(nodes, edge.source, port, edge.id, edge.target),
    });
  });
  return found;
}
