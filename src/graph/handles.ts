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

/** Every port id a node exposes on one side: static ports, dynamic ports, gateway branches, the tool port. */
export function portIds(node: WorkflowNode, side: HandleSide): Set<string> {
  const meta = node.data?.metadata;
  const config = node.data?.config ?? {};
  const ids = new Set<string>();
  for (const port of (side === 'input' ? meta?.inputs : meta?.outputs) ?? []) ids.add(port.id);
  const dynamic: unknown = side === 'input' ? config.dynamicInputs : config.dynamicOutputs;
  const dynamicPorts: unknown[] = Array.isArray(dynamic) ? dynamic : [];
  for (const port of dynamicPorts) if (isRecord(port) && typeof port.name === 'string' && port.name) ids.add(port.name);
  if (side === 'output') for (const branch of config.branches ?? []) if (branch?.name) ids.add(branch.name);
  const visual: unknown = config.nodeType ?? meta?.type;
  if (visual === 'tool') ids.add(meta?.portDataType ?? 'tool');
  return ids;
}
