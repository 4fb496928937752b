// Seeded mutations of Agent Spec documents, one change per document, for the differential test against
// Oracle's reference loader. They work on the document as written (references, nested scopes and all), and
// reach every flow of it: the root, subflows of FlowNode, MapNode, ParallelMapNode, CatchExceptionNode and
// ParallelFlowNode, inline or referenced.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

export const MUTATION_KINDS = [
  'remove-edge',
  'retarget-edge',
  'rename-edge-port',
  'change-branch',
  'remove-field',
  'rename-port',
  'change-type',
  'add-edge',
  'swap-start-node',
  'remove-node',
  'duplicate-node',
  'change-component-type',
  'remove-definition',
  'null-field',
  'change-field-type',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface Mutation {
  kind: MutationKind;
  /** What changed, in a few words, for the disagreement table. */
  what: string;
  document: Json;
}

const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Walked {
  components: Obj[];
  /** Every `$referenced_components` entry, by key. */
  table: Map<string, Obj>;
}

function walk(document: Json): Walked {
  const components: Obj[] = [];
  const table = new Map<string, Obj>();
  const stack: Json[] = [document];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (!isObj(value)) continue;
    if (typeof value.component_type === 'string') components.push(value);
    const refs = value.$referenced_components;
    if (isObj(refs)) for (const [key, entry] of Object.entries(refs)) if (isObj(entry)) table.set(key, entry);
    for (const [key, child] of Object.entries(value)) if (key !== 'metadata' && key !== 'json_schema') stack.push(child);
  }
  return { components, table };
}

const resolve = (value: Json | undefined, table: Map<string, Obj>): Obj | undefined =>
  isObj(value) && typeof value.$component_ref === 'string' ? table.get(value.$component_ref) : isObj(value) ? value : undefined;

const PROPERTY_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object', 'null'];
const NODE_TYPES = [
  'StartNode',
  'EndNode',
  'LlmNode',
  'ToolNode',
  'AgentNode',
  'BranchingNode',
  'FlowNode',
  'MapNode',
  'OutputMessageNode',
];

export function mutate(original: Json, random: () => number): Mutation | undefined {
  const document = structuredClone(original);
  const { components, table } = walk(document);
  const pick = <T>(items: readonly T[]): T | undefined => (items.length === 0 ? undefined : items[Math.floor(random() * items.length)]);
  const keyOf = (node: Obj): string | undefined => [...table].find(([, v]) => v === node)?.[0];
  /** How an edge names a node: by reference where the node is a referenced component, else a copy. */
  const nodeRef = (node: Obj): Json => {
    const key = keyOf(node);
    return key !== undefined ? { $component_ref: key } : structuredClone(node);
  };
  const flows = components.filter((c) => c.component_type === 'Flow');
  const nodesOf = (flow: Obj): Obj[] =>
    (Array.isArray(flow.nodes) ? flow.nodes : []).map((n) => resolve(n, table)).filter((n): n is Obj => n !== undefined);
  const allNodes = flows.flatMap(nodesOf);
  const propertiesOf = (c: Obj, side: 'inputs' | 'outputs'): Obj[] => (Array.isArray(c[side]) ? c[side].filter(isObj) : []);
  const titles = (c: Obj, side: 'inputs' | 'outputs') => propertiesOf(c, side).map((p) => String(p.title));
  const branchesOf = (node: Obj): string[] => {
    const declared = Array.isArray(node.branches) ? node.branches.map(String) : [];
    const mapped = isObj(node.mapping) ? Object.values(node.mapping).map(String) : [];
    return [...new Set([...declared, ...mapped, 'next', 'default'])];
  };
  const kind = pick(MUTATION_KINDS)!;
  const flow = pick(flows);
  const depth = (f: Obj | undefined) => (f === document ? 'root' : 'nested');
  switch (kind) {
    case 'remove-edge': {
      if (!flow) return undefined;
      const list = pick(['control_flow_connections', 'data_flow_connections'].filter((k) => Array.isArray(flow[k]) && flow[k].length > 0));
      if (!list) return undefined;
      const edges = flow[list] as Json[];
      const i = Math.floor(random() * edges.length);
      edges.splice(i, 1);
      return { kind, what: `${depth(flow)} ${list}[${i}] removed`, document };
    }
    case 'retarget-edge': {
      if (!flow) return undefined;
      const control = random() < 0.6;
      const edges = (control ? flow.control_flow_connections : flow.data_flow_connections) as Json[] | undefined;
      const edge = pick((edges ?? []).map((e) => resolve(e, table)).filter((e): e is Obj => e !== undefined));
      if (!edge) return undefined;
      const end = pick(control ? ['from_node', 'to_node'] : ['source_node', 'destination_node'])!;
      // Mostly a node of the same flow; sometimes one of another flow, at another depth.
      const target = random() < 0.75 ? pick(nodesOf(flow)) : pick(allNodes);
      if (!target) return undefined;
      edge[end] = nodeRef(target);
      return { kind, what: `${depth(flow)} ${control ? 'control' : 'data'} ${end} → ${String(target.component_type)}`, document };
    }
    case 'rename-edge-port': {
      if (!flow) return undefined;
      const edge = pick(
        ((flow.data_flow_connections ?? []) as Json[]).map((e) => resolve(e, table)).filter((e): e is Obj => e !== undefined),
      );
      if (!edge) return undefined;
      const side = random() < 0.5 ? 'source_output' : 'destination_input';
      const node = resolve(edge[side === 'source_output' ? 'source_node' : 'destination_node'], table);
      const others = node ? titles(node, side === 'source_output' ? 'outputs' : 'inputs') : [];
      edge[side] = random() < 0.5 && others.length > 0 ? pick(others)! : `${String(edge[side])}_renamed`;
      return { kind, what: `${depth(flow)} data edge ${side}`, document };
    }
    case 'change-branch': {
      const choices: Array<() => string | undefined> = [
        () => {
          const edge = pick(
            flows.flatMap((f) => ((f.control_flow_connections ?? []) as Json[]).map((e) => resolve(e, table)).filter((e): e is Obj => !!e)),
          );
          if (!edge) return undefined;
          const from = resolve(edge.from_node, table);
          const options = [null, 'next', 'default', 'nope', ...(from ? branchesOf(from) : [])];
          edge.from_branch = pick(options) ?? null;
          return `from_branch = ${String(edge.from_branch)}`;
        },
        () => {
          const end = pick(components.filter((c) => c.component_type === 'EndNode'));
          if (!end) return undefined;
          end.branch_name = pick(['next', 'other', 'caught_exception_branch', 'default']) ?? 'next';
          return `branch_name = ${String(end.branch_name)}`;
        },
        () => {
          const branching = pick(components.filter((c) => c.component_type === 'BranchingNode' && isObj(c.mapping)));
          if (!branching || !isObj(branching.mapping)) return undefined;
          const key = pick(Object.keys(branching.mapping));
          if (key === undefined) return undefined;
          branching.mapping[key] = `${String(branching.mapping[key])}_changed`;
          return 'mapping value changed';
        },
      ];
      const what = pick(choices)!();
      return what ? { kind, what, document } : undefined;
    }
    case 'remove-field': {
      const component = pick(components);
      if (!component) return undefined;
      const key = pick(Object.keys(component).filter((k) => k !== '$referenced_components'));
      if (key === undefined) return undefined;
      delete component[key];
      return { kind, what: `${String(component.component_type)}.${key}`, document };
    }
    case 'rename-port': {
      const side = random() < 0.5 ? 'inputs' : 'outputs';
      const component = pick(components.filter((c) => propertiesOf(c, side).length > 0));
      if (!component) return undefined;
      const property = pick(propertiesOf(component, side))!;
      property.title = `${String(property.title)}_renamed`;
      return { kind, what: `${String(component.component_type)}.${side}`, document };
    }
    case 'change-type': {
      const side = random() < 0.5 ? 'inputs' : 'outputs';
      const component = pick(components.filter((c) => propertiesOf(c, side).length > 0));
      if (!component) return undefined;
      const property = pick(propertiesOf(component, side))!;
      const type = pick(PROPERTY_TYPES.filter((t) => t !== property.type))!;
      property.type = type;
      delete property.anyOf;
      if (type === 'array') property.items = { type: 'string' };
      if ('default' in property && random() < 0.5) delete property.default;
      return { kind, what: `${String(component.component_type)}.${side} → ${type}`, document };
    }
    case 'add-edge': {
      if (!flow) return undefined;
      const nodes = nodesOf(flow);
      const from = pick(nodes);
      const to = pick(random() < 0.85 ? nodes : allNodes);
      if (!from || !to) return undefined;
      const id = `added-${Math.floor(random() * 1e9)}`;
      if (random() < 0.5) {
        const branch = random() < 0.6 ? null : (pick(branchesOf(from)) ?? null);
        const edges = (flow.control_flow_connections ??= []) as Json[];
        edges.push({
          component_type: 'ControlFlowEdge',
          id,
          name: id,
          from_node: nodeRef(from),
          from_branch: branch,
          to_node: nodeRef(to),
        });
        return { kind, what: `${depth(flow)} control ${String(from.component_type)} → ${String(to.component_type)}`, document };
      }
      const output = pick(titles(from, 'outputs')) ?? 'out';
      const input = pick(titles(to, 'inputs')) ?? 'in';
      const edges = (flow.data_flow_connections ??= []) as Json[];
      edges.push({
        component_type: 'DataFlowEdge',
        id,
        name: id,
        source_node: nodeRef(from),
        source_output: output,
        destination_node: nodeRef(to),
        destination_input: input,
      });
      return { kind, what: `${depth(flow)} data ${String(from.component_type)} → ${String(to.component_type)}`, document };
    }
    case 'swap-start-node': {
      if (!flow) return undefined;
      const node = pick(nodesOf(flow).filter((n) => n.component_type !== 'StartNode'));
      if (!node) return undefined;
      flow.start_node = nodeRef(node);
      return { kind, what: `${depth(flow)} start_node → ${String(node.component_type)}`, document };
    }
    case 'remove-node': {
      if (!flow || !Array.isArray(flow.nodes) || flow.nodes.length === 0) return undefined;
      const i = Math.floor(random() * flow.nodes.length);
      flow.nodes.splice(i, 1);
      return { kind, what: `${depth(flow)} nodes[${i}] removed`, document };
    }
    case 'duplicate-node': {
      if (!flow || !Array.isArray(flow.nodes) || flow.nodes.length === 0) return undefined;
      const node = pick(flow.nodes)!;
      flow.nodes.push(random() < 0.5 ? structuredClone(node) : structuredClone(resolve(node, table) ?? node));
      return { kind, what: `${depth(flow)} a node listed twice`, document };
    }
    case 'change-component-type': {
      const node = pick(allNodes);
      if (!node) return undefined;
      node.component_type = pick(NODE_TYPES.filter((t) => t !== node.component_type))!;
      return { kind, what: `node → ${String(node.component_type)}`, document };
    }
    case 'remove-definition': {
      const tables = components.map((c) => c.$referenced_components).filter(isObj);
      if (isObj(document) && isObj(document.$referenced_components)) tables.push(document.$referenced_components);
      const t = pick(tables);
      const key = t ? pick(Object.keys(t)) : undefined;
      if (!t || key === undefined) return undefined;
      delete t[key];
      return { kind, what: `definition of '${key}' removed`, document };
    }
    case 'null-field': {
      const component = pick(components);
      const key = component
        ? pick(Object.keys(component).filter((k) => k !== 'component_type' && k !== '$referenced_components'))
        : undefined;
      if (!component || key === undefined) return undefined;
      component[key] = null;
      return { kind, what: `${String(component.component_type)}.${key} = null`, document };
    }
    case 'change-field-type': {
      const component = pick(components);
      const key = component ? pick(Object.keys(component).filter((k) => k !== '$referenced_components')) : undefined;
      if (!component || key === undefined) return undefined;
      const value = component[key];
      component[key] = typeof value === 'string' ? 42 : Array.isArray(value) ? 'not a list' : typeof value === 'number' ? 'seven' : [value];
      return { kind, what: `${String(component.component_type)}.${key} retyped`, document };
    }
  }
}
