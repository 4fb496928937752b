import type { WorkflowNode } from '../contract/types.js';
import { isRecord } from '../util/narrow.js';

export type HandleSide = 'input' | 'output';

/**
 * The port a handle names. The editor writes "<nodeId>-output-<portId>" / "<nodeId>-input-<portId>";
 * older files and other backends write the bare port id, which is accepted too.
 */
export function portIdFromHandle(handle: string, nodeId: string, side: HandleSide): string {
  // Compared in place: every check of every edge asks, and building the prefix string each time showed in profiles.
  const sideAt = nodeId.length + 1;
  const portAt = sideAt + side.length + 1;
  return handle.length >= portAt &&
    handle.startsWith(nodeId) &&
    handle.charCodeAt(nodeId.length) === DASH &&
    handle.startsWith(side, sideAt) &&
    handle.charCodeAt(portAt - 1) === DASH
    ? handle.slice(portAt)
    : handle;
}

const DASH = 0x2d;

export function handleFor(nodeId: string, side: HandleSide, portId: string): string {
  return `${nodeId}-${side}-${portId}`;
}

/**
 * Whether `node` exposes `port` on `side`: a static port, a dynamic port, a gateway branch (outputs), the
 * tool port. The integrity check asks it for both ends of every edge; a node has a handful of ports, so a
 * look through them costs less than building a set of them per node.
 */
export function hasPort(node: WorkflowNode, side: HandleSide, port: string): boolean {
  const meta = node.data?.metadata;
  const config = node.data?.config ?? {};
  for (const declared of (side === 'input' ? meta?.inputs : meta?.outputs) ?? []) if (declared.id === port) return true;
  const dynamic: unknown = side === 'input' ? config.dynamicInputs : config.dynamicOutputs;
  if (port !== '' && Array.isArray(dynamic)) for (const p of dynamic) if (isRecord(p) && p.name === port) return true;
  if (side === 'output') for (const branch of config.branches ?? []) if (branch?.name && branch.name === port) return true;
  const visual: unknown = config.nodeType ?? meta?.type;
  return visual === 'tool' && (meta?.portDataType ?? 'tool') === port;
}
