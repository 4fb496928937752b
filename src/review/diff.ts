// The semantic diff of two workflows: what a reviewer cares about. Nodes are matched by id; connections by
// the nodes they join as a person sees them (see nodeCounterparts). Layout (positions, sizes, selection) is
// counted apart, and save stamps never count.
import type { JsonObject, Workflow, WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { ExactNumber } from '../util/exact-number.js';
import type { NumberLiterals } from './number-literals.js';
import {
  byText,
  canonical,
  connectionOf,
  connectionText,
  labelOf,
  nodeTypeOf,
  portsOf,
  SAVE_STAMPS,
  sameValue,
  type Connection,
} from './view.js';

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

/** A connection on both sides whose edge's own fields (data, type, label, …) changed; named as it is now. */
interface ConnectionChange extends Connection {
  changes: FieldChange[];
}

export interface WorkflowDiff {
  equal: boolean;
  old: { id: string; name: string };
  new: { id: string; name: string };
  /** id, name, description, metadata.*, config.* and any other top-level field. */
  workflow: FieldChange[];
  /** A node's changes are named `label`, `type` (its node type), `config.…`, `data.…` (other data fields) and `node.…`. */
  nodes: { added: NodeRef[]; removed: NodeRef[]; changed: NodeChange[] };
  /** An edge's changes are named by its fields: `data.…`, `type`, `label`, … */
  connections: { added: Connection[]; removed: Connection[]; changed: ConnectionChange[] };
  /** Nodes whose position or size changed and nothing else counted here; empty with ignoreLayout. */
  layout: { ignored: boolean; moved: NodeRef[] };
}

export interface DiffOptions {
  ignoreLayout?: boolean;
  /** The numbers of the two workflows that no double stands for, compared and shown as the files wrote them. */
  numbers?: NumberLiterals;
}

/** How the diff reads the workflows' values: NumberLiterals, or every number as the double it was parsed as. */
type Reading = Pick<NumberLiterals, 'exact' | 'exactAt'>;

const AS_PARSED: Reading = {
  exact: (value) => value,
  exactAt: (container, key) => (Object.hasOwn(container, key) ? container[key] : undefined),
};

// Node fields the canvas writes when a node is dragged, resized or clicked.
const LAYOUT_KEYS = new Set(['position', 'positionAbsolute', 'width', 'height', 'measured', 'selected', 'dragging', 'resizing']);
// data fields that are shown by other means (label, type) or are response-only run state.
const DATA_SHOWN_APART = new Set(['label', 'config', 'metadata', 'nodeId', 'executionInfo', 'isProcessing', 'error']);
const WORKFLOW_SHOWN_APART = new Set(['name', 'description', 'nodes', 'edges', 'metadata']);
// Edge fields that say what the edge joins (compared as its connection), and the canvas's selection.
const EDGE_SHOWN_APART = ['id', 'source', 'target', 'sourceHandle', 'targetHandle', 'selected'];

const isPlainObject = (v: unknown): v is JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof ExactNumber);
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

/** `value` without `keys`, its numbers read by `read`. */
const without = (value: unknown, keys: Iterable<string>, read: Reading): JsonObject => {
  const exact = read.exact(value);
  const copy: JsonObject = isPlainObject(exact) ? { ...exact } : {};
  for (const key of keys) delete copy[key];
  return copy;
};

const refOf = (node: WorkflowNode): NodeRef => ({ id: node.id, label: labelOf(node, node.id), type: nodeTypeOf(node) });
const byLabel = (a: NodeRef, b: NodeRef): number => byText(a.label, b.label) || byText(a.id, b.id);
const byConnection = (a: Connection, b: Connection): number => byText(connectionText(a), connectionText(b)) || byText(a.id, b.id);

function nodeChanges(before: WorkflowNode, after: WorkflowNode, read: Reading): { changes: FieldChange[]; moved: boolean } {
  const changes: FieldChange[] = [];
  const beforeLabel = labelOf(before, before.id);
  const afterLabel = labelOf(after, after.id);
  if (beforeLabel !== afterLabel) changes.push({ field: 'label', before: beforeLabel, after: afterLabel });
  if (nodeTypeOf(before) !== nodeTypeOf(after)) changes.push({ field: 'type', before: nodeTypeOf(before), after: nodeTypeOf(after) });
  valueChanges(read.exact(before.data?.config ?? {}), read.exact(after.data?.config ?? {}), 'config', changes);
  valueChanges(without(before.data, DATA_SHOWN_APART, read), without(after.data, DATA_SHOWN_APART, read), 'data', changes);
  const nodeLevel = ['id', 'data', ...LAYOUT_KEYS];
  valueChanges(without(before, nodeLevel, read), without(after, nodeLevel, read), 'node', changes);
  const moved = [...LAYOUT_KEYS].some((key) => !sameValue(read.exactAt(before, key), read.exactAt(after, key)));
  return { changes, moved };
}

/**
 * The node each old node is in the new workflow as a person sees it: the one with the same label and node
 * type, when exactly one node on each side has them; otherwise the one with the same id, unless that one is
 * already another old node's. Two nodes that swapped ids are then still themselves, and an edge left as it
 * was between their ids shows as the reversed connection it now is; a renamed node stays matched by its id.
 */
function nodeCounterparts(before: Map<string, WorkflowNode>, after: Map<string, WorkflowNode>): Map<string, string> {
  const idsByLook = (nodes: Map<string, WorkflowNode>) => {
    const ids = new Map<string, string[]>();
    for (const node of nodes.values()) {
      const look = JSON.stringify([labelOf(node, node.id), nodeTypeOf(node)]);
      const same = ids.get(look);
      if (same) same.push(node.id);
      else ids.set(look, [node.id]);
    }
    return ids;
  };
  const looksBefore = idsByLook(before);
  const counterpart = new Map<string, string>();
  const claimed = new Set<string>();
  for (const [look, afterIds] of idsByLook(after)) {
    const beforeIds = looksBefore.get(look);
    if (afterIds.length !== 1 || beforeIds?.length !== 1) continue;
    counterpart.set(beforeIds[0], afterIds[0]);
    claimed.add(afterIds[0]);
  }
  for (const id of before.keys())
    if (!counterpart.has(id) && after.has(id) && !claimed.has(id)) {
      counterpart.set(id, id);
      claimed.add(id);
    }
  return counterpart;
}

type ConnectionKey = (edge: WorkflowEdge) => string;

/**
 * What an edge joins, comparable across the two sides: its nodes (an old node as its new counterpart) and the
 * ports its handles name (`<node id>-output-<port>` and a bare `<port>` are the same port).
 */
function connectionKeys(before: Map<string, WorkflowNode>, after: Map<string, WorkflowNode>): { old: ConnectionKey; new: ConnectionKey } {
  const counterpart = nodeCounterparts(before, after);
  // A node id names nothing when the edge dangles; such an end compares by the id itself on both sides.
  const oldEnd = (id: string) =>
    before.has(id) ? [counterpart.has(id) ? 'node' : 'removed', counterpart.get(id) ?? id] : ['dangling', id];
  const newEnd = (id: string) => (after.has(id) ? ['node', id] : ['dangling', id]);
  const ports = (e: WorkflowEdge) => {
    const { fromPort, toPort } = portsOf(e);
    return [fromPort ?? null, toPort ?? null];
  };
  return {
    old: (e) => JSON.stringify([oldEnd(e.source), oldEnd(e.target), ports(e)]),
    new: (e) => JSON.stringify([newEnd(e.source), newEnd(e.target), ports(e)]),
  };
}

interface EdgePairs {
  removed: WorkflowEdge[];
  added: WorkflowEdge[];
  /** The same connection on both sides: [old edge, new edge]. */
  kept: Array<[WorkflowEdge, WorkflowEdge]>;
}

/** Edges paired across the sides by what they join, the same id first (an edge deleted and drawn again is no change). */
function pairEdges(before: WorkflowEdge[], after: WorkflowEdge[], keys: { old: ConnectionKey; new: ConnectionKey }): EdgePairs {
  const afterByKey = new Map<string, WorkflowEdge[]>();
  for (const e of after) {
    const key = keys.new(e);
    const same = afterByKey.get(key);
    if (same) same.push(e);
    else afterByKey.set(key, [e]);
  }
  const paired = new Set<WorkflowEdge>();
  const kept: Array<[WorkflowEdge, WorkflowEdge]> = [];
  const unpaired: Array<{ edge: WorkflowEdge; candidates: WorkflowEdge[] }> = [];
  for (const e of before) {
    const candidates = afterByKey.get(keys.old(e)) ?? [];
    const twin = candidates.find((candidate) => candidate.id === e.id && !paired.has(candidate));
    if (twin) {
      paired.add(twin);
      kept.push([e, twin]);
    } else unpaired.push({ edge: e, candidates });
  }
  const removed: WorkflowEdge[] = [];
  for (const { edge, candidates } of unpaired) {
    const twin = candidates.find((candidate) => !paired.has(candidate));
    if (twin) {
      paired.add(twin);
      kept.push([edge, twin]);
    } else removed.push(edge);
  }
  return { removed, added: after.filter((e) => !paired.has(e)), kept };
}

export function diffWorkflows(before: Workflow, after: Workflow, options: DiffOptions = {}): WorkflowDiff {
  const read = options.numbers ?? AS_PARSED;
  const workflow: FieldChange[] = [];
  for (const key of ['name', 'description']) valueChanges(read.exactAt(before, key), read.exactAt(after, key), key, workflow);
  valueChanges(without(before, WORKFLOW_SHOWN_APART, read), without(after, WORKFLOW_SHOWN_APART, read), '', workflow);
  valueChanges(without(before.metadata, SAVE_STAMPS, read), without(after.metadata, SAVE_STAMPS, read), 'metadata', workflow);

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
    const result = nodeChanges(old, node, read);
    if (result.changes.length > 0) changed.push({ ...refOf(node), changes: result.changes });
    if (result.moved && !options.ignoreLayout) moved.push(refOf(node));
  }
  const removed = [...beforeNodes.values()].filter((n) => !afterNodes.has(n.id)).map(refOf);

  const edges = pairEdges(before.edges ?? [], after.edges ?? [], connectionKeys(beforeNodes, afterNodes));
  const changedConnections: ConnectionChange[] = [];
  for (const [old, edge] of edges.kept) {
    const changes: FieldChange[] = [];
    valueChanges(without(old, EDGE_SHOWN_APART, read), without(edge, EDGE_SHOWN_APART, read), '', changes);
    if (changes.length > 0) changedConnections.push({ ...connectionOf(edge, afterNodes), changes });
  }
  const connections = {
    added: edges.added.map((e) => connectionOf(e, afterNodes)).sort(byConnection),
    removed: edges.removed.map((e) => connectionOf(e, beforeNodes)).sort(byConnection),
    changed: changedConnections.sort(byConnection),
  };
  const nodes = { added: added.sort(byLabel), removed: removed.sort(byLabel), changed: changed.sort(byLabel) };
  const equal =
    workflow.length +
      nodes.added.length +
      nodes.removed.length +
      nodes.changed.length +
      connections.added.length +
      connections.removed.length +
      connections.changed.length +
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
      [diff.connections.changed.length, 'changed'],
    ]),
    diff.layout.moved.length > 0 ? movedText(diff) : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(' · ') : 'no changes';
}

export const movedText = (diff: WorkflowDiff): string => `${count(diff.layout.moved.length, 'node')} moved`;
