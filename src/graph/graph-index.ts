// What several checks of one workflow ask of its nodes and edges, worked out once: `wfe validate` runs
// the integrity, port-type and Agent Spec checks over the same workflow, and each looked up the nodes by
// id and read every edge's handles again (for 10,000 small workflows, about 60 ms of the run), and each
// looked up both ends of every edge.
import type { Workflow, WorkflowNode } from '../contract/types.js';
import { portIdFromHandle } from './handles.js';

export interface GraphIndex {
  /** Each node by its id; of several with one id, the last (as a Map built from the list keeps it). */
  nodeById: Map<string, WorkflowNode>;
  /** Per edge, by its index: the port its sourceHandle names, undefined when it has none. */
  sourcePort: Array<string | undefined>;
  /** The same for the targetHandle. */
  targetPort: Array<string | undefined>;
  /** Per edge: nodeById's node for its source, undefined when there is none. */
  sourceNode: Array<WorkflowNode | undefined>;
  /** The same for its target. */
  targetNode: Array<WorkflowNode | undefined>;
  /** Whether two nodes share an id: then the first and the last of an id differ, and checks that keep the first look it up themselves. */
  sharedIds: boolean;
}

export function indexGraph(workflow: Pick<Workflow, 'nodes' | 'edges'>): GraphIndex {
  const nodeById = new Map<string, WorkflowNode>();
  for (const node of workflow.nodes) nodeById.set(node.id, node);
  const { edges } = workflow;
  const sourcePort = new Array<string | undefined>(edges.length);
  const targetPort = new Array<string | undefined>(edges.length);
  const sourceNode = new Array<WorkflowNode | undefined>(edges.length);
  const targetNode = new Array<WorkflowNode | undefined>(edges.length);
  for (let i = 0; i < edges.length; i++) {
    const edge = edges[i];
    sourcePort[i] = edge.sourceHandle ? portIdFromHandle(edge.sourceHandle, edge.source, 'output') : undefined;
    targetPort[i] = edge.targetHandle ? portIdFromHandle(edge.targetHandle, edge.target, 'input') : undefined;
    sourceNode[i] = nodeById.get(edge.source);
    targetNode[i] = nodeById.get(edge.target);
  }
  return { nodeById, sourcePort, targetPort, sourceNode, targetNode, sharedIds: nodeById.size !== workflow.nodes.length };
}
