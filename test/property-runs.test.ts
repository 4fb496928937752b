// A run never freezes the server, as a property: for any workflow built from the catalog (random DAGs, for_each loops with
// loop_back edges from anywhere downstream, gateways whose branches go untaken, interrupts answered,
// rejected, cancelled or stopped, nodes that fail), every run ends within its step budget, leaves no
// job running, and /health answers throughout. Seeded: a failure prints the seed and path to replay it
// (WFE_FUZZ_SEED, and fast-check's `path`). `npm run fuzz` runs it long (WFE_FUZZ_RUNS=2000).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_NODE_TYPES } from '../src/catalog/builtin-node-types.js';
import type { Workflow, WorkflowEdge, WorkflowNode } from '../src/contract/types.js';
import { e, flow, n } from './support/flows.js';
import { eventually, startServer, type Harness } from './support/harness.js';

const RUNS = Number(process.env.WFE_FUZZ_RUNS ?? 40);
const SEED = Number(process.env.WFE_FUZZ_SEED ?? 2026_0121);
/** Only a guard against a hung test: a healthy run of these sizes ends in well under a second. */
const RUN_DEADLINE_MS = 15_000;

const FLOWDROP_TYPES = BUILTIN_NODE_TYPES.filter(
  (t) => t.formats?.includes('flowdrop') && !['start', 'note', 'chat_input'].includes(t.id),
).map((t) => t.id);

/** The value about one time in `oneIn`, else null. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

/** Loops, gateways and interrupts more often than the rest of the catalog. */
const nodeType = fc.oneof(
  { weight: 4, arbitrary: fc.constant('for_each') },
  { weight: 3, arbitrary: fc.constant('conditional_router') },
  { weight: 2, arbitrary: fc.constant('human_review') },
  { weight: 6, arbitrary: fc.constantFrom(...FLOWDROP_TYPES) },
);

const spec = fc.record({
  message: fc.constantFrom('yes', 'no', '["a","b","c"]', '[1,2]', '[]', 'not json'),
  types: fc.array(nodeType, { minLength: 1, maxLength: 9 }),
  spine: fc.array(fc.nat(), { minLength: 9, maxLength: 9 }),
  extra: fc.array(fc.record({ to: fc.nat(), from: fc.nat(), out: fc.nat(), in: fc.nat() }), { maxLength: 14 }),
  loops: fc.array(fc.record({ head: fc.nat(), tail: fc.nat(), out: fc.nat() }), { maxLength: 4 }),
  review: fc.constantFrom('confirmation', 'choice', 'text'),
  failing: sometimes(fc.nat(), 8),
  answers: fc.array(fc.constantFrom('approve', 'reject', 'cancel', 'stop'), { minLength: 1, maxLength: 6 }),
  stopAfterPolls: sometimes(fc.integer({ min: 1, max: 6 }), 10),
  maxSteps: fc.integer({ min: 5, max: 400 }),
});
type Spec = typeof spec extends fc.Arbitrary<infer T> ? T : never;

const outputsOf = (node: WorkflowNode): string[] =>
  node.data.metadata.id === 'conditional_router'
    ? (node.data.config.branches ?? []).map((b) => b.name)
    : (node.data.metadata.outputs ?? []).map((p) => p.id);
const inputsOf = (node: WorkflowNode): string[] => (node.data.metadata.inputs ?? []).map((p) => p.id).filter((id) => id !== 'loop_back');
const pick = <T>(list: T[], i: number): T | undefined => (list.length === 0 ? undefined : list[i % list.length]);

/** start → chat_input → the generated nodes; every edge goes forward, except loop_back edges. */
function build(s: Spec): Workflow {
  const nodes: WorkflowNode[] = [n('start', 'start'), n('in', 'chat_input', {}, 200)];
  s.types.forEach((type, i) => {
    const config: Record<string, unknown> = type === 'human_review' ? { interruptType: s.review, message: 'Go on?' } : {};
    if (s.failing !== null && s.failing % s.types.length === i) config.mockError = `generated failure in n${i}`;
    nodes.push(n(`n${i}`, type, config, 400 + 200 * i));
  });
  const edges = new Map<string, WorkflowEdge>();
  const connect = (from: WorkflowNode, out: string | undefined, to: WorkflowNode, input: string | undefined, edgeType?: string) => {
    if (out === undefined || input === undefined) return;
    const edge = e(`${from.id}.${out} -> ${to.id}.${input}`, edgeType);
    edges.set(edge.id, edge);
  };
  connect(nodes[0], 'trigger', nodes[1], 'trigger');
  for (let i = 2; i < nodes.length; i++) {
    const from = nodes[s.spine[i - 2] % i];
    const to = nodes[i];
    const inputs = inputsOf(to);
    connect(from, pick(outputsOf(from), s.spine[i - 2]), to, inputs.includes('trigger') ? 'trigger' : pick(inputs, 0));
    // Values to work on: the chat message into the first data input.
    const data = inputs.filter((p) => p !== 'trigger');
    if (data.length > 0 && s.spine[i - 2] % 3 === 0) connect(nodes[1], 'message', to, data[0]);
  }
  for (const x of s.extra) {
    const to = 2 + (x.to % (nodes.length - 2));
    const from = nodes[x.from % to];
    connect(from, pick(outputsOf(from), x.out), nodes[to], pick(inputsOf(nodes[to]), x.in));
  }
  for (const loop of s.loops) {
    const head = 2 + (loop.head % (nodes.length - 2));
    const tail = nodes[head + (loop.tail % (nodes.length - head))];
    const headNode = nodes[head];
    // for_each closes its loop by its loop_back port; any other head by an edge declared as loopback.
    if (headNode.data.metadata.id === 'for_each') connect(tail, pick(outputsOf(tail), loop.out), headNode, 'loop_back');
    else if (inputsOf(headNode).includes('trigger') && tail !== headNode)
      connect(tail, pick(outputsOf(tail), loop.out), headNode, 'trigger', 'loopback');
  }
  return flow('generated', nodes, [...edges.values()]);
}

interface Pipeline {
  status: string;
  error?: string;
  jobs: Array<{ node_id: string; status: string; execution_count: number }>;
}

let h: Harness;
beforeAll(async () => {
  h = await startServer({ stepDelayMs: 0 });
});
afterAll(async () => {
  await h.close();
});

async function healthy(): Promise<void> {
  const res = await h.call('GET', '/health');
  if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
}

function answerFor(type: string, decision: string): { path: string; body?: unknown } {
  if (decision === 'cancel') return { path: 'cancel' };
  const approve = decision === 'approve';
  const value = type === 'confirmation' ? approve : type === 'choice' ? (approve ? 'yes' : 'no') : approve ? 'fine' : 'no thanks';
  return { path: '', body: { value } };
}

/** Runs one generated workflow to its end, answering interrupts as the spec says. */
async function runToEnd(workflow: Workflow, s: Spec): Promise<{ id: string; run: Pipeline }> {
  const started = await h.call('POST', '/execute', { workflow, inputs: { message: s.message }, options: { maxSteps: s.maxSteps } });
  if (started.status !== 202) throw new Error(`POST /execute: ${started.status} ${started.text}`);
  const id = started.body.data.execution_id as string;
  const answers = [...s.answers];
  const deadline = Date.now() + RUN_DEADLINE_MS;
  for (let polls = 1; ; polls++) {
    await healthy();
    const run = (await h.call('GET', `/pipeline/${id}`)).body as Pipeline;
    if (['completed', 'failed', 'cancelled'].includes(run.status)) return { id, run };
    if (Date.now() > deadline) throw new Error(`run ${id} still ${run.status} after ${RUN_DEADLINE_MS} ms`);
    if (polls === s.stopAfterPolls) {
      const stopped = await h.call('POST', `/executions/${id}/cancel`);
      if (stopped.status !== 200 && stopped.status !== 409) throw new Error(`cancel: ${stopped.status} ${stopped.text}`);
      continue;
    }
    const pending = (await h.call('GET', `/pipelines/${id}/interrupts?status=pending`)).body.data as Array<{ id: string; type: string }>;
    if (pending.length === 0) {
      await new Promise((r) => setImmediate(r));
      continue;
    }
    const decision = answers.shift() ?? 'stop';
    if (decision === 'stop') {
      const stopped = await h.call('POST', `/executions/${id}/cancel`);
      if (stopped.status !== 200) throw new Error(`cancel while waiting: ${stopped.status} ${stopped.text}`);
      continue;
    }
    const { path, body } = answerFor(pending[0].type, decision);
    const answered = await h.call('POST', `/interrupts/${pending[0].id}${path ? `/${path}` : ''}`, body);
    if (answered.status !== 200) throw new Error(`answer ${decision}: ${answered.status} ${answered.text}`);
  }
}

describe('generated workflows', () => {
  it(`every run ends within its step budget and /health answers throughout (${RUNS} runs, seed ${SEED})`, async () => {
    const outcomes: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(spec, async (s) => {
        const workflow = build(s);
        const { id, run } = await runToEnd(workflow, s);
        outcomes[run.status] = (outcomes[run.status] ?? 0) + 1;
        // The stored record counts node executions (job counts also include tool calls).
        const stored = await eventually(
          async () => {
            const record = JSON.parse(await readFile(join(h.dir, '.wfe', 'runs', `${id}.json`), 'utf8')) as {
              status: string;
              steps: number;
            };
            return record.status === run.status ? record : undefined;
          },
          5000,
          `the record of ${id} on disk`,
        );
        expect(stored!.steps).toBeLessThanOrEqual(s.maxSteps);
        expect(run.jobs.filter((j) => j.status === 'running' || j.status === 'pending')).toEqual([]);
        if (run.status === 'failed') expect(run.error).toBeTruthy();
        expect((await h.call('GET', `/pipelines/${id}/interrupts?status=pending`)).body.data).toEqual([]);
        await healthy();
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The generator reaches all three endings, so the property does not hold on one kind of run only.
    if (RUNS >= 20) expect(Object.keys(outcomes).sort()).toEqual(['cancelled', 'completed', 'failed']);
    console.log(`property-runs: ${RUNS} runs, seed ${SEED}: ${JSON.stringify(outcomes)}`);
  }, 600_000);
});
