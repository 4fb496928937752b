// Run history survives restarts; a run cut off by a crash is closed with a clear reason.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect } from 'vitest';
import { startServeChild } from './support/cli.js';
import { chatFlow, reviewFlow } from './support/flows.js';
import { eventually, type Harness } from './support/harness.js';
import { testFolder, serverTest } from './support/server-fixture.js';
import { converse, pollUntilStopped, type Message } from './support/playground.js';

let h: Harness | undefined;
let dir: string;
// Servers are closed by the serverTest fixture (a test that restarts closes the first itself), then their folder.
afterEach(() => {
  h = undefined;
});

describe('restarts', () => {
  serverTest(
    'sessions, messages, pipelines, logs and the canvas overlay survive a restart; the conversation goes on',
    async ({ server }) => {
      dir = await testFolder();
      h = await server({ dir, stepDelayMs: 0, files: { 'chat.json': chatFlow('chat', { mockResponse: 'first answer' }) } });
      const first = await converse(h, 'chat', 'before the restart');
      const runId = first.messages[0].executionId!;
      const before = {
        messages: (await h.call('GET', `/playground/sessions/${first.sessionId}/messages`)).body.data,
        pipeline: (await h.call('GET', `/pipeline/${runId}`)).body,
        logs: (await h.call('GET', `/pipeline/${runId}/logs`)).body.data,
        workflow: (await h.call('GET', '/workflows/chat')).body.data,
      };
      await h.close();

      h = await server({ dir, stepDelayMs: 0 });
      expect((await h.call('GET', '/workflows/chat/playground/sessions')).body.data.map((s: { id: string }) => s.id)).toEqual([
        first.sessionId,
      ]);
      expect((await h.call('GET', `/playground/sessions/${first.sessionId}/messages`)).body.data).toEqual(before.messages);
      expect((await h.call('GET', `/pipeline/${runId}`)).body).toEqual(before.pipeline);
      expect((await h.call('GET', `/pipeline/${runId}/logs`)).body.data).toEqual(before.logs);
      expect((await h.call('GET', '/workflows/chat')).body.data).toEqual(before.workflow);
      expect((await h.call('GET', '/workflows/chat/chat/messages')).body.data.map((m: { content: string }) => m.content)).toEqual([
        'before the restart',
        'first answer',
      ]);

      await h.call('POST', `/playground/sessions/${first.sessionId}/messages`, { content: 'after the restart' });
      const { messages } = await pollUntilStopped(h, first.sessionId, [...before.messages]);
      const numbers = messages.map((m) => m.sequenceNumber);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
      expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['before the restart', 'after the restart']);
    },
  );

  serverTest('a run cut off by SIGKILL is marked failed with the reason; its session says so and can run again', async ({ server }) => {
    dir = await testFolder();
    await writeFile(join(dir, 'chat.json'), JSON.stringify(chatFlow('chat')));
    const child = await startServeChild([dir, '--no-watch', '--step-delay', '400']);
    const session = (await (
      await fetch(`${child.url}/workflows/chat/playground/sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      })
    ).json()) as { data: { id: string } };
    const sent = (await (
      await fetch(`${child.url}/playground/sessions/${session.data.id}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ content: 'cut me off' }),
      })
    ).json()) as { data: { executionId: string } };
    const runId = sent.data.executionId;
    await eventually(async () => {
      const p = (await (await fetch(`${child.url}/pipeline/${runId}`)).json()) as { job_status_summary: { completed: number } };
      return p.job_status_summary.completed >= 1;
    });
    child.child.kill('SIGKILL');
    await child.exited;

    h = await server({ dir, stepDelayMs: 0 });
    const p = (await h.call('GET', `/pipeline/${runId}`)).body;
    expect(p.status).toBe('failed');
    expect(p.error).toMatch(/^Interrupted: the server stopped before this run finished/);
    expect(p.jobs.filter((j: { status: string }) => j.status === 'running' || j.status === 'pending')).toEqual([]);
    expect(
      p.jobs.some((j: { status: string; error_message?: string }) => j.status === 'failed' && /^Interrupted/.test(j.error_message ?? '')),
    ).toBe(true);
    const messages = (await h.call('GET', `/playground/sessions/${session.data.id}/messages`)).body;
    expect(messages.sessionStatus).toBe('failed');
    expect(messages.data.pop().content).toMatch(/server restarted while this run was in progress/);

    const again = await h.call('POST', `/playground/sessions/${session.data.id}/messages`, { content: 'try again' });
    expect(again.status).toBe(200);
    expect((await pollUntilStopped(h, session.data.id)).status).toBe('completed');
  });

  serverTest('a pending interrupt does not outlive the run it belonged to', async ({ server }) => {
    dir = await testFolder();
    h = await server({
      dir,
      stepDelayMs: 0,
      files: { 'review.json': reviewFlow('review', { interruptType: 'confirmation', message: 'OK?' }) },
    });
    const { sessionId, messages } = await converse(h, 'review', 'x');
    const interruptId = messages.find((m) => m.metadata.type === 'interrupt_request')!.metadata.interrupt_id;
    await h.close();
    h = await server({ dir, stepDelayMs: 0 });
    const interrupt = (await h.call('GET', `/interrupts/${interruptId}`)).body.data;
    expect(interrupt.status).toBe('cancelled');
    expect((await h.call('POST', `/interrupts/${interruptId}`, { value: true })).status).toBe(409);
    expect((await h.call('GET', `/playground/sessions/${sessionId}`)).body.data.status).not.toBe('running');
    // The prompt an editor loads again shows it cancelled, not buttons that could only answer 409.
    const reloaded = (await h.call('GET', `/playground/sessions/${sessionId}/messages`)).body.data as Message[];
    expect(reloaded.find((m) => m.metadata.interrupt_id === interruptId)).toMatchObject({
      status: 'completed',
      metadata: { interrupt_status: 'cancelled', response_value: null },
    });
  });
});

describe('retention', () => {
  // 200 by default (test/run-history.test.ts); a server told 5 shows the same with 8 runs instead of 203.
  serverTest('keeps the newest finished runs of a workflow, files included', async ({ server }) => {
    const KEPT = 5;
    const RUNS = KEPT + 3;
    dir = await testFolder();
    h = await server({ dir, stepDelayMs: 0, runsKeptPerWorkflow: KEPT, files: { 'chat.json': chatFlow('chat') } });
    const ids: string[] = [];
    for (let i = 0; i < RUNS; i++) ids.push((await h.call('POST', '/workflows/chat/execute', {})).body.data.execution_id);
    await eventually(async () => (await h!.call('GET', `/pipeline/${ids[RUNS - 1]}`)).body.status === 'completed');
    await eventually(
      async () => (await h!.call('GET', '/executions?workflow_id=chat&limit=1')).headers.get('x-total-count') === String(KEPT),
    );
    for (const id of ids.slice(0, RUNS - KEPT)) expect((await h.call('GET', `/pipeline/${id}`)).status).toBe(404);
    for (const id of ids.slice(RUNS - KEPT)) expect((await h.call('GET', `/pipeline/${id}`)).status).toBe(200);
    await h.close();
    h = undefined;
    const files = await import('node:fs/promises').then((fs) => fs.readdir(join(dir, '.wfe', 'runs')));
    expect(files.filter((f) => f.endsWith('.json')).sort()).toEqual(
      ids
        .slice(RUNS - KEPT)
        .map((id) => `${id}.json`)
        .sort(),
    );
  });
});
