// One chat completion against an OpenAI-compatible endpoint, through the official `openai` client: its
// timeout, and its retries with backoff on 408/409/429/5xx and dropped connections. The run's abort signal
// goes with the request, so stopping a run aborts the call. Every option the client would otherwise take
// from the environment (OPENAI_API_KEY, OPENAI_BASE_URL, the organisation, the project) is given
// explicitly: the only key it sends is the one runs.keys names. Progress (tokens and tool calls received)
// goes to the node's job while the answer streams; the answer itself is returned once, complete.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Clock } from '../../util/clock.js';
import { isRecord } from '../../util/narrow.js';
import { NodeFailure } from '../behaviours.js';
import { RunAborted, type ModelAnswer, type ModelRequest } from '../node-runtime.js';
import type { Endpoint } from './endpoints.js';

export interface CallOptions {
  timeoutMs: number;
  retries: number;
  stream: boolean;
  signal: AbortSignal;
  clock: Clock;
  progress(update: Record<string, unknown>): void;
}

/** Sent as the key to an endpoint that needs none: the client insists on one, and it is no secret. */
const NO_KEY = 'no-key';

/** Streamed chunks between two progress updates of the job. */
const PROGRESS_EVERY = 16;

function messagesOf(request: ModelRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  const instructions = [
    request.system,
    request.structured ? `Answer with one JSON object whose keys are: ${request.structured.join(', ')}.` : undefined,
  ].filter((s): s is string => typeof s === 'string' && s !== '');
  if (instructions.length > 0) messages.push({ role: 'system', content: instructions.join('\n\n') });
  for (const turn of request.history) messages.push({ role: turn.role, content: turn.content });
  messages.push({ role: 'user', content: request.prompt });
  return messages;
}

/** The provider's own message: the `error.message` of its answer when it sent one, else the client's. */
function providerMessage(err: unknown): string {
  if (err instanceof OpenAI.APIError) {
    const body: unknown = err.error;
    const own = isRecord(body) && typeof body.message === 'string' ? body.message : err.message;
    return err.status === undefined ? own : `${err.status} ${own}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** A message with every occurrence of the key blanked: a provider may echo it back in an error. */
const withoutKey = (text: string, key: string | undefined): string => (key && key.length >= 4 ? text.split(key).join('[key]') : text);

export async function chatCompletion(endpoint: Endpoint, request: ModelRequest, options: CallOptions): Promise<ModelAnswer> {
  const client = new OpenAI({
    apiKey: endpoint.apiKey ?? NO_KEY,
    baseURL: endpoint.baseURL,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: options.timeoutMs,
    maxRetries: options.retries,
    logLevel: 'off',
  });
  const body = {
    model: endpoint.model,
    messages: messagesOf(request),
    ...endpoint.params,
    ...(request.structured ? { response_format: { type: 'json_object' as const } } : {}),
  };
  const started = options.clock.now().getTime();
  options.progress({ endpoint: endpoint.baseURL, model: endpoint.model, tokens_received: 0, tool_calls: 0 });
  let text = '';
  let usage: ModelAnswer['usage'] | undefined;
  let received = 0;
  try {
    if (options.stream) {
      const stream = await client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal: options.signal },
      );
      const toolCalls = new Set<number>();
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (delta?.content) {
          text += delta.content;
          received++;
        }
        for (const call of delta?.tool_calls ?? []) toolCalls.add(call.index);
        if (chunk.usage) usage = chunk.usage;
        if (received % PROGRESS_EVERY === 1) options.progress({ tokens_received: received, tool_calls: toolCalls.size });
      }
      options.progress({ tokens_received: usage?.completion_tokens ?? received, tool_calls: toolCalls.size });
    } else {
      const completion = await client.chat.completions.create(body, { signal: options.signal });
      text = completion.choices[0]?.message?.content ?? '';
      usage = completion.usage;
      received = usage?.completion_tokens ?? 0;
      options.progress({ tokens_received: received, tool_calls: completion.choices[0]?.message?.tool_calls?.length ?? 0 });
    }
  } catch (err) {
    if (options.signal.aborted) throw new RunAborted();
    throw new NodeFailure(
      withoutKey(
        `the ${endpoint.provider} endpoint ${endpoint.baseURL} (model ${endpoint.model}) failed: ${providerMessage(err)}`,
        endpoint.apiKey,
      ),
    );
  }
  const latency = options.clock.now().getTime() - started;
  const answer: ModelAnswer = {
    text,
    usage: {
      prompt_tokens: usage?.prompt_tokens ?? 0,
      completion_tokens: usage?.completion_tokens ?? received,
      total_tokens: usage?.total_tokens ?? (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? received),
    },
    latency_ms: latency,
    endpoint: endpoint.baseURL,
    model: endpoint.model,
  };
  if (!request.structured) return answer;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isRecord(parsed))
    throw new NodeFailure(`${endpoint.baseURL} (model ${endpoint.model}) was asked for a JSON object and answered: ${text.slice(0, 200)}`);
  return { ...answer, json: parsed };
}
