// The unknown-node-type rule's finding, apart from the other checks: `wfe serve` prints these warnings at
// start without loading the checks.
import type { NodeMetadata, Workflow, WorkflowNode } from '../contract/types.js';

/** Nodes whose type id (data.metadata.id, else node.type) no node type of the catalog has. */
export function unknownNodeTypes(
  workflow: Workflow,
  lookupNodeType: (id: string) => NodeMetadata | undefined,
): Array<{ index: number; node: WorkflowNode; typeId: string }> {
  const unknown: Array<{ index: number; node: WorkflowNode; typeId: string }> = [];
  workflow.nodes.forEach((node, index) => {
    const typeId = node.data?.metadata?.id ?? node.type;
    if (!lookupNodeType(typeId)) unknown.push({ index, node, typeId });
  });
  return unknown;
}

export const unknownNodeTypeMessage = (node: WorkflowNode, typeId: string): string =>
  `Node '${node.id}' is of type '${typeId}', which no node type of this folder defines (built-in or nodes/); the editor shows the copy saved in the workflow`;

export interface LoadWarning {
  file: string;
  rule: 'unknown-node-type';
  pointer: string;
  message: string;
}

/** The unknown-node-type findings of served workflows: serve's start-up report and GET /system/config. */
export function unknownNodeTypeWarnings(
  workflows: Iterable<{ workflow: Workflow; file: string }>,
  lookupNodeType: (id: string) => NodeMetadata | undefined,
): LoadWarning[] {
  const warnings: LoadWarning[] = [];
  for (const { workflow, file } of workflows)
    for (const { index, node, typeId } of unknownNodeTypes(workflow, lookupNodeType))
      warnings.push({
        file,
        rule: 'unknown-node-type',
        pointer: `/nodes/${index}/data/metadata/id`,
        message: unknownNodeTypeMessage(node, typeId),
      });
  return warnings;
}
