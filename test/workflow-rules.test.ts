// Every rule of a FlowDrop workflow, in process, the way ESLint's RuleTester tests a rule: a valid workflow
// draws no problem at all, and each invalid one exactly the problems listed (rule, severity, message, JSON
// pointer), so no other rule fired. The checks are the ones `wfe validate` runs (checkDocumentText), with the
// built-in catalog. The Agent Spec rules have theirs in agentspec-rules.test.ts; duplicate-workflow-id, across
// files, is tested in duplicate-ids.test.ts and through the CLI (cli-validate.test.ts), and loop-exit-into-body
// in validate-loop-exit.test.ts.
import { rm } from 'node:fs/promises';
import { stringify as toYamlText } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import type { RuleId } from '../src/contract/rules.js';
import { folderSettings } from '../src/project/folder-settings.js';
import { createLogger } from '../src/util/logger.js';
import { loadAgentSpecChecks } from '../src/validate/agent-spec-checks.js';
import type { CheckContext } from '../src/validate/check.js';
import { checkContextFor } from '../src/validate/check-context.js';
import { checkDocumentText } from '../src/validate/verdict.js';
import { exportToAgentSpec } from '../src/agentspec/index.js';
import { chatFlow, e, flow, n, overNodeLimitFlow, routerFlow, cycleFlow } from './support/flows.js';
import { tempDir } from './support/harness.js';

let dir: string;
let ctx: CheckContext;
let lossyCtx: CheckContext;

beforeAll(async () => {
  dir = await tempDir('wfe-workflow-rules-');
  const settings = await folderSettings(createLogger('warn'))(dir);
  const agentSpec = await loadAgentSpecChecks();
  ctx = { ...checkContextFor(settings), agentSpec };
  lossyCtx = { ...checkContextFor(settings, { 'lossy-export': 'warning' }), agentSpec };
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const clone = (w: Workflow): Workflow => structuredClone(w);
const text = (w: unknown): string => (typeof w === 'string' ? w : JSON.stringify(w, null, 2));

interface Expected {
  /** Another rule's problem that the same defect makes inevitable (said where a case lists one). */
  ruleId?: RuleId;
  message: string;
  pointer?: string;
  severity?: 'error' | 'warning';
}

function testWorkflowRule(
  ruleId: RuleId,
  cases: { valid: Array<{ name: string; workflow: unknown }>; invalid: Array<{ name: string; workflow: unknown; problems: Expected[] }> },
  options: { lossy?: boolean } = {},
): void {
  describe(ruleId, () => {
    const context = () => (options.lossy ? lossyCtx : ctx);
    for (const c of cases.valid)
      it(`valid: ${c.name}`, () => {
        expect(checkDocumentText(`${c.name}.json`, text(c.workflow), context()).problems).toEqual([]);
      });
    for (const c of cases.invalid)
      it(`invalid: ${c.name}`, () => {
        const found = checkDocumentText(`${c.name}.json`, text(c.workflow), context()).problems.map((p) => ({
          ruleId: p.ruleId,
          severity: p.severity,
          message: p.message,
          ...(p.pointer !== undefined ? { pointer: p.pointer } : {}),
        }));
        expect(found).toEqual(c.problems.map(({ severity, ...p }) => ({ ruleId, severity: severity ?? 'error', ...p })));
      });
  });
}

const chat = () => clone(chatFlow('chat'));
const router = () => clone(routerFlow('router'));

testWorkflowRule('json-syntax', {
  valid: [{ name: 'a chat flow', workflow: chat() }],
  invalid: [
    { name: 'a missing value', workflow: '{\n  "id": "x",\n  "name": \n}', problems: [{ message: 'Invalid JSON: value expected' }] },
  ],
});

testWorkflowRule('schema', {
  valid: [
    { name: 'a router flow', workflow: router() },
    { name: 'an id with dots, colons and letters beyond ASCII', workflow: { ...chat(), id: 'team.chat:v2-ü' } },
  ],
  invalid: [
    {
      name: 'no name',
      workflow: (() => {
        const w: Partial<Workflow> = chat();
        delete w.name;
        return w;
      })(),
      problems: [{ message: 'name is required', pointer: '/name' }],
    },
    {
      name: 'an id no URL can name, which wfe serve does not load',
      workflow: { ...chat(), id: 'team/chat' },
      problems: [
        {
          message:
            'id "team/chat" must not contain "/", "\\", "..", NUL or start with ".": wfe serve does not load it, since no URL could name it; give the workflow another id',
          pointer: '/id',
        },
      ],
    },
  ],
});

testWorkflowRule('too-many-nodes', {
  valid: [{ name: 'five nodes', workflow: chat() }],
  invalid: [
    {
      name: 'a start, an end and 9,999 notes',
      workflow: overNodeLimitFlow('huge'),
      problems: [{ message: 'Workflow has 10001 nodes; the limit is 10000', pointer: '/nodes' }],
    },
  ],
});

testWorkflowRule('duplicate-node-id', {
  valid: [{ name: 'distinct ids', workflow: chat() }],
  invalid: [
    {
      name: 'two nodes named model',
      workflow: (() => {
        const w = chat();
        w.nodes.push({ ...w.nodes[2], position: { x: 900, y: 0 } });
        return w;
      })(),
      problems: [{ message: "Duplicate node id: 'model'", pointer: '/nodes/5/id' }],
    },
    {
      name: 'a lonely node twice: what is wrong with it is said once, not once per copy',
      workflow: (() => {
        const w = chat();
        w.nodes.push(n('lonely', 'chat_input', {}, 900), n('lonely', 'chat_input', {}, 1200));
        return w;
      })(),
      problems: [
        { message: "Duplicate node id: 'lonely'", pointer: '/nodes/6/id' },
        { ruleId: 'no-disconnected-node', message: 'Disconnected node: lonely', pointer: '/nodes/6' },
      ],
    },
  ],
});

testWorkflowRule('duplicate-edge-id', {
  valid: [{ name: 'distinct ids', workflow: chat() }],
  invalid: [
    {
      name: 'an edge listed twice',
      workflow: (() => {
        const w = chat();
        w.edges.push(w.edges[0]);
        return w;
      })(),
      problems: [{ message: "Duplicate edge id: 'e:start.trigger-in.trigger'", pointer: '/edges/6/id' }],
    },
  ],
});

testWorkflowRule('edge-missing-node', {
  valid: [{ name: 'edges between its nodes', workflow: chat() }],
  invalid: [
    {
      name: 'an edge to a node that is gone',
      workflow: (() => {
        const w = chat();
        w.edges.push(e('model.response -> ghost.message'));
        return w;
      })(),
      problems: [
        { message: "Edge 'e:model.response-ghost.message' connects to non-existent node 'ghost' (target)", pointer: '/edges/6/target' },
      ],
    },
  ],
});

testWorkflowRule('edge-missing-port', {
  valid: [{ name: 'edges on declared ports', workflow: chat() }],
  invalid: [
    {
      name: 'an input the node does not have',
      workflow: (() => {
        const w = chat();
        w.edges.push(e('model.response -> out.nope'));
        return w;
      })(),
      problems: [
        {
          message: "Edge 'e:model.response-out.nope' uses target handle 'out-input-nope': node 'out' has no input port 'nope'",
          pointer: '/edges/6/targetHandle',
        },
      ],
    },
  ],
});

testWorkflowRule('port-compatibility', {
  valid: [{ name: 'a string into a string', workflow: chat() }],
  invalid: [
    {
      name: 'an array into a string',
      workflow: (() => {
        const w = chat();
        w.edges.push(e('in.history -> model.system'));
        return w;
      })(),
      problems: [
        {
          message:
            "Edge 'e:in.history-model.system' connects a json[] output to a string input; add a compatibilityRules entry {from: json[], to: string} to wfe.config.yaml if this is intended",
          pointer: '/edges/6',
        },
      ],
    },
  ],
});

testWorkflowRule('unknown-node-type', {
  valid: [{ name: 'built-in types', workflow: chat() }],
  invalid: [
    {
      name: 'a misspelt type',
      workflow: (() => {
        const w = chat();
        w.nodes[3].data.metadata = { ...w.nodes[3].data.metadata, id: 'chat_outptu' };
        return w;
      })(),
      problems: [
        {
          message:
            "Node 'out' is of type 'chat_outptu', which no node type of this folder defines (built-in or nodes/); the editor shows the copy saved in the workflow",
          pointer: '/nodes/3/data/metadata/id',
          severity: 'warning',
        },
      ],
    },
  ],
});

testWorkflowRule('node-config', {
  valid: [{ name: 'configs as their schemas say', workflow: chat() }],
  invalid: [
    {
      name: 'a temperature that is not a number',
      workflow: (() => {
        const w = chat();
        w.nodes[2].data.config.temperature = 'hot';
        return w;
      })(),
      problems: [{ message: "Node 'model' has invalid configuration: temperature must be number", pointer: '/nodes/2/data/config' }],
    },
  ],
});

testWorkflowRule('not-empty', {
  valid: [{ name: 'a flow with nodes', workflow: chat() }],
  invalid: [{ name: 'no nodes', workflow: { ...chat(), nodes: [], edges: [] }, problems: [{ message: 'Workflow has no nodes' }] }],
});

testWorkflowRule('single-start', {
  valid: [{ name: 'one start', workflow: chat() }],
  invalid: [
    {
      name: 'two starts',
      workflow: (() => {
        const w = chat();
        w.nodes.push({ ...w.nodes[0], id: 'start2', position: { x: 0, y: 400 } });
        w.edges.push(e('start2.trigger -> in.trigger'));
        return w;
      })(),
      problems: [{ message: 'Agent Spec requires exactly one StartNode. Found 2: start, start2', pointer: '/nodes/0' }],
    },
  ],
});

testWorkflowRule('end-reachable', {
  valid: [{ name: 'an end after the output', workflow: chat() }],
  invalid: [
    {
      name: 'no end',
      workflow: (() => {
        const w = chat();
        w.nodes = w.nodes.filter((x) => x.id !== 'end');
        w.edges = w.edges.filter((x) => x.target !== 'end');
        return w;
      })(),
      problems: [{ message: 'Agent Spec requires at least one EndNode. No end node found (terminal node with outputs category).' }],
    },
  ],
});

testWorkflowRule('branch-exists', {
  valid: [{ name: 'edges on the router branches', workflow: router() }],
  invalid: [
    {
      // Branches are the router's output ports too: the edge's handle names no port either.
      name: 'an edge from a branch the router has renamed',
      workflow: (() => {
        const w = router();
        const route = w.nodes.find((x) => x.id === 'route')!;
        for (const branch of route.data.config.branches as Array<{ name: string }>) if (branch.name === 'refund') branch.name = 'refunds';
        return w;
      })(),
      problems: [
        {
          ruleId: 'edge-missing-port',
          message:
            "Edge 'e:route.refund-refundModel.trigger' uses source handle 'route-output-refund': node 'route' has no output port 'refund'",
          pointer: '/edges/3/sourceHandle',
        },
        { message: 'Branch "refund" does not exist on gateway "route" (edge e:route.refund-refundModel.trigger)', pointer: '/edges/3' },
      ],
    },
  ],
});

testWorkflowRule('no-cycle', {
  valid: [{ name: 'a line', workflow: chat() }],
  invalid: [
    {
      name: 'a to b and back',
      workflow: cycleFlow('cycle'),
      problems: [
        {
          message:
            "Cycle detected: 'a' (a) → 'b' (b) → 'a' (a). If this loop is intended, mark the edge that closes it as a loop: set \"loop\": true in that edge's data (wfe import does this for Agent Spec loops) or connect it to a loop_back input",
          pointer: '/nodes/1',
        },
      ],
    },
  ],
});

testWorkflowRule('no-disconnected-node', {
  valid: [{ name: 'every node on an edge', workflow: chat() }],
  invalid: [
    {
      name: 'a lonely formatter',
      workflow: (() => {
        const w = chat();
        w.nodes.push(n('lonely', 'chat_input', {}, 900));
        return w;
      })(),
      problems: [{ message: 'Disconnected node: lonely', pointer: '/nodes/5' }],
    },
  ],
});

testWorkflowRule('required-port', {
  valid: [{ name: 'the prompt connected', workflow: chat() }],
  invalid: [
    {
      name: 'the prompt left open',
      workflow: (() => {
        const w = chat();
        w.edges = w.edges.filter((x) => !(x.target === 'model' && x.targetHandle === 'model-input-prompt'));
        return w;
      })(),
      problems: [{ message: 'Missing required port: model.prompt', pointer: '/nodes/2' }],
    },
  ],
});

testWorkflowRule('gateway-branches', {
  valid: [{ name: 'a router with branches', workflow: router() }],
  invalid: [
    {
      name: 'a router without branches',
      workflow: flow(
        'no-branches',
        [n('start', 'start'), n('in', 'chat_input'), n('route', 'conditional_router', { branches: [] }), n('end', 'end')],
        [
          e('start.trigger -> in.trigger'),
          e('in.trigger -> route.trigger'),
          e('in.message -> route.value'),
          e('in.trigger -> end.trigger'),
        ],
      ),
      problems: [
        {
          message: 'Gateway node "route" has no branches defined. Agent Spec BranchingNode requires at least one branch.',
          pointer: '/nodes/2',
          severity: 'warning',
        },
      ],
    },
  ],
});

testWorkflowRule(
  'lossy-export',
  {
    valid: [
      {
        name: 'a flow Agent Spec expresses',
        workflow: flow('plain', [n('start', 'start'), n('end', 'end')], [e('start.trigger -> end.trigger')]),
      },
    ],
    invalid: [
      {
        name: 'a note',
        workflow: flow('noted', [n('start', 'start'), n('memo', 'note'), n('end', 'end')], [e('start.trigger -> end.trigger')]),
        problems: [
          {
            message: 'Note \'memo\' (memo) has no Agent Spec equivalent; kept only in metadata "flowdrop:notes"',
            pointer: '/nodes/1',
            severity: 'warning',
          },
        ],
      },
    ],
  },
  { lossy: true },
);

describe('where a problem is', () => {
  const lonely = () => {
    const w = chat();
    w.nodes.push(n('lonely', 'chat_input', {}, 900));
    return w;
  };
  /** Line and column (1-based) where `needle` starts in `text`. */
  const find = (text: string, needle: string) => {
    const before = text.slice(0, text.indexOf(needle)).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  };

  it('is given by line and column in JSON text', () => {
    const source = text(lonely());
    const [problem] = checkDocumentText('lonely.json', source, ctx).problems;
    expect(problem).toMatchObject({ ruleId: 'no-disconnected-node', pointer: '/nodes/5' });
    // The node's object, whose "id" is on the next line.
    const id = find(source, '"id": "lonely"');
    expect({ line: problem.line, column: problem.column }).toEqual({ line: id.line - 1, column: id.column - 2 });
  });

  it('is given by line and column in YAML text too, at the node the pointer names', () => {
    const source = toYamlText(lonely());
    const [problem] = checkDocumentText('lonely.yaml', source, ctx).problems;
    expect(problem).toMatchObject({ ruleId: 'no-disconnected-node', pointer: '/nodes/5' });
    expect({ line: problem.line, column: problem.column }).toEqual(find(source, 'id: lonely'));
  });
});

describe('a byte order mark', () => {
  it('is fine for a workflow, which wfe serve reads, and an error for an Agent Spec file, which the loader refuses', () => {
    expect(checkDocumentText('chat.json', `\ufeff${text(chat())}`, ctx).problems).toEqual([]);
    const flow = exportToAgentSpec(chat()).document!;
    expect(checkDocumentText('chat.agentspec.json', text(flow), ctx).problems).toEqual([]);
    expect(checkDocumentText('chat.agentspec.json', `\ufeff${text(flow)}`, ctx).problems).toEqual([
      {
        ruleId: 'json-syntax',
        severity: 'error',
        file: 'chat.agentspec.json',
        line: 1,
        column: 1,
        message:
          "the file starts with a UTF-8 byte order mark, which Oracle's loader (Python's json) refuses: save it as UTF-8 without one",
      },
    ]);
  });
});
