// Agent Spec flows written for the tests, one per kind of nesting and reference style: subflows inline, by
// `$component_ref` to the root's table, and by reference to a nested scope's table; FlowNode, MapNode,
// ParallelMapNode, ParallelFlowNode and CatchExceptionNode, up to three flows deep. Oracle's loader loads
// every one of them as written (test/agentspec-differential.test.ts checks that first).
import type { Json } from './agentspec-mutations.js';

type Obj = { [key: string]: Json };

const str = (title: string, extra: Obj = {}): Obj => ({ title, type: 'string', ...extra });
const ref = (key: string): Obj => ({ $component_ref: key });

let counter = 0;
const idFor = (name: string) => `${name}-${++counter}`;

const llm = (): Obj => ({ component_type: 'VllmConfig', id: 'llm', name: 'llm', url: 'http://127.0.0.1:8000', model_id: 'm' });

function start(name: string, inputs: Obj[]): Obj {
  return { component_type: 'StartNode', id: idFor(name), name, inputs, outputs: inputs };
}
function end(name: string, outputs: Obj[], branch = 'next'): Obj {
  return { component_type: 'EndNode', id: idFor(name), name, inputs: outputs, outputs, branch_name: branch };
}
function llmNode(name: string, input: string, output: string, llmConfig: Json): Obj {
  return {
    component_type: 'LlmNode',
    id: idFor(name),
    name,
    llm_config: llmConfig,
    prompt_template: `Answer {{${input}}}`,
    inputs: [str(input)],
    outputs: [str(output)],
  };
}
function control(from: Json, to: Json, branch: string | null = null): Obj {
  const id = idFor('c');
  return { component_type: 'ControlFlowEdge', id, name: id, from_node: from, from_branch: branch, to_node: to };
}
function data(from: Json, output: string, to: Json, input: string): Obj {
  const id = idFor('d');
  return {
    component_type: 'DataFlowEdge',
    id,
    name: id,
    source_node: from,
    source_output: output,
    destination_node: to,
    destination_input: input,
  };
}

/** Start(x) → middle → End(y), the middle node given; every node inline, edges by copies of the nodes' references. */
function line(name: string, input: string, output: string, middle: Obj, middleIn: string, middleOut: string, scope?: 'referenced'): Obj {
  const s = start(`${name}_start`, [str(input)]);
  const e = end(`${name}_end`, [str(output)]);
  if (scope === 'referenced') {
    // Nodes defined in this flow's own $referenced_components, named by reference everywhere.
    const keys = { s: `${name}_s`, m: `${name}_m`, e: `${name}_e` };
    return {
      component_type: 'Flow',
      id: idFor(name),
      name,
      inputs: [str(input)],
      outputs: [str(output)],
      start_node: ref(keys.s),
      nodes: [ref(keys.s), ref(keys.m), ref(keys.e)],
      control_flow_connections: [control(ref(keys.s), ref(keys.m)), control(ref(keys.m), ref(keys.e))],
      data_flow_connections: [data(ref(keys.s), input, ref(keys.m), middleIn), data(ref(keys.m), middleOut, ref(keys.e), output)],
      $referenced_components: { [keys.s]: s, [keys.m]: middle, [keys.e]: e },
    };
  }
  const r = (n: Obj) => ref(String(n.id));
  return {
    component_type: 'Flow',
    id: idFor(name),
    name,
    inputs: [str(input)],
    outputs: [str(output)],
    start_node: r(s),
    nodes: [r(s), r(middle), r(e)],
    control_flow_connections: [control(r(s), r(middle)), control(r(middle), r(e))],
    data_flow_connections: [data(r(s), input, r(middle), middleIn), data(r(middle), middleOut, r(e), output)],
    $referenced_components: { [String(s.id)]: s, [String(middle.id)]: middle, [String(e.id)]: e },
  };
}

const versioned = (flow: Obj, version = '26.1.2'): Obj => ({ ...flow, agentspec_version: version });

/** A FlowNode whose subflow is written inline in it, its nodes in the subflow's own table. */
function flowNodeInline(): Obj {
  const inner = line('answer', 'question', 'answer', llmNode('ask', 'question', 'answer', ref('llm')), 'question', 'answer', 'referenced');
  const node: Obj = { component_type: 'FlowNode', id: 'inner-flow-node', name: 'inner_flow', subflow: inner };
  const s = start('root_start', [str('question')]);
  const e = end('root_end', [str('answer')]);
  return versioned({
    component_type: 'Flow',
    id: 'flow-node-inline',
    name: 'flow_node_inline',
    start_node: ref('s'),
    nodes: [ref('s'), ref('inner'), ref('e')],
    control_flow_connections: [control(ref('s'), ref('inner')), control(ref('inner'), ref('e'))],
    data_flow_connections: [data(ref('s'), 'question', ref('inner'), 'question'), data(ref('inner'), 'answer', ref('e'), 'answer')],
    $referenced_components: { s, inner: node, e, llm: llm() },
  });
}

/** A MapNode whose subflow is a `$component_ref` to the root's table. */
function mapNodeByReference(parallel: boolean): Obj {
  const inner = line('per_item', 'item', 'summary', llmNode('summarise', 'item', 'summary', ref('llm')), 'item', 'summary', 'referenced');
  const map: Obj = {
    component_type: parallel ? 'ParallelMapNode' : 'MapNode',
    id: 'map',
    name: 'map',
    subflow: ref('per_item_flow'),
    reducers: { summary: 'append' },
  };
  const s = start('root_start', [{ title: 'items', type: 'array', items: { type: 'string' } }]);
  const e = end('root_end', [{ title: 'collected_summary', type: 'array', items: { type: 'string' } }]);
  return versioned({
    component_type: 'Flow',
    id: parallel ? 'parallel-map-by-ref' : 'map-by-ref',
    name: parallel ? 'parallel_map_by_reference' : 'map_by_reference',
    start_node: ref('s'),
    nodes: [ref('s'), ref('map'), ref('e')],
    control_flow_connections: [control(ref('s'), ref('map')), control(ref('map'), ref('e'))],
    data_flow_connections: [
      data(ref('s'), 'items', ref('map'), 'iterated_item'),
      data(ref('map'), 'collected_summary', ref('e'), 'collected_summary'),
    ],
    $referenced_components: { s, map, e, per_item_flow: inner, llm: llm() },
  });
}

/** A ParallelFlowNode with two inline subflows of different outputs. */
function parallelFlows(): Obj {
  const a = line('left', 'text', 'left_out', llmNode('left_llm', 'text', 'left_out', ref('llm')), 'text', 'left_out');
  const b = line('right', 'text', 'right_out', llmNode('right_llm', 'text', 'right_out', ref('llm')), 'text', 'right_out');
  const node: Obj = { component_type: 'ParallelFlowNode', id: 'parallel', name: 'parallel', subflows: [a, b] };
  const s = start('root_start', [str('text')]);
  const e = end('root_end', [str('left_out'), str('right_out')]);
  return versioned({
    component_type: 'Flow',
    id: 'parallel-flows',
    name: 'parallel_flows',
    start_node: ref('s'),
    nodes: [ref('s'), ref('parallel'), ref('e')],
    control_flow_connections: [control(ref('s'), ref('parallel')), control(ref('parallel'), ref('e'))],
    data_flow_connections: [
      data(ref('s'), 'text', ref('parallel'), 'text'),
      data(ref('parallel'), 'left_out', ref('e'), 'left_out'),
      data(ref('parallel'), 'right_out', ref('e'), 'right_out'),
    ],
    $referenced_components: { s, parallel: node, e, llm: llm() },
  });
}

/** A CatchExceptionNode around a subflow with a ToolNode; two root branches. */
function catchException(): Obj {
  const tool: Obj = {
    component_type: 'ServerTool',
    id: 'lookup-tool',
    name: 'lookup',
    inputs: [str('key')],
    outputs: [str('value', { default: '' })],
  };
  const toolNode: Obj = { component_type: 'ToolNode', id: 'tool-node', name: 'lookup_node', tool };
  const inner = line('guarded', 'key', 'value', toolNode, 'key', 'value', 'referenced');
  (inner.outputs as Obj[])[0] = str('value', { default: '' });
  const innerEnd = (inner.$referenced_components as Obj).guarded_e as Obj;
  innerEnd.inputs = [str('value', { default: '' })];
  innerEnd.outputs = [str('value', { default: '' })];
  const node: Obj = {
    component_type: 'CatchExceptionNode',
    id: 'catch',
    name: 'catch',
    subflow: inner,
    outputs: [
      str('value', { default: '' }),
      { title: 'caught_exception_info', anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
    ],
  };
  const s = start('root_start', [str('key')]);
  const ok = end('ok_end', [str('value', { default: '' })], 'ok');
  const failed = end('failed_end', [str('value', { default: '' })], 'failed');
  return versioned({
    component_type: 'Flow',
    id: 'catch-exception',
    name: 'catch_exception',
    start_node: ref('s'),
    nodes: [ref('s'), ref('catch'), ref('ok'), ref('failed')],
    control_flow_connections: [
      control(ref('s'), ref('catch')),
      control(ref('catch'), ref('ok'), 'next'),
      control(ref('catch'), ref('failed'), 'caught_exception_branch'),
    ],
    data_flow_connections: [
      data(ref('s'), 'key', ref('catch'), 'key'),
      data(ref('catch'), 'value', ref('ok'), 'value'),
      data(ref('catch'), 'value', ref('failed'), 'value'),
    ],
    $referenced_components: { s, catch: node, ok, failed },
  });
}

/** Three flows deep: a FlowNode whose subflow holds a MapNode whose subflow branches; each scope has its own table. */
function threeDeep(): Obj {
  const branching: Obj = {
    component_type: 'BranchingNode',
    id: 'decide',
    name: 'decide',
    mapping: { yes: 'accepted', no: 'rejected' },
    inputs: [str('item')],
  };
  const s3 = start('leaf_start', [str('item')]);
  const yes = end('leaf_yes', [], 'accepted');
  const no = end('leaf_no', [], 'rejected');
  const other = end('leaf_other', [], 'next');
  const leaf: Obj = {
    component_type: 'Flow',
    id: 'leaf',
    name: 'leaf',
    start_node: ref('leaf_s'),
    nodes: [ref('leaf_s'), ref('leaf_decide'), ref('leaf_yes'), ref('leaf_no'), ref('leaf_other')],
    control_flow_connections: [
      control(ref('leaf_s'), ref('leaf_decide')),
      control(ref('leaf_decide'), ref('leaf_yes'), 'accepted'),
      control(ref('leaf_decide'), ref('leaf_no'), 'rejected'),
      control(ref('leaf_decide'), ref('leaf_other'), 'default'),
    ],
    data_flow_connections: [data(ref('leaf_s'), 'item', ref('leaf_decide'), 'item')],
    $referenced_components: { leaf_s: s3, leaf_decide: branching, leaf_yes: yes, leaf_no: no, leaf_other: other },
  };
  const map: Obj = { component_type: 'MapNode', id: 'middle-map', name: 'middle_map', subflow: leaf };
  const s2 = start('middle_start', [{ title: 'items', type: 'array', items: { type: 'string' } }]);
  const e2 = end('middle_end', []);
  const middle: Obj = {
    component_type: 'Flow',
    id: 'middle',
    name: 'middle',
    start_node: ref('middle_s'),
    nodes: [ref('middle_s'), ref('middle_map'), ref('middle_e')],
    control_flow_connections: [control(ref('middle_s'), ref('middle_map')), control(ref('middle_map'), ref('middle_e'))],
    data_flow_connections: [data(ref('middle_s'), 'items', ref('middle_map'), 'iterated_item')],
    $referenced_components: { middle_s: s2, middle_map: map, middle_e: e2 },
  };
  const node: Obj = { component_type: 'FlowNode', id: 'outer-flow-node', name: 'outer', subflow: middle };
  const s1 = start('root_start', [{ title: 'items', type: 'array', items: { type: 'string' } }]);
  const e1 = end('root_end', []);
  return versioned({
    component_type: 'Flow',
    id: 'three-deep',
    name: 'three_deep',
    start_node: ref('root_s'),
    nodes: [ref('root_s'), ref('outer'), ref('root_e')],
    control_flow_connections: [control(ref('root_s'), ref('outer')), control(ref('outer'), ref('root_e'))],
    data_flow_connections: [data(ref('root_s'), 'items', ref('outer'), 'items')],
    $referenced_components: { root_s: s1, outer: node, root_e: e1 },
  });
}

/** Name → document. Every one loads in Oracle's loader as written. */
export function nestedFlows(): Record<string, Json> {
  counter = 0;
  return {
    'flow-node-inline': flowNodeInline(),
    'map-node-by-reference': mapNodeByReference(false),
    'parallel-map-node-by-reference': mapNodeByReference(true),
    'parallel-flow-node': parallelFlows(),
    'catch-exception-node': catchException(),
    'three-deep': threeDeep(),
  };
}
