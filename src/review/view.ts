// How review outputs name things: a node by its label and node type, a connection by its nodes' labels
// and ports. Shared by the diff, the Mermaid picture and the text outline, so they read alike.
import type { JsonObject, WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { printable } from '../util/printable.js';
import { edgeKind, type EdgeKind } from '../graph/edges.js';
import { portIdFromHandle } from '../graph/handles.js';
import { ExactNumber } from '../util/exact-number.js';
import { jsonText } from '../util/json-text.js';
import { isRecord } from '../util/narrow.js';
import { setOwnKey } from '../util/own-key.js';

/** Written by every save; never a change a reviewer made. */
export const SAVE_STAMPS = ['updatedAt', 'versionId', 'updateNumber'] as const;

export const nodeTypeOf = (node: WorkflowNode): string => node.data?.metadata?.id ?? node.type ?? '?';

export const labelOf = (node: WorkflowNode | undefined, fallbackId: string): string => {
  const label = node?.data?.label;
  return typeof label === 'string' && label.trim() !== '' ? label : fallbackId;
};

/** config.nodeType when set (a value that is no string names no visual type), else the metadata's type. */
const visualTypeOf = (node: WorkflowNode): string | undefined => {
  const nodeType = node.data?.config?.nodeType;
  if (nodeType === undefined || nodeType === null) return node.data?.metadata?.type;
  return typeof nodeType === 'string' ? nodeType : undefined;
};

/** Sticky notes document the canvas; they are not steps of the workflow. */
export const isNote = (node: WorkflowNode): boolean =>
  node.type === 'note' || node.type === 'notes' || visualTypeOf(node) === 'note' || nodeTypeOf(node) === 'note';

export const isGateway = (node: WorkflowNode): boolean => visualTypeOf(node) === 'gateway' || Array.isArray(node.data?.config?.branches);

export const isTerminal = (node: WorkflowNode): boolean => visualTypeOf(node) === 'terminal';

export const isToolNode = (node: WorkflowNode): boolean => visualTypeOf(node) === 'tool';

interface Endpoint {
  node: string;
  label: string;
  /** The port id, from the handle; absent when the edge names no handle. */
  port?: string;
}

export interface Connection {
  id: string;
  from: Endpoint;
  to: Endpoint;
  kind: EdgeKind;
  /** The gateway branch the connection leaves by: its label, or its name. */
  branch?: string;
}

/** The ports an edge's handles name; absent where it names no handle. */
export function portsOf(edge: WorkflowEdge): { fromPort?: string; toPort?: string } {
  const fromPort =
    typeof edge.sourceHandle === 'string' && edge.sourceHandle !== ''
      ? portIdFromHandle(edge.sourceHandle, edge.source, 'output')
      : undefined;
  const toPort =
    typeof edge.targetHandle === 'string' && edge.targetHandle !== ''
      ? portIdFromHandle(edge.targetHandle, edge.target, 'input')
      : undefined;
  return { ...(fromPort !== undefined ? { fromPort } : {}), ...(toPort !== undefined ? { toPort } : {}) };
}

export function connectionOf(edge: WorkflowEdge, nodes: Map<string, WorkflowNode>): Connection {
  const source = nodes.get(edge.source);
  const { fromPort, toPort } = portsOf(edge);
  const branches = source?.data?.config?.branches;
  const branch = fromPort !== undefined && Array.isArray(branches) ? branches.find((b) => b?.name === fromPort) : undefined;
  const kind: EdgeKind = edge.data?.isToolConnection === true ? 'tool' : edgeKind(edge, nodes);
  return {
    id: edge.id,
    from: { node: edge.source, label: labelOf(source, edge.source), ...(fromPort !== undefined ? { port: fromPort } : {}) },
    to: { node: edge.target, label: labelOf(nodes.get(edge.target), edge.target), ...(toPort !== undefined ? { port: toPort } : {}) },
    kind,
    ...(branch ? { branch: branch.label || branch.name } : {}),
  };
}

const endpointText = (e: Endpoint): string => printable(e.port !== undefined ? `${e.label}.${e.port}` : e.label);

/** `Source label.port → Target label.port`, printable. */
export const connectionText = (c: Connection): string => `${endpointText(c.from)} → ${endpointText(c.to)}`;

/** A value on one line, printable: strings quoted, objects as compact JSON; cut to `max` characters. */
export function compactValue(value: unknown, max = Infinity): string {
  const text = printable(jsonText(value) ?? '(none)');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Object keys sorted at every depth, so equal values serialise equally whatever the file's key order. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value) || value instanceof ExactNumber) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) {
    const v = value[key];
    if (v === undefined) continue;
    setOwnKey(out, key, canonical(v));
  }
  return out;
}

/**
 * Whether two values are the same JSON, key order aside (as JSON writes them: a key whose value is undefined
 * is not there). An ExactNumber is the same as another of the same value only: no double has its value.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof ExactNumber || b instanceof ExactNumber)
    return a instanceof ExactNumber && b instanceof ExactNumber && a.value === b.value;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b) || definedKeys(a) !== definedKeys(b)) return false;
    for (const key in a) if (a[key] !== undefined && (!Object.hasOwn(b, key) || !sameValue(a[key], b[key]))) return false;
    return true;
  }
  return jsonLeaf(a) === jsonLeaf(b);
}

function definedKeys(value: Record<string, unknown>): number {
  let count = 0;
  for (const key in value) if (value[key] !== undefined) count++;
  return count;
}

/** A number JSON cannot write is written null. */
const jsonLeaf = (value: unknown): unknown => (typeof value === 'number' && !Number.isFinite(value) ? null : value);

export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
