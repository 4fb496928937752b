// Can this workflow be exported as an Agent Spec Flow? The specification's export errors, Agent Spec's own
// structural rules, and every piece of information the export loses, each under a rule id whose
// severity a team can change (src/validate/rule-config.ts).
import type { Workflow, WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { findCycle, isLoopEdge, reachesAny, unmarkedCycleMessage } from '../graph/cycles.js';
import { LOOP_BACK_PORT } from '../graph/edges.js';
import type { GraphIndex } from '../graph/graph-index.js';
import { portIdFromHandle } from '../graph/handles.js';
import { abbreviate } from '../util/abbreviate.js';
import { nodeTypeIdOf, resolveComponentType } from './component-types.js';
import { inputPorts, isControlOutput, nodePorts, type NodePorts } from './node-ports.js';
import type { ToAgentSpecOptions } from './to-agentspec.js';
import type { ExportIssue } from './types.js';

export { EXPORT_RULES } from './rules.js';

const labelOf = (node: WorkflowNode): string => node.data?.label || node.id;
const SUBFLOW_NODES = new Set(['FlowNode', 'MapNode', 'ParallelMapNode', 'CatchExceptionNode']);

/**
 * Structural findings. The losses come from the conversion itself (export.ts adds them). An empty
 * workflow yields only `Workflow has no nodes`.
 */
export function structuralIssues(workflow: Workflow, options: ToAgentSpecOptions = {}, index?: GraphIndex): ExportIssue[] {
  if (workflow.nodes.length === 0) return [{ rule: 'not-empty', message: 'Workflow has no nodes' }];
  const issues: ExportIssue[] = [];
  const types = new Map<string, string>();
  const unmappable = new Set<string>();
  const notes = new Set<string>();
  const builtSubflow = new Set<string>();
  for (const node of workflow.nodes) {
    const resolution = resolveComponentType(node, options.lookupNodeType);
    if (resolution.kind === 'node') {
      types.set(node.id, resolution.type);
      // A variant's mapper writes the subflow itself (human_review).
      if (resolution.variant) builtSubflow.add(node.id);
    } else if (resolution.kind === 'note') notes.add(node.id);
    else if (!unmappable.has(nodeTypeIdOf(node))) {
      unmappable.add(nodeTypeIdOf(node));
      issues.push({ rule: 'mappable-node-type', message: `Node type not mappable: ${nodeTypeIdOf(node)}`, nodeIds: [node.id] });
    }
  }
  for (const node of workflow.nodes) {
    const type = types.get(node.id);
    if (!type || !SUBFLOW_NODES.has(type) || builtSubflow.has(node.id)) continue;
    const config = node.data.config ?? {};
    if (typeof config.subflow !== 'object' && !Array.isArray(config.subflows))
      issues.push({
        rule: 'mappable-node-type',
        message: `Node type not mappable: ${nodeTypeIdOf(node)} ('${labelOf(node)}' has no subflow: an Agent Spec ${type} contains its flow)`,
        nodeIds: [node.id],
      });
  }
  // The exported nodes by id. Notes are set aside by id, so the last node of an id that is not a note's is
  // the index's (all nodes, the last of each id) when the caller has one.
  const allById = index?.nodeById ?? new Map(workflow.nodes.map((n) => [n.id, n]));
  // One node per id, the one edges resolve to: a second node of an id is duplicate-node-id's finding, and
  // checked again here it would repeat each finding of the first at the same place.
  const nodes = workflow.nodes.filter((n) => !notes.has(n.id) && allById.get(n.id) === n);
  const exportedNode = (id: string): WorkflowNode | undefined => (notes.has(id) ? undefined : allById.get(id));
  // Each node's ports, made once: several checks below ask for them per edge.
  const portsOf = new Map<WorkflowNode, NodePorts>();
  const portsFor = (node: WorkflowNode): NodePorts => {
    let ports = portsOf.get(node);
    if (!ports) portsOf.set(node, (ports = nodePorts(node)));
    return ports;
  };
  // Edges between exported nodes, each with its source node; the nodes they touch; the inputs they feed.
  // And those that may close a cycle: not marked as a loop's back edge, not into a loop_back input.
  // The port each edge leaves by is read here once, or taken from the caller's index.
  const edges: WorkflowEdge[] = [];
  const sources: WorkflowNode[] = [];
  const sourcePorts: Array<string | undefined> = [];
  const forward: WorkflowEdge[] = [];
  const touched = new Set<string>();
  const connectedInputs = new Map<string, Set<string>>();
  for (let i = 0; i < workflow.edges.length; i++) {
    const edge = workflow.edges[i];
    const source = index ? (notes.has(edge.source) ? undefined : index.sourceNode[i]) : exportedNode(edge.source);
    const target = index ? (notes.has(edge.target) ? undefined : index.targetNode[i]) : exportedNode(edge.target);
    if (!source || !target) continue;
    const sourcePort = index
      ? index.sourcePort[i]
      : edge.sourceHandle
        ? portIdFromHandle(edge.sourceHandle, edge.source, 'output')
        : undefined;
    edges.push(edge);
    sources.push(source);
    sourcePorts.push(sourcePort);
    touched.add(edge.source).add(edge.target);
    const port = index ? index.targetPort[i] : edge.targetHandle ? portIdFromHandle(edge.targetHandle, edge.target, 'input') : undefined;
    if (!isLoopEdge(edge) && port !== LOOP_BACK_PORT) forward.push(edge);
    if (port === undefined) continue;
    const ports = connectedInputs.get(edge.target);
    if (ports) ports.add(port);
    else connectedInputs.set(edge.target, new Set([port]));
  }

  const starts = nodes.filter((n) => types.get(n.id) === 'StartNode');
  if (starts.length === 0)
    issues.push({
      rule: 'single-start',
      message: 'Agent Spec requires exactly one StartNode. No start node found (terminal node with triggers category).',
    });
  else if (starts.length > 1)
    issues.push({
      rule: 'single-start',
      message: `Agent Spec requires exactly one StartNode. Found ${starts.length}: ${abbreviate(starts.map((n) => n.id)).join(', ')}`,
      nodeIds: starts.map((n) => n.id),
    });

  const ends = nodes.filter((n) => types.get(n.id) === 'EndNode');
  if (ends.length === 0)
    issues.push({
      rule: 'end-reachable',
      message: 'Agent Spec requires at least one EndNode. No end node found (terminal node with outputs category).',
    });
  else if (starts.length === 1) {
    // Control flow only: edges that leave by no port, a branch or a trigger output.
    const control = edges.filter((_, k) => {
      const port = sourcePorts[k];
      return port === undefined || isControlOutput(sources[k], port);
    });
    if (!reachesAny(starts[0].id, new Set(ends.map((n) => n.id)), control))
      issues.push({ rule: 'end-reachable', message: 'No EndNode is reachable from the start node', nodeIds: ends.map((n) => n.id) });
  }

  // The edges out of gateways, grouped by gateway once, when there is one: a workflow may have 10,000 edges.
  let edgesFrom: Map<string, WorkflowEdge[]> | undefined;
  const edgesOutOf = (id: string): WorkflowEdge[] => {
    if (!edgesFrom) {
      edgesFrom = new Map();
      for (const edge of edges) {
        if (types.get(edge.source) !== 'BranchingNode') continue;
        const from = edgesFrom.get(edge.source);
        if (from) from.push(edge);
        else edgesFrom.set(edge.source, [edge]);
      }
    }
    return edgesFrom.get(id) ?? [];
  };
  for (const node of nodes) {
    if (types.get(node.id) !== 'BranchingNode') continue;
    const ports = portsFor(node);
    if (ports.branches.filter((b) => !b.isDefault).length === 0)
      issues.push({
        rule: 'gateway-branches',
        message: `Gateway node "${labelOf(node)}" has no branches defined. Agent Spec BranchingNode requires at least one branch.`,
        nodeIds: [node.id],
      });
    for (const edge of edgesOutOf(node.id)) {
      if (!edge.sourceHandle) continue;
      const port = portIdFromHandle(edge.sourceHandle, node.id, 'output');
      if (!ports.branches.some((b) => b.name === port) && !ports.outputs.some((p) => p.id === port))
        issues.push({
          rule: 'branch-exists',
          message: `Branch "${port}" does not exist on gateway "${labelOf(node)}" (edge ${edge.id})`,
          nodeIds: [node.id],
          edgeId: edge.id,
        });
    }
  }

  const cycle = findCycle(
    nodes.map((n) => n.id),
    forward,
  );
  if (cycle) {
    // The cycle runs through exported nodes only; an id is its own label otherwise.
    const label = (id: string) => {
      const node = exportedNode(id);
      return `'${node ? labelOf(node) : id}'`;
    };
    issues.push({ rule: 'no-cycle', message: unmarkedCycleMessage(cycle, label), nodeIds: cycle });
  }

  for (const node of nodes)
    if (!touched.has(node.id)) issues.push({ rule: 'no-disconnected-node', message: `Disconnected node: ${node.id}`, nodeIds: [node.id] });

  // The inputs each edge feeds were gathered in one pass over the edges above: a workflow may have 10,000 of each.
  for (const node of nodes) {
    const connected = connectedInputs.get(node.id);
    for (const port of inputPorts(node)) {
      if (port.required && port.dataType !== 'trigger' && !connected?.has(port.id))
        issues.push({ rule: 'required-port', message: `Missing required port: ${node.id}.${port.id}`, nodeIds: [node.id] });
    }
  }
  return issues;
}
