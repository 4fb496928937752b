// FlowDrop workflow → official Agent Spec Flow. Pure: no I/O, no validation gate (validate-export.ts
// decides whether a workflow may be exported). Each node is written by its kind's mapper (mappers/*.ts);
// this file assembles the Flow: envelopes, edges and metadata. Everything FlowDrop knows that Agent Spec
// cannot express travels under `flowdrop:` metadata keys, so that agentSpecToWorkflow(workflowToAgentSpec(w)) == w.
import type { JsonObject, NodeMetadata, NodePort, Workflow, WorkflowEdge, WorkflowNode } from '../contract/types.js';
import { handleFor, portIdFromHandle } from '../graph/handles.js';
import { nodeTypeIdOf, resolveComponentType, type Resolution } from './component-types.js';
import { flowOutputsFromEnds } from './inferred-io.js';
import { mapperFor, type NodeMapper } from './mappers/index.js';
import * as K from './metadata-keys.js';
import { EDITOR_CONFIG_KEYS } from '../contract/schemas.js';
import { buildFields, type FieldContext } from './node-fields.js';
import { controlInputId, controlOutputId, nodePorts, type NodePorts } from './node-ports.js';
import { propertyForPort, sanitizeTitle, schemaForDataType } from './properties.js';
import { writeOnce } from './references.js';
import {
  AgentSpecError,
  isObject,
  omitKeys,
  setOwn,
  workflowValue,
  type AsComponent,
  type AsObject,
  type AsProperty,
  type AsValue,
  type ExportIssue,
} from './types.js';

import { LOSSY_RULE } from './rules.js';

export interface ToAgentSpecOptions {
  /** The catalog's node types, consulted for `agentspec:component_type` after the embedded copy. */
  lookupNodeType?: (id: string) => NodeMetadata | undefined;
}

export interface Converted {
  /** The Flow, without `agentspec_version` (see export.ts). */
  flow: AsComponent;
  /** What an Agent Spec runtime will not see (kept only under flowdrop: keys). */
  losses: ExportIssue[];
}

const labelOf = (node: WorkflowNode): string => node.data?.label || node.id;
const ref = (id: string): AsObject => ({ $component_ref: id });
/** A part of the workflow kept under a flowdrop: metadata key: JSON, as the workflow is (see workflowValue). */
const json = workflowValue;

type EdgeKind =
  | { kind: 'control'; fromBranch: string | null; sourceHandle: string; targetHandle: string }
  | { kind: 'data'; output: string; input: string; sourceHandle: string; targetHandle: string }
  | { kind: 'kept' };

interface Mapped {
  node: WorkflowNode;
  type: string;
  resolution: Extract<Resolution, { kind: 'node' }>;
  ports: NodePorts;
  /** Property titles the exported component declares (set once the node is built). */
  exported?: { inputs: Set<string>; outputs: Set<string> };
}

/** Throws AgentSpecError when a node has no mapping or there is not exactly one start node. */
export function workflowToAgentSpec(workflow: Workflow, options: ToAgentSpecOptions = {}): Converted {
  const losses: ExportIssue[] = [];
  const lose: Lose = (message, extra = {}) => losses.push({ rule: LOSSY_RULE, message, ...extra });

  const { mapped, notes } = resolveNodes(workflow, options, lose);
  const starts = [...mapped.values()].filter((m) => m.type === 'StartNode');
  if (starts.length !== 1) throw new AgentSpecError(`Agent Spec requires exactly one StartNode; found ${starts.length}`);
  const start = starts[0];
  // Edge findings are listed after the notes, though edges are classified once the nodes are built.
  const edgeFindingsAt = losses.length;

  const connected = new Set<string>();
  for (const edge of workflow.edges) {
    if (edge.targetHandle && mapped.has(edge.target))
      connected.add(`${edge.target}\u0000${portIdFromHandle(edge.targetHandle, edge.target, 'input')}`);
  }
  const nodeTypes: Record<string, NodeMetadata> = {};
  for (const { node } of mapped.values()) {
    const meta = node.data.metadata;
    if (meta?.id && !(meta.id in nodeTypes)) nodeTypes[meta.id] = meta;
  }

  const nodeTypeText = new Map<string, string>();
  // Nodes: each by its kind's mapper, then the envelope and the flowdrop: metadata.
  const built = new Map<string, AsComponent>();
  const lostConfig = new Map<string, { keys: Set<string>; nodes: number }>();
  const approximate = new Set<string>();
  for (const m of mapped.values()) {
    const component = buildNode(m, {
      nodeTypes,
      nodeTypeText,
      isConnected: (input) => connected.has(`${m.node.id}\u0000${input}`),
      lose,
      approximate: (dataType) => approximate.add(dataType),
      lostConfig: (keys) => {
        const typeId = nodeTypeIdOf(m.node);
        const entry = lostConfig.get(typeId) ?? { keys: new Set<string>(), nodes: 0 };
        keys.forEach((k) => entry.keys.add(k));
        entry.nodes++;
        lostConfig.set(typeId, entry);
      },
    });
    built.set(m.node.id, component);
  }
  for (const [typeId, { keys, nodes }] of lostConfig) {
    const list = [...keys].map((k) => `"${k}"`).join(', ');
    lose(
      `Config ${list} of node type ${typeId} (${nodes} node${nodes === 1 ? '' : 's'}) has no Agent Spec field; kept only in metadata "${K.FD_CONFIG}"`,
    );
  }
  for (const dataType of approximate) {
    lose(
      `Port data type "${dataType}" has no exact JSON Schema equivalent; written as ${JSON.stringify(schemaForDataType(dataType).schema)}`,
    );
  }

  const edgeFindings: ExportIssue[] = [];
  const kinds = new Map(
    workflow.edges.map((edge) => [
      edge.id,
      classifyEdge(edge, mapped, (message, extra = {}) => edgeFindings.push({ rule: LOSSY_RULE, message, ...extra })),
    ]),
  );
  losses.splice(edgeFindingsAt, 0, ...edgeFindings);
  // A StartNode has exactly one outgoing control edge in Agent Spec, which has no parallel fan-out.
  const fanOut = workflow.edges.filter((e) => e.source === start.node.id && kinds.get(e.id)?.kind === 'control').slice(1);
  if (fanOut.length > 0) {
    for (const edge of fanOut) kinds.set(edge.id, { kind: 'kept' });
    lose(
      `'${labelOf(start.node)}' starts ${fanOut.length + 1} branches at once; an Agent Spec flow leaves its StartNode by one control edge, so only the first is written (edges ${fanOut.map((e) => e.id).join(', ')} kept only in metadata "${K.FD_EDGES}")`,
      { nodeIds: [start.node.id] },
    );
  }
  // A branch leads to one node in Agent Spec ("multi-connections from the same outgoing branch of a node are not
  // allowed"): a second control edge from one branch is kept only in metadata, as a StartNode's is.
  const byBranch = new Map<string, WorkflowEdge[]>();
  for (const edge of workflow.edges) {
    const kind = kinds.get(edge.id);
    if (kind?.kind !== 'control') continue;
    const key = `${edge.source}\u0000${kind.fromBranch ?? ''}`;
    const group = byBranch.get(key);
    if (group) group.push(edge);
    else byBranch.set(key, [edge]);
  }
  for (const [first, ...extra] of byBranch.values()) {
    if (extra.length === 0) continue;
    for (const edge of extra) kinds.set(edge.id, { kind: 'kept' });
    const kind = kinds.get(first.id);
    const branch = kind?.kind === 'control' ? (kind.fromBranch ?? 'next') : 'next';
    const source = mapped.get(first.source);
    lose(
      `'${source ? labelOf(source.node) : first.source}' leads from its branch '${branch}' to ${extra.length + 1} nodes at once; an Agent Spec branch leads to one node, so only the first edge is written (edges ${extra.map((e) => e.id).join(', ')} kept only in metadata "${K.FD_EDGES}")`,
      { nodeIds: [first.source] },
    );
  }
  const { control, data: dataEdges, kept } = buildEdges(workflow.edges, kinds, mapped);

  const startNode = built.get(start.node.id);
  const ends = [...mapped.values()].filter((m) => m.type === 'EndNode').flatMap((m) => built.get(m.node.id) ?? []);
  const { id, name, description, nodes: _nodes, edges: _edges, metadata: wfMetadata, ...workflowRest } = workflow;
  const { version, author, tags, ...metadataRest }: JsonObject = wfMetadata ?? {};
  const declared = metadataRest[K.AS_FLOW];
  const asFlow: AsObject = isObject(declared) ? declared : {};
  const flowMetadata: AsObject = {
    ...(isObject(asFlow.metadata) ? asFlow.metadata : {}),
    [K.FD_WORKFLOW_ID]: id,
    ...(version !== undefined ? { [K.FD_VERSION]: json(version) } : {}),
    ...(author !== undefined ? { [K.FD_AUTHOR]: json(author) } : {}),
    ...(tags !== undefined ? { [K.FD_TAGS]: json(tags) } : {}),
    [K.FD_WORKFLOW]: json({ ...workflowRest, metadata: metadataRest }),
    [K.FD_NODE_TYPES]: json(nodeTypes),
  };
  if (notes.length > 0) flowMetadata[K.FD_NOTES] = json(notes);
  if (kept.length > 0) flowMetadata[K.FD_EDGES] = json(kept);

  const flow: AsComponent = { component_type: 'Flow', id, name };
  if (typeof description === 'string') flow.description = description;
  flow.metadata = flowMetadata;
  flow.inputs = startNode?.inputs ?? [];
  flow.outputs = flowOutputs(asFlow.outputs, ends, lose);
  flow.start_node = ref(start.node.id);
  flow.nodes = [...mapped.keys()].map(ref);
  flow.control_flow_connections = control;
  flow.data_flow_connections = dataEdges.length === 0 && asFlow.implicit_data_flow === true ? null : dataEdges;
  flow.$referenced_components = Object.fromEntries(built);
  return { flow: { ...writeOnce(flow, [...mapped.keys()]), component_type: 'Flow' }, losses };
}

type Lose = (message: string, extra?: Partial<ExportIssue>) => void;

/** Each node's resolution and ports; notes are set aside. Throws for a node without a mapping. */
function resolveNodes(
  workflow: Workflow,
  options: ToAgentSpecOptions,
  lose: Lose,
): { mapped: Map<string, Mapped>; notes: Array<{ at: number; node: WorkflowNode }> } {
  const mapped = new Map<string, Mapped>();
  const notes: Array<{ at: number; node: WorkflowNode }> = [];
  for (const [at, node] of workflow.nodes.entries()) {
    const resolution = resolveComponentType(node, options.lookupNodeType);
    if (resolution.kind === 'unmappable') throw new AgentSpecError(`Node type not mappable: ${nodeTypeIdOf(node)}`);
    if (resolution.kind === 'note') {
      notes.push({ at, node });
      lose(`Note '${labelOf(node)}' (${node.id}) has no Agent Spec equivalent; kept only in metadata "${K.FD_NOTES}"`, {
        nodeIds: [node.id],
      });
      continue;
    }
    mapped.set(node.id, { node, type: resolution.type, resolution, ports: nodePorts(node) });
  }
  return { mapped, notes };
}

interface NodeBuild {
  nodeTypes: Record<string, NodeMetadata>;
  /** JSON.stringify of nodeTypes' entries, made on first need. */
  nodeTypeText: Map<string, string>;
  isConnected(input: string): boolean;
  lose: Lose;
  /** A port data type JSON Schema only approximates. */
  approximate(dataType: string): void;
  /** Config keys of this node that no Agent Spec field expresses. */
  lostConfig(keys: string[]): void;
}

/** One node: its mapper's fields, inputs and outputs, in the envelope, with the flowdrop: metadata. Sets `m.exported`. */
function buildNode(m: Mapped, build: NodeBuild): AsComponent {
  const { node, type, ports } = m;
  const mapper = mapperFor(m.resolution);
  const label = labelOf(node);
  const warn = (message: string) => build.lose(message, { nodeIds: [node.id] });
  const toProperty = (port: NodePort): AsProperty => {
    const { property, approximate: rough } = propertyForPort(port);
    if (rough) build.approximate(port.dataType);
    return property;
  };
  const given = { inputs: ports.dataInputs.map(toProperty), outputs: ports.dataOutputs.map(toProperty) };
  const ctx: FieldContext = { node, type, tool: m.resolution.tool, label, ...given, isConnected: build.isConnected, warn };
  const { fields, derived, used, copied } = buildFields(ctx, mapper.derive);
  const { inputs, outputs, notes } = mapper.io(fields, given);
  for (const note of notes) warn(`'${label}' (${type}): ${note}`);
  m.exported = { inputs: new Set(inputs.map((p) => p.title)), outputs: new Set(outputs.map((p) => p.title)) };

  const config: JsonObject = node.data.config ?? {};
  const lost = Object.keys(config).filter((k) => !used.includes(k) && !EDITOR_CONFIG_KEYS.has(k));
  if (lost.length > 0) build.lostConfig(lost);
  const description = typeof config.instanceDescription === 'string' ? config.instanceDescription : undefined;
  // Copies by loops, not spread or rest syntax: this runs for every node of every export (profiled).
  const keptConfig: AsObject = {};
  for (const key of Object.keys(config))
    if (!copied.includes(key) && !(key === 'instanceDescription' && description !== undefined)) setOwn(keptConfig, key, json(config[key]));
  const { position, data } = node;
  const nodeType = data.metadata;
  const kept = omitKeys(node, NODE_OWN_KEYS);
  kept.data = omitKeys(data, NODE_DATA_OWN_KEYS);
  const extensionMetadata = data.extensions?.[K.AS_METADATA];
  const metadata: AsObject = isObject(extensionMetadata) ? omitKeys(extensionMetadata, NO_KEYS) : {};
  metadata[K.FD_POSITION] = json(position);
  metadata[K.FD_NODE_TYPE_ID] = nodeTypeIdOf(node);
  metadata[K.FD_NODE] = kept;
  if (nodeType?.id && differsFromFirst(build, nodeType)) metadata[K.FD_NODE_TYPE] = json(nodeType);
  if (Object.keys(keptConfig).length > 0) metadata[K.FD_CONFIG] = json(keptConfig);
  if (derived.length > 0) metadata[K.FD_DERIVED] = derived;

  // The envelope, then metadata, inputs and outputs, then the mapper's fields (a field named like one of
  // those replaces its value in place, as a spread would): built key by key, no spread in this hot path.
  const component: AsComponent = { component_type: type, id: node.id, name: label };
  if (description !== undefined) component.description = description;
  component.metadata = metadata;
  component.inputs = inputs;
  component.outputs = outputs;
  for (const key of Object.keys(fields)) setOwn(component, key, fields[key]);

  const extra = extraControlOutputs(mapper, ports);
  if (extra.length > 0)
    warn(
      `Control outputs ${extra.map((id) => `"${id}"`).join(', ')} of '${label}' are not branches of an Agent Spec ${type}; written as from_branch values`,
    );
  return component;
}

/**
 * Whether a node's copy of its node type differs from the first node's of that type (which the importer
 * restores the others from). Most nodes carry the first copy itself, or the only one: no serialising then.
 */
function differsFromFirst(build: NodeBuild, nodeType: NodeMetadata): boolean {
  const first = build.nodeTypes[nodeType.id];
  if (first === nodeType) return false;
  let text = build.nodeTypeText.get(nodeType.id);
  if (text === undefined) build.nodeTypeText.set(nodeType.id, (text = JSON.stringify(first)));
  return text !== JSON.stringify(nodeType);
}

/** Control outputs the component has no branch for (they are written as from_branch values all the same). */
function extraControlOutputs(mapper: NodeMapper, ports: NodePorts): string[] {
  const { branches } = mapper;
  if (branches === 'own') return [];
  if (branches === undefined && ports.triggerOutputs.length <= 1) return [];
  return ports.triggerOutputs.map((p) => p.id).filter((id) => id !== 'trigger' && !branches?.includes(id));
}

/** What an Agent Spec edge expresses itself; an edge's other keys are kept under flowdrop:edge. */
const EDGE_OWN_KEYS: ReadonlySet<string> = new Set(['id', 'source', 'target', 'sourceHandle', 'targetHandle']);
/** What a component says of a node itself (or keeps under its own key); the rest is kept under flowdrop:node. */
const NODE_OWN_KEYS: ReadonlySet<string> = new Set(['id', 'position', 'data']);
const NODE_DATA_OWN_KEYS: ReadonlySet<string> = new Set(['label', 'config', 'metadata']);
const NO_KEYS: ReadonlySet<string> = new Set();

/** Control edges, then data edges, as Agent Spec edges; edges kept only in metadata, with their place. */
function buildEdges(
  edges: WorkflowEdge[],
  kinds: Map<string, EdgeKind>,
  mapped: Map<string, Mapped>,
): { control: AsObject[]; data: AsObject[]; kept: Array<{ at: number; edge: WorkflowEdge }> } {
  const control: AsObject[] = [];
  const dataEdges: AsObject[] = [];
  const kept: Array<{ at: number; edge: WorkflowEdge }> = [];
  const inOrder = isInterleaved(edges, kinds);
  for (const [at, edge] of edges.entries()) {
    const kind = kinds.get(edge.id);
    const src = mapped.get(edge.source);
    const dst = mapped.get(edge.target);
    if (!kind || kind.kind === 'kept' || !src || !dst) {
      kept.push({ at, edge });
      continue;
    }
    const { id, sourceHandle, targetHandle } = edge;
    // The edge without what the Agent Spec edge says itself.
    const rest = omitKeys(edge, EDGE_OWN_KEYS);
    // Handles an import would not derive are kept verbatim (null for a missing one).
    if (sourceHandle !== kind.sourceHandle) rest.sourceHandle = sourceHandle ?? null;
    if (targetHandle !== kind.targetHandle) rest.targetHandle = targetHandle ?? null;
    // Control edges are written before data edges; the editor's order comes back on import.
    if (inOrder) rest[K.EDGE_INDEX] = at;
    const data: JsonObject = edge.data ?? {};
    const givenName = data[K.AS_NAME];
    const srcName = labelOf(src.node);
    const dstName = labelOf(dst.node);
    if (kind.kind === 'control') {
      control.push({
        component_type: 'ControlFlowEdge',
        id,
        name: typeof givenName === 'string' ? givenName : `${srcName} -> ${dstName}`,
        metadata: edgeMetadata(data, rest),
        from_node: ref(src.node.id),
        from_branch: kind.fromBranch,
        to_node: ref(dst.node.id),
      });
    } else {
      dataEdges.push({
        component_type: 'DataFlowEdge',
        id,
        name: typeof givenName === 'string' ? givenName : `${srcName}.${kind.output} -> ${dstName}.${kind.input}`,
        metadata: edgeMetadata(data, rest),
        source_node: ref(src.node.id),
        source_output: kind.output,
        destination_node: ref(dst.node.id),
        destination_input: kind.input,
      });
    }
  }
  return { control, data: dataEdges, kept };
}

/**
 * The Flow's outputs: the ones an imported flow declared, while every EndNode still has each of them (or it
 * has a default); otherwise the outputs every EndNode has, which is what Agent Spec infers.
 */
function flowOutputs(declared: AsValue | undefined, ends: AsObject[], lose: (message: string) => void): AsProperty[] {
  const inferred = flowOutputsFromEnds({ nodes: ends });
  if (!Array.isArray(declared)) return inferred;
  const endTitles = ends.map(
    (end) => new Set((Array.isArray(end.outputs) ? end.outputs : []).map((p) => (isObject(p) ? p.title : undefined))),
  );
  const kept = declared.filter(
    (p): p is AsProperty => isObject(p) && typeof p.title === 'string' && ('default' in p || endTitles.every((t) => t.has(p.title))),
  );
  if (kept.length !== declared.length) {
    lose(`The flow's declared outputs no longer match its EndNodes; written as the outputs every EndNode has`);
    return inferred;
  }
  return kept;
}

/** True when the editor's edge order is not "control edges, then data edges" (the written order). */
function isInterleaved(edges: WorkflowEdge[], kinds: Map<string, EdgeKind>): boolean {
  let seenData = false;
  for (const edge of edges) {
    const kind = kinds.get(edge.id)?.kind ?? 'kept';
    if (kind === 'kept') return true;
    if (kind === 'data') seenData = true;
    else if (seenData) return true;
  }
  return false;
}

function edgeMetadata(data: JsonObject, rest: JsonObject): AsObject {
  const own = data[K.AS_METADATA];
  return { ...(isObject(own) ? own : {}), [K.FD_EDGE]: json(rest) };
}

function classifyEdge(
  edge: WorkflowEdge,
  mapped: Map<string, Mapped>,
  lose: (message: string, extra?: Partial<ExportIssue>) => void,
): EdgeKind {
  const src = mapped.get(edge.source);
  const dst = mapped.get(edge.target);
  if (!src || !dst) {
    lose(`Edge ${edge.id} touches a note; kept only in metadata "${K.FD_EDGES}"`, { edgeId: edge.id });
    return { kind: 'kept' };
  }
  const sourcePort = edge.sourceHandle ? portIdFromHandle(edge.sourceHandle, src.node.id, 'output') : undefined;
  const targetPort = edge.targetHandle ? portIdFromHandle(edge.targetHandle, dst.node.id, 'input') : undefined;
  const branch = src.ports.branches.find((b) => b.name === sourcePort);
  const port = src.ports.outputs.find((p) => p.id === sourcePort);
  if (branch || sourcePort === undefined || port?.dataType === 'trigger') {
    let fromBranch: string | null;
    if (branch) fromBranch = branch.isDefault ? 'default' : branch.name;
    else fromBranch = sourcePort === undefined || sourcePort === 'trigger' || src.ports.triggerOutputs.length <= 1 ? null : sourcePort;
    const input = controlInputId(dst.ports);
    if (targetPort !== undefined && targetPort !== input)
      lose(
        `Edge ${edge.id} ends at control input "${targetPort}" of '${labelOf(dst.node)}'; Agent Spec control edges have no target port (kept in metadata)`,
        { edgeId: edge.id },
      );
    return {
      kind: 'control',
      fromBranch,
      sourceHandle: handleFor(src.node.id, 'output', controlOutputId(src.ports, fromBranch)),
      targetHandle: handleFor(dst.node.id, 'input', input),
    };
  }
  if (port?.dataType === 'tool') {
    lose(
      `Tool connection '${labelOf(src.node)}' -> '${labelOf(dst.node)}' (edge ${edge.id}) has no Agent Spec equivalent; kept only in metadata "${K.FD_EDGES}"`,
      { edgeId: edge.id },
    );
    return { kind: 'kept' };
  }
  const output = sanitizeTitle(sourcePort);
  const input = sanitizeTitle(targetPort ?? 'input');
  const missing = [
    ...(src.exported && !src.exported.outputs.has(output) ? [`output "${output}" of '${labelOf(src.node)}' (${src.type})`] : []),
    ...(dst.exported && !dst.exported.inputs.has(input) ? [`input "${input}" of '${labelOf(dst.node)}' (${dst.type})`] : []),
  ];
  if (missing.length > 0) {
    lose(
      `Edge ${edge.id}: ${missing.join(' and ')} has no Agent Spec equivalent on that component type; kept only in metadata "${K.FD_EDGES}"`,
      { edgeId: edge.id },
    );
    return { kind: 'kept' };
  }
  return {
    kind: 'data',
    output,
    input,
    sourceHandle: handleFor(src.node.id, 'output', output),
    targetHandle: handleFor(dst.node.id, 'input', input),
  };
}
