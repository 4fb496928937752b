// The semantic diff of two workflows: what a reviewer cares about, matched by node and edge id.
// Layout (positions, sizes, selection) is counted apart, and save stamps never count.
import type { JsonObject, Workflow, WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { byText, canonical, connectionOf, connectionText, labelOf, nodeTypeOf, SAVE_STAMPS, sameValue, type Connection } from './view.js';

interface NodeRef {
  id: string;
  label: string;
  type: string;
}

/** One field that differs. `before` is absent for a field that was added, `after` for one removed. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

interface NodeChange extends NodeRef {
  changes: FieldChange[];
}

export interface WorkflowDiff {
  equal: boolean;
  old: { id: string; name: string };
  new: { id: string; name: string };
  /** id, name, description, metadata.*, config.* and any other top-level field. */
  workflow: FieldChange[];
  nodes: { added: NodeRef[]; removed: NodeRef[]; changed: NodeChange[] };
  connections: { added: Connection[]; removed: Connection[] };
  /** Nodes whose position or size changed and nothing else counted here; empty with ignoreLayout. */
  layout: { ignored: boolean; moved: NodeRef[] };
}

export interface DiffOptions {
  ignoreLayout?: boolean;
}

// Node fields the canvas writes when a node is dragged, resized or clicked.
const LAYOUT_KEYS = new Set(['position', 'positionAbsolute', 'width', 'height', 'measured', 'selected', 'dragging', 'resizing']);
// data fields that are shown by other means (label, type) or are response-only run state.
const DATA_SHOWN_APART = new Set(['label', 'config', 'metadata', 'nodeId', 'executionInfo', 'isProcessing', 'error']);
const WORKFLOW_SHOWN_APART = new Set(['name', 'description', 'nodes', 'edges', 'metadata']);

const isPlainObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
/** A key's own value: `constructor` or `toString` on one side only is not Object.prototype's on the other. */
const own = (value: JsonObject, key: string): unknown => (Object.hasOwn(value, key) ? value[key] : undefined);

/** Field-level changes between two values; objects by key and same-length arrays by index, recursively. */
function valueChanges(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (sameValue(before, after)) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(byText))
      valueChanges(own(before, key), own(after, key), path ? `${path}.${key}` : key, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((item, i) => valueChanges(item, after[i], `${path}[${i}]`, out));
    return;
  }
  out.push({
    field: path,
    ...(before !== undefined ? { before: canonical(before) } : {}),
    ...(after !== undefined ? { after: canonical(after) } : {}),
  });
}

const without = (value: unknown, keys: Iterable<string>): JsonObject => {
  const copy: JsonObject = isPlainObject(value) ? { ...value } : {};
  for (const key of keys) delete copy[key];
  return copy;
};

const refOf = (node: WorkflowNode): NodeRef => ({ id: node.id, label: labelOf(node, node.id), type: nodeTypeOf(node) });
const byLabel = (a: NodeRef, b: NodeRef): number => byText(a.label, b.label) || byText(a.id, b.id);
const byConnection = (a: Connection, b: Connection): number => byText(connectionText(a), connectionText(b)) || byText(a.id, b.id);

function nodeChanges(before: WorkflowNode, after: WorkflowNode): { changes: FieldChange[]; moved: boolean } {
  const changes: FieldChange[] = [];
  const beforeLabel = labelOf(before, before.id);
  const afterLabel = labelOf(after, after.id);
  if (beforeLabel !== afterLabel) changes.push({ field: 'label', before: beforeLabel, after: afterLabel });
  if (nodeTypeOf(before) !== nodeTypeOf(after)) changes.push({ field: 'type', before: nodeTypeOf(before), after: nodeTypeOf(after) });
  valueChanges(before.data?.config ?? {}, after.data?.config ?? {}, '', changes);
  valueChanges(without(before.data, DATA_SHOWN_APART), without(after.data, DATA_SHOWN_APART), 'data', changes);
  const nodeLevel = ['id', 'data', ...LAYOUT_KEYS];
  valueChanges(without(before, nodeLevel), without(after, nodeLevel), 'node', changes);
  const moved = [...LAYOUT_KEYS].some((key) => !sameValue(before[key], after[key]));
  return { changes, moved };
}

const endpointsKey = (e: WorkflowEdge): string => JSON.stringify([e.source, e.sourceHandle ?? null, e.target, e.targetHandle ?? null]);

/** Edges only on one side, matched by id, then by endpoints (an edge deleted and drawn again is no change). */
function unmatchedEdges(before: WorkflowEdge[], after: WorkflowEdge[]): { removed: WorkflowEdge[]; added: WorkflowEdge[] } {
  const afterById = new Map(after.map((e) => [e.id, e]));
  const beforeById = new Map(before.map((e) => [e.id, e]));
  const removed = before.filter((e) => {
    const other = afterById.get(e.id);
    return !other || endpointsKey(other) !== endpointsKey(e);
  });
  const added = after.filter((e) => {
    const other = beforeById.get(e.id);
    return !other || endpointsKey(other) !== endpointsKey(e);
  });
  const addedByEndpoints = new Map<string, WorkflowEdge[]>();
  for (const e of added) addedByEndpoints.set(endpointsKey(e), [...(addedByEndpoints.get(endpointsKey(e)) ?? []), e]);
  const pairedAdded = new Set<WorkflowEdge>();
  const stillRemoved = removed.filter((e) => {
    const twin = addedByEndpoints.get(endpointsKey(e))?.find((candidate) => !pairedAdded.has(candidate));
    if (twin) pairedAdded.add(twin);
    return !twin;
  });
  return { removed: stillRemoved, added: added.filter((e) => !pairedAdded.has(e)) };
}

export function diffWorkflows(before: Workflow, after: Workflow, options: DiffOptions = {}): WorkflowDiff {
  const workflow: FieldChange[] = [];
  for (const key of ['name', 'description']) valueChanges(before[key], after[key], key, workflow);
  valueChanges(without(before, WORKFLOW_SHOWN_APART), without(after, WORKFLOW_SHOWN_APART), '', workflow);
  valueChanges(without(before.metadata, SAVE_STAMPS), without(after.metadata, SAVE_STAMPS), 'metadata', workflow);

  const beforeNodes = new Map((before.nodes ?? []).map((n) => [n.id, n]));
  const afterNodes = new Map((after.nodes ?? []).map((n) => [n.id, n]));
  const added: NodeRef[] = [];
  const changed: NodeChange[] = [];
  const moved: NodeRef[] = [];
  for (const node of afterNodes.values()) {
    const old = beforeNodes.get(node.id);
    if (!old) {
      added.push(refOf(node));
      continue;
    }
    const result = nodeChanges(old, node);
    if (result.changes.length > 0) changed.push({ ...refOf(node), changes: result.changes });
    if (result.moved && !options.ignoreLayout) moved.push(refOf(node));
  }
  const removed = [...beforeNodes.values()].filter((n) => !afterNodes.has(n.id)).map(refOf);

  const edges = unmatchedEdges(before.edges ?? [], after.edges ?? []);
  const connections = {
    added: edges.added.map((e) => connectionOf(e, afterNodes)).sort(byConnection),
    removed: edges.removed.map((e) => connectionOf(e, beforeNodes)).sort(byConnection),
  };
  const nodes = { added: added.sort(byLabel), removed: removed.sort(byLabel), changed: changed.sort(byLabel) };
  const equal =
    workflow.length +
      nodes.added.length +
      nodes.removed.length +
      nodes.changed.length +
      connections.added.length +
      connections.removed.length +
      moved.length ===
    0;
  return {
    equal,
    old: { id: before.id, name: before.name },
    new: { id: after.id, name: after.name },
    workflow,
    nodes,
    connections,
    layout: { ignored: options.ignoreLayout === true, moved: moved.sort(byLabel) },
  };
}

/** A workflow with the same id, name and metadata and nothing in it: the other side of an added or deleted file. */
export const emptyLike = (workflow: Workflow): Workflow => ({ ...workflow, nodes: [], edges: [] });

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "1 workflow field changed · 2 nodes added, 1 changed · 1 connection removed · 3 nodes moved", or "no changes". */
export function diffSummary(diff: WorkflowDiff): string {
  // The noun goes with the first count: "2 nodes added, 1 removed".
  const group = (noun: string, counts: Array<[number, string]>): string | undefined => {
    const present = counts.filter(([n]) => n > 0);
    return present.length === 0
      ? undefined
      : present.map(([n, verb], i) => (i === 0 ? `${count(n, noun)} ${verb}` : `${n} ${verb}`)).join(', ');
  };
  const parts = [
    group('workflow field', [[diff.workflow.length, 'changed']]),
    group('node', [
      [diff.nodes.added.length, 'added'],
      [diff.nodes.removed.length, 'removed'],
      [diff.nodes.changed.length, 'changed'],
    ]),
    group('connection', [
      [diff.connections.added.length, 'added'],
      [diff.connections.removed.length, 'removed'],
    ]),
    diff.layout.moved.length > 0 ? movedText(diff) : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(' · ') : 'no changes';
}

export const movedText = (diff: WorkflowDiff): string => `${count(diff.layout.moved.length, 'node')} moved`;
