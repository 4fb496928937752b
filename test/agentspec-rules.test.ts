// Every Agent Spec rule, in process, the way ESLint's RuleTester tests a rule: valid documents draw no finding
// at all, and each invalid one exactly the findings listed (message and JSON pointer), at the root and inside
// a FlowNode's subflow. The documents are built here (summary(), nested()); Oracle's loader loads both as
// they are (test/agentspec-differential.test.ts checks the same kinds of changes against it).
import { describe, expect, it } from 'vitest';
import { AGENTSPEC_RULE_IDS, AGENTSPEC_RULES } from '../src/agentspec/checks/index.js';
import type { AsObject } from '../src/agentspec/types.js';
import { control, nested, ref, root, str } from './support/agentspec-rule-documents.js';
import { testRule } from './support/agentspec-rule-tester.js';

/** A copy of `document` changed by `change`, which gets the copy and its tables. */
function changed(document: AsObject, change: (doc: any, refs: any, inner: any) => void): AsObject {
  const copy = structuredClone(document) as any;
  const refs = copy.$referenced_components;
  change(copy, refs, refs.inner?.subflow?.$referenced_components);
  return copy;
}

const SUB = '/$referenced_components/inner/subflow';

describe('the rule table', () => {
  it('has one module per rule id, under its own id, each with a clause of the specification', () => {
    expect(Object.keys(AGENTSPEC_RULES)).toEqual([...AGENTSPEC_RULE_IDS]);
    for (const [id, rule] of Object.entries(AGENTSPEC_RULES)) {
      expect(rule.meta.id).toBe(id);
      expect(rule.meta.clause.length, id).toBeGreaterThan(20);
    }
  });
});

testRule('agentspec-not-a-flow', {
  valid: [{ name: 'a Flow', document: root() }],
  invalid: [
    {
      name: 'an Agent',
      document: {
        component_type: 'Agent',
        id: 'a',
        name: 'helper',
        llm_config: { component_type: 'VllmConfig', id: 'llm', name: 'llm', url: 'http://127.0.0.1:8000', model_id: 'm' },
        system_prompt: 'Be brief',
        agentspec_version: '25.4.1',
      },
      findings: [
        {
          pointer: '/component_type',
          message:
            "This document is an Agent 'helper', not a Flow: an Agent runs inside a Flow through an AgentNode (StartNode → AgentNode → EndNode)",
        },
      ],
    },
  ],
});

testRule('agentspec-component-type', {
  valid: [{ name: 'a nested flow', document: nested() }],
  invalid: [
    {
      name: 'a misspelt type in a subflow',
      document: changed(nested(), (_d, _r, inner) => (inner.in_llm_node.component_type = 'LLMNode')),
      findings: [
        { pointer: `${SUB}/$referenced_components/in_llm_node/component_type`, message: "'LLMNode' is not a component type of Agent Spec" },
      ],
    },
    {
      name: 'a node where an LLM configuration is expected',
      document: changed(root(), (_d, refs) => (refs.llm_node.llm_config = ref('start'))),
      findings: [
        {
          pointer: '/$referenced_components/llm_node/llm_config',
          message: "reference 'start' is a StartNode, where an LLM configuration is expected",
        },
      ],
    },
  ],
});

testRule('agentspec-reference', {
  valid: [{ name: 'references at two levels', document: nested() }],
  invalid: [
    {
      name: 'a dangling reference',
      document: changed(root(), (d) => (d.data_flow_connections[1].destination_node = ref('ghost'))),
      findings: [
        {
          pointer: '/data_flow_connections/1/destination_node',
          message:
            "reference 'ghost' is not defined in any $referenced_components read before it; if a separate components file defines it, pass that file too (wfe import --components <file>)",
        },
      ],
    },
    {
      name: 'a key defined at two levels',
      document: changed(nested(), (_d, refs, inner) => {
        refs.spare = { component_type: 'VllmConfig', id: 'spare', name: 'spare', url: 'http://127.0.0.1:8000', model_id: 'm' };
        inner.spare = { component_type: 'VllmConfig', id: 'spare', name: 'spare', url: 'http://127.0.0.1:8000', model_id: 'm' };
      }),
      findings: [
        {
          pointer: `${SUB}/$referenced_components/spare`,
          message:
            "reference key 'spare' is defined again (first at /$referenced_components/spare): a key may be defined once, at one level",
        },
      ],
    },
    {
      name: 'a component that contains itself',
      document: changed(root(), (_d, refs) => (refs.llm_node.llm_config = ref('llm_node'))),
      findings: [
        {
          pointer: '/$referenced_components/llm_node/llm_config',
          message: "reference 'llm_node' refers back to itself through the components it contains",
        },
      ],
    },
  ],
});

testRule('agentspec-field', {
  valid: [{ name: 'every required field', document: root() }],
  invalid: [
    {
      name: 'an LlmNode without llm_config',
      document: changed(root(), (_d, refs) => delete refs.llm_node.llm_config),
      findings: [
        {
          pointer: '/$referenced_components/llm_node/llm_config',
          message: "LlmNode 'summarize' has no llm_config, which an LlmNode requires",
        },
      ],
    },
    {
      name: 'a subflow without start_node',
      document: changed(nested(), (d, refs) => delete refs.inner.subflow.start_node),
      findings: [{ pointer: `${SUB}/start_node`, message: "Flow 'in_summary' has no start_node, which a Flow requires" }],
    },
    {
      name: 'a name that is not a string',
      document: changed(root(), (_d, refs) => (refs.end.name = 5)),
      findings: [{ pointer: '/$referenced_components/end/name', message: "name of EndNode '' must be a string, not a number" }],
    },
  ],
});

/** The first input of the root flow with its schema's keywords replaced: what check_schema is asked. */
const withArticleSchema = (schema: Record<string, unknown>) =>
  changed(root(), (d) => (d.inputs[0] = { title: 'article', type: 'string', ...schema }));

testRule('agentspec-property', {
  valid: [
    { name: 'plain titles and types', document: root() },
    // Python's re reads these; JavaScript spells them otherwise, and they are not errors.
    {
      name: 'a pattern with a named group and an inline flag, as Python writes them',
      document: withArticleSchema({ pattern: '(?i)(?P<w>a+)(?P=w)' }),
    },
    {
      name: 'limits, a pattern, examples, a format',
      document: withArticleSchema({ minLength: 0, maxLength: 9, pattern: '^[a-z]+$', examples: ['a'], format: 'email' }),
    },
  ],
  invalid: [
    ...(
      [
        [{ minLength: -1 }, 'minLength must be a non-negative integer'],
        [{ minLength: 1.5 }, 'minLength must be a non-negative integer'],
        [{ maxLength: '9' }, 'maxLength must be a non-negative integer'],
        [{ multipleOf: 0 }, 'multipleOf must be a number above 0'],
        [{ pattern: '[' }, 'pattern must be a regular expression that compiles'],
        // JavaScript's named group, which Python's re (the loader's) refuses.
        [{ pattern: '(?<w>a)' }, 'pattern must be a regular expression that compiles'],
        [{ required: ['a', 'a'] }, 'required must be a list of distinct names'],
        [{ uniqueItems: 'yes' }, 'uniqueItems must be true or false'],
        [{ description: 3 }, 'description must be a string'],
        [{ examples: 'a' }, 'examples must be a list'],
        [{ dependentRequired: { a: 'b' } }, 'dependentRequired must be an object of lists of distinct names'],
      ] as const
    ).map(([schema, reason]) => ({
      name: `a schema the JSON Schema meta-schema refuses: ${JSON.stringify(schema)}`,
      document: withArticleSchema(schema),
      findings: [{ pointer: '/inputs/0', message: `property 'article' is not a valid JSON Schema: ${reason}` }],
    })),
    {
      name: 'a default of another type',
      document: changed(root(), (d) => (d.outputs[0] = { title: 'summary', type: 'integer', default: 'none' })),
      findings: [
        {
          pointer: '/outputs/0/default',
          message: "the default of property 'summary' does not fit its type",
        },
      ],
    },
    {
      name: 'a type JSON Schema does not have',
      document: changed(root(), (d) => (d.inputs[0] = { title: 'article', type: 'text' })),
      findings: [
        {
          pointer: '/inputs/0',
          message:
            "property 'article' is not a valid JSON Schema: type 'text' is not a JSON Schema type (array, boolean, integer, null, number, object, string)",
        },
      ],
    },
  ],
});

testRule('agentspec-version', {
  valid: [
    {
      name: 'structured output declared 25.4.2',
      document: changed(root(), (d, refs) => {
        d.agentspec_version = '25.4.2';
        refs.llm_node.outputs.push(str('title'));
      }),
    },
    // pyagentspec reads the pre-release 25.4.0 as 25.4.1 (with a warning of its own).
    { name: 'the pre-release 25.4.0', document: changed(root(), (d) => (d.agentspec_version = '25.4.0')) },
    {
      name: 'the legacy air_version alone',
      document: changed(root(), (d) => {
        d.air_version = '25.4.1';
        delete d.agentspec_version;
      }),
    },
  ],
  invalid: [
    {
      name: 'structured output declared 25.4.1',
      document: changed(root(), (_d, refs) => refs.llm_node.outputs.push(str('title'))),
      findings: [
        {
          pointer: '/agentspec_version',
          message:
            'agentspec_version is 25.4.1, but LlmNode \'summarize\' (LlmNode with structured output) needs Agent Spec 25.4.2: declare "agentspec_version": "25.4.2"',
        },
      ],
    },
    {
      name: 'a version that is no release',
      document: changed(root(), (d) => (d.agentspec_version = '9.9')),
      findings: [{ pointer: '/agentspec_version', message: "agentspec_version '9.9' is not a release of Agent Spec" }],
    },
    {
      // The key is there: pyagentspec reads its value (None) and refuses it, whatever air_version says.
      name: 'a version set to null, beside a valid air_version',
      document: changed(root(), (d) => {
        d.agentspec_version = null;
        d.air_version = '25.4.1';
      }),
      findings: [{ pointer: '/agentspec_version', message: 'agentspec_version null is not a release of Agent Spec' }],
    },
    {
      name: 'a structured output under the pre-release 25.4.0, read as 25.4.1',
      document: changed(root(), (d, refs) => {
        d.agentspec_version = '25.4.0';
        refs.llm_node.outputs.push(str('title'));
      }),
      findings: [
        {
          pointer: '/agentspec_version',
          message:
            'agentspec_version is 25.4.1, but LlmNode \'summarize\' (LlmNode with structured output) needs Agent Spec 25.4.2: declare "agentspec_version": "25.4.2"',
        },
      ],
    },
  ],
});

testRule('agentspec-node-io', {
  valid: [{ name: 'inputs inferred (none declared)', document: changed(nested(), (_d, _r, inner) => delete inner.in_llm_node.inputs) }],
  invalid: [
    {
      name: 'a prompt placeholder without its input, in a subflow',
      document: changed(nested(), (_d, _r, inner) => (inner.in_llm_node.prompt_template = 'Summarize {{text}}')),
      findings: [
        {
          pointer: `${SUB}/$referenced_components/in_llm_node/inputs`,
          message: "LlmNode 'in_summarize' has no input 'text', which the {{placeholders}} of its prompt_template implies",
        },
        {
          pointer: `${SUB}/$referenced_components/in_llm_node/inputs/0`,
          message:
            "LlmNode 'in_summarize' declares input 'article', which the {{placeholders}} of its prompt_template does not give (inputs given: 'text')",
        },
      ],
    },
    {
      name: 'a StartNode whose inputs and outputs differ',
      document: changed(root(), (_d, refs) => (refs.start.outputs = [str('article'), str('extra')])),
      findings: [
        {
          pointer: '/$referenced_components/start/outputs',
          message: "StartNode 'start' declares inputs and outputs that differ: a StartNode's inputs and outputs are the same list",
        },
      ],
    },
  ],
});

testRule('agentspec-node-branches', {
  valid: [
    {
      name: 'inferred branches written out',
      document: changed(root(), (_d, refs) => {
        refs.llm_node.branches = ['next'];
        refs.end.branches = [];
      }),
    },
  ],
  invalid: [
    {
      name: 'an EndNode with a branch',
      document: changed(root(), (_d, refs) => (refs.end.branches = ['next'])),
      findings: [
        {
          pointer: '/$referenced_components/end/branches',
          message: "EndNode 'end' declares branches 'next', but its configuration gives none",
        },
      ],
    },
  ],
});

testRule('agentspec-start-node', {
  valid: [{ name: 'a nested flow', document: nested() }],
  invalid: [
    {
      name: 'start_node is not the StartNode',
      document: changed(root(), (d) => (d.start_node = ref('llm_node'))),
      findings: [{ pointer: '/start_node', message: "start_node of Flow 'summary' is LlmNode 'summarize', not its StartNode 'start'" }],
    },
    {
      name: "a subflow's start_node is not its StartNode",
      document: changed(nested(), (_d, refs) => (refs.inner.subflow.start_node = ref('in_llm_node'))),
      findings: [
        {
          pointer: `${SUB}/start_node`,
          message: "start_node of Flow 'in_summary' is LlmNode 'in_summarize', not its StartNode 'in_start'",
        },
      ],
    },
  ],
});

testRule('agentspec-end-node', {
  valid: [{ name: 'one EndNode, reached', document: root() }],
  invalid: [
    {
      name: 'an EndNode no edge reaches',
      document: changed(root(), (d, refs) => {
        refs.end2 = { component_type: 'EndNode', id: 'end2', name: 'end2', inputs: [str('summary')], outputs: [str('summary')] };
        d.nodes.push(ref('end2'));
      }),
      findings: [
        {
          pointer: '/$referenced_components/end2',
          message: "EndNode 'end2' of Flow 'summary' has no incoming control flow edge: connect it, or remove it",
        },
      ],
    },
  ],
});

testRule('agentspec-edge-node', {
  valid: [{ name: 'edges within their flows', document: nested() }],
  invalid: [
    {
      name: "a root edge reading from a subflow's node",
      document: changed(nested(), (d) => (d.data_flow_connections[1].source_node = ref('in_end'))),
      findings: [
        {
          pointer: '/data_flow_connections/1/source_node',
          message:
            "data flow edge 'd2' of Flow 'summary' reads from EndNode 'in_end', which is not one of the flow's nodes ('start', 'inner' and 'end')",
        },
      ],
    },
  ],
});

testRule('agentspec-data-edge', {
  valid: [
    { name: 'a string into an untyped input', document: changed(root(), (_d, refs) => (refs.llm_node.inputs[0] = { title: 'article' })) },
  ],
  invalid: [
    {
      name: 'a misspelt output',
      document: changed(root(), (d) => (d.data_flow_connections[1].source_output = 'sumary')),
      findings: [
        {
          pointer: '/data_flow_connections/1/source_output',
          message:
            "data flow edge 'd2' reads output 'sumary' of LlmNode 'summarize', which has outputs 'summary' (did you mean 'summary'?)",
        },
      ],
    },
    {
      name: 'a string into an object',
      document: changed(root(), (d, refs) => {
        const object = { title: 'summary', type: 'object' };
        refs.end.inputs = [object];
        refs.end.outputs = [object];
        d.outputs = [object];
      }),
      findings: [
        {
          pointer: '/data_flow_connections/1',
          message:
            "data flow edge 'd2' connects output 'summary' of LlmNode 'summarize' (string) to input 'summary' of EndNode 'end' (object): these types do not convert",
        },
      ],
    },
  ],
});

testRule('agentspec-flow-outputs', {
  valid: [
    {
      name: 'an output only one EndNode gives, with a default',
      document: changed(root(), (d) => d.outputs.push({ ...str('extra'), default: '' })),
    },
  ],
  invalid: [
    {
      name: 'an output no EndNode gives, without a default',
      document: changed(root(), (d) => d.outputs.push(str('extra'))),
      findings: [
        {
          pointer: '/outputs/1',
          message:
            "output 'extra' of Flow 'summary' has no default, and EndNode 'end' does not give it as string: add it to every EndNode or give it a default",
        },
      ],
    },
  ],
});

testRule('agentspec-branch-exists', {
  valid: [
    { name: "from_branch 'next' written out", document: changed(root(), (d) => (d.control_flow_connections[1].from_branch = 'next')) },
  ],
  invalid: [
    {
      name: 'a misspelt branch',
      document: changed(root(), (d) => (d.control_flow_connections[1].from_branch = 'nxt')),
      findings: [
        {
          pointer: '/control_flow_connections/1/from_branch',
          message:
            "control flow edge 'c2' leaves LlmNode 'summarize' by branch 'nxt', which it does not have (its branches: 'next') (did you mean 'next'?)",
        },
      ],
    },
  ],
});

testRule('agentspec-one-edge-per-branch', {
  valid: [{ name: 'one edge per branch', document: root() }],
  invalid: [
    {
      name: 'two edges from next',
      document: changed(root(), (d) => d.control_flow_connections.push(control('c3', 'llm_node', 'end'))),
      findings: [
        {
          pointer: '/control_flow_connections/2',
          message: "LlmNode 'summarize' has two control flow edges from branch 'next' ('c2' and 'c3'): a branch leads to one node",
        },
      ],
    },
  ],
});

testRule('agentspec-unique-id', {
  valid: [{ name: 'a node referenced from start_node, nodes and edges', document: root() }],
  invalid: [
    {
      name: 'two components with one id',
      document: changed(root(), (_d, refs) => (refs.end.id = 'start')),
      findings: [
        {
          pointer: '/$referenced_components/end/id',
          message: "EndNode 'end' has id 'start', which StartNode 'start' (/$referenced_components/start) has too",
        },
      ],
    },
  ],
});

testRule('agentspec-unreachable-node', {
  valid: [{ name: 'every node on the way', document: nested() }],
  invalid: [
    {
      name: 'a message no edge reaches',
      document: changed(root(), (d, refs) => {
        refs.note = { component_type: 'OutputMessageNode', id: 'note', name: 'note', message: 'hi' };
        d.nodes.push(ref('note'));
      }),
      findings: [
        {
          pointer: '/$referenced_components/note',
          message: "OutputMessageNode 'note' of Flow 'summary' is not reached from its StartNode by control flow edges: it never runs",
        },
      ],
    },
  ],
});
