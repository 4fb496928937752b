// Which behaviour a node gets: its FlowDrop node type first, then its Agent Spec component type, then
// its visual type and category; a node none of them names passes its inputs through (with a warning).
import type { WorkflowNode } from '../contract/types.js';
import { AGENTSPEC_NODES } from './agentspec-nodes.js';
import { BY_CATEGORY, BY_TYPE, end, gateway, model, passThrough, start, type Behaviour } from './behaviours.js';
import { componentTypeOf } from './plan.js';

const BY_COMPONENT: Record<string, Behaviour> = {
  ...AGENTSPEC_NODES,
  start_node: start,
  end_node: end,
  llm_node: model,
};

export function behaviourFor(node: WorkflowNode, typeId: string): { behaviour: Behaviour; known: boolean } {
  const normalised = componentTypeOf(node);
  const found =
    BY_TYPE[typeId] ??
    (normalised ? BY_COMPONENT[normalised] : undefined) ??
    ((node.data?.config?.nodeType ?? node.data?.metadata?.type) === 'gateway' ? gateway : undefined) ??
    BY_CATEGORY[node.data?.metadata?.category ?? ''];
  return found ? { behaviour: found, known: true } : { behaviour: passThrough, known: false };
}
