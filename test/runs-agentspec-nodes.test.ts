// The Agent Spec node kinds on the built-in engine, as the language spec (26.1.2) describes them, through
// the real `wfe serve`: each flow is written as an Agent Spec document, imported the way `wfe import`
// imports it, stored, and run by POST /workflows/{id}/execute or a playground message.
import { describe, expect } from 'vitest';
import { agentSpecToWorkflow } from '../src/agentspec/from-agentspec.js';
import { eventually, type Harness } from './support/harness.js';
import { serverTest, type StartServer } from './support/server-fixture.js';
import { pollUntilStopped, type Message } from './support/playground.js';
import { agentSpecMissing, readExample } from './agentspec-schema.js';

type Obj = Record<string, unknown>;

/** The server of the running test (started by serve, closed by the serverTest fixture). */
let h: Harness | undefined;

// ---------- Agent Spec builders ----------

const prop = (title: string, type = 'string', extra: Obj = {}): Obj => ({ title, type, ...extra });
const list = (title: string, items = 'string'): Obj => ({ title, type: 'array', items: { type: items } });

const node = (component_type: string, id: string, fields: Obj = {}): Obj => ({ component_type, id, name: id, ...fields });
const startNode = (id: string, inputs: Obj[]) => node('StartNode', id, { inputs, outputs: inputs });
const endNode = (id: string, outputs: Obj[], branch = 'next') => node('EndNode', id, { inputs: outputs, outputs, branch_name: branch });
const llm = { component_type: 'VllmConfig', id: 'llm', name: 'llm', url: 'http://127.0.0.1:9', model_id: 'm' };
const llmNode = (id: string, template: string, input: string, output: string) =>
  node('LlmNode', id, { llm_config: llm, prompt_template: template, inputs: [prop(input)], outputs: [prop(output)] });

type Control = [Obj, Obj, string?];
type Data = [Obj, string, Obj, string];

function flow(id: string, nodes: Obj[], control: Control[], data: Data[], extra: Obj = {}): Obj {
  return {
    component_type: 'Flow',
    id,
    name: id,
    start_node: nodes[0],
    nodes,
    control_flow_connections: control.map(([from, to, branch], i) => ({
      component_type: 'ControlFlowEdge',
      id: `${id}-c${i}`,
      name: `${id}-c${i}`,
      from_node: from,
      from_branch: branch ?? null,
      to_node: to,
    })),
    data_flow_connections: data.map(([source, output, destination, input], i) => ({
      component_type: 'DataFlowEdge',
      id: `${id}-d${i}`,
      name: `${id}-d${i}`,
      source_node: source,
      source_output: output,
      destination_node: destination,
      destination_input: input,
    })),
    ...extra,
  };
}

/** start(x) → end(x): a subflow that hands back what it was given, under `name`. */
function echo(id: string, name: string, type = 'string', branch = 'next'): Obj {
  const s = startNode(`${id}_start`, [prop(name, type)]);
  const e = endNode(`${id}_end`, [prop(name, type)], branch);
  return flow(id, [s, e], [[s, e]], [[s, name, e, name]]);
}

// ---------- running them ----------

interface Job {
  id: string;
  node_id: string;
  node_label: string;
  status: string;
  execution_count: number;
  outputs?: Obj;
  error_message?: string;
  parent_job_id?: string;
}
interface Pipeline {
  status: string;
  error?: string;
  jobs: Job[];
  results: Obj;
}

async function serve(server: StartServer, files: Record<string, unknown> = {}, stepDelayMs = 0): Promise<Harness> {
  h = await server({ files, stepDelayMs });
  return h;
}

async function store(document: Obj): Promise<string> {
  const workflow = agentSpecToWorkflow(document, { now: '2026-01-01T00:00:00.000Z' });
  const res = await h!.call('POST', '/workflows', workflow);
  expect(res.status, res.text).toBe(201);
  return workflow.id;
}

async function execute(workflowId: string, inputs: Obj = {}, options: Obj = {}): Promise<string> {
  const res = await h!.call('POST', `/workflows/${workflowId}/execute`, { inputs, options });
  expect(res.status, res.text).toBe(202);
  return res.body.data?.execution_id ?? res.body.execution_id;
}

const pipeline = async (runId: string): Promise<Pipeline> => (await h!.call('GET', `/pipeline/${runId}`)).body;

async function finished(runId: string): Promise<Pipeline> {
  const done = await eventually(async () => {
    const p = await pipeline(runId);
    return ['completed', 'failed', 'cancelled'].includes(p.status) ? p : undefined;
  }, 10_000);
  if (!done) throw new Error(`run ${runId} did not finish`);
  return done;
}

const job = (p: Pipeline, nodeId: string): Job => {
  const found = p.jobs.find((j) => j.node_id === nodeId);
  if (!found) throw new Error(`no job for ${nodeId}: ${p.jobs.map((j) => j.node_id).join(', ')}`);
  return found;
};

// ---------- the node kinds ----------

describe('FlowNode', () => {
  // Subflow: start(text) → BranchingNode(text: {"a": "to_a"}) → End(branch "went_a") | default → End(branch "other").
  function branchingSubflow(): Obj {
    const s = startNode('sub_start', [prop('text')]);
    const b = node('BranchingNode', 'sub_branch', { mapping: { a: 'to_a' }, inputs: [prop('branching_mapping_key')] });
    const endA = endNode('sub_end_a', [prop('text')], 'went_a');
    const endOther = endNode('sub_end_other', [prop('text')], 'other');
    return flow(
      'inner',
      [s, b, endA, endOther],
      [
        [s, b],
        [b, endA, 'to_a'],
        [b, endOther, 'default'],
      ],
      [
        [s, 'text', b, 'branching_mapping_key'],
        [s, 'text', endA, 'text'],
        [s, 'text', endOther, 'text'],
      ],
    );
  }

  function parent(): Obj {
    const s = startNode('start', [prop('text')]);
    const f = node('FlowNode', 'flow', {
      subflow: branchingSubflow(),
      inputs: [prop('text')],
      outputs: [prop('text')],
      branches: ['went_a', 'other'],
    });
    const sayA = node('OutputMessageNode', 'say_a', { message: 'A: {{text}}', inputs: [prop('text')] });
    const sayOther = node('OutputMessageNode', 'say_other', { message: 'other: {{text}}', inputs: [prop('text')] });
    const e = endNode('end', []);
    return flow(
      'flow-node',
      [s, f, sayA, sayOther, e],
      [
        [s, f],
        [f, sayA, 'went_a'],
        [f, sayOther, 'other'],
        [sayA, e],
        [sayOther, e],
      ],
      [
        [s, 'text', f, 'text'],
        [f, 'text', sayA, 'text'],
        [f, 'text', sayOther, 'text'],
      ],
    );
  }

  serverTest('runs its subflow with the mapped inputs and leaves by the branch_name of the EndNode reached', async ({ server }) => {
    await serve(server);
    const id = await store(parent());
    const viaA = await finished(await execute(id, { text: 'a' }));
    expect(viaA.status).toBe('completed');
    expect(job(viaA, 'flow').outputs).toMatchObject({ text: 'a' });
    expect(job(viaA, 'say_a')).toMatchObject({ status: 'completed', outputs: { value: 'A: a' } });
    expect(job(viaA, 'say_other').status).toBe('skipped');
    // The nested run's jobs follow the FlowNode's job, prefixed by its path and label, pointing back to it.
    const index = viaA.jobs.findIndex((j) => j.node_id === 'flow');
    expect(viaA.jobs.slice(index + 1, index + 5).map((j) => [j.id, j.node_label, j.status, j.parent_job_id])).toEqual([
      ['job-flow/sub_start', 'flow › sub_start', 'completed', 'job-flow'],
      ['job-flow/sub_branch', 'flow › sub_branch', 'completed', 'job-flow'],
      ['job-flow/sub_end_a', 'flow › sub_end_a', 'completed', 'job-flow'],
      ['job-flow/sub_end_other', 'flow › sub_end_other', 'skipped', 'job-flow'],
    ]);

    const viaDefault = await finished(await execute(id, { text: 'zzz' }));
    expect(job(viaDefault, 'say_other')).toMatchObject({ status: 'completed', outputs: { value: 'other: zzz' } });
    expect(job(viaDefault, 'say_a').status).toBe('skipped');
    expect(job(viaDefault, 'flow/sub_end_a').status).toBe('skipped');
  });
});

describe('BranchingNode', () => {
  serverTest('follows the branch its mapping names for the input value (exactly), else default', async ({ server }) => {
    await serve(server);
    const s = startNode('start', [prop('choice')]);
    const b = node('BranchingNode', 'route', { mapping: { yes: 'agree', no: 'refuse' }, inputs: [prop('branching_mapping_key')] });
    const ends = ['agree', 'refuse', 'fallback'].map((name) => node('OutputMessageNode', name, { message: name }));
    const e = endNode('end', []);
    const id = await store(
      flow(
        'branching',
        [s, b, ...ends, e],
        [[s, b], [b, ends[0], 'agree'], [b, ends[1], 'refuse'], [b, ends[2], 'default'], ...ends.map((x): Control => [x, e])],
        [[s, 'choice', b, 'branching_mapping_key']],
      ),
    );
    const ran = async (choice: string) => {
      const p = await finished(await execute(id, { choice }));
      return ['agree', 'refuse', 'fallback'].filter((n) => job(p, n).status === 'completed');
    };
    expect(await ran('yes')).toEqual(['agree']);
    expect(await ran('no')).toEqual(['refuse']);
    expect(await ran('Yes')).toEqual(['fallback']);
    expect(await ran('maybe')).toEqual(['fallback']);
  });
});

/** start(numbers, labels) → MapNode(echo subflow of n and label) → end(collected_n, collected_label). */
function mapFlow(kind: 'MapNode' | 'ParallelMapNode', reducers: Obj | null): Obj {
  const s = startNode('start', [list('numbers', 'integer'), list('labels')]);
  const inner = (() => {
    const is = startNode('item_start', [prop('n', 'integer'), prop('label')]);
    const ie = endNode('item_end', [prop('n', 'integer'), prop('label')]);
    return flow(
      'item',
      [is, ie],
      [[is, ie]],
      [
        [is, 'n', ie, 'n'],
        [is, 'label', ie, 'label'],
      ],
    );
  })();
  const m = node(kind, 'map', {
    subflow: inner,
    reducers,
    inputs: [list('iterated_n', 'integer'), list('iterated_label')],
    outputs: [list('collected_n', 'integer'), list('collected_label')],
  });
  const e = endNode('end', [list('collected_n', 'integer'), list('collected_label')]);
  return flow(
    kind,
    [s, m, e],
    [
      [s, m],
      [m, e],
    ],
    [
      [s, 'numbers', m, 'iterated_n'],
      [s, 'labels', m, 'iterated_label'],
      [m, 'collected_n', e, 'collected_n'],
      [m, 'collected_label', e, 'collected_label'],
    ],
  );
}

describe('MapNode', () => {
  serverTest('runs its subflow once per item and reduces each output as reducers says (append by default)', async ({ server }) => {
    await serve(server);
    const id = await store(mapFlow('MapNode', { n: 'sum' }));
    const p = await finished(await execute(id, { numbers: [1, 2, 3], labels: ['x', 'y', 'z'] }));
    expect(p.status).toBe('completed');
    expect(job(p, 'map').outputs).toMatchObject({ collected_n: 6, collected_label: ['x', 'y', 'z'] });
    // One nested run per item, each under the map's job.
    expect(p.jobs.filter((j) => j.parent_job_id === 'job-map').map((j) => j.node_id)).toEqual([
      'map[0]/item_start',
      'map[0]/item_end',
      'map[1]/item_start',
      'map[1]/item_end',
      'map[2]/item_start',
      'map[2]/item_end',
    ]);
    expect(job(p, 'map[2]/item_end').node_label).toBe('map [2] › item_end');
  });

  serverTest('average, max and min reduce numbers; lists of different lengths fail the node', async ({ server }) => {
    await serve(server);
    for (const [method, expected] of [
      ['average', 2],
      ['max', 3],
      ['min', 1],
    ] as const) {
      const id = await store({ ...mapFlow('MapNode', { n: method }), id: `map-${method}`, name: method });
      const p = await finished(await execute(id, { numbers: [3, 1, 2], labels: ['a', 'b', 'c'] }));
      expect(job(p, 'map').outputs?.collected_n).toBe(expected);
    }
    const id = await store({ ...mapFlow('MapNode', null), id: 'map-uneven', name: 'uneven' });
    const p = await finished(await execute(id, { numbers: [1, 2], labels: ['a'] }));
    expect(p.status).toBe('failed');
    expect(job(p, 'map').error_message).toBe('its iterated inputs have different lengths (iterated_n: 2, iterated_label: 1)');
  });
});

describe('ParallelMapNode and ParallelFlowNode', () => {
  serverTest('ParallelMapNode runs its items at once and joins them in item order', async ({ server }) => {
    await serve(server, {}, 60);
    const id = await store(mapFlow('ParallelMapNode', null));
    const runId = await execute(id, { numbers: [1, 2, 3], labels: ['x', 'y', 'z'] });
    // At some moment, nested runs of different items are running together.
    await eventually(async () => {
      const running = (await pipeline(runId)).jobs.filter((j) => j.status === 'running' && j.parent_job_id === 'job-map');
      return new Set(running.map((j) => j.node_id.split('/')[0])).size >= 2;
    }, 10_000);
    const p = await finished(runId);
    expect(p.status).toBe('completed');
    expect(job(p, 'map').outputs).toMatchObject({ collected_n: [1, 2, 3], collected_label: ['x', 'y', 'z'] });
  });

  serverTest('ParallelFlowNode runs every subflow and exposes the union of their outputs', async ({ server }) => {
    await serve(server);
    const s = startNode('start', [prop('a'), prop('b')]);
    const par = node('ParallelFlowNode', 'both', {
      subflows: [echo('left', 'a'), echo('right', 'b')],
      inputs: [prop('a'), prop('b')],
      outputs: [prop('a'), prop('b')],
    });
    const e = endNode('end', [prop('a'), prop('b')]);
    const id = await store(
      flow(
        'parallel-flow',
        [s, par, e],
        [
          [s, par],
          [par, e],
        ],
        [
          [s, 'a', par, 'a'],
          [s, 'b', par, 'b'],
          [par, 'a', e, 'a'],
          [par, 'b', e, 'b'],
        ],
      ),
    );
    const p = await finished(await execute(id, { a: 'one', b: 'two' }));
    expect(p.status).toBe('completed');
    expect(job(p, 'both').outputs).toMatchObject({ a: 'one', b: 'two' });
    expect(p.jobs.filter((j) => j.parent_job_id === 'job-both').map((j) => [j.node_id, j.status])).toEqual([
      ['both[0]/left_start', 'completed'],
      ['both[0]/left_end', 'completed'],
      ['both[1]/right_start', 'completed'],
      ['both[1]/right_end', 'completed'],
    ]);
  });
});

describe('CatchExceptionNode', () => {
  // Subflow: start(q) → LlmNode "risky" (mocked) → End(answer); the node's outputs default to "n/a".
  function catching(): Obj {
    const is = startNode('in_start', [prop('q')]);
    const risky = llmNode('risky', 'Answer {{q}}', 'q', 'answer');
    const ie = endNode('in_end', [prop('answer')]);
    const inner = flow(
      'guarded',
      [is, risky, ie],
      [
        [is, risky],
        [risky, ie],
      ],
      [
        [is, 'q', risky, 'q'],
        [risky, 'answer', ie, 'answer'],
      ],
    );
    const s = startNode('start', [prop('q')]);
    const c = node('CatchExceptionNode', 'catch', {
      subflow: inner,
      inputs: [prop('q')],
      outputs: [prop('answer', 'string', { default: 'n/a' }), prop('caught_exception_info', 'string', { default: null })],
      branches: ['next', 'caught_exception_branch'],
    });
    const ok = node('OutputMessageNode', 'ok', { message: 'ok: {{answer}}', inputs: [prop('answer')] });
    const caught = node('OutputMessageNode', 'caught', {
      message: 'caught: {{info}} ({{answer}})',
      inputs: [prop('info'), prop('answer')],
    });
    const e = endNode('end', []);
    return flow(
      'catching',
      [s, c, ok, caught, e],
      [
        [s, c],
        [c, ok],
        [c, caught, 'caught_exception_branch'],
        [ok, e],
        [caught, e],
      ],
      [
        [s, 'q', c, 'q'],
        [c, 'answer', ok, 'answer'],
        [c, 'answer', caught, 'answer'],
        [c, 'caught_exception_info', caught, 'info'],
      ],
    );
  }

  serverTest('leaves by caught_exception_branch with the error and the outputs’ defaults when its subflow fails', async ({ server }) => {
    await serve(server, { 'wfe.config.yaml': 'mocks:\n  risky:\n    error: upstream down\n' });
    const id = await store(catching());
    const p = await finished(await execute(id, { q: 'why?' }));
    expect(p.status).toBe('completed');
    expect(job(p, 'catch/risky')).toMatchObject({ status: 'failed', error_message: 'upstream down' });
    expect(job(p, 'catch/in_end').status).toBe('cancelled');
    expect(job(p, 'catch').outputs).toMatchObject({
      answer: 'n/a',
      caught_exception_info: "in its subflow 'guarded', 'catch › risky' failed: upstream down",
    });
    expect(job(p, 'caught').outputs?.value).toBe("caught: in its subflow 'guarded', 'catch › risky' failed: upstream down (n/a)");
    expect(job(p, 'ok').status).toBe('skipped');
  });

  serverTest(
    'without a failure, outputs the subflow’s outputs, caught_exception_info null, and leaves by its branch',
    async ({ server }) => {
      await serve(server, { 'wfe.config.yaml': 'mocks:\n  risky: "42"\n' });
      const id = await store(catching());
      const p = await finished(await execute(id, { q: 'why?' }));
      expect(job(p, 'catch').outputs).toMatchObject({ answer: '42', caught_exception_info: null });
      expect(job(p, 'ok').outputs?.value).toBe('ok: 42');
      expect(job(p, 'caught').status).toBe('skipped');
    },
  );
});

/** start → InputMessageNode("Your name?") → OutputMessageNode("Hello {{name}}") → end. */
function greeting(): Obj {
  const s = startNode('start', []);
  const ask = node('InputMessageNode', 'ask', { message: 'Your name?', outputs: [prop('user_input')] });
  const say = node('OutputMessageNode', 'say', { message: 'Hello {{name}}', inputs: [prop('name')] });
  const e = endNode('end', []);
  return flow(
    'greeting',
    [s, ask, say, e],
    [
      [s, ask],
      [ask, say],
      [say, e],
    ],
    [[ask, 'user_input', say, 'name']],
  );
}

describe('InputMessageNode and OutputMessageNode', () => {
  serverTest('in the playground the next chat message answers it; the output message is posted once, complete', async ({ server }) => {
    await serve(server);
    const id = await store(greeting());
    const sessionId = (await h!.call('POST', `/workflows/${id}/playground/sessions`, {})).body.data.id;
    await h!.call('POST', `/playground/sessions/${sessionId}/messages`, { content: 'hi' });
    const first = await pollUntilStopped(h!, sessionId);
    expect(first.status).toBe('idle');
    const prompt = first.messages.find((m) => m.role === 'assistant');
    expect(prompt).toMatchObject({ content: 'Your name?', metadata: { type: 'interrupt_request', interrupt_type: 'text' } });
    const runId = prompt!.executionId;

    const answered = await h!.call('POST', `/playground/sessions/${sessionId}/messages`, { content: 'Ada' });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ role: 'user', content: 'Ada', executionId: runId });
    const seen: Message[] = [...first.messages];
    const second = await pollUntilStopped(h!, sessionId, seen);
    expect(second.status).toBe('completed');
    const hello = second.messages.filter((m) => m.role === 'assistant' && m.content === 'Hello Ada');
    expect(hello).toHaveLength(1);
    expect(hello[0].executionId).toBe(runId);
    // The same run went on: one run, completed.
    expect((await pipeline(runId!)).status).toBe('completed');
  });

  serverTest('in a pipeline run it is an interrupt, answered through POST /interrupts/{id}', async ({ server }) => {
    await serve(server);
    const id = await store(greeting());
    const runId = await execute(id);
    const interrupt = await eventually(async () => (await h!.call('GET', `/pipelines/${runId}/interrupts`)).body.data?.[0]);
    expect(interrupt).toMatchObject({ type: 'text', status: 'pending', nodeId: 'ask', message: 'Your name?' });
    expect((await h!.call('POST', `/interrupts/${interrupt.id}`, { value: 'Bob' })).status).toBe(200);
    const p = await finished(runId);
    expect(p.status).toBe('completed');
    expect(job(p, 'ask').outputs).toMatchObject({ user_input: 'Bob' });
    expect(job(p, 'say').outputs?.value).toBe('Hello Bob');
  });
});

describe('nesting, budgets, failures, cancelling', () => {
  /**
   * start(items) → ask("again?") → BranchingNode {again: loop} → FlowNode "outer" → back to ask; default → end.
   * outer's subflow: start(items) → MapNode over items (echo subflow) → End(collected_item).
   */
  function loopOfNested(): Obj {
    const ms = startNode('outer_start', [list('items')]);
    const m = node('MapNode', 'each', {
      subflow: echo('per_item', 'item'),
      reducers: null,
      inputs: [list('iterated_item')],
      outputs: [list('collected_item')],
    });
    const me = endNode('outer_end', [list('collected_item')]);
    const outer = flow(
      'outer',
      [ms, m, me],
      [
        [ms, m],
        [m, me],
      ],
      [
        [ms, 'items', m, 'iterated_item'],
        [m, 'collected_item', me, 'collected_item'],
      ],
    );
    const s = startNode('start', [list('items')]);
    const ask = node('InputMessageNode', 'ask', { message: 'again?', outputs: [prop('user_input')] });
    const b = node('BranchingNode', 'decide', { mapping: { again: 'loop' }, inputs: [prop('branching_mapping_key')] });
    const f = node('FlowNode', 'outer', { subflow: outer, inputs: [list('items')], outputs: [list('collected_item')] });
    const e = endNode('end', []);
    return flow(
      'loop-of-nested',
      [s, ask, b, f, e],
      [
        [s, ask],
        [ask, b],
        [b, f, 'loop'],
        [f, ask],
        [b, e, 'default'],
      ],
      [
        [ask, 'user_input', b, 'branching_mapping_key'],
        [s, 'items', f, 'items'],
      ],
    );
  }

  async function answerNext(runId: string, value: string, answered: Set<string>): Promise<void> {
    const pending = await eventually(async () => {
      const list = (await h!.call('GET', `/pipelines/${runId}/interrupts?status=pending`)).body.data ?? [];
      return list.find((i: { id: string }) => !answered.has(i.id));
    });
    answered.add(pending.id);
    expect((await h!.call('POST', `/interrupts/${pending.id}`, { value })).status).toBe(200);
  }

  serverTest(
    'a MapNode inside a FlowNode inside a loop: each pass runs the nested flows again, under the same jobs',
    async ({ server }) => {
      await serve(server);
      const id = await store(loopOfNested());
      const runId = await execute(id, { items: ['p', 'q'] });
      const answered = new Set<string>();
      await answerNext(runId, 'again', answered);
      await answerNext(runId, 'again', answered);
      await answerNext(runId, 'stop', answered);
      const p = await finished(runId);
      expect(p.status).toBe('completed');
      expect(job(p, 'outer')).toMatchObject({ status: 'completed', execution_count: 2, outputs: { collected_item: ['p', 'q'] } });
      expect(job(p, 'outer/each')).toMatchObject({ status: 'completed', execution_count: 2, parent_job_id: 'job-outer' });
      expect(job(p, 'outer/each[1]/per_item_end')).toMatchObject({
        status: 'completed',
        execution_count: 2,
        parent_job_id: 'job-outer/each',
        node_label: 'outer › each [1] › per_item_end',
      });
      expect(job(p, 'ask').execution_count).toBe(3);
    },
  );

  serverTest('a failure deep in a nested flow fails every node above it and the run, naming where it happened', async ({ server }) => {
    // The map's reducer sums strings: the MapNode inside the FlowNode fails.
    await serve(server);
    const document = loopOfNested();
    const outer = (document.nodes as Obj[]).find((n) => n.id === 'outer')!;
    const each = ((outer.subflow as Obj).nodes as Obj[]).find((n) => n.id === 'each')!;
    each.reducers = { item: 'sum' };
    const id = await store(document);
    const runId = await execute(id, { items: ['p', 'q'] });
    await answerNext(runId, 'again', new Set());
    const p = await finished(runId);
    expect(p.status).toBe('failed');
    expect(p.error).toBe(`in its subflow 'outer', 'outer › each' failed: reducer 'sum' of 'item' needs numbers, and got "p"`);
    expect(job(p, 'outer/each')).toMatchObject({ status: 'failed', error_message: `reducer 'sum' of 'item' needs numbers, and got "p"` });
    expect(job(p, 'outer').status).toBe('failed');
    expect(job(p, 'outer/outer_end').status).toBe('cancelled');
  });

  serverTest('nested runs share the run’s step budget, and a CatchExceptionNode does not catch its end', async ({ server }) => {
    await serve(server);
    const s = startNode('start', [list('numbers', 'integer'), list('labels')]);
    const c = node('CatchExceptionNode', 'catch', {
      subflow: { ...mapFlow('MapNode', null), id: 'mapping', name: 'mapping' },
      inputs: [list('numbers', 'integer'), list('labels')],
      outputs: [prop('caught_exception_info', 'string', { default: null })],
      branches: ['next', 'caught_exception_branch'],
    });
    const e = endNode('end', []);
    const id = await store(
      flow(
        'budget',
        [s, c, e],
        [
          [s, c],
          [c, e],
          [c, e, 'caught_exception_branch'],
        ],
        [
          [s, 'numbers', c, 'numbers'],
          [s, 'labels', c, 'labels'],
        ],
      ),
    );
    const numbers = Array.from({ length: 40 }, (_, i) => i);
    const p = await finished(await execute(id, { numbers, labels: numbers.map(String) }, { maxSteps: 30 }));
    expect(p.status).toBe('failed');
    expect(p.error).toMatch(/^Run stopped after 30 node executions and skips \(--max-steps, options\.maxSteps\)/);
    expect(job(p, 'catch').status).toBe('failed');
  });

  serverTest('cancelling a run stops its nested runs: their running and pending jobs become cancelled', async ({ server }) => {
    await serve(server, {}, 40);
    const id = await store(mapFlow('ParallelMapNode', null));
    const numbers = Array.from({ length: 12 }, (_, i) => i);
    const runId = await execute(id, { numbers, labels: numbers.map(String) });
    await eventually(async () => (await pipeline(runId)).jobs.some((j) => j.parent_job_id === 'job-map' && j.status === 'running'));
    expect((await h!.call('POST', `/executions/${runId}/cancel`)).status).toBe(200);
    const p = await pipeline(runId);
    expect(p.status).toBe('cancelled');
    const nested = p.jobs.filter((j) => j.parent_job_id === 'job-map');
    expect(nested.some((j) => j.status === 'cancelled')).toBe(true);
    expect(nested.filter((j) => j.status === 'running' || j.status === 'pending')).toEqual([]);
    expect(job(p, 'map').status).toBe('cancelled');
  });
});

describe.skipIf(agentSpecMissing !== undefined)('an official example', () => {
  serverTest('howto_mapnode: the MapNode summarises each article with its LlmNode (mocked), collected by append', async ({ server }) => {
    const document = readExample('howto_mapnode.json');
    await serve(server, { 'wfe.config.yaml': 'mocks:\n  agentspec.llm_node: "short"\n' });
    const started = await h!.call('POST', '/agentspec/flows/execute', { flow: document, inputs: { articles: ['one', 'two'] } });
    expect(started.status, started.text).toBe(200);
    const p = await finished(started.body.execution_id);
    expect(p.status).toBe('completed');
    const map = p.jobs.find((j) => j.node_label === 'map_node')!;
    expect(map.outputs).toMatchObject({ collected_summary: ['short', 'short'] });
    // In the subflow's node order (start, end, summarise), one run per article.
    expect(p.jobs.filter((j) => j.parent_job_id === map.id).map((j) => [j.node_label, j.status])).toEqual([
      ['map_node [0] › start_node', 'completed'],
      ['map_node [0] › end_node', 'completed'],
      ['map_node [0] › summarize_node', 'completed'],
      ['map_node [1] › start_node', 'completed'],
      ['map_node [1] › end_node', 'completed'],
      ['map_node [1] › summarize_node', 'completed'],
    ]);
  });
});
