// human_review (interrupts) → FlowNode whose subflow asks and decides:
//   StartNode (the node's data inputs) → InputMessageNode (the question: `message`) → BranchingNode (the
//   answer: `confirmLabel` → approved, `cancelLabel` → rejected, anything else → approved, or rejected for
//   a confirmation) → EndNode "approved" | EndNode "rejected", each returning the answer.
// A FlowNode's branches are its subflow's EndNode branch_names, so the outer edges leave by the real
// branches "approved" and "rejected". The subflow is derived: import restores the node from its config.
import type { JsonObject } from '../../contract/types.js';
import { placeholdersIn } from '../inferred-io.js';
import { str, type FieldContext } from '../node-fields.js';
import type { AsObject, AsProperty } from '../types.js';
import { subflowIo } from './nested-flow.js';
import type { NodeMapper } from './types.js';

const REVIEW_OUTCOMES = ['approved', 'rejected'] as const;
type Outcome = (typeof REVIEW_OUTCOMES)[number];

// What the run engine shows and matches when the config says nothing (src/engine/behaviours.ts).
const DEFAULT_MESSAGE = 'Please review and confirm.';
const DEFAULT_LABELS: Record<Outcome, string> = { approved: 'Yes', rejected: 'No' };
const LABEL_KEYS: Record<Outcome, string> = { approved: 'confirmLabel', rejected: 'cancelLabel' };
// FlowDrop's message placeholders may name a path (`{{ data.amount }}`); Agent Spec's name an input.
const PATH_PLACEHOLDER = /{{\s*\w+(?:\.\w+)+\s*}}/g;

const ref = (id: string): AsObject => ({ $component_ref: id });

/** The answer each outcome is taken for: its label, else the outcome's own name; every outcome has one. */
export function reviewMapping(config: JsonObject): Record<string, Outcome> {
  const mapping: Record<string, Outcome> = {};
  for (const outcome of REVIEW_OUTCOMES) {
    const label = str(config[LABEL_KEYS[outcome]]) ?? DEFAULT_LABELS[outcome];
    if (!(label in mapping)) mapping[label] = outcome;
  }
  // Two equal labels: the second outcome is still reachable by its own name.
  for (const outcome of REVIEW_OUTCOMES) if (!Object.values(mapping).includes(outcome)) mapping[outcome] = outcome;
  return mapping;
}

/** Where an answer the mapping does not name goes: a confirmation is declined, any other answer is an approval. */
export const reviewDefault = (config: JsonObject): Outcome =>
  (str(config.interruptType) ?? 'confirmation') === 'confirmation' ? 'rejected' : 'approved';

function reviewFlow(ctx: FieldContext, config: JsonObject, used: string[]): AsObject {
  const id = ctx.node.id;
  for (const key of ['message', 'interruptType', ...Object.values(LABEL_KEYS)]) if (config[key] !== undefined) used.push(key);
  const message = str(config.message) ?? DEFAULT_MESSAGE;
  const paths = [...new Set(message.match(PATH_PLACEHOLDER) ?? [])];
  if (paths.length > 0)
    ctx.warn(
      `'${ctx.label}': ${paths.join(', ')} in the message name a path, which Agent Spec placeholders cannot; the InputMessageNode shows them as written`,
    );

  const answer: AsProperty = { title: ctx.outputs[0]?.title ?? 'response', type: 'string' };
  // The EndNodes return the answer untyped: the FlowNode declares the node's own output type.
  const returned: AsProperty[] = ctx.outputs.length > 0 ? [{ title: answer.title }] : [];
  const asked: AsProperty[] = placeholdersIn(message).map((title) => ({ title, type: 'string' }));
  type Step = 'start' | 'ask' | 'decide' | Outcome;
  const nodeId: Record<Step, string> = {
    start: `${id}-start`,
    ask: `${id}-ask`,
    decide: `${id}-decide`,
    approved: `${id}-approved`,
    rejected: `${id}-rejected`,
  };
  const nodes: Record<string, AsObject> = {
    [nodeId.start]: { component_type: 'StartNode', id: nodeId.start, name: 'start', inputs: ctx.inputs, outputs: ctx.inputs },
    [nodeId.ask]: { component_type: 'InputMessageNode', id: nodeId.ask, name: 'question', inputs: asked, outputs: [answer], message },
    [nodeId.decide]: {
      component_type: 'BranchingNode',
      id: nodeId.decide,
      name: 'decision',
      inputs: [answer],
      outputs: [],
      mapping: reviewMapping(config),
    },
  };
  for (const outcome of REVIEW_OUTCOMES)
    nodes[nodeId[outcome]] = {
      component_type: 'EndNode',
      id: nodeId[outcome],
      name: outcome,
      inputs: returned,
      outputs: returned,
      branch_name: outcome,
    };

  let edges = 0;
  const control = (from: Step, branch: string | null, to: Step): AsObject => ({
    component_type: 'ControlFlowEdge',
    id: `${id}-control-${++edges}`,
    name: `${from} -> ${to}`,
    from_node: ref(nodeId[from]),
    from_branch: branch,
    to_node: ref(nodeId[to]),
  });
  const data = (from: Step, output: string, to: Step, input: string): AsObject => ({
    component_type: 'DataFlowEdge',
    id: `${id}-data-${++edges}`,
    name: `${from}.${output} -> ${to}.${input}`,
    source_node: ref(nodeId[from]),
    source_output: output,
    destination_node: ref(nodeId[to]),
    destination_input: input,
  });
  const fallback = reviewDefault(config);
  const controlEdges = [
    control('start', null, 'ask'),
    control('ask', null, 'decide'),
    ...REVIEW_OUTCOMES.map((outcome) => control('decide', outcome, outcome)),
    control('decide', 'default', fallback),
  ];
  const startTitles = new Set(ctx.inputs.map((p) => p.title));
  const dataEdges = [
    ...asked.filter((p) => startTitles.has(p.title)).map((p) => data('start', p.title, 'ask', p.title)),
    data('ask', answer.title, 'decide', answer.title),
    ...returned.flatMap((p) => REVIEW_OUTCOMES.map((outcome) => data('ask', answer.title, outcome, p.title))),
  ];
  return {
    component_type: 'Flow',
    id: `${id}-review`,
    name: `${ctx.label} review`,
    inputs: ctx.inputs,
    outputs: returned,
    start_node: ref(nodeId.start),
    nodes: Object.keys(nodes).map(ref),
    control_flow_connections: controlEdges,
    data_flow_connections: dataEdges,
    $referenced_components: nodes,
  };
}

export const humanReviewMapper: NodeMapper = {
  derive: { subflow: (ctx, config, used) => reviewFlow(ctx, config, used) },
  io: (fields, given) => subflowIo('FlowNode', fields, given),
  branches: REVIEW_OUTCOMES,
};
