// --runtime: runs delegated to an external Agent Spec runtime (here a fake one on loopback that speaks
// FlowDrop's reference API), mirrored into the same pipeline views and playground messages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect } from 'vitest';
import { chatFlow } from './support/flows.js';
import { eventually } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';
import { converse } from './support/playground.js';

interface FakeExecution {
  flow: { $referenced_components: Record<string, { name: string; component_type: string }> };
  inputs: Record<string, unknown>;
  polls: number;
  cancelled: boolean;
}

/** Reports the nodes running one poll at a time, then completes (or fails, for a flow named "fail"). */
function fakeRuntime(): Promise<{ url: string; executions: Map<string, FakeExecution>; server: Server }> {
  const executions = new Map<string, FakeExecution>();
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let text = '';
    req.on('data', (d) => (text += d));
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method === 'POST' && url === '/flows/execute') {
        const id = `exec-${executions.size + 1}`;
        executions.set(id, { ...(JSON.parse(text) as Omit<FakeExecution, 'polls' | 'cancelled'>), polls: 0, cancelled: false });
        return send(200, { execution_id: id, status: 'running' });
      }
      const match = /^\/executions\/([^/]+)(\/results|\/cancel)?$/.exec(url);
      const exec = match && executions.get(match[1]);
      if (!exec) return send(404, { detail: 'not found' });
      if (match![2] === '/cancel') {
        exec.cancelled = true;
        return send(200, { success: true });
      }
      const names = Object.values(exec.flow.$referenced_components)
        .filter((c) => c.component_type.endsWith('Node'))
        .map((c) => c.name);
      const done = exec.polls >= 2;
      if (match![2] === '/results')
        return done
          ? send(200, { execution_id: match![1], status: 'success', results: { answer: `remote answer to: ${exec.inputs.user_input}` } })
          : send(404, { detail: 'not finished' });
      exec.polls++;
      const failing = (exec.inputs.user_input as string) === 'fail';
      const status = exec.cancelled ? 'canceled' : done ? (failing ? 'error' : 'success') : 'executing';
      return send(200, {
        execution_id: match![1],
        status,
        ...(failing && done ? { error: 'the model refused' } : {}),
        node_statuses: Object.fromEntries(
          names.map((n, i) => [
            n,
            {
              status: done ? 'success' : i === 0 ? 'executing' : 'queued',
              execution_count: done ? 1 : 0,
              duration_ms: done ? 5 : undefined,
            },
          ]),
        ),
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, executions, server })),
  );
}

/** How often the server asks the fake runtime about a run: the default 500 ms is for a real runtime's pace. */
const POLL_MS = 20;
let runtime: Awaited<ReturnType<typeof fakeRuntime>> | undefined;
afterEach(() => {
  runtime?.server.close();
});

describe('--runtime', () => {
  serverTest(
    'exports the workflow, runs it on the runtime, mirrors node statuses and posts the result as the reply',
    async ({ server }) => {
      runtime = await fakeRuntime();
      const h = await server({ files: { 'chat.json': chatFlow('chat') }, runtimeUrl: runtime.url, runtimePollMs: POLL_MS, stepDelayMs: 0 });
      const { messages, status } = await converse(h, 'chat', 'hello runtime');
      expect(status).toBe('completed');
      expect(messages.find((m) => m.role === 'assistant')!.content).toBe('remote answer to: hello runtime');
      const exec = [...runtime.executions.values()][0];
      expect(exec.flow).toMatchObject({ component_type: 'Flow', agentspec_version: expect.any(String) });
      const p = (await h.call('GET', `/pipeline/${messages[0].executionId}`)).body;
      expect(p.status).toBe('completed');
      expect(p.jobs.every((j: { status: string }) => j.status === 'completed')).toBe(true);
      expect(p.results).toEqual({ answer: 'remote answer to: hello runtime' });
    },
  );

  serverTest('a failure on the runtime fails the run with its reason; an unreachable runtime says so', async ({ server }) => {
    runtime = await fakeRuntime();
    let h = await server({ files: { 'chat.json': chatFlow('chat') }, runtimeUrl: runtime.url, runtimePollMs: POLL_MS, stepDelayMs: 0 });
    const failed = await converse(h, 'chat', 'fail');
    expect(failed.status).toBe('failed');
    expect(failed.messages.filter((m) => m.role === 'assistant').pop()!.content).toMatch(/the model refused/);
    h = await server({
      files: { 'chat.json': chatFlow('chat') },
      runtimeUrl: 'http://127.0.0.1:9',
      runtimePollMs: POLL_MS,
      stepDelayMs: 0,
    });
    const res = await h.call('POST', '/workflows/chat/execute', {});
    const p = await eventually(async () => {
      const body = (await h.call('GET', `/pipeline/${res.body.data.execution_id}`)).body;
      return body.status === 'failed' ? body : undefined;
    });
    expect(p.error).toMatch(/cannot be reached/);
  });

  serverTest('stopping a run cancels it on the runtime', async ({ server }) => {
    runtime = await fakeRuntime();
    const h = await server({ files: { 'chat.json': chatFlow('chat') }, runtimeUrl: runtime.url, runtimePollMs: POLL_MS, stepDelayMs: 0 });
    const id = (await h.call('POST', '/workflows/chat/execute', { inputs: { message: 'x' } })).body.data.execution_id;
    await eventually(() => runtime!.executions.size === 1);
    expect((await h.call('POST', `/pipeline/${id}/stop`)).status).toBe(200);
    await eventually(() => [...runtime!.executions.values()][0]?.cancelled === true);
    expect((await h.call('GET', `/pipeline/${id}`)).body.status).toBe('cancelled');
  });
});
