// Turns a workflow into what the scheduler needs: which nodes start a run, which edges carry control,
// data or tools, and which nodes form the body of each loop. Refuses graphs a run cannot walk.
import type { Workflow, WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { findCycle, isLoopEdge } from '../graph/cycles.js';
import { edgeKind, LOOP_BACK_PORT, type EdgeKind } from '../graph/edges.js';
import { portIdFromHandle } from '../graph/handles.js';
import { loopBodies } from '../graph/loops.js';

export interface PlannedEdge {
  edge: WorkflowEdge;
  /** The node it leaves (a planned edge joins two nodes of the workflow). */
  sourceNode: WorkflowNode;
  kind: EdgeKind;
  sourcePort: string;
  targetPort: string;
}

export interface RunPlan {
  workflow: Workflow;
  nodes: Map<string, WorkflowNode>;
  /** Nodes a run executes, in workflow order (notes and tool providers are not steps). */
  steps: WorkflowNode[];
  /** Nodes that only provide tools to others: called by their consumer, not scheduled. */
  toolProviders: WorkflowNode[];
  starts: string[];
  /** Scheduling edges into each node (control, data, loopback). */
  incoming: Map<string, PlannedEdge[]>;
  outgoing: Map<string, PlannedEdge[]>;
  /** Tool providers attached to each consumer. */
  tools: Map<string, PlannedEdge[]>;
  /** Loop head → the nodes re-run on each iteration. */
  loopBodies: Map<string, Set<string>>;
}

export const typeIdOf = (node: WorkflowNode): string => node.data?.metadata?.id ?? node.type;

/** The node's Agent Spec component type, snake_case (StartNode → start_node), when it records one. */
export function componentTypeOf(node: WorkflowNode): string | undefined {
  const recorded = node.data?.extensions?.['agentspec:component_type'] ?? node.data?.metadata?.extensions?.['agentspec:component_type'];
  return typeof recorded === 'string' ? recorded.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase() : undefined;
}

const isNote = (node: WorkflowNode): boolean => (node.data?.config?.nodeType ?? node.data?.metadata?.type) === 'note';

/** A start node says so: the triggers category, or an Agent Spec StartNode. */
const isExplicitStart = (node: WorkflowNode): boolean =>
  node.data?.metadata?.category === 'triggers' || componentTypeOf(node) === 'start_node';

/** Adds `item` to the list under `key`, starting the list if there is none. */
function append<T>(lists: Map<string, T[]>, key: string, item: T): void {
  const list = lists.get(key);
  if (list) list.push(item);
  else lists.set(key, [item]);
}

export type PlanResult = { ok: true; plan: RunPlan } | { ok: false; errors: string[] };

export function planRun(workflow: Workflow): PlanResult {
  const nodes = new Map(workflow.nodes.map((n) => [n.id, n]));
  const planned = workflow.edges.flatMap((edge): PlannedEdge[] => {
    const sourceNode = nodes.get(edge.source);
    if (!sourceNode || !nodes.has(edge.target)) return [];
    return [
      {
        edge,
        sourceNode,
        // An edge marked as a loop's back edge (data.loop) closes its loop like an edge into loop_back.
        kind: isLoopEdge(edge) ? 'loopback' : edgeKind(edge, nodes),
        sourcePort: edge.sourceHandle ? portIdFromHandle(edge.sourceHandle, edge.source, 'output') : '',
        targetPort: edge.targetHandle ? portIdFromHandle(edge.targetHandle, edge.target, 'input') : '',
      },
    ];
  });

  const incoming = new Map<string, PlannedEdge[]>();
  const outgoing = new Map<string, PlannedEdge[]>();
  const tools = new Map<string, PlannedEdge[]>();
  const toolProviders = new Set<string>();
  /** Nodes with a scheduling edge into them, and nodes with any scheduling edge. */
  const entered = new Set<string>();
  const wired = new Set<string>();
  for (const id of nodes.keys()) {
    incoming.set(id, []);
    outgoing.set(id, []);
    tools.set(id, []);
  }
  for (const p of planned) {
    if (p.kind === 'tool') {
      append(tools, p.edge.target, p);
      toolProviders.add(p.edge.source);
      continue;
    }
    append(incoming, p.edge.target, p);
    append(outgoing, p.edge.source, p);
    entered.add(p.edge.target);
    wired.add(p.edge.target).add(p.edge.source);
  }
  // A tool provider is called by its consumer; it is a step only if it is also wired into the flow.
  const toolOnly = (n: WorkflowNode) => toolProviders.has(n.id) && !wired.has(n.id);
  const steps = workflow.nodes.filter((n) => !isNote(n) && !toolOnly(n));
  const stepIds = new Set(steps.map((n) => n.id));

  const errors: string[] = [];
  const forward = planned.filter((p) => p.kind !== 'tool' && p.kind !== 'loopback').map((p) => p.edge);
  const cycle = findCycle(stepIds, forward);
  if (cycle) {
    const names = cycle.map((id) => `'${nodes.get(id)?.data?.label ?? id}' (${id})`).join(' → ');
    errors.push(`Cycle detected: ${names}. Only an edge into a '${LOOP_BACK_PORT}' input may close a loop`);
  }

  const explicit = steps.filter(isExplicitStart).map((n) => n.id);
  const starts = explicit.length > 0 ? explicit : steps.filter((n) => !entered.has(n.id)).map((n) => n.id);
  if (starts.length === 0)
    errors.push(
      steps.length === 0
        ? 'Workflow has no nodes to run'
        : 'Workflow has no start node: add a Start node (category "triggers") or a node without incoming edges',
    );
  if (errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    plan: {
      workflow,
      nodes,
      steps,
      toolProviders: workflow.nodes.filter(toolOnly),
      starts,
      incoming,
      outgoing,
      tools,
      loopBodies: loopBodies(
        planned.map((p) => ({ source: p.edge.source, target: p.edge.target, kind: p.kind })),
        stepIds,
      ),
    },
  };
}
