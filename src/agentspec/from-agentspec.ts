// Official Agent Spec Flow → FlowDrop workflow. Pure. The one reader: references are resolved first
// (references.ts), then nodes and edges are mapped. A node written by workflowToAgentSpec is restored
// from its flowdrop: metadata; any other node gets a descriptor built from its component type and its
// inputs/outputs (listed, or inferred as the spec says). Nested flows, LLM configs, tools and agents stay
// in the node config, self-contained. Loops are declared on the edges that close them.
import { randomUUID } from 'node:crypto';
import type { Branch, JsonObject, NodeMetadata, NodePort, Position, Workflow, WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { isLoopEdge, LOOP_EDGE_KEY, loopClosingEdges } from '../graph/cycles.js';
import { edgeKind } from '../graph/edges.js';
import { handleFor } from '../graph/handles.js';
import { layeredLayout } from '../graph/layout.js';
import { withMetadataDefaults } from '../store/workflow-model.js';
import { COMPONENT_TYPE_EXTENSION, NODE_COMPONENTS, snakeCase } from './component-types.js';
import { PLACEHOLDERS } from './dialect.js';
import { inputsOf, outputsOf } from './inferred-io.js';
import { checkFlowShape, checkNodeShape, type NodeShape } from './input-schema.js';
import { importedNodeType } from './imported-node-type.js';
import { nodesAtPlaces, type NodesAt, type PlacedEdge, type PlacedNode } from './node-places.js';
import * as K from './metadata-keys.js';
import { controlInputId, controlOutputId, nodePorts } from './node-ports.js';
import { portForProperty } from './properties.js';
import { detach, resolveReferences, type Registry } from './references.js';
import { AgentSpecError, ENVELOPE_FIELDS, isComponent, isObject, isReference, type AsObject, type AsValue } from './types.js';

export interface FromAgentSpecOptions {
  lookupNodeType?: (id: string) => NodeMetadata | undefined;
  /** Components supplied from outside the document (pyagentspec's components_registry). */
  registry?: Registry;
  /** Timestamp for createdAt/updatedAt of a workflow that carries none. */
  now?: string;
}

interface ImportedNode {
  node: WorkflowNode;
  component: AsObject;
  path: string;
}

/**
 * What wfe's export stored under a flowdrop: metadata key (a node type, a node, an edge, workflow metadata),
 * taken back as it was written. It travels as JSON inside the document and is restored without a check.
 */
const restored = <T>(stored: object): T => stored as T;

const ENVELOPE = new Set<string>(ENVELOPE_FIELDS);

/** The position of a node the document does not place, until layOut gives it one. */
const UNPLACED: Readonly<Position> = Object.freeze({ x: 0, y: 0 });

const TRIGGER_IN: NodePort = { id: 'trigger', name: 'Trigger', type: 'input', dataType: 'trigger', required: false };
const triggerOut = (branch: string): NodePort =>
  branch === 'next'
    ? { id: 'trigger', name: 'Next', type: 'output', dataType: 'trigger', required: false }
    : { id: branch, name: branch, type: 'output', dataType: 'trigger', required: false };

const ownMetadata = (metadata: AsValue | undefined): AsObject =>
  isObject(metadata) ? Object.fromEntries(Object.entries(metadata).filter(([k]) => !K.isFlowdropKey(k))) : {};
const isPoint = (value: unknown): value is { x: number; y: number } =>
  isObject(value) && typeof value.x === 'number' && typeof value.y === 'number';

export function agentSpecToWorkflow(document: unknown, options: FromAgentSpecOptions = {}): Workflow {
  return importAgentSpecFlow(document, options).workflow;
}

export interface ImportedFlow {
  workflow: Workflow;
  /** Where the workflow's nodes are in the document, worked out when asked (node-places.ts). */
  nodesAt(): NodesAt;
}

/** agentSpecToWorkflow, with where each node and edge of the workflow came from in the document. */
export function importAgentSpecFlow(document: unknown, options: FromAgentSpecOptions = {}): ImportedFlow {
  if (!isComponent(document) && !isReference(document))
    throw new AgentSpecError('not an Agent Spec component: the root has no component_type');
  const { root, keyOf, pathOf } = resolveReferences(document, options.registry);
  if (!isComponent(root)) throw new AgentSpecError('not an Agent Spec component: the root has no component_type');
  if (root.component_type !== 'Flow') throw new AgentSpecError(`not a Flow (${root.component_type})`);
  checkFlowShape(root);
  const flow = root;
  const flowMetadata = isObject(flow.metadata) ? flow.metadata : {};
  const storedTypes = flowMetadata[K.FD_NODE_TYPES];
  const nodeTypes = isObject(storedTypes) ? restored<Record<string, NodeMetadata>>(storedTypes) : {};

  // Nodes, by object (a referenced node is one object wherever it is named) and by id.
  const byObject = new Map<AsObject, ImportedNode>();
  const byId = new Map<string, ImportedNode>();
  const imported: ImportedNode[] = [];
  const controlEdges = flow.control_flow_connections;
  const leaving = edgesLeaving(controlEdges);
  flow.nodes.forEach((entry, i) => {
    const path = pathOf.get(entry) ?? `/nodes/${i}`;
    if (!isObject(entry)) throw new AgentSpecError('must be a node component or a {"$component_ref": id}', `/nodes/${i}`);
    if (byObject.has(entry)) return;
    checkNodeShape(entry, path);
    const key = keyOf.get(entry);
    const id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : (key ?? `${snakeCase(entry.component_type)}.${i + 1}`);
    const twin = byId.get(id);
    if (twin) {
      // The same node written inline twice is one node; two different nodes cannot share an id.
      if (JSON.stringify(twin.component) !== JSON.stringify(entry))
        throw new AgentSpecError(`duplicate node id "${id}": two different nodes have it`, path);
      byObject.set(entry, twin);
      return;
    }
    const item = { node: buildNode(entry, id, leaving, nodeTypes, options), component: entry, path };
    imported.push(item);
    byObject.set(entry, item);
    byId.set(id, item);
    if (key) byId.set(key, item);
  });
  const endpoint = (value: AsValue | undefined, path: string): ImportedNode => {
    const found = isObject(value)
      ? (byObject.get(value) ?? (typeof value.id === 'string' ? byId.get(value.id) : undefined))
      : typeof value === 'string'
        ? byId.get(value)
        : undefined;
    if (!found) {
      const name = isObject(value) ? (value.id ?? value.name) : value;
      throw new AgentSpecError(
        name === undefined
          ? 'must reference a node of this flow'
          : `references ${JSON.stringify(name)}, which is not a node of this flow's nodes`,
        path,
      );
    }
    return found;
  };
  const start = endpoint(flow.start_node, '/start_node');
  if (start.component.component_type !== 'StartNode')
    throw new AgentSpecError(`start_node must be a StartNode, not ${start.component.component_type}`, '/start_node');

  // Edges, and where each is in the document.
  const flowPath = pathOf.get(flow) ?? '';
  const edges: Array<{ edge: WorkflowEdge; index?: number }> = [];
  const placedEdges: PlacedEdge[] = [];
  const seenIds = new Set<string>();
  const edgeId = (component: AsObject, prefix: string, i: number) => {
    let id = typeof component.id === 'string' && component.id !== '' ? component.id : `${prefix}-${i + 1}`;
    while (seenIds.has(id)) id = `${id}-${i + 1}`;
    seenIds.add(id);
    return id;
  };
  controlEdges.forEach((component, i) => {
    const path = pathOf.get(component) ?? `/control_flow_connections/${i}`;
    const src = endpoint(component.from_node, `${path}/from_node`);
    const dst = endpoint(component.to_node, `${path}/to_node`);
    placedEdges.push({ paths: [path, `${flowPath}/control_flow_connections/${i}`], source: src.node.id, target: dst.node.id });
    const fromBranch = typeof component.from_branch === 'string' ? component.from_branch : leftByDefault(src.node);
    edges.push(
      buildEdge(component, edgeId(component, 'control', i), src.node, dst.node, {
        sourceHandle: handleFor(src.node.id, 'output', controlOutputId(nodePorts(src.node), fromBranch)),
        targetHandle: handleFor(dst.node.id, 'input', controlInputId(nodePorts(dst.node))),
        edgeType: 'trigger',
        sourcePortDataType: 'trigger',
      }),
    );
  });
  const dataEdges = flow.data_flow_connections ?? [];
  dataEdges.forEach((component, i) => {
    const path = pathOf.get(component) ?? `/data_flow_connections/${i}`;
    const src = endpoint(component.source_node, `${path}/source_node`);
    const dst = endpoint(component.destination_node, `${path}/destination_node`);
    const output = component.source_output;
    const input = component.destination_input;
    placedEdges.push({ paths: [path, `${flowPath}/data_flow_connections/${i}`], source: src.node.id, target: dst.node.id });
    const port = nodePorts(src.node).outputs.find((p) => p.id === output);
    edges.push(
      buildEdge(component, edgeId(component, 'data', i), src.node, dst.node, {
        sourceHandle: handleFor(src.node.id, 'output', output),
        targetHandle: handleFor(dst.node.id, 'input', input),
        edgeType: 'data',
        sourcePortDataType: port?.dataType ?? 'mixed',
      }),
    );
  });

  const nodes = placeNotes(
    imported.map((n) => n.node),
    flowMetadata[K.FD_NOTES],
  );
  const orderedEdges = placeKeptEdges(orderEdges(edges), flowMetadata[K.FD_EDGES]);
  markLoopEdges(start.node.id, nodes, orderedEdges);
  layOut(nodes, orderedEdges, start.node.id);
  const placedNodes = (): PlacedNode[] => {
    const paths = new Map<ImportedNode, string[]>(imported.map((item) => [item, [item.path]]));
    // Its entries in `nodes` (a referenced node is defined in $referenced_components; one written inline twice is one node).
    flow.nodes.forEach((entry, i) => {
      const item = isObject(entry) ? byObject.get(entry) : undefined;
      if (item) paths.get(item)?.push(`${flowPath}/nodes/${i}`);
    });
    paths.get(start)?.push(`${flowPath}/start_node`);
    return imported.map((item) => ({ id: item.node.id, component: item.component, paths: paths.get(item) ?? [] }));
  };
  return {
    workflow: buildWorkflow(flow, nodes, orderedEdges, options.now ?? new Date().toISOString()),
    nodesAt: () => nodesAtPlaces(placedNodes(), placedEdges, pathOf),
  };
}

/**
 * Agent Spec allows loops; a FlowDrop workflow declares them. The edges that close a cycle, found by a
 * depth-first walk from the start node (edges in document order), are marked `data.loop: true`. Tool
 * edges are not paths; edges already marked or into a loop_back port are left as they are.
 */
function markLoopEdges(startId: string, nodes: WorkflowNode[], edges: WorkflowEdge[]): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const candidates = edges.filter((e) => byId.has(e.source) && byId.has(e.target) && edgeKind(e, byId) !== 'tool' && !isLoopEdge(e));
  for (const edge of loopClosingEdges(
    startId,
    nodes.map((n) => n.id),
    candidates,
  ))
    edge.data = { ...(edge.data ?? {}), [LOOP_EDGE_KEY]: true };
}

/**
 * The branch a control edge with from_branch null leaves by. The language spec: null "connects the default
 * branch" of the source node, `next` for most nodes. A BranchingNode has no `next`: its default branch is
 * `default`, and the editor draws a gateway's branches only. So a node whose only control outputs are
 * branches (a gateway without a trigger output) is left by its default branch.
 */
function leftByDefault(node: WorkflowNode): string | null {
  const ports = nodePorts(node);
  return ports.triggerOutputs.length === 0 && ports.branches.some((b) => b.isDefault) ? 'default' : null;
}

/** Branch names of a node: its `branches`, else the ones its outgoing control edges use, plus "next". */
function branchesOf(component: AsObject, id: string, leaving: EdgesLeaving): string[] {
  const branches = component.branches;
  if (Array.isArray(branches) && branches.every((b) => typeof b === 'string')) return branches;
  const used = new Set<string>(['next']);
  // The edges from this component (as the object itself, or by its id), in the flow's order.
  const from = [...new Set([...(leaving.byNode.get(component) ?? []), ...(leaving.byId.get(id) ?? [])])].sort((a, b) => a - b);
  for (const i of from) {
    const edge = leaving.edges[i];
    used.add(typeof edge.from_branch === 'string' ? edge.from_branch : 'next');
  }
  return [...used];
}

/** A flow's control edges, with their positions by from_node (object and id): a flow can have 10,000 nodes. */
interface EdgesLeaving {
  edges: AsObject[];
  byNode: Map<unknown, number[]>;
  byId: Map<unknown, number[]>;
}

function edgesLeaving(edges: AsObject[]): EdgesLeaving {
  const byNode = new Map<unknown, number[]>();
  const byId = new Map<unknown, number[]>();
  const add = (map: Map<unknown, number[]>, key: unknown, i: number) => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  edges.forEach((edge, i) => {
    add(byNode, edge.from_node, i);
    if (isObject(edge.from_node)) add(byId, edge.from_node.id, i);
  });
  return { edges, byNode, byId };
}

/** Gateway branches from a BranchingNode mapping: one per distinct branch, plus the default branch. */
function branchesFromMapping(mapping: AsValue | undefined): { branches: Branch[]; needsMapping: boolean } {
  const keysByBranch = new Map<string, string[]>();
  for (const [key, branch] of Object.entries(isObject(mapping) ? mapping : {})) {
    if (typeof branch !== 'string') continue;
    keysByBranch.set(branch, [...(keysByBranch.get(branch) ?? []), key]);
  }
  const branches: Branch[] = [];
  let needsMapping = keysByBranch.has('default');
  for (const [name, keys] of keysByBranch) {
    if (name === 'default') continue;
    // A branch condition holds one plain literal; anything else needs the mapping kept as it is.
    if (keys.length > 1 || !/^[\w-]+$/.test(keys[0])) needsMapping = true;
    branches.push({ name, label: name, condition: keys[0], isDefault: false });
  }
  branches.push({ name: 'default', label: 'default', condition: '', isDefault: true });
  return { branches, needsMapping };
}

/**
 * The node's Agent Spec fields as config, in order. A field the dialect reader filled with a placeholder is
 * given back as the FlowDrop config key that named it (`llm_config_ref: "default_llm"`, as wfe's own
 * agentspec.* node types and the editor's form have it), or left out when nothing was named: the node says
 * what the document said, and `wfe export` writes the same generic component again.
 */
function namedInstead(component: NodeShape, fieldNames: string[], placeholders: AsValue | undefined): JsonObject {
  const fields: JsonObject = {};
  for (const name of fieldNames) {
    const stand = isObject(placeholders) ? placeholders[name] : undefined;
    if (isObject(stand) && typeof stand.configKey === 'string') {
      if (typeof stand.name === 'string') fields[stand.configKey] = stand.name;
    } else if (component[name] !== undefined) fields[name] = detach(component[name]);
  }
  return fields;
}

function buildNode(
  component: NodeShape,
  id: string,
  leaving: EdgesLeaving,
  nodeTypes: Record<string, NodeMetadata>,
  options: FromAgentSpecOptions,
): WorkflowNode {
  const type = component.component_type;
  const metadata = isObject(component.metadata) ? component.metadata : {};
  const storedTypeId = metadata[K.FD_NODE_TYPE_ID];
  const storedNodeType = metadata[K.FD_NODE_TYPE];
  const typeId = typeof storedTypeId === 'string' ? storedTypeId : undefined;
  const storedType = isObject(storedNodeType) ? restored<NodeMetadata>(storedNodeType) : typeId ? nodeTypes[typeId] : undefined;
  const label = typeof component.name === 'string' ? component.name : id;
  const description = typeof component.description === 'string' ? component.description : undefined;
  const fieldNames = NODE_COMPONENTS[type]?.fields ?? Object.keys(component).filter((k) => !ENVELOPE.has(k));
  const fields = namedInstead(component, fieldNames, metadata[PLACEHOLDERS]);
  const position = isPoint(metadata[K.FD_POSITION]) ? metadata[K.FD_POSITION] : undefined;

  if (storedType) {
    // Written by wfe: the FlowDrop node comes back as it was; same-named fields win over the saved config.
    const storedDerived = metadata[K.FD_DERIVED];
    const storedConfig = metadata[K.FD_CONFIG];
    const storedNode = metadata[K.FD_NODE];
    const derived = Array.isArray(storedDerived) ? storedDerived : [];
    const config: JsonObject = { ...(isObject(storedConfig) ? storedConfig : {}) };
    for (const [name, value] of Object.entries(fields)) if (!derived.includes(name)) config[name] = value;
    if (description !== undefined) config.instanceDescription = description;
    const { data: restData, ...rest } = isObject(storedNode) ? storedNode : {};
    return {
      id,
      ...rest,
      type: typeof rest.type === 'string' ? rest.type : 'universalNode',
      position: position ?? UNPLACED,
      data: { label, config, metadata: storedType, ...(isObject(restData) ? restData : {}) },
    };
  }

  const config: JsonObject = { ...fields };
  if (description !== undefined) config.instanceDescription = description;
  const inputs = inputsOf(component).map((p) => portForProperty(p, 'input'));
  const outputs = outputsOf(component).map((p) => portForProperty(p, 'output'));
  const ports: { inputs: NodePort[]; outputs: NodePort[] } = { inputs: [TRIGGER_IN, ...inputs], outputs: [] };
  if (type === 'StartNode') {
    ports.inputs = [];
    ports.outputs = [triggerOut('next'), ...outputs];
  } else if (type === 'EndNode') {
    ports.outputs = [];
  } else if (type === 'BranchingNode') {
    const { branches, needsMapping } = branchesFromMapping(component.mapping);
    config.branches = branches;
    if (!needsMapping) delete config.mapping;
    // Its branches are the gateway's config.branches; an edge with from_branch null leaves by "default".
    ports.outputs = outputs;
  } else {
    ports.outputs = [...branchesOf(component, id, leaving).map(triggerOut), ...outputs];
  }
  const nodeType = importedNodeType(type, ports, config, options.lookupNodeType);
  const snake = snakeCase(type);
  const own = ownMetadata(metadata);
  const extensions: JsonObject = { [COMPONENT_TYPE_EXTENSION]: snake };
  if (Object.keys(own).length > 0) extensions[K.AS_METADATA] = own;
  return {
    id,
    type: 'universalNode',
    position: position ?? UNPLACED,
    data: { label, config, metadata: nodeType, nodeId: id, extensions },
  };
}

function buildEdge(
  component: AsObject,
  id: string,
  source: WorkflowNode,
  target: WorkflowNode,
  derived: { sourceHandle: string; targetHandle: string; edgeType: string; sourcePortDataType: string },
): { edge: WorkflowEdge; index?: number } {
  const metadata = isObject(component.metadata) ? component.metadata : {};
  const storedEdge = metadata[K.FD_EDGE];
  const stored: JsonObject | undefined = isObject(storedEdge) ? { ...storedEdge } : undefined;
  const edge: WorkflowEdge = {
    id,
    source: source.id,
    target: target.id,
    sourceHandle: derived.sourceHandle,
    targetHandle: derived.targetHandle,
  };
  if (!stored) {
    const data: JsonObject = { metadata: { edgeType: derived.edgeType, sourcePortDataType: derived.sourcePortDataType } };
    if (typeof component.name === 'string') data[K.AS_NAME] = component.name;
    const own = ownMetadata(metadata);
    if (Object.keys(own).length > 0) data[K.AS_METADATA] = own;
    return { edge: { ...edge, type: 'default', data } };
  }
  const storedIndex = stored[K.EDGE_INDEX];
  const index = typeof storedIndex === 'number' ? storedIndex : undefined;
  delete stored[K.EDGE_INDEX];
  for (const handle of ['sourceHandle', 'targetHandle'] as const) {
    if (!(handle in stored)) continue;
    const value = stored[handle];
    if (value === null) delete edge[handle];
    else if (typeof value === 'string') edge[handle] = value;
    else continue; // not a handle wfe wrote: the spread below keeps it as it is
    delete stored[handle];
  }
  return { edge: { ...edge, ...stored }, index };
}

/** Edges written out of the editor's order carry their index; the rest keep document order. */
function orderEdges(edges: Array<{ edge: WorkflowEdge; index?: number }>): WorkflowEdge[] {
  if (!edges.some((e) => e.index !== undefined)) return edges.map((e) => e.edge);
  return edges
    .map((e, i) => ({ ...e, key: e.index ?? Number.MAX_SAFE_INTEGER, i }))
    .sort((a, b) => a.key - b.key || a.i - b.i)
    .map((e) => e.edge);
}

function insertAt<T>(list: T[], kept: AsValue | undefined, field: 'node' | 'edge'): T[] {
  if (!Array.isArray(kept)) return list;
  const out = [...list];
  const entries: Array<{ at: number; item: AsObject }> = [];
  for (const k of kept) {
    if (!isObject(k)) continue;
    const item = k[field];
    if (typeof k.at === 'number' && isObject(item)) entries.push({ at: k.at, item });
  }
  for (const { at, item } of entries.sort((a, b) => a.at - b.at)) out.splice(Math.min(at, out.length), 0, restored<T>(item));
  return out;
}

const placeNotes = (nodes: WorkflowNode[], notes: AsValue | undefined) => insertAt(nodes, notes, 'node');
const placeKeptEdges = (edges: WorkflowEdge[], kept: AsValue | undefined) => insertAt(edges, kept, 'edge');

/** Nodes without a saved position get a layered layout, below any that have one. */
function layOut(nodes: WorkflowNode[], edges: WorkflowEdge[], startId: string): void {
  const isPlaced = (n: WorkflowNode) => n.position !== UNPLACED && isPoint(n.position);
  const missing = nodes.filter((n) => !isPlaced(n));
  if (missing.length === 0) return;
  const placed = nodes.filter(isPlaced);
  const bottom = placed.length > 0 ? Math.max(...placed.map((n) => n.position.y)) + 200 : 100;
  const ids = new Set(missing.map((n) => n.id));
  const positions = layeredLayout(
    missing.map((n) => n.id),
    edges.filter((e) => ids.has(e.source) && ids.has(e.target)),
    { roots: [startId], origin: { x: 100, y: bottom } },
  );
  for (const node of missing) {
    const position = positions.get(node.id);
    if (position) node.position = position;
  }
}

function buildWorkflow(flow: AsObject, nodes: WorkflowNode[], edges: WorkflowEdge[], now: string): Workflow {
  const md = isObject(flow.metadata) ? flow.metadata : {};
  const storedWorkflow = md[K.FD_WORKFLOW];
  const storedId = md[K.FD_WORKFLOW_ID];
  const stored = isObject(storedWorkflow) ? storedWorkflow : undefined;
  const { metadata: storedMetadata, ...storedRest } = stored ?? {};
  const asFlow: JsonObject = {};
  const own = ownMetadata(md);
  if (Object.keys(own).length > 0) asFlow.metadata = own;
  // Absent is null to pyagentspec (the field defaults to None): data passes by name.
  if (flow.data_flow_connections === null || flow.data_flow_connections === undefined) asFlow.implicit_data_flow = true;
  // Declared outputs may differ from what the EndNodes imply (a default, another order): they are kept.
  const storedAsFlow = isObject(storedMetadata) && isObject(storedMetadata[K.AS_FLOW]) ? storedMetadata[K.AS_FLOW] : undefined;
  if (storedAsFlow?.outputs !== undefined) asFlow.outputs = storedAsFlow.outputs;
  else if (!stored && Array.isArray(flow.outputs)) asFlow.outputs = detach(flow.outputs);
  const metadata: JsonObject = stored
    ? { ...(isObject(storedMetadata) ? storedMetadata : {}) }
    : { createdAt: now, updatedAt: now, format: 'agentspec' };
  delete metadata[K.AS_FLOW];
  if (Object.keys(asFlow).length > 0) metadata[K.AS_FLOW] = asFlow;
  const version = md[K.FD_VERSION] ?? (stored ? undefined : '1.0.0');
  const workflow: Workflow = {
    id: typeof storedId === 'string' ? storedId : typeof flow.id === 'string' && flow.id !== '' ? flow.id : randomUUID(),
    name: typeof flow.name === 'string' ? flow.name : 'Imported flow',
    ...(typeof flow.description === 'string' ? { description: flow.description } : stored ? {} : { description: '' }),
    nodes,
    edges,
    ...storedRest,
    metadata: restored<Workflow['metadata']>({
      ...(version !== undefined ? { version } : {}),
      ...(md[K.FD_AUTHOR] !== undefined ? { author: md[K.FD_AUTHOR] } : {}),
      ...(md[K.FD_TAGS] !== undefined ? { tags: md[K.FD_TAGS] } : {}),
      ...metadata,
    }),
  };
  // A flow written by wfe comes back as it was. Any other gets what the store serves and a save keeps
  // (schemaVersion, updateNumber…), so its first save in the editor changes only the save's own stamps.
  return stored ? workflow : withMetadataDefaults(workflow, now);
}
