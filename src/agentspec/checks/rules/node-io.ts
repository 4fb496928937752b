// A component's declared inputs and outputs are the ones its configuration implies, each once.
import type { Component, Property } from '../load.js';
import { EXCEPTION_INFO } from '../node-io.js';
import { sameJson } from '../../../util/same-json.js';
import { describeType, haveSameType } from '../property-types.js';
import type { AgentSpecRule, RuleContext } from '../rule.js';
import { isIncomplete } from './incomplete.js';
import { didYouMean, label, quoted } from '../wording.js';

/** Where a node's inputs or outputs come from, to say what to change. */
const SOURCE: Record<string, string> = {
  Flow: 'its StartNode',
  LlmNode: 'the {{placeholders}} of its prompt_template',
  Agent: 'the {{placeholders}} of its system_prompt',
  OutputMessageNode: 'the {{placeholders}} of its message',
  InputMessageNode: 'the {{placeholders}} of its message',
  ApiNode: 'the {{placeholders}} of its url, http_method, data, query_params and headers',
  RemoteTool: 'the {{placeholders}} of its url, http_method, data, query_params and headers',
  AgentNode: 'its agent',
  ToolNode: 'its tool',
  FlowNode: 'its subflow',
  CatchExceptionNode: 'its subflow',
  MapNode: 'its subflow (iterated_<input>, collected_<output>)',
  ParallelMapNode: 'its subflow (iterated_<input>, collected_<output>)',
  BranchingNode: 'its one input, the branch key',
};

const titlesOf = (properties: Property[]) => properties.map((p) => p.title);

function checkSide(context: RuleContext, component: Component, side: 'inputs' | 'outputs'): void {
  const declared = component[side];
  if (!declared) return;
  const { io, report } = context;
  const at = `${component.path}/${side}`;
  const seen = new Set<string>();
  for (const p of declared) {
    if (seen.has(p.title)) report(p.path || at, `${label(component)} declares ${side.slice(0, -1)} '${p.title}' twice: titles are unique`);
    seen.add(p.title);
  }
  const inferred = titlesOf(side === 'inputs' ? io.inferredInputs(component) : io.inferredOutputs(component));
  const from = SOURCE[component.type] ?? `its configuration`;
  for (const title of inferred)
    if (!seen.has(title))
      report(at, `${label(component)} has no ${side.slice(0, -1)} '${title}', which ${from} implies${didYouMean(title, [...seen])}`);
  for (const p of declared)
    if (!inferred.includes(p.title))
      report(
        p.path || at,
        `${label(component)} declares ${side.slice(0, -1)} '${p.title}', which ${from} does not give (${side} given: ${quoted(inferred)})${didYouMean(p.title, inferred)}`,
      );
}

const sameSchemas = (a: Property[], b: Property[]) => a.length === b.length && a.every((p, i) => sameJson(p.schema, b[i].schema));

export const nodeIo: AgentSpecRule<'agentspec-node-io'> = {
  meta: {
    id: 'agentspec-node-io',
    clause:
      'Nodes: the set of inputs and outputs specified must match the expected one as per the node’s generation; StartNode and EndNode inputs equal their outputs; an InputMessageNode has one string output; ParallelFlowNode and CatchExceptionNode state how their subflows’ properties combine',
  },
  check(context) {
    const { document, io, report } = context;
    for (const c of document.components) {
      if (!c.cls?.io || isIncomplete(c, io)) continue;
      checkSide(context, c, 'inputs');
      checkSide(context, c, 'outputs');
      if (c.type === 'StartNode' || c.type === 'EndNode') {
        const inputs = io.inputs(c);
        const outputs = io.outputs(c);
        if (inputs.length > 0 && outputs.length > 0 && !sameSchemas(inputs, outputs))
          report(
            `${c.path}/outputs`,
            `${label(c)} declares inputs and outputs that differ: a ${c.type}'s inputs and outputs are the same list`,
          );
      }
      if (c.type === 'InputMessageNode') {
        const outputs = io.outputs(c);
        if (c.outputs && c.outputs.length !== 1)
          report(
            `${c.path}/outputs`,
            `${label(c)} declares ${c.outputs.length} outputs: an InputMessageNode has exactly one, the user's message`,
          );
        else if (outputs[0] && outputs[0].schema.type !== 'string')
          report(
            outputs[0].path || `${c.path}/outputs`,
            `output '${outputs[0].title}' of ${label(c)} is ${describeType(outputs[0].schema)}: the user's message is a string`,
          );
      }
      if (c.type === 'ParallelFlowNode') {
        const inputs = new Map<string, Property>();
        for (const p of io.inputs(c)) {
          const earlier = inputs.get(p.title);
          if (earlier && !haveSameType(earlier.schema, p.schema))
            report(
              `${c.path}/subflows`,
              `two subflows of ${label(c)} have input '${p.title}' of different types (${describeType(earlier.schema)}, ${describeType(p.schema)})`,
            );
          if (!earlier) inputs.set(p.title, p);
        }
        const outputs = new Set<string>();
        for (const p of io.outputs(c)) {
          if (outputs.has(p.title))
            report(
              `${c.path}/subflows`,
              `two subflows of ${label(c)} both give output '${p.title}': their outputs must have distinct names`,
            );
          outputs.add(p.title);
        }
      }
      if (c.type === 'CatchExceptionNode') checkCatchException(context, c);
    }
  },
};

function checkCatchException({ io, report }: RuleContext, c: Component): void {
  const subflow = io.children(c, 'subflow')[0];
  if (!subflow) return;
  const subflowOutputs = io.outputs(subflow);
  const own = titlesOf(io.outputs(c));
  const expected = [...new Set([...titlesOf(subflowOutputs), EXCEPTION_INFO])];
  if (own.length !== expected.length || !expected.every((t) => own.includes(t)))
    report(
      `${c.path}/outputs`,
      `${label(c)} has outputs ${quoted(own)}; a CatchExceptionNode's outputs are its subflow's (${quoted(titlesOf(subflowOutputs))}) and '${EXCEPTION_INFO}'`,
    );
  for (const p of io.outputs(c))
    if (!('default' in p.schema))
      report(
        p.path || `${c.path}/outputs`,
        `output '${p.title}' of ${label(c)} has no default: it is the value given when the subflow fails`,
      );
  for (const p of subflowOutputs)
    if (p.title === EXCEPTION_INFO)
      report(
        p.path || `${subflow.path}/outputs`,
        `the subflow of ${label(c)} has an output named '${EXCEPTION_INFO}', which the node keeps for the caught exception`,
      );
}
