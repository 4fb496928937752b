import type { WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { declaredEdgeType } from './cycles.js';
import { portIdFromHandle } from './handles.js';

/**
 * What an edge carries. The editor records it in data.metadata.edgeType; older files do not, so it is
 * derived from the ports: a trigger output carries control, a tool port attaches a tool, an edge into a
 * `loop_back` input closes a loop.
 */
export type EdgeKind = 'trigger' | 'data' | 'tool' | 'loopback';

export const LOOP_BACK_PORT = 'loop_back';

function portDataType(node: WorkflowNode | undefined, side: 'input' | 'output', portId: string): string | undefined {
  const ports = side === 'input' ? node?.data?.metadata?.inputs : node?.data?.metadata?.outputs;
  const port = ports?.find((p) => p.id === portId);
  if (port) return port.dataType;
  // Gateway branches are control outputs.
  if (side === 'output' && node?.data?.config?.branches?.some((b) => b.name === portId)) return 'trigger';
  return undefined;
}

/** An edge that closes a loop: marked so by the editor, or into a `loop_back` input (edgeKind's 'loopback'). */
export function isLoopbackEdge(edge: WorkflowEdge): boolean {
  if (declaredEdgeType(edge.data?.metadata) === 'loopback') return true;
  return edge.targetHandle ? portIdFromHandle(edge.targetHandle, edge.target, 'input') === LOOP_BACK_PORT : false;
}

export function edgeKind(edge: WorkflowEdge, nodes: Map<string, WorkflowNode>): EdgeKind {
  if (isLoopbackEdge(edge)) return 'loopback';
  const source = nodes.get(edge.source);
  const target = nodes.get(edge.target);
  const sourcePort = edge.sourceHandle ? portIdFromHandle(edge.sourceHandle, edge.source, 'output') : undefined;
  const targetPort = edge.targetHandle ? portIdFromHandle(edge.targetHandle, edge.target, 'input') : undefined;
  const declared = declaredEdgeType(edge.data?.metadata);
  if (declared === 'tool') return 'tool';
  const fromType = sourcePort ? portDataType(source, 'output', sourcePort) : undefined;
  const toType = targetPort ? portDataType(target, 'input', targetPort) : undefined;
  if (fromType === 'tool' || toType === 'tool') return 'tool';
  if (declared === 'trigger' || fromType === 'trigger') return 'trigger';
  return 'data';
}
