// Every Agent Spec rule, in the order their findings are reported.
import type { AgentSpecRule } from '../rule.js';
import type { AgentSpecRuleId } from '../rule-ids.js';
import { branchExists } from './branch-exists.js';
import { dataEdge } from './data-edge.js';
import { edgeNode } from './edge-node.js';
import { endNode } from './end-node.js';
import { flowOutputs } from './flow-outputs.js';
import { componentType, field, property, reference } from './loader-rules.js';
import { nodeBranches } from './node-branches.js';
import { nodeIo } from './node-io.js';
import { notAFlow } from './not-a-flow.js';
import { oneEdgePerBranch } from './one-edge-per-branch.js';
import { startNode } from './start-node.js';
import { uniqueId } from './unique-id.js';
import { undefinedComponent } from './undefined-component.js';
import { unreachableNode } from './unreachable-node.js';
import { version } from './version.js';

/** Keyed by id, so a rule missing from the table, or listed under another id, does not compile. */
export const AGENTSPEC_RULES: { [id in AgentSpecRuleId]: AgentSpecRule<id> } = {
  'agentspec-not-a-flow': notAFlow,
  'agentspec-component-type': componentType,
  'agentspec-reference': reference,
  'agentspec-field': field,
  'agentspec-property': property,
  'agentspec-version': version,
  'agentspec-node-io': nodeIo,
  'agentspec-node-branches': nodeBranches,
  'agentspec-start-node': startNode,
  'agentspec-end-node': endNode,
  'agentspec-edge-node': edgeNode,
  'agentspec-data-edge': dataEdge,
  'agentspec-flow-outputs': flowOutputs,
  'agentspec-branch-exists': branchExists,
  'agentspec-one-edge-per-branch': oneEdgePerBranch,
  'agentspec-unique-id': uniqueId,
  'agentspec-unreachable-node': unreachableNode,
  'agentspec-undefined-component': undefinedComponent,
};
