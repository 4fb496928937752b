// The documents the Agent Spec rule tests change one thing in (test/agentspec-rules.test.ts): a summary flow
// (Start → LlmNode → End, every node by reference) and the same inside a FlowNode's subflow. Oracle's loader
// loads both as they are (test/agentspec-differential.test.ts mutates them too).
import type { AsObject } from '../../src/agentspec/types.js';

export const ref = (key: string): AsObject => ({ $component_ref: key });
export const str = (title: string): AsObject => ({ title, type: 'string' });
export const control = (name: string, from: string, to: string, branch: string | null = null): AsObject => ({
  component_type: 'ControlFlowEdge',
  id: name,
  name,
  from_node: ref(from),
  from_branch: branch,
  to_node: ref(to),
});
const data = (name: string, from: string, output: string, to: string, input: string): AsObject => ({
  component_type: 'DataFlowEdge',
  id: name,
  name,
  source_node: ref(from),
  source_output: output,
  destination_node: ref(to),
  destination_input: input,
});

/** Start(article) → LlmNode 'summarize' → End(summary), every node by reference, keys prefixed. */
function summary(prefix = ''): AsObject {
  const k = (key: string) => `${prefix}${key}`;
  return {
    component_type: 'Flow',
    id: k('flow'),
    name: `${prefix}summary`,
    inputs: [str('article')],
    outputs: [str('summary')],
    start_node: ref(k('start')),
    nodes: [ref(k('start')), ref(k('llm_node')), ref(k('end'))],
    control_flow_connections: [control(k('c1'), k('start'), k('llm_node')), control(k('c2'), k('llm_node'), k('end'))],
    data_flow_connections: [
      data(k('d1'), k('start'), 'article', k('llm_node'), 'article'),
      data(k('d2'), k('llm_node'), 'summary', k('end'), 'summary'),
    ],
    $referenced_components: {
      [k('start')]: {
        component_type: 'StartNode',
        id: k('start'),
        name: `${prefix}start`,
        inputs: [str('article')],
        outputs: [str('article')],
      },
      [k('llm_node')]: {
        component_type: 'LlmNode',
        id: k('llm_node'),
        name: `${prefix}summarize`,
        llm_config: { component_type: 'VllmConfig', id: k('llm'), name: 'llm', url: 'http://127.0.0.1:8000', model_id: 'm' },
        prompt_template: 'Summarize {{article}}',
        inputs: [str('article')],
        outputs: [str('summary')],
      },
      [k('end')]: { component_type: 'EndNode', id: k('end'), name: `${prefix}end`, inputs: [str('summary')], outputs: [str('summary')] },
    },
  };
}

const versioned = (flow: AsObject, version = '25.4.1'): AsObject => ({ ...flow, agentspec_version: version });
export const root = (): AsObject => versioned(summary());

/** The summary flow inside a FlowNode 'inner': Start(article) → inner → End(summary); the subflow's keys are `in_…`. */
export function nested(): AsObject {
  const flow = summary();
  const refs = flow.$referenced_components as AsObject;
  refs.inner = { component_type: 'FlowNode', id: 'inner', name: 'inner', subflow: summary('in_') };
  flow.nodes = [ref('start'), ref('inner'), ref('end')];
  flow.control_flow_connections = [control('c1', 'start', 'inner'), control('c2', 'inner', 'end')];
  flow.data_flow_connections = [data('d1', 'start', 'article', 'inner', 'article'), data('d2', 'inner', 'summary', 'end', 'summary')];
  delete refs.llm_node;
  return versioned(flow);
}
