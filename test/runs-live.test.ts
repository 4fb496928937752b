// Live runs (`wfe serve --live`, `runs:` of wfe.config.yaml) against a fake OpenAI-compatible server on
// loopback: real HTTP from the real engine through the official client; nothing of the client is
// replaced. Without --live nothing leaves the machine; with it, model nodes call the endpoint their config
// names, with the key from the environment variable runs.keys names, and that key shows up nowhere else.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect } from 'vitest';
import { agentSpecToWorkflow } from '../src/agentspec/from-agentspec.js';
import type { ServeOptions } from '../src/server/options.js';
import { startFakeOpenAI, type FakeOpenAI } from './support/fake-openai.js';
import { chatFlow, e } from './support/flows.js';
import { eventually, type Harness } from './support/harness.js';
import { serverTest, type StartServer } from './support/server-fixture.js';
import { pollUntilStopped } from './support/playground.js';

type Obj = Record<string, unknown>;

let h: Harness | undefined;
let fake: FakeOpenAI | undefined;
const envNames: string[] = [];
// Servers are closed by the serverTest fixture; the fake endpoint and the environment here.
afterEach(async () => {
  await fake?.close();
  h = undefined;
  fake = undefined;
  for (const name of envNames.splice(0)) delete process.env[name];
});

/** A uniquely named environment variable holding `value`, removed after the test. */
function envVar(value: string): string {
  const name = `WFE_LIVE_TEST_${process.pid}_${envNames.length}_${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  process.env[name] = value;
  envNames.push(name);
  return name;
}

async function serve(server: StartServer, options: { live?: boolean; config?: string } = {}): Promise<Harness> {
  fake ??= await startFakeOpenAI();
  const serveOptions: Partial<ServeOptions> & { files: Record<string, unknown> } = {
    stepDelayMs: 0,
    files: options.config === undefined ? {} : { 'wfe.config.yaml': options.config },
  };
  if (options.live) serveOptions.live = true;
  h = await server(serveOptions);
  return h;
}

/** start(question) → LlmNode "ask" (its VllmConfig names the fake server) → OutputMessageNode → end. */
function askFlow(url: string, extra: Obj = {}): Obj {
  const s = {
    component_type: 'StartNode',
    id: 'start',
    name: 'start',
    inputs: [{ title: 'question', type: 'string' }],
    outputs: [{ title: 'question', type: 'string' }],
  };
  const ask = {
    component_type: 'LlmNode',
    id: 'ask',
    name: 'ask',
    llm_config: {
      component_type: 'VllmConfig',
      id: 'llm',
      name: 'llm',
      url,
      model_id: 'fake-model',
      default_generation_parameters: { temperature: 0.2, max_tokens: 50 },
    },
    prompt_template: 'Q: {{question}}',
    inputs: [{ title: 'question', type: 'string' }],
    outputs: [{ title: 'generated_text', type: 'string' }],
    ...extra,
  };
  const say = {
    component_type: 'OutputMessageNode',
    id: 'say',
    name: 'say',
    message: '{{text}}',
    inputs: [{ title: 'text', type: 'string' }],
  };
  const e = { component_type: 'EndNode', id: 'end', name: 'end', inputs: [], outputs: [] };
  const edge = (i: number, from: Obj, to: Obj) => ({
    component_type: 'ControlFlowEdge',
    id: `c${i}`,
    name: `c${i}`,
    from_node: from,
    from_branch: null,
    to_node: to,
  });
  const data = (i: number, from: Obj, out: string, to: Obj, input: string) => ({
    component_type: 'DataFlowEdge',
    id: `d${i}`,
    name: `d${i}`,
    source_node: from,
    source_output: out,
    destination_node: to,
    destination_input: input,
  });
  return {
    component_type: 'Flow',
    id: 'ask-flow',
    name: 'ask-flow',
    start_node: s,
    nodes: [s, ask, say, e],
    control_flow_connections: [edge(0, s, ask), edge(1, ask, say), edge(2, say, e)],
    data_flow_connections: [data(0, s, 'question', ask, 'question'), data(1, ask, 'generated_text', say, 'text')],
  };
}

async function store(document: Obj): Promise<string> {
  const workflow = agentSpecToWorkflow(document, { now: '2026-01-01T00:00:00.000Z' });
  const res = await h!.call('POST', '/workflows', workflow);
  expect(res.status, res.text).toBe(201);
  return workflow.id;
}

interface Job {
  node_id: string;
  status: string;
  outputs?: any;
  progress?: any;
  error_message?: string;
}
interface Pipeline {
  status: string;
  error?: string;
  jobs: Job[];
}

async function runToEnd(workflowId: string, inputs: Obj = {}): Promise<Pipeline> {
  const started = await h!.call('POST', `/workflows/${workflowId}/execute`, { inputs });
  expect(started.status, started.text).toBe(202);
  const runId: string = started.body.data?.execution_id ?? started.body.execution_id;
  const done = await eventually(async () => {
    const p: Pipeline = (await h!.call('GET', `/pipeline/${runId}`)).body;
    return ['completed', 'failed', 'cancelled'].includes(p.status) ? p : undefined;
  }, 20_000);
  if (!done) throw new Error('the run did not finish');
  return done;
}

const job = (p: Pipeline, id: string): Job => p.jobs.find((j) => j.node_id === id)!;

async function conversation(workflowId: string, content: string) {
  const sessionId: string = (await h!.call('POST', `/workflows/${workflowId}/playground/sessions`, {})).body.data.id;
  expect((await h!.call('POST', `/playground/sessions/${sessionId}/messages`, { content })).status).toBe(200);
  return { sessionId, ...(await pollUntilStopped(h!, sessionId, [], 20_000)) };
}

describe('without --live', () => {
  serverTest('nothing leaves the machine: the model node answers with its simulated reply', async ({ server }) => {
    await serve(server, { config: 'runs:\n  keys:\n    openai: SOME_KEY\n' });
    const id = await store(askFlow(fake!.url));
    const p = await runToEnd(id, { question: 'ping' });
    expect(p.status).toBe('completed');
    expect(job(p, 'ask').outputs.generated_text).toMatch(/ mock\] You said: Q: ping$/);
    expect(fake!.requests).toEqual([]);
  });
});

describe('--live model calls', () => {
  serverTest(
    'an Agent Spec LlmNode calls the endpoint its VllmConfig names, with its model and generation parameters',
    async ({ server }) => {
      await serve(server, { live: true, config: 'runs:\n  stream: false\n' });
      const id = await store(askFlow(fake!.url));
      const p = await runToEnd(id, { question: 'ping' });
      expect(p.status, p.error).toBe('completed');
      expect(fake!.requests).toHaveLength(1);
      const [request] = fake!.requests;
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.body).toMatchObject({
        model: 'fake-model',
        temperature: 0.2,
        max_tokens: 50,
        messages: [{ role: 'user', content: 'Q: ping' }],
      });
      expect(request.body.stream).toBeUndefined();
      // No key is configured for it: the client's placeholder, never an OPENAI_API_KEY of the environment.
      expect(request.headers.authorization).toBe('Bearer no-key');
      const ask = job(p, 'ask');
      expect(ask.outputs).toMatchObject({
        generated_text: 'echo: Q: ping',
        usage: { promptTokens: 2, completionTokens: 3, totalTokens: 5 },
        endpoint: `${fake!.url}/v1`,
        model: 'fake-model',
      });
      expect(ask.outputs.latency_ms).toBeGreaterThanOrEqual(0);
      expect(job(p, 'say').outputs.value).toBe('echo: Q: ping');
    },
  );

  serverTest(
    'in the playground a streamed answer is posted once, complete; progress and token counts go to the job and the log',
    async ({ server }) => {
      await serve(server, { live: true });
      fake!.script({ text: 'one two three four five', delayMs: 5 });
      const id = await store(askFlow(fake!.url));
      const { messages, status } = await conversation(id, 'count');
      expect(status).toBe('completed');
      expect(fake!.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      const replies = messages.filter((m) => m.role === 'assistant');
      expect(replies.map((m) => m.content)).toEqual(['one two three four five']);
      const answered = messages.filter((m) => m.role === 'log' && m.content.startsWith('fake-model at '));
      expect(answered.map((m) => m.content.replace(/\d+ ms$/, 'N ms'))).toEqual([
        `fake-model at ${fake!.url}/v1 answered 5 tokens in N ms`,
      ]);
      const p: Pipeline = (await h!.call('GET', `/pipeline/${replies[0].executionId}`)).body;
      expect(job(p, 'ask').progress).toEqual({ endpoint: `${fake!.url}/v1`, model: 'fake-model', tokens_received: 5, tool_calls: 0 });
    },
  );

  serverTest(
    'a FlowDrop chat_model calls the base URL its config names, with its system prompt and the chat history',
    async ({ server }) => {
      await serve(server, { live: true });
      const model = {
        provider: 'vllm',
        baseUrl: fake!.url,
        model: 'llama-3.1-8b-instruct',
        systemPrompt: 'Be brief.',
        temperature: 0.5,
        maxTokens: 20,
      };
      const workflow = chatFlow('chat', model);
      workflow.edges.push(e('in.history -> model.history'));
      const created = await h!.call('POST', '/workflows', workflow);
      expect(created.status, created.text).toBe(201);
      const { sessionId, messages, status } = await conversation('chat', 'hello there');
      expect(status).toBe('completed');
      expect(fake!.requests[0].body).toMatchObject({
        model: 'llama-3.1-8b-instruct',
        temperature: 0.5,
        max_tokens: 20,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hello there' },
        ],
      });
      expect(messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['echo: hello there']);
      expect((await h!.call('POST', `/playground/sessions/${sessionId}/messages`, { content: 'and again' })).status).toBe(200);
      const second = await pollUntilStopped(h!, sessionId, [...messages], 20_000);
      expect(second.status).toBe('completed');
      expect(fake!.requests[1].body.messages).toEqual([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hello there' },
        { role: 'assistant', content: 'echo: hello there' },
        { role: 'user', content: 'and again' },
      ]);
    },
  );

  serverTest('retries 429 and 5xx with backoff, then answers', async ({ server }) => {
    await serve(server, { live: true, config: 'runs:\n  retries: 2\n' });
    fake!.script(
      { status: 503, error: 'warming up', headers: { 'retry-after-ms': '10' } },
      { status: 429, error: 'slow down', headers: { 'retry-after-ms': '10' } },
    );
    const id = await store(askFlow(fake!.url));
    const p = await runToEnd(id, { question: 'again' });
    expect(p.status, p.error).toBe('completed');
    expect(fake!.requests).toHaveLength(3);
    expect(job(p, 'ask').outputs.generated_text).toBe('echo: Q: again');
  });

  serverTest('a failed call fails the node with the endpoint and the provider’s message', async ({ server }) => {
    await serve(server, { live: true, config: 'runs:\n  retries: 1\n' });
    fake!.fallback = { status: 429, error: 'quota exceeded for fake-model', headers: { 'retry-after-ms': '10' } };
    const id = await store(askFlow(fake!.url));
    const p = await runToEnd(id, { question: 'x' });
    expect(p.status).toBe('failed');
    const message = `the vllm endpoint ${fake!.url}/v1 (model fake-model) failed: 429 quota exceeded for fake-model`;
    expect(job(p, 'ask')).toMatchObject({ status: 'failed', error_message: message });
    expect(p.error).toBe(message);
    expect(fake!.requests).toHaveLength(2);

    fake!.fallback = { status: 400, error: 'unknown model' };
    const q = await runToEnd(id, { question: 'x' });
    expect(job(q, 'ask').error_message).toBe(`the vllm endpoint ${fake!.url}/v1 (model fake-model) failed: 400 unknown model`);
    expect(fake!.requests).toHaveLength(3);
  });

  serverTest('a slow answer past runs.timeoutMs fails the node; stopping a run aborts the request under way', async ({ server }) => {
    await serve(server, { live: true, config: 'runs:\n  timeoutMs: 150\n  retries: 0\n' });
    fake!.fallback = { delayMs: 5_000 };
    const id = await store(askFlow(fake!.url));
    const timedOut = await runToEnd(id, { question: 'slow' });
    expect(timedOut.status).toBe('failed');
    expect(job(timedOut, 'ask').error_message).toBe(`the vllm endpoint ${fake!.url}/v1 (model fake-model) failed: Request timed out.`);

    await h!.close();
    h = undefined;
    await serve(server, { live: true, config: 'runs:\n  retries: 0\n' });
    const again = await store(askFlow(fake!.url));
    const runId = (await h!.call('POST', `/workflows/${again}/execute`, { inputs: { question: 'slow' } })).body.data.execution_id;
    await eventually(() => fake!.requests.length === 2);
    expect((await h!.call('POST', `/executions/${runId}/cancel`)).status).toBe(200);
    const p: Pipeline = (await h!.call('GET', `/pipeline/${runId}`)).body;
    expect(p.status).toBe('cancelled');
    expect(job(p, 'ask').status).toBe('cancelled');
    await eventually(() => fake!.requests[1].abandoned);
  });

  serverTest('an LlmNode with several outputs asks for a JSON object and gives each output its field', async ({ server }) => {
    await serve(server, { live: true, config: 'runs:\n  stream: false\n' });
    fake!.script({ text: '{"generated_text": "fine", "mood": "calm"}' });
    const id = await store(
      askFlow(fake!.url, {
        outputs: [
          { title: 'generated_text', type: 'string' },
          { title: 'mood', type: 'string' },
        ],
      }),
    );
    const p = await runToEnd(id, { question: 'how?' });
    expect(p.status, p.error).toBe('completed');
    expect(fake!.requests[0].body.response_format).toEqual({ type: 'json_object' });
    expect(fake!.requests[0].body.messages[0]).toEqual({
      role: 'system',
      content: 'Answer with one JSON object whose keys are: generated_text, mood.',
    });
    expect(job(p, 'ask').outputs).toMatchObject({ generated_text: 'fine', mood: 'calm' });
  });
});

describe('keys', () => {
  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  }

  serverTest(
    'the key comes from the environment variable runs.keys names, is sent to that endpoint, and appears in no file, log line or response',
    async ({ server }) => {
      const key = `sk-live-test-${Math.random().toString(36).slice(2)}-secret`;
      const variable = envVar(key);
      fake = await startFakeOpenAI();
      await serve(server, { live: true, config: `runs:\n  keys:\n    "${fake.url}": ${variable}\n` });
      const id = await store(askFlow(fake.url));
      const responses: string[] = [];
      const call = async (method: string, path: string, body?: unknown) => {
        const res = await h!.call(method, path, body);
        responses.push(res.text, JSON.stringify([...res.headers]));
        return res;
      };
      // One conversation that succeeds, one run whose provider echoes the key back in its error.
      const { sessionId, status } = await conversation(id, 'secret?');
      expect(status).toBe('completed');
      expect(fake.requests[0].headers.authorization).toBe(`Bearer ${key}`);
      fake.fallback = { status: 401, error: `Incorrect API key provided: ${key}` };
      const failed = await runToEnd(id, { question: 'again' });
      expect(job(failed, 'ask').error_message).toBe(
        `the vllm endpoint ${fake.url}/v1 (model fake-model) failed: 401 Incorrect API key provided: [key]`,
      );

      const runs = (await call('GET', '/executions')).body.data as Array<{ id: string }>;
      for (const run of runs) {
        await call('GET', `/pipeline/${run.id}`);
        await call('GET', `/executions/${run.id}/logs`);
        await call('GET', `/pipeline/${run.id}/interrupts`);
      }
      await call('GET', `/playground/sessions/${sessionId}/messages`);
      await call('GET', `/workflows/${id}`);
      await call('GET', '/workflows');
      await call('GET', `/workflows/${id}/chat/messages`);
      await h!.server.close();
      const files = await filesUnder(h!.dir);
      expect(files.some((f) => f.includes(`${join('.wfe', 'runs')}`))).toBe(true);
      for (const file of files) expect(await readFile(file, 'utf8'), file).not.toContain(key);
      for (const line of h!.logs) expect(line).not.toContain(key);
      for (const text of responses) expect(text).not.toContain(key);
      expect(h!.logs.join('\n')).not.toContain(key);
    },
  );

  serverTest(
    'a provider key is sent only to that provider’s own endpoint; a key named but not set fails the node naming the variable',
    async ({ server }) => {
      const variable = envVar('sk-provider-key-value');
      await serve(server, { live: true, config: `runs:\n  keys:\n    vllm: ${variable}\n    openai: ${variable}\n` });
      const id = await store(askFlow(fake!.url));
      const p = await runToEnd(id, { question: 'who?' });
      expect(p.status, p.error).toBe('completed');
      expect(fake!.requests[0].headers.authorization).toBe('Bearer no-key');

      await h!.close();
      h = undefined;
      await serve(server, { live: true, config: `runs:\n  keys:\n    "127.0.0.1": WFE_LIVE_TEST_NEVER_SET_${process.pid}\n` });
      const again = await store(askFlow(fake!.url));
      const q = await runToEnd(again, { question: 'who?' });
      expect(job(q, 'ask').error_message).toBe(
        `runs.keys of wfe.config.yaml names WFE_LIVE_TEST_NEVER_SET_${process.pid} for ${fake!.url}/v1, but that environment variable is not set`,
      );
      expect(fake!.requests).toHaveLength(1);
    },
  );
});

describe('HTTP nodes', () => {
  /** start → ApiNode POST <url> → end. */
  const apiFlow = (url: string): Obj => {
    const s = { component_type: 'StartNode', id: 'start', name: 'start', inputs: [], outputs: [] };
    const api = {
      component_type: 'ApiNode',
      id: 'api',
      name: 'api',
      url,
      http_method: 'POST',
      data: { model: 'via-api', messages: [{ role: 'user', content: 'from the ApiNode' }] },
      outputs: [{ title: 'response', type: 'object' }],
    };
    const e = { component_type: 'EndNode', id: 'end', name: 'end', inputs: [], outputs: [] };
    return {
      component_type: 'Flow',
      id: 'api-flow',
      name: 'api-flow',
      start_node: s,
      nodes: [s, api, e],
      control_flow_connections: [
        { component_type: 'ControlFlowEdge', id: 'c0', name: 'c0', from_node: s, from_branch: null, to_node: api },
        { component_type: 'ControlFlowEdge', id: 'c1', name: 'c1', from_node: api, from_branch: null, to_node: e },
      ],
      data_flow_connections: [],
    };
  };

  serverTest('an ApiNode calls a host runs.allowHosts lists; any other host stays simulated, with a warning', async ({ server }) => {
    fake = await startFakeOpenAI();
    const port = new URL(fake.url).port;
    await serve(server, { live: true, config: `runs:\n  allowHosts: ["127.0.0.1:${port}"]\n` });
    const id = await store(apiFlow(`${fake.url}/v1/chat/completions`));
    const p = await runToEnd(id);
    expect(p.status, p.error).toBe('completed');
    expect(fake.requests.map((r) => [r.path, r.body.model])).toEqual([['/v1/chat/completions', 'via-api']]);
    expect(job(p, 'api').outputs).toMatchObject({
      status: 200,
      response: { choices: [{ message: { content: 'echo: from the ApiNode' } }] },
    });

    await h!.close();
    h = undefined;
    await serve(server, { live: true, config: 'runs:\n  allowHosts: ["example.com"]\n' });
    const other = await store(apiFlow(`${fake.url}/v1/chat/completions`));
    const q = await runToEnd(other);
    expect(q.status).toBe('completed');
    expect(job(q, 'api').outputs.response).toMatchObject({ simulated: true, method: 'POST' });
    expect(fake.requests).toHaveLength(1);
    const logs = (await h!.call('GET', `/executions/${(await h!.call('GET', '/executions')).body.data[0].id}/logs`)).body.data;
    expect(logs.map((l: { message: string }) => l.message)).toContain(
      `127.0.0.1:${port} is not in runs.allowHosts of wfe.config.yaml: the request was simulated`,
    );
  });
});
