// The editor's run side against a real server: playground conversations, branches, failures,
// interrupts, stopping, pipeline views.
import { describe, expect } from 'vitest';
import { eventually, type Harness } from './support/harness.js';
import { serverTest, type StartServer } from './support/server-fixture.js';
import { chatFlow, e, flow, n, reviewFlow, routerFlow } from './support/flows.js';
import { converse, pollUntilStopped, type Message } from './support/playground.js';

/** The server the running test started last (closed, with any other it started, by the serverTest fixture). */
let h: Harness | undefined;

const start = async (server: StartServer, files: Record<string, unknown>, stepDelayMs = 0) => {
  h = await server({ files, stepDelayMs });
  return h;
};
const pipelineOf = async (runId: string) => (await h!.call('GET', `/pipeline/${runId}`)).body;
const jobStatus = (pipeline: { jobs: Array<{ node_id: string; status: string }> }, nodeId: string) =>
  pipeline.jobs.find((j) => j.node_id === nodeId)?.status;

describe('a playground conversation, as the editor runs it', () => {
  serverTest('send → running at once → poll with since → the chat output becomes the assistant message', async ({ server }) => {
    await start(server, { 'chat.json': chatFlow('chat', { mockResponse: 'Hello from the mock' }) }, 20);
    const created = await h!.call('POST', '/workflows/chat/playground/sessions', { name: 'Session 1' });
    expect(created.status).toBe(201);
    const sessionId = created.body.data.id;
    expect(created.body.data).toMatchObject({ workflowId: 'chat', name: 'Session 1', status: 'idle' });

    const sent = await h!.call('POST', `/playground/sessions/${sessionId}/messages`, { content: 'Hi there', inputs: {} });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ role: 'user', content: 'Hi there', sequenceNumber: 1, status: 'pending' });
    // The first poll must not see idle, or the editor would stop polling before anything happened.
    const first = await h!.call('GET', `/playground/sessions/${sessionId}/messages`);
    expect(first.body.sessionStatus).toBe('running');

    const { messages, status } = await pollUntilStopped(h!, sessionId);
    expect(status).toBe('completed');
    const chat = messages.filter((m) => m.role !== 'log');
    expect(chat.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Hi there'],
      ['assistant', 'Hello from the mock'],
    ]);
    expect(chat[1].metadata.enableRun).toBeUndefined();
    expect(messages[messages.length - 1]).toMatchObject({
      role: 'log',
      content: expect.stringMatching(/^Run completed in \d+ ms$/),
      metadata: { enableRun: true },
    });
    expect(messages.some((m) => m.role === 'log' && /model completed/.test(m.content))).toBe(true);
    for (let i = 1; i < messages.length; i++) {
      expect(messages[i].sequenceNumber).toBe(messages[i - 1].sequenceNumber + 1);
      expect(Date.parse(messages[i].timestamp)).toBeGreaterThan(Date.parse(messages[i - 1].timestamp));
    }
    // since is strictly after: polling from the last message returns nothing new.
    const after = await h!.call(
      'GET',
      `/playground/sessions/${sessionId}/messages?since=${encodeURIComponent(messages[messages.length - 1].timestamp)}`,
    );
    expect(after.body.data).toEqual([]);
    expect(after.body.hasMore).toBe(false);

    const history = await h!.call('GET', '/workflows/chat/chat/messages');
    expect(history.body.data.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Hi there'],
      ['assistant', 'Hello from the mock'],
    ]);
  });

  serverTest('a second message sees the first turn as history; sending while running is 409', async ({ server }) => {
    await start(server, { 'chat.json': chatFlow('chat') }, 50);
    const { sessionId } = await converse(h!, 'chat', 'first question');
    const sent = await h!.call('POST', `/playground/sessions/${sessionId}/messages`, { content: 'second question' });
    expect(sent.status).toBe(200);
    const busy = await h!.call('POST', `/playground/sessions/${sessionId}/messages`, { content: 'too soon' });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe('CONFLICT');
    const { messages } = await pollUntilStopped(h!, sessionId);
    const replies = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    expect(replies[1]).toContain('second question');
    expect(replies[0]).toContain('first question');
  });

  serverTest('mocks in wfe.config.yaml answer by node type and by node id', async ({ server }) => {
    const byId = JSON.parse(JSON.stringify(chatFlow('b')).replaceAll('"model', '"special'));
    await start(server, {
      'a.json': chatFlow('a'),
      'b.json': byId,
      'wfe.config.yaml': 'mocks:\n  chat_model: "from the type mock"\n  special:\n    response: "from the node mock"\n',
    });
    expect((await converse(h!, 'a', 'x')).messages.find((m) => m.role === 'assistant')!.content).toBe('from the type mock');
    expect((await converse(h!, 'b', 'x')).messages.find((m) => m.role === 'assistant')!.content).toBe('from the node mock');
  });
});

describe('branches, failures and the canvas overlay', () => {
  serverTest('a gateway follows the matching branch or the default one; the other branch is skipped', async ({ server }) => {
    await start(server, { 'router.json': routerFlow('router') });
    const refund = await converse(h!, 'router', 'I want a REFUND please');
    expect(refund.messages.find((m) => m.role === 'assistant')!.content).toBe('Refund path');
    const p1 = await pipelineOf(refund.messages[0].executionId!);
    expect(jobStatus(p1, 'refundModel')).toBe('completed');
    expect(jobStatus(p1, 'otherModel')).toBe('skipped');
    expect(jobStatus(p1, 'otherOut')).toBe('skipped');
    expect(jobStatus(p1, 'end')).toBe('completed');
    expect(p1.jobs.find((j: { node_id: string }) => j.node_id === 'route').outputs.active_branches).toEqual(['refund']);

    const other = await converse(h!, 'router', 'hello');
    expect(other.messages.find((m) => m.role === 'assistant')!.content).toBe('Other path');
    const p2 = await pipelineOf(other.messages[0].executionId!);
    expect(jobStatus(p2, 'refundModel')).toBe('skipped');
    expect(jobStatus(p2, 'otherModel')).toBe('completed');
    expect(p2.job_status_summary).toMatchObject({ total: 8, completed: 6, skipped: 2, failed: 0 });
  });

  serverTest('config.mockError fails the node and the run; the editor sees the error on the node', async ({ server }) => {
    await start(server, { 'chat.json': chatFlow('chat', { mockError: 'model quota exceeded' }) });
    const { messages, status } = await converse(h!, 'chat', 'x');
    expect(status).toBe('failed');
    expect(messages.filter((m) => m.role === 'assistant').pop()!.content).toBe('The run failed: model quota exceeded');
    const p = await pipelineOf(messages[0].executionId!);
    expect(p.status).toBe('failed');
    expect(p.jobs.find((j: { node_id: string }) => j.node_id === 'model')).toMatchObject({
      status: 'failed',
      error_message: 'model quota exceeded',
    });
    expect(jobStatus(p, 'out')).toBe('cancelled');
    expect(p.node_statuses.model).toMatchObject({ status: 'failed', error: 'model quota exceeded' });

    const wf = (await h!.call('GET', '/workflows/chat')).body.data;
    const model = wf.nodes.find((x: { id: string }) => x.id === 'model');
    expect(model.data.executionInfo).toMatchObject({
      status: 'failed',
      executionCount: 1,
      isExecuting: false,
      lastError: 'model quota exceeded',
    });
    expect(typeof model.data.executionInfo.lastExecuted).toBe('string');
    expect(model.data.isProcessing).toBe(false);
    const input = wf.nodes.find((x: { id: string }) => x.id === 'in');
    expect(input.data.executionInfo).toMatchObject({ status: 'completed', executionCount: 1 });
  });

  serverTest('a cycle that is not a loop, or no start node, is refused with 422 and the reasons', async ({ server }) => {
    const cyclic = flow(
      'cyclic',
      [n('a', 'text_formatter'), n('b', 'text_formatter')],
      [e('a.trigger -> b.trigger'), e('b.trigger -> a.trigger')],
    );
    await start(server, { 'c.json': cyclic });
    const res = await h!.call('POST', '/workflows/cyclic/execute', {});
    expect(res.status).toBe(422);
    expect(res.body.details.errors[0]).toMatch(/^Cycle detected: 'a' \(a\) → 'b' \(b\) → 'a' \(a\)/);
    const session = (await h!.call('POST', '/workflows/cyclic/playground/sessions', {})).body.data.id;
    expect((await h!.call('POST', `/playground/sessions/${session}/messages`, { content: 'x' })).status).toBe(422);
    const empty = flow('empty', [n('note', 'note')], []);
    await h!.call('POST', '/workflows', empty);
    const none = await h!.call('POST', '/workflows/empty/execute', {});
    expect(none.status).toBe(422);
    expect(none.body.details.errors[0]).toMatch(/no nodes to run/);
  });

  serverTest('a loop over a list runs its body once per item; a runaway loop stops at --max-steps', async ({ server }) => {
    const loop = flow(
      'loop',
      [
        n('start', 'start'),
        n('in', 'text_input'),
        n('parse', 'json_parser'),
        n('each', 'for_each'),
        n('fmt', 'text_formatter', { operation: 'uppercase' }),
        n('out', 'text_output'),
        n('end', 'end'),
      ],
      [
        e('start.trigger -> in.trigger'),
        e('in.trigger -> parse.trigger'),
        e('in.text -> parse.text'),
        e('parse.trigger -> each.trigger'),
        e('parse.json -> each.items'),
        e('each.each -> fmt.trigger'),
        e('each.item -> fmt.text'),
        e('fmt.trigger -> each.loop_back', 'loopback'),
        e('each.done -> out.trigger'),
        e('each.results -> out.text'),
        e('out.trigger -> end.trigger'),
      ],
    );
    await start(server, { 'loop.json': loop });
    const run = await h!.call('POST', '/workflows/loop/execute', { inputs: { message: '["a","b","c"]' } });
    expect(run.status).toBe(202);
    const id = run.body.data.execution_id;
    const done = await eventually(async () => {
      const p = await pipelineOf(id);
      return p.status !== 'running' ? p : undefined;
    });
    expect(done.status).toBe('completed');
    expect(done.jobs.find((j: { node_id: string }) => j.node_id === 'fmt').execution_count).toBe(3);
    expect(done.jobs.find((j: { node_id: string }) => j.node_id === 'each').execution_count).toBe(4);
    expect(done.results.out).toEqual(['A', 'B', 'C']);

    const capped = await h!.call('POST', '/workflows/loop/execute', {
      inputs: { message: JSON.stringify(Array.from({ length: 50 }, (_, i) => i)) },
      options: { maxSteps: 20 },
    });
    const failed = await eventually(async () => {
      const p = await pipelineOf(capped.body.data.execution_id);
      return p.status !== 'running' ? p : undefined;
    });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/after 20 node executions/);
  });
});

describe('interrupts', () => {
  const confirmation = {
    interruptType: 'confirmation',
    message: 'Approve "{{ content }}"?',
    confirmLabel: 'Approve',
    cancelLabel: 'Reject',
  };

  /** A choice interrupt asking how to pay, with these options. */
  const payHow = (...options: Array<{ value: string; label: string }>) => ({ interruptType: 'choice', message: 'Pay how?', options });

  async function raise(server: StartServer, review: Record<string, unknown>) {
    await start(server, { 'review.json': reviewFlow('review', review) });
    const session = (await h!.call('POST', '/workflows/review/playground/sessions', {})).body.data.id;
    await h!.call('POST', `/playground/sessions/${session}/messages`, { content: 'refund 20 EUR' });
    const { messages, status } = await pollUntilStopped(h!, session);
    const prompt = messages.find((m) => m.metadata.type === 'interrupt_request')!;
    return { session, messages, status, prompt };
  }

  serverTest('pauses the run with an interrupt the editor can render, and resumes it when resolved', async ({ server }) => {
    const { session, status, prompt } = await raise(server, confirmation);
    expect(status).toBe('idle');
    expect(prompt.role).toBe('assistant');
    expect(prompt.content).toBe('Approve "refund 20 EUR"?');
    expect(prompt.metadata).toMatchObject({
      type: 'interrupt_request',
      interrupt_type: 'confirmation',
      node_id: 'review',
      execution_id: prompt.executionId,
      allow_cancel: true,
      allowCancel: true,
      confirm_label: 'Approve',
      cancel_label: 'Reject',
    });
    const id = prompt.metadata.interrupt_id;
    const detail = await h!.call('GET', `/interrupts/${id}`);
    expect(detail.body.data).toMatchObject({
      id,
      type: 'confirmation',
      status: 'pending',
      nodeId: 'review',
      allowCancel: true,
      config: { message: 'Approve "refund 20 EUR"?' },
    });
    expect((await h!.call('GET', `/playground/sessions/${session}/interrupts?status=pending`)).body.data).toHaveLength(1);
    expect((await h!.call('POST', `/playground/sessions/${session}/messages`, { content: 'again' })).status).toBe(409);

    const wrong = await h!.call('POST', `/interrupts/${id}`, { value: 'yes' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.field).toBe('value');

    const resolved = await h!.call('POST', `/interrupts/${id}`, { value: true });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ id, status: 'resolved', response: true });
    // The editor fetches once after resolving and does not poll again: the rest must already be there.
    const after = await h!.call('GET', `/playground/sessions/${session}/messages`);
    expect(after.body.sessionStatus).toBe('completed');
    expect(after.body.data.filter((m: Message) => m.role === 'assistant').pop().content).toBe('Approved path');
    expect((await h!.call('POST', `/interrupts/${id}`, { value: true })).status).toBe(409);
    expect((await h!.call('POST', `/interrupts/${id}/cancel`)).status).toBe(409);
  });

  serverTest(
    'answers are log entries carrying the interrupt id and value, never user bubbles or chat history turns',
    async ({ server }) => {
      const choice = await raise(
        server,
        payHow({ value: 'card', label: 'Card' }, { value: 'original_payment', label: 'Original payment' }),
      );
      const choiceId = choice.prompt.metadata.interrupt_id;
      expect((await h!.call('POST', `/interrupts/${choiceId}`, { value: 'original_payment' })).status).toBe(200);
      const afterResolve = (await h!.call('GET', `/playground/sessions/${choice.session}/messages`)).body.data as Message[];
      expect(afterResolve.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['refund 20 EUR']);
      const resolvedEntry = afterResolve.filter((m) => m.metadata.interrupt_id === choiceId && m.metadata.type !== 'interrupt_request');
      expect(resolvedEntry).toHaveLength(1);
      expect(resolvedEntry[0]).toMatchObject({
        role: 'log',
        parentMessageId: choice.prompt.id,
        nodeId: 'review',
        metadata: { interrupt_id: choiceId, interrupt_type: 'choice', interrupt_status: 'resolved', response_value: 'original_payment' },
      });
      expect(afterResolve.find((m) => m.id === choice.prompt.id)).toMatchObject({
        status: 'completed',
        metadata: { response_value: 'original_payment' },
      });
      const history = await h!.call('GET', `/workflows/review/chat/messages?sessionId=${choice.session}`);
      expect(history.body.data.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
        ['user', 'refund 20 EUR'],
        ['assistant', 'Approved path'],
      ]);

      const cancelled = await raise(server, confirmation);
      const confirmationId = cancelled.prompt.metadata.interrupt_id;
      expect((await h!.call('POST', `/interrupts/${confirmationId}/cancel`)).status).toBe(200);
      const afterCancel = (await h!.call('GET', `/playground/sessions/${cancelled.session}/messages`)).body.data as Message[];
      expect(afterCancel.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['refund 20 EUR']);
      expect(afterCancel.filter((m) => m.metadata.interrupt_id === confirmationId && m.metadata.type !== 'interrupt_request')).toEqual([
        expect.objectContaining({
          role: 'log',
          metadata: expect.objectContaining({ interrupt_id: confirmationId, interrupt_status: 'cancelled', response_value: null }),
        }),
      ]);
    },
  );

  serverTest('a cancelled interrupt takes the rejected path and answers with data', async ({ server }) => {
    const { session, prompt } = await raise(server, confirmation);
    const cancelled = await h!.call('POST', `/interrupts/${prompt.metadata.interrupt_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
    const after = await h!.call('GET', `/playground/sessions/${session}/messages`);
    expect(after.body.data.filter((m: Message) => m.role === 'assistant').pop().content).toBe('Rejected path');
  });

  serverTest('an interrupt unanswered for its timeoutSeconds is cancelled and takes the rejected path', async ({ server }) => {
    const { session, prompt } = await raise(server, { ...confirmation, timeoutSeconds: 1 });
    const id = prompt.metadata.interrupt_id;
    // The run goes on by itself once the timeout passes: wait for its end, not for a time.
    await eventually(async () => (await h!.call('GET', `/interrupts/${id}`)).body.data.status === 'cancelled', 10_000, 'the timeout');
    const { messages, status } = await pollUntilStopped(h!, session);
    expect(status).toBe('completed');
    expect(messages.filter((m) => m.role === 'assistant').pop()!.content).toBe('Rejected path');
    const logs = (await h!.call('GET', `/pipeline/${prompt.executionId}/logs`)).body.data as Array<{ message: string }>;
    expect(logs.map((l) => l.message)).toContain('Interrupt cancelled: no answer within 1 s (timeoutSeconds)');
  });

  serverTest('stopping a run that waits for an answer shows its prompt cancelled, as a cancel does', async ({ server }) => {
    const { session, prompt } = await raise(server, confirmation);
    expect(prompt.status).toBe('pending');
    expect((await h!.call('POST', `/playground/sessions/${session}/stop`)).status).toBe(200);
    const after = (await h!.call('GET', `/playground/sessions/${session}/messages`)).body.data as Message[];
    expect(after.find((m) => m.id === prompt.id)).toMatchObject({
      status: 'completed',
      metadata: { interrupt_id: prompt.metadata.interrupt_id, interrupt_status: 'cancelled', response_value: null },
    });
    expect((await h!.call('GET', `/interrupts/${prompt.metadata.interrupt_id}`)).body.data.status).toBe('cancelled');
  });

  serverTest('choice, text and form answers are checked against the interrupt', async ({ server }) => {
    const choice = await raise(server, payHow({ value: 'card', label: 'Card' }, { value: 'credit', label: 'Store credit' }));
    const id = choice.prompt.metadata.interrupt_id;
    expect(choice.prompt.metadata.options).toHaveLength(2);
    expect((await h!.call('POST', `/interrupts/${id}`, { value: 'cash' })).status).toBe(400);
    expect((await h!.call('POST', `/interrupts/${id}`, { value: 'credit' })).status).toBe(200);

    const text = await raise(server, { interruptType: 'text', message: 'Why?', minLength: 3 });
    expect((await h!.call('POST', `/interrupts/${text.prompt.metadata.interrupt_id}`, { value: 'no' })).body.details.message).toMatch(
      /value must NOT have fewer than 3 characters/,
    );

    const form = await raise(server, {
      interruptType: 'form',
      message: 'Details',
      formSchema: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
    });
    const formId = form.prompt.metadata.interrupt_id;
    const bad = await h!.call('POST', `/interrupts/${formId}`, { value: { amount: 'ten' } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.message).toMatch(/value\.amount must be number/);
    expect((await h!.call('POST', `/interrupts/${formId}`, { value: { amount: 10 } })).status).toBe(200);
  });
});

describe('stopping and the pipeline views', () => {
  serverTest('stop mid-run cancels the running and pending jobs, and nothing runs afterwards', async ({ server }) => {
    await start(server, { 'chat.json': chatFlow('chat') }, 300);
    const session = (await h!.call('POST', '/workflows/chat/playground/sessions', {})).body.data.id;
    const sent = await h!.call('POST', `/playground/sessions/${session}/messages`, { content: 'x' });
    const runId = sent.body.data.executionId;
    await eventually(async () => (await pipelineOf(runId)).jobs.some((j: { status: string }) => j.status === 'running'));
    const stop = await h!.call('POST', `/playground/sessions/${session}/stop`);
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ success: true, message: 'Execution stopped' });
    const stopped = await pipelineOf(runId);
    expect(stopped.status).toBe('cancelled');
    expect(stopped.jobs.filter((j: { status: string }) => j.status === 'running' || j.status === 'pending')).toEqual([]);
    expect(stopped.job_status_summary.cancelled).toBeGreaterThan(0);
    // Once the run's loop has ended nothing can change its jobs any more: wait for that, not for a time.
    await eventually(() => !h!.server.context.startedEngine()?.isActive(runId), 5000, 'the run loop to end');
    expect((await pipelineOf(runId)).jobs).toEqual(stopped.jobs);
    expect((await h!.call('GET', `/playground/sessions/${session}`)).body.data.status).toBe('idle');
    expect((await h!.call('POST', `/playground/sessions/${session}/stop`)).status).toBe(409);
    // Run again as a pipeline, a session's run would keep the session busy while it says it is idle.
    const rerun = await h!.call('POST', `/pipeline/${runId}/execute`, {});
    expect(rerun.status).toBe(409);
    expect(rerun.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: `Pipeline '${runId}' is a run of playground session '${session}': send a message to that session to run the workflow again`,
    });
    expect((await pipelineOf(runId)).status).toBe('cancelled');
    expect((await h!.call('POST', `/playground/sessions/${session}/messages`, { content: 'again' })).status).toBe(200);
  });

  serverTest('POST /execute and the pipeline routes: list, detail, status, logs, stop, re-run', async ({ server }) => {
    await start(server, { 'chat.json': chatFlow('chat') }, 150);
    const started = await h!.call('POST', '/execute', { workflowId: 'chat', inputs: { message: 'from the seed endpoint' } });
    expect(started.status).toBe(202);
    const data = started.body.data;
    expect(data).toMatchObject({ status: 'running', workflowId: 'chat' });
    expect(data.execution_id).toBe(data.pipeline_id);
    expect(data.id).toBe(data.execution_id);
    const id = data.execution_id;

    const running = await h!.call('GET', `/pipeline/${id}/status`);
    expect(running.body.data).toMatchObject({ id, status: 'running' });
    expect(running.body.data.progress).toBeLessThan(100);
    const stopped = await h!.call('POST', `/pipeline/${id}/stop`);
    expect(stopped.status).toBe(200);
    expect((await h!.call('POST', `/pipeline/${id}/stop`)).status).toBe(409);
    expect((await h!.call('POST', `/executions/${id}/cancel`)).status).toBe(409);

    const list = await h!.call('GET', '/workflow/chat/pipelines');
    expect(list.body.data).toEqual([expect.objectContaining({ id, workflow_id: 'chat', status: 'cancelled' })]);
    expect(list.body.pipelines).toEqual(list.body.data);
    expect((await h!.call('GET', '/executions?status=cancelled')).body.data.map((r: { id: string }) => r.id)).toEqual([id]);

    const rerun = await h!.call('POST', `/pipeline/${id}/execute`, { options: { timeout: 30 } });
    expect(rerun.status).toBe(202);
    expect(rerun.body.data).toMatchObject({ pipeline_id: id, status: 'running' });
    const done = await eventually(async () => {
      const p = await pipelineOf(id);
      return p.status === 'completed' ? p : undefined;
    }, 8000);
    expect(done.success).toBe(true);
    expect(done.data.status).toBe('completed');
    expect((await h!.call('GET', `/pipeline/${id}/status`)).body.data.progress).toBe(100);
    expect(done.results.out).toContain('from the seed endpoint');

    const logs = await h!.call('GET', `/pipeline/${id}/logs?level=info`);
    expect(logs.body.data.some((l: { message: string }) => l.message === 'Run completed')).toBe(true);
    const nodeLogs = await h!.call('GET', `/executions/${id}/logs?node_id=model`);
    expect(nodeLogs.body.data.length).toBeGreaterThan(0);
    expect(nodeLogs.body.data.every((l: { node_id: string }) => l.node_id === 'model')).toBe(true);
    expect((await h!.call('GET', '/pipeline/nope')).status).toBe(404);
    expect((await h!.call('POST', '/execute', {})).status).toBe(400);
    expect((await h!.call('POST', '/execute', { workflowId: 'nope' })).status).toBe(404);
  });

  serverTest('a run times out with options.timeout', async ({ server }) => {
    await start(server, { 'chat.json': chatFlow('chat') }, 300);
    const res = await h!.call('POST', '/workflows/chat/execute', { options: { timeout: 100 } });
    const failed = await eventually(async () => {
      const p = await pipelineOf(res.body.data.execution_id);
      return p.status !== 'running' ? p : undefined;
    });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/Timed out after 100 ms/);
  });
});
