// Hand-written Agent Spec flows, one per reference form of the language spec ("Symbolic references",
// "Disaggregated components", nested `$referenced_components`), all describing the same flow:
//
//   start(topic) → draft (LlmNode, inputs only as {{placeholders}}) → check (BranchingNode on "verdict")
//   check: "y" → done, "n" → draft (a loop), default → fallback; two EndNodes, declared flow outputs.
//
// Used by agentspec-references.test.ts (the importer) and agentspec-conformance.test.ts (Oracle's loader
// on the originals and on their exports).
import { stringify } from 'yaml';

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $component_ref: id });

const llm = (): Json => ({
  component_type: 'VllmConfig',
  id: 'shared_llm',
  name: 'shared llm',
  model_id: 'some/model',
  url: 'http://llm.example.com/v1',
});
const start = (): Json => ({
  component_type: 'StartNode',
  id: 'start',
  name: 'start',
  inputs: [{ title: 'topic', type: 'string' }],
  outputs: [{ title: 'topic', type: 'string' }],
});
// No inputs or outputs: the placeholders are its inputs, generated_text its output.
const draft = (llmConfig: unknown): Json => ({
  component_type: 'LlmNode',
  id: 'draft',
  name: 'draft',
  llm_config: llmConfig,
  prompt_template: 'Write about {{ topic }}. Earlier try: {{previous}}',
});
const review = (llmConfig: unknown): Json => ({
  component_type: 'LlmNode',
  id: 'review',
  name: 'review',
  llm_config: llmConfig,
  prompt_template: 'Is this good, y or n? {{text}}',
  outputs: [{ title: 'verdict', type: 'string' }],
});
const check = (): Json => ({
  component_type: 'BranchingNode',
  id: 'check',
  name: 'check',
  inputs: [{ title: 'y', type: 'string' }],
  mapping: { y: 'yes', n: 'no' },
});
const end = (id: string, branch: string): Json => ({
  component_type: 'EndNode',
  id,
  name: id,
  inputs: [{ title: 'text', type: 'string' }],
  outputs: [{ title: 'text', type: 'string' }],
  branch_name: branch,
});
const NODE_IDS = ['start', 'draft', 'review', 'check', 'done', 'fallback'];

const control = (id: string, from: string, to: string, branch: string | null = null): Json => ({
  component_type: 'ControlFlowEdge',
  id,
  name: id,
  from_node: ref(from),
  from_branch: branch,
  to_node: ref(to),
});
const data = (id: string, from: string, output: string, to: string, input: string): Json => ({
  component_type: 'DataFlowEdge',
  id,
  name: id,
  source_node: ref(from),
  source_output: output,
  destination_node: ref(to),
  destination_input: input,
});
const controlEdges = () => [
  control('c1', 'start', 'draft'),
  control('c2', 'draft', 'review'),
  control('c3', 'review', 'check'),
  control('c4', 'check', 'done', 'yes'),
  control('c5', 'check', 'draft', 'no'),
  control('c6', 'check', 'fallback', 'default'),
];
const dataEdges = () => [
  data('d1', 'start', 'topic', 'draft', 'topic'),
  data('d2', 'draft', 'generated_text', 'draft', 'previous'),
  data('d3', 'draft', 'generated_text', 'review', 'text'),
  data('d4', 'review', 'verdict', 'check', 'y'),
  data('d5', 'draft', 'generated_text', 'done', 'text'),
  data('d6', 'draft', 'generated_text', 'fallback', 'text'),
];
/** Declared outputs that differ from what the EndNodes imply: an extra one with a default. */
export const DECLARED_OUTPUTS = [
  { title: 'text', type: 'string' },
  { title: 'note', type: 'string', default: '' },
];

const flowHead = (version: string): Json => ({
  component_type: 'Flow',
  id: 'ref_case',
  name: 'reference case',
  outputs: DECLARED_OUTPUTS,
  agentspec_version: version,
});

function nodesTable(llmConfig: unknown): Json {
  return {
    start: start(),
    draft: draft(llmConfig),
    review: review(llmConfig),
    check: check(),
    done: end('done', 'next'),
    fallback: end('fallback', 'other'),
  };
}

export interface ReferenceCase {
  name: string;
  /** File name → content; the first file is the flow, any other one its components file. */
  files: Record<string, string>;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function referenceCases(): ReferenceCase[] {
  const cases: ReferenceCase[] = [];

  // 1. Everything shared in the root's $referenced_components, the LLM config referenced by both LlmNodes.
  cases.push({
    name: 'root table',
    files: {
      'root.json': json({
        ...flowHead('25.4.1'),
        start_node: ref('start'),
        nodes: NODE_IDS.map(ref),
        control_flow_connections: controlEdges(),
        data_flow_connections: dataEdges(),
        $referenced_components: { ...nodesTable(ref('shared_llm')), shared_llm: llm() },
      }),
    },
  });

  // 2. The edges themselves are references too, and the LLM config sits in the nested table of the node
  //    that is loaded first (a nested scope); the other LlmNode references it from outside that scope.
  {
    const table: Json = nodesTable(ref('shared_llm'));
    table.draft = { ...(table.draft as Json), $referenced_components: { shared_llm: llm() } };
    const edges = [...controlEdges(), ...dataEdges()];
    for (const edge of edges) table[edge.id as string] = edge;
    cases.push({
      name: 'edges as references, nested scope',
      files: {
        'nested.json': json({
          ...flowHead('25.4.1'),
          start_node: ref('start'),
          nodes: NODE_IDS.map(ref),
          control_flow_connections: controlEdges().map((e) => ref(e.id as string)),
          data_flow_connections: dataEdges().map((e) => ref(e.id as string)),
          $referenced_components: table,
        }),
      },
    });
  }

  // 3. A disaggregated config: the flow names an LLM config and a prompt (a value, not a component) that
  //    only the components file defines (each component entry with its own agentspec_version).
  {
    const table = nodesTable(ref('shared_llm'));
    table.review = { ...(table.review as Json), prompt_template: ref('review_prompt') };
    cases.push({
      name: 'disaggregated',
      files: {
        'main.json': json({
          ...flowHead('25.4.1'),
          start_node: ref('start'),
          nodes: NODE_IDS.map(ref),
          control_flow_connections: controlEdges(),
          data_flow_connections: dataEdges(),
          $referenced_components: table,
        }),
        'components.json': json({
          $referenced_components: {
            shared_llm: { ...llm(), agentspec_version: '25.4.1' },
            review_prompt: 'Is this good, y or n? {{text}}',
          },
        }),
      },
    });
  }

  // 4. YAML, as PyYAML reads it: the unquoted port `y` and mapping keys `y`/`n` are strings.
  cases.push({
    name: 'yaml, unquoted y and n',
    files: {
      'flow.yaml': stringify(
        {
          ...flowHead('26.1.2'),
          start_node: ref('start'),
          nodes: NODE_IDS.map(ref),
          control_flow_connections: controlEdges(),
          data_flow_connections: dataEdges(),
          $referenced_components: { ...nodesTable(ref('shared_llm')), shared_llm: llm() },
        },
        { version: '1.1' },
      ).replace(/'([yn])'/g, '$1'),
    },
  });
  return cases;
}
