// A fake OpenAI-compatible server on loopback, for the live-run tests: POST …/chat/completions answers in
// one piece or as server-sent events (`stream: true`), with usage, and can be told to answer with an error
// status, slowly, or not at all until the client gives up. It records every request it received (headers
// included), and which ones the client abandoned, so a test can check what was sent and that a stop
// aborted the call. Real HTTP, real client: nothing of the `openai` package is replaced.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** The client closed the connection before the answer was complete. */
  abandoned: boolean;
}

interface Reply {
  /** An error status: the body is {error: {message}} as OpenAI writes it. */
  status?: number;
  error?: string;
  headers?: Record<string, string>;
  /** The assistant's text (default: "echo: " and the last user message). */
  text?: string;
  /** Milliseconds before the answer starts; a stream also waits this long between chunks. */
  delayMs?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface FakeOpenAI {
  /** http://127.0.0.1:<port>: the server, as an Agent Spec VllmConfig url names it. */
  url: string;
  requests: ReceivedRequest[];
  /** How to answer the next requests, in turn; once they are used up, every request gets `fallback`. */
  script(...replies: Reply[]): void;
  fallback: Reply;
  close(): Promise<void>;
}

const lastUserMessage = (body: any): string => {
  const messages: Array<{ role: string; content: string }> = Array.isArray(body?.messages) ? body.messages : [];
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
};

async function readBody(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: Reply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      if (ms <= 0) return resolve(!res.destroyed);
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!res.destroyed);
      }, ms);
      timers.add(timer);
      res.once('close', () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      });
    });

  const fake: FakeOpenAI = {
    url: '',
    requests: [],
    script: (...replies) => queue.push(...replies),
    fallback: {},
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const record: ReceivedRequest = { path: req.url ?? '', headers: { ...req.headers }, body, abandoned: false };
    fake.requests.push(record);
    res.once('close', () => {
      if (!res.writableFinished) record.abandoned = true;
    });
    if (req.method !== 'POST' || !record.path.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${record.path}` } }));
      return;
    }
    const reply = queue.shift() ?? fake.fallback;
    if (!(await wait(reply.delayMs ?? 0, res))) return;
    if (reply.status && reply.status >= 400) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify({ error: { message: reply.error ?? 'failed', type: 'fake_error' } }));
      return;
    }
    const text = reply.text ?? `echo: ${lastUserMessage(body)}`;
    const words = text.split(/(?<= )/);
    const usage = reply.usage ?? {
      prompt_tokens: lastUserMessage(body).split(/\s+/).filter(Boolean).length,
      completion_tokens: words.length,
    };
    const fullUsage = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const base = { id: 'chatcmpl-fake', created: 1_767_225_600, model: body?.model ?? 'fake' };
    if (!body?.stream) {
      res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
      res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: fullUsage,
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...reply.headers });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    for (const [i, word] of words.entries()) {
      if (i > 0 && !(await wait(reply.delayMs ?? 0, res))) return;
      send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: word }, finish_reason: null }] });
    }
    send({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    if (body.stream_options?.include_usage) send({ ...base, object: 'chat.completion.chunk', choices: [], usage: fullUsage });
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
