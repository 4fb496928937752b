// A run never freezes the server. A loop head that is skipped (behind an untaken gateway
// branch, without a trigger, behind another loop's unused port, behind the review outcome not taken)
// used to re-queue itself through its loop_back edge forever, in microtasks, so the whole process hung.
// Each workflow here runs on a real server; the run must end and /health must answer during and after.
import { describe, expect } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import { e, flow, n } from './support/flows.js';
import { eventually, type Harness } from './support/harness.js';
import { serverTest, type StartServer } from './support/server-fixture.js';

/** The server of the running test (started by execute, closed by the serverTest fixture). */
let h: Harness | undefined;

interface Pipeline {
  status: string;
  error?: string;
  jobs: Array<{ node_id: string; status: string; execution_count: number }>;
}

async function healthy(): Promise<void> {
  const res = await h!.call('GET', '/health');
  expect(res.status).toBe(200);
}

/** Polls the run (and /health on every poll) until it is no longer running. */
async function ended(runId: string, timeoutMs = 10_000): Promise<Pipeline> {
  const pipeline = await eventually(
    async () => {
      await healthy();
      const p = (await h!.call('GET', `/pipeline/${runId}`)).body as Pipeline;
      return p.status !== 'running' && p.status !== 'pending' ? p : undefined;
    },
    timeoutMs,
    `run ${runId} to end`,
  );
  return pipeline!;
}

async function execute(server: StartServer, workflow: Workflow, body: Record<string, unknown> = {}): Promise<string> {
  h = await server({ files: { [`${workflow.id}.json`]: workflow }, stepDelayMs: 2 });
  const res = await h.call('POST', `/workflows/${workflow.id}/execute`, body);
  expect(res.status).toBe(202);
  return res.body.data.execution_id as string;
}

const statusOf = (p: Pipeline, nodeId: string) => p.jobs.find((j) => j.node_id === nodeId)?.status;

/** for_each `each` whose body is one text_formatter closing the loop. */
const loopNodes = (each = 'each', fmt = 'fmt') => [n(each, 'for_each'), n(fmt, 'text_formatter')];
const loopEdges = (each = 'each', fmt = 'fmt') => [
  e(`${each}.each -> ${fmt}.trigger`),
  e(`${each}.item -> ${fmt}.text`),
  e(`${fmt}.trigger -> ${each}.loop_back`),
];

describe('a skipped loop head ends the run', () => {
  serverTest('the reproduction: a for_each behind the gateway branch not taken', async ({ server }) => {
    const w = flow(
      'repro',
      [n('start', 'start'), n('router', 'conditional_router'), ...loopNodes(), n('end', 'end')],
      [e('start.trigger -> router.trigger'), e('router.match -> each.trigger'), e('router.default -> end.trigger'), ...loopEdges()],
    );
    const id = await execute(server, w);
    const p = await ended(id);
    expect(p.status).toBe('completed');
    expect(statusOf(p, 'each')).toBe('skipped');
    expect(statusOf(p, 'fmt')).toBe('skipped');
    expect(statusOf(p, 'end')).toBe('completed');
    await healthy();
  });

  serverTest('the reproduction from the playground', async ({ server }) => {
    const w = flow(
      'repro-chat',
      [
        n('start', 'start'),
        n('in', 'chat_input'),
        n('router', 'conditional_router'),
        ...loopNodes(),
        n('out', 'chat_output'),
        n('end', 'end'),
      ],
      [
        e('start.trigger -> in.trigger'),
        e('in.trigger -> router.trigger'),
        e('in.message -> router.value'),
        e('router.match -> each.trigger'),
        e('router.default -> out.trigger'),
        e('in.message -> out.message'),
        e('out.trigger -> end.trigger'),
        ...loopEdges(),
      ],
    );
    h = await server({ files: { 'repro-chat.json': w }, stepDelayMs: 2 });
    const session = (await h.call('POST', '/workflows/repro-chat/playground/sessions', {})).body.data.id as string;
    const sent = await h.call('POST', `/playground/sessions/${session}/messages`, { content: 'no' });
    expect(sent.status).toBe(200);
    const p = await ended(sent.body.data.executionId as string);
    expect(p.status).toBe('completed');
    const messages = (await h.call('GET', `/playground/sessions/${session}/messages`)).body;
    expect(messages.sessionStatus).toBe('completed');
    expect(messages.data.some((m: { role: string; content: string }) => m.role === 'assistant' && m.content === 'no')).toBe(true);
  });

  serverTest('a for_each with items wired but no edge into its trigger', async ({ server }) => {
    const w = flow(
      'no-trigger',
      [n('start', 'start'), n('in', 'chat_input'), n('parse', 'json_parser'), ...loopNodes(), n('out', 'text_output'), n('end', 'end')],
      [
        e('start.trigger -> in.trigger'),
        e('in.trigger -> parse.trigger'),
        e('in.message -> parse.text'),
        e('parse.json -> each.items'),
        e('each.done -> out.trigger'),
        e('each.results -> out.text'),
        e('parse.trigger -> end.trigger'),
        ...loopEdges(),
      ],
    );
    const id = await execute(server, w, { inputs: { message: '["a","b"]' } });
    const p = await ended(id);
    expect(['completed', 'failed']).toContain(p.status);
    await healthy();
  });

  serverTest('a for_each behind the unused port of another for_each', async ({ server }) => {
    const w = flow(
      'nested-port',
      [
        n('start', 'start'),
        n('in', 'chat_input'),
        n('parse', 'json_parser'),
        ...loopNodes('outer', 'fmt1'),
        ...loopNodes('inner', 'fmt2'),
        n('end', 'end'),
      ],
      [
        e('start.trigger -> in.trigger'),
        e('in.trigger -> parse.trigger'),
        e('in.message -> parse.text'),
        e('parse.trigger -> outer.trigger'),
        e('parse.json -> outer.items'),
        ...loopEdges('outer', 'fmt1'),
        e('outer.each -> inner.trigger'),
        ...loopEdges('inner', 'fmt2'),
        e('outer.done -> end.trigger'),
      ],
    );
    const id = await execute(server, w, { inputs: { message: '["a","b","c"]' } });
    const p = await ended(id);
    expect(p.status).toBe('completed');
    expect(p.jobs.find((j) => j.node_id === 'fmt1')?.execution_count).toBe(3);
    expect(statusOf(p, 'inner')).toBe('skipped');
    expect(statusOf(p, 'end')).toBe('completed');
  });

  serverTest('a for_each behind the review outcome not taken: approving answers, and the run ends', async ({ server }) => {
    const w = flow(
      'review-loop',
      [
        n('start', 'start'),
        n('review', 'human_review', { interruptType: 'confirmation', message: 'Go on?' }),
        ...loopNodes(),
        n('end', 'end'),
      ],
      [e('start.trigger -> review.trigger'), e('review.approved -> end.trigger'), e('review.rejected -> each.trigger'), ...loopEdges()],
    );
    const id = await execute(server, w);
    const interrupt = await eventually(async () => {
      await healthy();
      return (await h!.call('GET', `/pipelines/${id}/interrupts?status=pending`)).body.data[0] as { id: string } | undefined;
    });
    const approved = await h!.call('POST', `/interrupts/${interrupt!.id}`, { value: true });
    expect(approved.status).toBe(200);
    const p = await ended(id);
    expect(p.status).toBe('completed');
    expect(statusOf(p, 'each')).toBe('skipped');
    expect(statusOf(p, 'end')).toBe('completed');
  });
});

describe('runaway loops fail with an error that names the loop', () => {
  const listLoop = (id: string, extra: ReturnType<typeof e>[], eachConfig: Record<string, unknown> = {}) =>
    flow(
      id,
      [
        n('start', 'start'),
        n('in', 'chat_input'),
        n('parse', 'json_parser'),
        n('each', 'for_each', eachConfig),
        n('fmt', 'text_formatter'),
        n('out', 'text_output'),
        n('end', 'end'),
      ],
      [
        e('start.trigger -> in.trigger'),
        e('in.trigger -> parse.trigger'),
        e('in.message -> parse.text'),
        e('parse.trigger -> each.trigger'),
        e('parse.json -> each.items'),
        e('each.each -> fmt.trigger'),
        e('fmt.trigger -> each.loop_back'),
        e('each.done -> out.trigger'),
        e('out.trigger -> end.trigger'),
        ...extra,
      ],
    );

  serverTest("a loop's results wired back into its body fails at its first exit, naming the loop and the edge", async ({ server }) => {
    const id = await execute(server, listLoop('exit-into-body', [e('each.results -> fmt.text')]), {
      inputs: { message: '["a","b"]' },
      options: { maxSteps: 500 },
    });
    const p = await ended(id);
    expect(p.status).toBe('failed');
    expect(p.error).toMatch(/Loop 'each' \(each\): its exit 'results' leads back into its own body \(edge 'e:each\.results-fmt\.text'/);
    await healthy();
  });

  serverTest('the step budget names the loop that used it up', async ({ server }) => {
    const id = await execute(server, listLoop('budget', [e('each.item -> fmt.text'), e('each.results -> out.text')]), {
      inputs: { message: JSON.stringify(Array.from({ length: 50 }, (_, i) => i)) },
      options: { maxSteps: 20 },
    });
    const p = await ended(id);
    expect(p.status).toBe('failed');
    expect(p.error).toMatch(/after 20 node executions/);
    expect(p.error).toMatch(/loop 'each' \(each\)/);
  });

  serverTest('a loop head of any type stops at its own maxIterations', async ({ server }) => {
    const w = flow(
      'spin',
      [n('start', 'start'), n('spin', 'text_formatter', { maxIterations: 7 }), n('step', 'text_formatter'), n('end', 'end')],
      [
        e('start.trigger -> spin.trigger'),
        e('spin.trigger -> step.trigger'),
        e('step.trigger -> spin.trigger', 'loopback'),
        e('spin.text -> end.trigger'),
      ],
    );
    const id = await execute(server, w, { options: { maxSteps: 1000 } });
    const p = await ended(id);
    expect(p.status).toBe('failed');
    expect(p.error).toMatch(/Loop 'spin' \(spin\) .*maxIterations 7/);
    expect(p.jobs.find((j) => j.node_id === 'step')?.execution_count).toBe(7);
  });
});
