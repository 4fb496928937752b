// Builds runnable workflows from the built-in node types, wired as the editor wires them.
import { BUILTIN_NODE_TYPES } from '../../src/catalog/builtin-node-types.js';
import type { Workflow, WorkflowEdge, WorkflowNode } from '../../src/contract/types.js';

function typeOf(id: string) {
  const found = BUILTIN_NODE_TYPES.find((t) => t.id === id);
  if (!found) throw new Error(`no built-in node type ${id}`);
  return found;
}

export function n(id: string, typeId: string, config: Record<string, unknown> = {}, x = 0): WorkflowNode {
  const meta = typeOf(typeId);
  return {
    id,
    type: 'universalNode',
    position: { x, y: 0 },
    data: { label: id, config: { ...(meta.config ?? {}), ...config }, metadata: meta, nodeId: id },
  };
}

/** "a.port -> b.port" */
export function e(spec: string, edgeType?: string): WorkflowEdge {
  const [from, to] = spec.split('->').map((s) => s.trim());
  const [source, sourcePort] = from.split('.');
  const [target, targetPort] = to.split('.');
  return {
    id: `e:${source}.${sourcePort}-${target}.${targetPort}`,
    source,
    target,
    sourceHandle: `${source}-output-${sourcePort}`,
    targetHandle: `${target}-input-${targetPort}`,
    ...(edgeType ? { data: { metadata: { edgeType } } } : {}),
  };
}

export function flow(id: string, nodes: WorkflowNode[], edges: WorkflowEdge[]): Workflow {
  return {
    id,
    name: id,
    description: '',
    nodes,
    edges,
    metadata: { version: '1.0.0', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', format: 'flowdrop' },
  };
}

/** start → chat_input → chat_model → chat_output → end */
export function chatFlow(id: string, modelConfig: Record<string, unknown> = {}): Workflow {
  return flow(
    id,
    [n('start', 'start'), n('in', 'chat_input'), n('model', 'chat_model', modelConfig), n('out', 'chat_output'), n('end', 'end')],
    [
      e('start.trigger -> in.trigger'),
      e('in.trigger -> model.trigger'),
      e('model.trigger -> out.trigger'),
      e('out.trigger -> end.trigger'),
      e('in.message -> model.prompt'),
      e('model.response -> out.message'),
    ],
  );
}

/** A router on the chat message: "refund" → refund path, anything else → default path. */
export function routerFlow(id: string): Workflow {
  const branches = [
    { name: 'refund', label: 'Refund', condition: "value.toLowerCase().includes('refund')", isDefault: false },
    { name: 'other', label: 'Other', condition: '', isDefault: true },
  ];
  return flow(
    id,
    [
      n('start', 'start'),
      n('in', 'chat_input'),
      n('route', 'conditional_router', { branches }),
      n('refundModel', 'chat_model', { mockResponse: 'Refund path' }),
      n('otherModel', 'chat_model', { mockResponse: 'Other path' }),
      n('refundOut', 'chat_output'),
      n('otherOut', 'chat_output'),
      n('end', 'end'),
    ],
    [
      e('start.trigger -> in.trigger'),
      e('in.trigger -> route.trigger'),
      e('in.message -> route.value'),
      e('route.refund -> refundModel.trigger'),
      e('route.other -> otherModel.trigger'),
      e('in.message -> refundModel.prompt'),
      e('in.message -> otherModel.prompt'),
      e('refundModel.trigger -> refundOut.trigger'),
      e('otherModel.trigger -> otherOut.trigger'),
      e('refundModel.response -> refundOut.message'),
      e('otherModel.response -> otherOut.message'),
      e('refundOut.trigger -> end.trigger'),
      e('otherOut.trigger -> end.trigger'),
    ],
  );
}

/** start → chat_input → human_review (given config) → approved: model A / rejected: model B → outputs → end */
export function reviewFlow(id: string, review: Record<string, unknown>): Workflow {
  return flow(
    id,
    [
      n('start', 'start'),
      n('in', 'chat_input'),
      n('review', 'human_review', review),
      n('yes', 'chat_model', { mockResponse: 'Approved path' }),
      n('no', 'chat_model', { mockResponse: 'Rejected path' }),
      n('yesOut', 'chat_output'),
      n('noOut', 'chat_output'),
      n('end', 'end'),
    ],
    [
      e('start.trigger -> in.trigger'),
      e('in.trigger -> review.trigger'),
      e('in.message -> review.content'),
      e('review.approved -> yes.trigger'),
      e('review.rejected -> no.trigger'),
      e('in.message -> yes.prompt'),
      e('in.message -> no.prompt'),
      e('yes.trigger -> yesOut.trigger'),
      e('no.trigger -> noOut.trigger'),
      e('yes.response -> yesOut.message'),
      e('no.response -> noOut.message'),
      e('yesOut.trigger -> end.trigger'),
      e('noOut.trigger -> end.trigger'),
    ],
  );
}

/** The smallest flow in the FlowDrop dialect of Agent Spec (snake_case kinds, names as references). */
export const dialectFlow = () => ({
  component_type: 'flow',
  name: 'Dialect flow',
  start_node: 'start',
  nodes: [
    { component_type: 'start_node', name: 'start' },
    { component_type: 'end_node', name: 'end' },
  ],
  control_flow_connections: [{ name: 'c', from_node: 'start', to_node: 'end' }],
  data_flow_connections: null,
});

/** a → b → a with no loop declared (their text ports feed each other, so no input is left open): breaks no-cycle only. */
export function cycleFlow(id: string): Workflow {
  return flow(
    id,
    [n('start', 'start'), n('a', 'text_formatter'), n('b', 'text_formatter'), n('end', 'end')],
    [
      e('start.trigger -> a.trigger'),
      e('a.trigger -> b.trigger'),
      e('b.trigger -> a.trigger'),
      e('b.trigger -> end.trigger'),
      e('a.text -> b.text'),
      e('b.text -> a.text'),
    ],
  );
}

/** A start, an end and 9,999 notes: one node over the limit of 10,000, and nothing else wrong (too-many-nodes only). */
export function overNodeLimitFlow(id: string): Workflow {
  return flow(
    id,
    [n('start', 'start'), n('end', 'end'), ...Array.from({ length: 9_999 }, (_, i) => n(`note${i}`, 'note', {}, i))],
    [e('start.trigger -> end.trigger')],
  );
}
