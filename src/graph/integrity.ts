import type { Workflow } from '../contract/types.js';
import { portIdFromHandle, portIds } from './handles.js';

/** Past this a workflow is refused: the editor cannot draw it and a run would never finish. */
export const MAX_WORKFLOW_NODES = 10_000;

/** Checks a node's config against its type's configSchema; returns problems as sentences. */
export type ConfigChecker = (nodeTypeId: string, configSchema: unknown, config: Record<string, unknown>) => string[];

/**
 * Structural problems that make a graph unusable: duplicate ids, edges to missing nodes or ports,
 * node config that contradicts its type's schema. Each message names the node or edge.
 */
export function graphErrors(workflow: Pick<Workflow, 'nodes' | 'edges'>, checkConfig?: ConfigChecker): string[] {
  const errors: string[] = [];
  if (workflow.nodes.length > MAX_WORKFLOW_NODES) errors.push(`Workflow has ${workflow.nodes.length} nodes; the limit is ${MAX_WORKFLOW_NODES}`);
  const nodes = new Map<string, Workflow['nodes'][number]>();
  for (const node of workflow.nodes) {
    if (nodes.has(node.id)) errors.push(`Duplicate node id: '${node.id}'`);
    else nodes.set(node.id, node);
  }
  const edgeIds = new Set<string>();
  for (const edge of workflow.edges) {
    if (edgeIds.has(edge.id)) errors.push(`Duplicate edge id: '${edge.id}'`);
    edgeIds.add(edge.id);
    const source = nodes.get(edge.source);
    const target = nodes.get(edge.target);
    if (!source) errors.push(`Edge '${edge.id}' connects to non-existent node '${edge.source}' (source)`);
    if (!target) errors.push(`Edge '${edge.id}' connects to non-existent node '${edge.target}' (target)`);
    if (source && edge.sourceHandle) {
      const port = portIdFromHandle(edge.sourceHandle, source.id, 'output');
      if (!portIds(source, 'output').has(port))
        errors.push(`Edge '${edge.id}' uses source handle '${edge.sourceHandle}': node '${source.id}' has no output port '${port}'`);
    }
    if (target && edge.targetHandle) {
      const port = portIdFromHandle(edge.targetHandle, target.id, 'input');
      if (!portIds(target, 'input').has(port))
        errors.push(`Edge '${edge.id}' uses target handle '${edge.targetHandle}': node '${target.id}' has no input port '${port}'`);
    }
  }
  if (checkConfig) {
    for (const node of nodes.values()) {
      const meta = node.data.metadata;
      for (const problem of checkConfig(meta.id, meta.configSchema, node.data.config ?? {}))
        errors.push(`Node '${node.id}' has invalid configuration: ${problem}`);
    }
  }
  return errors;
}
