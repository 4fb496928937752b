// One mapper per node kind (src/agentspec/mappers/): the table picks the right one, a mapper can be run
// alone, and human_review is written as a FlowNode whose subflow asks and decides, so the edges leaving
// it use real branches of the FlowNode, and the import gives the node back as it was.
import { describe, expect, it } from 'vitest';
import { agentSpecToWorkflow, exportToAgentSpec } from '../src/agentspec/index.js';
import { NODE_COMPONENTS, resolveComponentType } from '../src/agentspec/component-types.js';
import { builtinNodeType } from '../src/agentspec/imported-node-type.js';
import { branchingMapper } from '../src/agentspec/mappers/branching.js';
import { humanReviewMapper, reviewDefault, reviewMapping } from '../src/agentspec/mappers/human-review.js';
import { MAPPERS, mapperFor } from '../src/agentspec/mappers/index.js';
import { llmMapper } from '../src/agentspec/mappers/llm.js';
import { pluginMapper } from '../src/agentspec/mappers/plugin.js';
import { buildFields, type FieldContext } from '../src/agentspec/node-fields.js';
import type { NodeMetadata, Workflow } from '../src/contract/types.js';
import { edge, node } from './support/workflows.js';

const type = (id: string): NodeMetadata => {
  const found = builtinNodeType(id);
  if (!found) throw new Error(`no built-in node type ${id}`);
  return found;
};
const NOW = '2026-01-01T00:00:00.000Z';
const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
type Obj = Record<string, any>;

/** start → review; approved → end, rejected → end; the review's message is filled from the start's data. */
function reviewWorkflow(config: Record<string, unknown> = {}): Workflow {
  const review = node('review', type('human_review'), 300, config);
  return {
    id: 'review-flow',
    name: 'Review',
    description: '',
    nodes: [node('start', type('start'), 0), review, node('end', type('end'), 600)],
    edges: [
      edge('start', 'trigger', 'review', 'trigger'),
      edge('review', 'approved', 'end', 'trigger'),
      { ...edge('review', 'rejected', 'end', 'trigger'), id: 'e-rejected' },
    ],
    metadata: { version: '1.0.0', createdAt: NOW, updatedAt: NOW, versionId: 'v1', updateNumber: 0, format: 'flowdrop' },
  } as Workflow;
}

const ctxFor = (config: Record<string, unknown>, inputs: FieldContext['inputs'] = []): FieldContext => ({
  node: node('n', type('chat_model'), 0, config),
  type: 'LlmNode',
  label: 'Model',
  inputs,
  outputs: [],
  isConnected: () => false,
  warn: () => {},
});

describe('the mapper table', () => {
  it('has a mapper for every Agent Spec node type wfe writes, a variant for human_review, and a fallback for plugins', () => {
    expect(Object.keys(MAPPERS).sort()).toEqual(Object.keys(NODE_COMPONENTS).sort());
    const review = resolveComponentType(node('r', type('human_review')));
    expect(review).toMatchObject({ kind: 'node', type: 'FlowNode', variant: 'human-review' });
    if (review.kind !== 'node') throw new Error('not a node');
    expect(mapperFor(review)).toBe(humanReviewMapper);
    expect(mapperFor({ kind: 'node', type: 'FlowNode', from: 'extension' })).toBe(MAPPERS.FlowNode);
    expect(mapperFor({ kind: 'node', type: 'AcmeNode', from: 'extension' })).toBe(pluginMapper);
  });

  it('runs one mapper alone: an LlmNode prompt is a placeholder per input, and its inputs are those placeholders', () => {
    const inputs = [{ title: 'question', type: 'string' }];
    const { fields, derived } = buildFields(ctxFor({ model: 'gpt-4o' }, inputs), llmMapper.derive);
    expect(fields.prompt_template).toBe('{{question}}');
    expect(derived).toEqual(['llm_config', 'prompt_template']);
    const io = llmMapper.io(fields, { inputs: [...inputs, { title: 'unused', type: 'string' }], outputs: [] });
    expect(io.inputs.map((p) => p.title)).toEqual(['question']);
    expect(io.outputs).toEqual([{ title: 'generated_text', type: 'string' }]);
    expect(branchingMapper.io({}, { inputs: [], outputs: [{ title: 'x', type: 'string' }] })).toMatchObject({
      inputs: [{ title: 'branching_mapping_key' }],
      outputs: [],
    });
  });
});

describe('human_review → FlowNode (ask, decide, one EndNode per outcome)', () => {
  it('leaves by the real branches "approved" and "rejected", with no lossy warning about them', () => {
    const result = exportToAgentSpec(
      reviewWorkflow({ interruptType: 'confirmation', confirmLabel: 'Approve', cancelLabel: 'Reject', message: 'Refund {{content}}?' }),
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings.filter((w) => w.includes('not branches'))).toEqual([]);
    const doc = result.document as Obj;
    const components: Obj = doc.$referenced_components;
    const review = components.review;
    expect(review.component_type).toBe('FlowNode');
    expect(review.metadata['flowdrop:derived']).toEqual(['subflow']);
    // Components used once stay inline; shared ones are referenced.
    const deref = (value: Obj): Obj => (typeof value.$component_ref === 'string' ? components[value.$component_ref] : value);
    const subflow = deref(review.subflow);
    expect(subflow.component_type).toBe('Flow');
    const inner = subflow.nodes.map(deref);
    expect(inner.map((n: Obj) => n.component_type)).toEqual(['StartNode', 'InputMessageNode', 'BranchingNode', 'EndNode', 'EndNode']);
    // A FlowNode's branches are its subflow's EndNode branch names.
    expect(inner.filter((n: Obj) => n.component_type === 'EndNode').map((n: Obj) => n.branch_name)).toEqual(['approved', 'rejected']);
    const [, ask, decide] = inner;
    expect(ask.message).toBe('Refund {{content}}?');
    expect(ask.inputs.map((p: Obj) => p.title)).toEqual(['content']);
    expect(decide.mapping).toEqual({ Approve: 'approved', Reject: 'rejected' });
    const branchEdges = doc.control_flow_connections
      .filter((e: Obj) => e.from_node.$component_ref === 'review')
      .map((e: Obj) => e.from_branch);
    expect(branchEdges).toEqual(['approved', 'rejected']);
    // An unmatched answer declines a confirmation.
    const fallback = subflow.control_flow_connections.find((e: Obj) => e.from_branch === 'default');
    expect(deref(fallback.to_node).branch_name).toBe('rejected');
  });

  it('approves any other answer of a text, choice or form review, and keeps both outcomes reachable when the labels are equal', () => {
    expect(reviewDefault({ interruptType: 'text' })).toBe('approved');
    expect(reviewDefault({})).toBe('rejected');
    expect(reviewMapping({})).toEqual({ Yes: 'approved', No: 'rejected' });
    expect(reviewMapping({ confirmLabel: 'OK', cancelLabel: 'OK' })).toEqual({ OK: 'approved', rejected: 'rejected' });
  });

  it('comes back as the same human_review node, through JSON', () => {
    const workflow = reviewWorkflow({ interruptType: 'choice', options: [{ value: 'a', label: 'A' }], message: 'Pick {{ data.plan }}' });
    const result = exportToAgentSpec(workflow);
    expect(result.errors).toEqual([]);
    expect(result.warnings.some((w) => w.includes('{{ data.plan }}'))).toBe(true);
    expect(agentSpecToWorkflow(viaJson(result.document), { now: NOW })).toEqual(workflow);
  });
});
