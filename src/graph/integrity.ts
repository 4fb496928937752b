import type { ConfigChecker } from '../contract/config-check.js';
import type { Workflow } from '../contract/types.js';

export type { ConfigChecker };
import type { GraphIndex } from './graph-index.js';
import { hasPort, portIdFromHandle } from './handles.js';

/** Past this a workflow is refused: the editor cannot draw it and a run would never finish. */
export const MAX_WORKFLOW_NODES = 10_000;

type IntegrityRule =
  'too-many-nodes' | 'duplicate-node-id' | 'duplicate-edge-id' | 'edge-missing-node' | 'edge-missing-port' | 'node-config';

export interface GraphProblem {
  rule: IntegrityRule;
  message: string;
  /** JSON pointer into the workflow, e.g. /edges/3/sourceHandle. */
  pointer: string;
}

/**
 * Structural problems that make a graph unusable: duplicate ids, edges to missing nodes or ports,
 * node config that contradicts its type's schema. Each message names the node or edge.
 */
export function graphProblems(
  workflow: Pick<Workflow, 'nodes' | 'edges'>,
  checkConfig?: ConfigChecker,
  index?: GraphIndex,
): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const add = (rule: IntegrityRule, pointer: string, message: string) => problems.push({ rule, pointer, message });
  if (workflow.nodes.length > MAX_WORKFLOW_NODES)
    add('too-many-nodes', '/nodes', `Workflow has ${workflow.nodes.length} nodes; the limit is ${MAX_WORKFLOW_NODES}`);
  // The first node of an id is the one checked; a later one is a duplicate. The index holds the last of each
  // id, which is the same node when no id is shared: then its maps and its edge ends serve as they are.
  const indexed = index && !index.sharedIds ? index : undefined;
  let nodes: Map<string, Workflow['nodes'][number]>;
  if (indexed) nodes = indexed.nodeById;
  else {
    nodes = new Map();
    workflow.nodes.forEach((node, i) => {
      if (nodes.has(node.id)) add('duplicate-node-id', `/nodes/${i}/id`, `Duplicate node id: '${node.id}'`);
      else nodes.set(node.id, node);
    });
  }
  const edgeIds = new Set<string>();
  workflow.edges.forEach((edge, i) => {
    if (edgeIds.has(edge.id)) add('duplicate-edge-id', `/edges/${i}/id`, `Duplicate edge id: '${edge.id}'`);
    edgeIds.add(edge.id);
    const source = indexed ? indexed.sourceNode[i] : nodes.get(edge.source);
    const target = indexed ? indexed.targetNode[i] : nodes.get(edge.target);
    if (!source)
      add('edge-missing-node', `/edges/${i}/source`, `Edge '${edge.id}' connects to non-existent node '${edge.source}' (source)`);
    if (!target)
      add('edge-missing-node', `/edges/${i}/target`, `Edge '${edge.id}' connects to non-existent node '${edge.target}' (target)`);
    if (source && edge.sourceHandle) {
      const port = index?.sourcePort[i] ?? portIdFromHandle(edge.sourceHandle, source.id, 'output');
      if (!hasPort(source, 'output', port))
        add(
          'edge-missing-port',
          `/edges/${i}/sourceHandle`,
          `Edge '${edge.id}' uses source handle '${edge.sourceHandle}': node '${source.id}' has no output port '${port}'`,
        );
    }
    if (target && edge.targetHandle) {
      const port = index?.targetPort[i] ?? portIdFromHandle(edge.targetHandle, target.id, 'input');
      if (!hasPort(target, 'input', port))
        add(
          'edge-missing-port',
          `/edges/${i}/targetHandle`,
          `Edge '${edge.id}' uses target handle '${edge.targetHandle}': node '${target.id}' has no input port '${port}'`,
        );
    }
  });
  if (checkConfig) {
    workflow.nodes.forEach((node, i) => {
      if (!indexed && nodes.get(node.id) !== node) return;
      const meta = node.data.metadata;
      for (const problem of checkConfig(meta.id, meta.configSchema, node.data.config ?? {}))
        add('node-config', `/nodes/${i}/data/config`, `Node '${node.id}' has invalid configuration: ${problem}`);
    });
  }
  return problems;
}

/** The same problems as sentences, for the 422 body and the store's load errors. */
export function graphErrors(workflow: Pick<Workflow, 'nodes' | 'edges'>, checkConfig?: ConfigChecker): string[] {
  return graphProblems(workflow, checkConfig).map((p) => p.message);
}
