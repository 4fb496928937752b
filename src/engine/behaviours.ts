// What each FlowDrop node type does: deterministic, no file system, and no network unless the run is live
// (`wfe serve --live`, through ctx.runtime.live). Models answer from a mock (config.mockResponse, or
// wfe.config.yaml `mocks:` by node id or type), else from the endpoint their config names when live, else
// with a reply built from their inputs; config.mockError makes any node fail. The Agent Spec node kinds
// are in agentspec-nodes.ts, and behaviour-for.ts picks one for a node.
import type { NodePort, WorkflowNode } from '../contract/types.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import { MAX_TIMER_MS } from '../util/clock.js';
import { BUILTIN_FUNCTIONS, evaluateExpression } from './expression.js';
import type { ChatTurn, NodeRuntime } from './node-runtime.js';
import { componentTypeOf } from './plan.js';
import type { InterruptType } from './types.js';

export type { ChatTurn };

export interface ToolCall {
  nodeId: string;
  name: string;
  result: unknown;
}

/** A mock from wfe.config.yaml: a plain reply, or outputs by port, or an error. */
export type MockSpec = string | { response?: unknown; outputs?: Record<string, unknown>; error?: string };

export interface NodeContext {
  node: WorkflowNode;
  typeId: string;
  config: Record<string, unknown>;
  /** Values arriving on input ports, by port id. */
  inputs: Record<string, unknown>;
  tools: ToolCall[];
  message: string;
  history: ChatTurn[];
  /** Kept between executions of the same node in one run (loop state). */
  state: Record<string, unknown>;
  mock?: MockSpec;
  runtime: NodeRuntime;
}

export interface InterruptRequest {
  type: InterruptType;
  message: string;
  /** The OpenAPI config of that interrupt type (snake_case). */
  config: Record<string, unknown>;
  allowCancel: boolean;
  /** The node waits for the user's next message: in the playground, the next chat message answers it. */
  awaitsMessage?: boolean;
  /** Unanswered this long, the interrupt is cancelled (as POST /interrupts/{id}/cancel does); none waits forever. */
  timeoutMs?: number;
}

export interface NodeResult {
  outputs: Record<string, unknown>;
  /** Output ports whose edges carry this run on; all of them when absent. */
  active?: string[];
  interrupt?: InterruptRequest;
  /** Text for an assistant message in the playground. */
  reply?: string;
  warning?: string;
  /** Set by an end node: the branch its flow leaves by and the values it exposes. */
  end?: { branch: string; values: Record<string, unknown> };
}

export interface InterruptAnswer {
  value?: unknown;
  cancelled: boolean;
}

export interface Behaviour {
  run(ctx: NodeContext): NodeResult | Promise<NodeResult>;
  /** Completes a node that raised an interrupt, once it is answered. */
  resume?(ctx: NodeContext, answer: InterruptAnswer): NodeResult;
}

export class NodeFailure extends Error {}

export const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** `{{ path }}` placeholders, resolved as expressions against the scope; unknown ones become empty. */
export function renderTemplate(template: string, scope: Record<string, unknown>): string {
  // No brace inside a placeholder, and the spaces trimmed after the match: the pattern then looks at each
  // character once. `\{\{\s*([^}]+?)\s*\}\}` backtracked cubically over an unclosed {{ and spaces (10,000 of
  // them held the event loop for minutes); the innermost {{ }} of {{{ x }}} is the placeholder.
  return template.replace(/\{\{([^{}]*)\}\}/g, (placeholder, inside: string) => {
    if (inside === '') return placeholder;
    try {
      return text(evaluateExpression(inside.trim(), scope));
    } catch {
      return '';
    }
  });
}

const firstInput = (ctx: NodeContext): unknown => Object.entries(ctx.inputs).find(([k]) => k !== 'trigger')?.[1];

export function mockReply(ctx: NodeContext): NodeResult | undefined {
  const configured = ctx.config.mockResponse;
  if (
    configured !== undefined &&
    configured !== '' &&
    !(typeof configured === 'object' && configured !== null && Object.keys(configured).length === 0)
  )
    return { outputs: { response: configured } };
  const mock = ctx.mock;
  if (mock === undefined) return undefined;
  if (typeof mock === 'string') return { outputs: { response: mock } };
  if (mock.error) throw new NodeFailure(mock.error);
  return { outputs: { ...(mock.outputs ?? {}), ...(mock.response !== undefined ? { response: mock.response } : {}) } };
}

/** The main text output of a model-like node, under whichever port id its type uses. */
function modelOutputs(ctx: NodeContext, response: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const outputs: Record<string, unknown> = { trigger: true, ...extra };
  for (const port of ctx.node.data.metadata.outputs ?? [])
    if (port.dataType !== 'trigger' && port.id !== 'usage' && outputs[port.id] === undefined) outputs[port.id] = response;
  outputs.response = response;
  return outputs;
}

/** The data outputs of a node (no trigger, tool or usage port). */
export const dataOutputs = (node: WorkflowNode): NodePort[] =>
  (node.data.metadata.outputs ?? []).filter((p) => p.dataType !== 'trigger' && p.dataType !== 'tool' && p.id !== 'usage');

/** An Agent Spec LlmNode with several outputs, or one that is not a string, asks for structured output. */
function structuredOutputs(ctx: NodeContext): string[] | undefined {
  if (componentTypeOf(ctx.node) !== 'llm_node') return undefined;
  const outputs = dataOutputs(ctx.node);
  return outputs.length > 1 || (outputs.length === 1 && outputs[0].dataType !== 'string') ? outputs.map((p) => p.id) : undefined;
}

const isTurn = (value: unknown): value is ChatTurn =>
  isRecord(value) && (value.role === 'user' || value.role === 'assistant') && typeof value.content === 'string';

/** The system prompt, prompt and history a model node sends: each kind of node keeps them elsewhere. */
function conversationOf(ctx: NodeContext, prompt: string): { system?: string; history: ChatTurn[] } {
  const agent = isRecord(ctx.config.agent) ? ctx.config.agent : undefined;
  if (agent) {
    const system = typeof agent.system_prompt === 'string' ? renderTemplate(agent.system_prompt, { ...ctx.inputs }) : undefined;
    return { system, history: ctx.history };
  }
  if (componentTypeOf(ctx.node) === 'llm_node') return { history: [] };
  const system = ctx.inputs.system ?? ctx.config.systemPrompt;
  const history = Array.isArray(ctx.inputs.history) ? ctx.inputs.history.filter(isTurn) : [];
  return { system: typeof system === 'string' && system !== '' ? system : undefined, history: prompt ? history : [] };
}

async function liveAnswer(ctx: NodeContext, live: NonNullable<NodeRuntime['live']>, prompt: string): Promise<NodeResult> {
  const structured = structuredOutputs(ctx);
  const answer = await live.chat(
    { ...conversationOf(ctx, prompt), prompt, config: ctx.config, ...(structured ? { structured } : {}) },
    (update) => ctx.runtime.progress(update),
    ctx.runtime.signal,
  );
  const usage = {
    promptTokens: answer.usage.prompt_tokens,
    completionTokens: answer.usage.completion_tokens,
    totalTokens: answer.usage.total_tokens,
  };
  const measured = { usage, latency_ms: answer.latency_ms, endpoint: answer.endpoint, model: answer.model };
  ctx.runtime.log('info', `${answer.model} at ${answer.endpoint} answered ${usage.completionTokens} tokens in ${answer.latency_ms} ms`, {
    usage,
    latency_ms: answer.latency_ms,
  });
  if (answer.json) return { outputs: { trigger: true, ...answer.json, ...measured } };
  return { outputs: modelOutputs(ctx, answer.text, measured) };
}

const model: Behaviour = {
  async run(ctx) {
    // Agent Spec LLM nodes carry their own prompt template; FlowDrop models get a rendered prompt.
    const template = typeof ctx.config.prompt_template === 'string' && ctx.config.prompt_template ? ctx.config.prompt_template : undefined;
    const prompt = template
      ? renderTemplate(template, { ...ctx.inputs, message: ctx.message })
      : text(ctx.inputs.prompt ?? ctx.inputs.input ?? firstInput(ctx) ?? (isRecord(ctx.config.agent) ? ctx.message : undefined));
    const mocked = mockReply(ctx);
    if (!mocked && ctx.runtime.live) return liveAnswer(ctx, ctx.runtime.live, prompt);
    const tools = ctx.tools.length > 0 ? ` Tools consulted: ${ctx.tools.map((t) => t.name).join(', ')}.` : '';
    const response = mocked
      ? mocked.outputs.response
      : `[${String(ctx.config.model ?? ctx.typeId)} mock] You said: ${prompt.slice(0, 200)}${tools}`;
    const words = prompt.split(/\s+/).filter(Boolean).length;
    return {
      outputs: modelOutputs(ctx, response, {
        ...(mocked?.outputs ?? {}),
        usage: { promptTokens: words, completionTokens: text(response).split(/\s+/).filter(Boolean).length },
      }),
    };
  },
};

/**
 * A start node gives its flow's inputs on its output ports: the values the flow was started with (a nested
 * flow's mapped inputs, or the run's inputs by name), else the port's default; the chat message is
 * `user_input` and `message`, and the only string input of a top-level flow that has no value otherwise.
 */
const start: Behaviour = {
  run(ctx) {
    const { flowInputs, nested } = ctx.runtime;
    const outputs: Record<string, unknown> = nested ? { trigger: true } : { trigger: true, user_input: ctx.message, message: ctx.message };
    const ports = dataOutputs(ctx.node);
    for (const port of ports) {
      const given = flowInputs[port.id];
      if (given !== undefined) outputs[port.id] = given;
      else if (port.defaultValue !== undefined) outputs[port.id] = port.defaultValue;
    }
    const strings = ports.filter((p) => p.dataType === 'string');
    if (!nested && strings.length === 1 && outputs[strings[0].id] === undefined) outputs[strings[0].id] = ctx.message;
    return { outputs };
  },
};

const textInput: Behaviour = {
  run(ctx) {
    // A text_input holds its text in the node (a form field the flow is built around, as refund-approval's
    // request): a value set for it, then its default; the message sent only when it has neither.
    const value =
      ctx.config.value ??
      ctx.config.text ??
      (ctx.config.defaultValue !== undefined && ctx.config.defaultValue !== '' ? ctx.config.defaultValue : ctx.message);
    return { outputs: { trigger: true, text: value, value } };
  },
};

const chatInput: Behaviour = {
  run(ctx) {
    const max = Number(ctx.config.maxHistory ?? 20);
    return { outputs: { trigger: true, message: ctx.config.message ?? ctx.message, history: ctx.history.slice(-max) } };
  },
};

const promptTemplate: Behaviour = {
  run(ctx) {
    const template = String(ctx.config.template ?? '{{ input }}');
    return { outputs: { trigger: true, prompt: renderTemplate(template, { ...ctx.inputs, message: ctx.message }) } };
  },
};

function evaluateCondition(condition: string, scope: Record<string, unknown>): boolean {
  // A bare word ("yes") is matched against the input, as Agent Spec branch names are.
  if (/^[A-Za-z_][\w-]*$/.test(condition) && !(condition in scope))
    return text(scope.value).trim().toLowerCase() === condition.toLowerCase();
  try {
    return Boolean(evaluateExpression(condition, scope));
  } catch (err) {
    throw new NodeFailure(`Branch condition ${errorMessage(err)}`);
  }
}

const gateway: Behaviour = {
  run(ctx) {
    const configured = ctx.config.branches;
    const branches = ctx.node.data.config.branches ?? (Array.isArray(configured) ? configured : undefined) ?? [];
    if (branches.length === 0) throw new NodeFailure('Gateway has no branches: add at least one branch in its configuration');
    const value = ctx.inputs.value ?? ctx.inputs.input ?? firstInput(ctx);
    const scope = { ...ctx.inputs, value, input: value, inputs: ctx.inputs };
    const all = ctx.config.evaluation === 'all_matches';
    const matched = branches.filter((b) => !b.isDefault && b.condition && evaluateCondition(b.condition, scope));
    const chosen = (all ? matched : matched.slice(0, 1)).map((b) => b.name);
    if (chosen.length === 0) {
      const fallback = branches.find((b) => b.isDefault);
      if (!fallback) throw new NodeFailure(`No branch matched ${JSON.stringify(value)} and there is no default branch`);
      chosen.push(fallback.name);
    }
    return { outputs: { active_branches: chosen, value }, active: chosen };
  },
};

const forEach: Behaviour = {
  run(ctx) {
    const items = Array.isArray(ctx.inputs.items) ? ctx.inputs.items : ctx.inputs.items === undefined ? [] : [ctx.inputs.items];
    // Only this behaviour writes the node's state: a number and a list, or nothing yet.
    const index = typeof ctx.state.index === 'number' ? ctx.state.index : 0;
    const results: unknown[] = Array.isArray(ctx.state.results) ? ctx.state.results : [];
    if (index > 0) results.push(ctx.inputs.loop_back ?? ctx.state.lastItem);
    const max = Number(ctx.config.maxIterations ?? 1000);
    if (index < items.length && index < max) {
      ctx.state.index = index + 1;
      ctx.state.results = results;
      ctx.state.lastItem = items[index];
      return { outputs: { each: true, item: items[index], index }, active: ['each', 'item', 'index'] };
    }
    ctx.state.index = 0;
    ctx.state.results = [];
    return { outputs: { done: true, results }, active: ['done', 'results'] };
  },
};

const calculator: Behaviour = {
  run(ctx) {
    const expression = text(ctx.inputs.expression ?? ctx.config.expression ?? '0');
    let result: unknown;
    try {
      result = evaluateExpression(expression, {});
    } catch (err) {
      throw new NodeFailure(errorMessage(err));
    }
    const precision = Number(ctx.config.precision ?? 6);
    return { outputs: { result: typeof result === 'number' ? Number(result.toFixed(precision)) : result, tool: 'calculator' } };
  },
};

const webSearch: Behaviour = {
  run(ctx) {
    const query = text(ctx.inputs.query ?? ctx.message) || 'flowdrop';
    const count = Math.min(Number(ctx.config.maxResults ?? 3), 3);
    const results = Array.from({ length: count }, (_, i) => ({
      title: `Result ${i + 1} for "${query}"`,
      url: `https://search.invalid/${encodeURIComponent(query)}/${i + 1}`,
      snippet: `A simulated search result about ${query}.`,
    }));
    return { outputs: { results, tool: 'web_search' } };
  },
};

/** String values of a headers object; anything else (an Agent Spec placeholder reference) is left out. */
function headersOf(value: unknown, scope: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (typeof v === 'string') headers[k] = renderTemplate(v, scope);
  return headers;
}

/** Query parameters added to a URL, each value rendered from the inputs. */
function withQuery(url: string, params: unknown, scope: Record<string, unknown>): string {
  if (!isRecord(params) || Object.keys(params).length === 0) return url;
  const query = Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? renderTemplate(v, scope) : text(v))}`)
    .join('&');
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** FlowDrop's http_request and Agent Spec's ApiNode: a mock, else (live, allowed host) a real request, else a simulated answer. */
export const httpRequest: Behaviour = {
  async run(ctx) {
    const mocked = mockReply(ctx);
    const scope = { ...ctx.inputs };
    const rawUrl = text(ctx.inputs.url ?? ctx.config.url ?? ctx.config.endpoint);
    const url = withQuery(renderTemplate(rawUrl, scope), ctx.config.query_params, scope);
    const method = renderTemplate(text(ctx.config.http_method ?? ctx.config.method ?? 'GET'), scope).toUpperCase();
    const body = ctx.inputs.body ?? ctx.config.data ?? ctx.config.body;
    const responsePort = dataOutputs(ctx.node).find((p) => p.id !== 'status' && p.id !== 'status_code')?.id ?? 'response';
    if (!mocked && ctx.runtime.live && url) {
      const headers = { ...headersOf(ctx.config.headers, scope), ...headersOf(ctx.config.sensitive_headers, scope) };
      const answer = await ctx.runtime.live.http(
        { url, method, headers, ...(body !== undefined && body !== null ? { body } : {}) },
        ctx.runtime.signal,
      );
      if (!answer) ctx.runtime.log('warning', `${hostOf(url)} is not in runs.allowHosts of wfe.config.yaml: the request was simulated`);
      else
        return {
          outputs: {
            trigger: true,
            response: answer.response,
            [responsePort]: answer.response,
            status: answer.status,
            status_code: answer.status,
          },
        };
    }
    const response = mocked?.outputs.response ?? { simulated: true, method, url, body: body ?? null };
    return {
      outputs: {
        trigger: true,
        response,
        [responsePort]: response,
        status: 200,
        status_code: 200,
        tool: 'http_request',
        ...(mocked?.outputs ?? {}),
      },
    };
  },
};

function stripFences(value: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(value);
  return match ? match[1] : value;
}

const jsonParser: Behaviour = {
  run(ctx) {
    const raw = ctx.inputs.text ?? firstInput(ctx);
    if (raw !== null && typeof raw === 'object') return { outputs: { trigger: true, json: raw } };
    const source = ctx.config.stripCodeFences === false ? text(raw) : stripFences(text(raw));
    try {
      let json: unknown = JSON.parse(source);
      if (ctx.config.path) json = evaluateExpression(String(ctx.config.path), { json, $: json });
      return { outputs: { trigger: true, json } };
    } catch (err) {
      if (ctx.config.strict !== false) throw new NodeFailure(`Input is not valid JSON: ${errorMessage(err)}`);
      return { outputs: { trigger: true, json: null, error: errorMessage(err) } };
    }
  },
};

const textFormatter: Behaviour = {
  run(ctx) {
    const input = text(ctx.inputs.text ?? firstInput(ctx));
    const operation = String(ctx.config.operation ?? 'template');
    let out =
      operation === 'uppercase'
        ? input.toUpperCase()
        : operation === 'lowercase'
          ? input.toLowerCase()
          : operation === 'trim'
            ? input.trim()
            : operation === 'truncate'
              ? input
              : renderTemplate(String(ctx.config.template ?? '{{ text }}'), { ...ctx.inputs, text: input });
    const max = Number(ctx.config.maxLength ?? 0);
    if (max > 0 && out.length > max) out = out.slice(0, max);
    return { outputs: { trigger: true, text: out } };
  },
};

/** Records as they arrive, read field by field: a list as it is, one value as a list of one, nothing as none. */
const records = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v : v === undefined || v === null ? [] : [v as Record<string, unknown>];

/** A CSV file cannot be read (no file system in a simulation): its content may come inline, else sample rows. */
const csvParser: Behaviour = {
  run(ctx) {
    const file = isRecord(ctx.inputs.file) ? ctx.inputs.file : undefined;
    if (Array.isArray(file?.records)) return { outputs: { trigger: true, records: file.records, count: file.records.length } };
    const content =
      typeof file?.content === 'string' ? file.content : 'sku,amount,date\nA-1,19.90,2026-01-01\nB-2,5.00,2026-01-01\nA-1,19.90,2026-01-01';
    const delimiter = String(ctx.config.delimiter ?? ',');
    const [header, ...rows] = content.split(/\r?\n/).filter((l) => l.trim() !== '');
    const names = ctx.config.hasHeader === false ? header.split(delimiter).map((_, i) => `column${i + 1}`) : header.split(delimiter);
    const body = ctx.config.hasHeader === false ? [header, ...rows] : rows;
    const parsed = body.map((row) => Object.fromEntries(row.split(delimiter).map((v, i) => [names[i] ?? `column${i + 1}`, v])));
    return { outputs: { trigger: true, records: parsed, count: parsed.length } };
  },
};

const dataFilter: Behaviour = {
  run(ctx) {
    const seen = new Set<unknown>();
    const functions = { ...BUILTIN_FUNCTIONS, firstOccurrence: (key: unknown) => !seen.has(key) && Boolean(seen.add(key)) };
    const condition = String(ctx.config.condition ?? 'true');
    const kept: unknown[] = [];
    const rejected: unknown[] = [];
    for (const record of records(ctx.inputs.records)) {
      let keep: unknown;
      try {
        keep = evaluateExpression(condition, { record }, functions);
      } catch (err) {
        throw new NodeFailure(`Filter condition ${errorMessage(err)}`);
      }
      (keep ? kept : rejected).push(record);
    }
    return { outputs: { trigger: true, records: kept, rejected } };
  },
};

const dataMapper: Behaviour = {
  run(ctx) {
    const mapping = ctx.config.mapping ?? {};
    const mapped = records(ctx.inputs.records).map((record) => {
      const out: Record<string, unknown> = ctx.config.dropUnmapped ? {} : { ...record };
      for (const [field, expression] of Object.entries(mapping)) {
        try {
          out[field] = evaluateExpression(String(expression), { record });
        } catch (err) {
          throw new NodeFailure(`Mapping of '${field}' ${errorMessage(err)}`);
        }
      }
      return out;
    });
    return { outputs: { trigger: true, records: mapped } };
  },
};

const dataMerge: Behaviour = {
  run(ctx) {
    const left = records(ctx.inputs.left);
    const right = records(ctx.inputs.right);
    const key = String(ctx.config.key ?? 'id');
    const strategy = String(ctx.config.strategy ?? 'append');
    if (strategy === 'append') {
      const extra = Object.entries(ctx.inputs)
        .filter(([k]) => !['left', 'right', 'trigger'].includes(k))
        .flatMap(([, v]) => records(v));
      return { outputs: { trigger: true, records: [...left, ...right, ...extra] } };
    }
    const byKey = new Map(right.map((r) => [r[key], r]));
    const joined = left.flatMap((l) => (byKey.has(l[key]) ? [{ ...l, ...byKey.get(l[key]) }] : strategy === 'left_join' ? [l] : []));
    return { outputs: { trigger: true, records: joined } };
  },
};

const dataAggregate: Behaviour = {
  run(ctx) {
    const rows = records(ctx.inputs.records);
    const field = String(ctx.config.field ?? '');
    const operation = String(ctx.config.operation ?? 'count');
    const aggregate = (group: Record<string, unknown>[]): number => {
      const values = group.map((r) => Number(r[field])).filter((n) => !Number.isNaN(n));
      if (operation === 'count') return group.length;
      if (values.length === 0) return 0;
      if (operation === 'sum') return values.reduce((a, b) => a + b, 0);
      if (operation === 'avg') return values.reduce((a, b) => a + b, 0) / values.length;
      return operation === 'min' ? Math.min(...values) : Math.max(...values);
    };
    const groupBy = String(ctx.config.groupBy ?? '');
    if (!groupBy) return { outputs: { trigger: true, summary: { [operation]: aggregate(rows), count: rows.length } } };
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const r of rows) groups.set(text(r[groupBy]), [...(groups.get(text(r[groupBy])) ?? []), r]);
    return { outputs: { trigger: true, summary: Object.fromEntries([...groups].map(([k, g]) => [k, aggregate(g)])) } };
  },
};

/** Writes nothing: a simulation must not touch the user's disk. Reports what it would have written. */
const saveToFile: Behaviour = {
  run(ctx) {
    const content = ctx.inputs.content ?? ctx.inputs.records ?? firstInput(ctx);
    return {
      outputs: {
        trigger: true,
        file: {
          path: String(ctx.config.path ?? 'output'),
          format: ctx.config.format ?? 'json',
          bytes: text(content).length,
          simulated: true,
        },
      },
    };
  },
};

const memory: Behaviour = {
  run(ctx) {
    const max = Number(ctx.config.maxMessages ?? 20);
    const turns: ChatTurn[] = [...ctx.history];
    if (ctx.inputs.message !== undefined) turns.push({ role: 'user', content: text(ctx.inputs.message) });
    if (ctx.inputs.response !== undefined) turns.push({ role: 'assistant', content: text(ctx.inputs.response) });
    return { outputs: { trigger: true, history: turns.slice(-max) } };
  },
};

const output: Behaviour = {
  run(ctx) {
    const value = ctx.inputs.message ?? ctx.inputs.text ?? ctx.inputs.result ?? firstInput(ctx);
    return { outputs: { trigger: true, value }, reply: text(value) };
  },
};

/** An end node closes its flow: by its branch_name (Agent Spec EndNode), exposing the values it received. */
const end: Behaviour = {
  run(ctx) {
    const values = Object.fromEntries(Object.entries(ctx.inputs).filter(([port]) => port !== 'trigger'));
    const branch = typeof ctx.config.branch_name === 'string' && ctx.config.branch_name !== '' ? ctx.config.branch_name : 'next';
    return { outputs: { value: ctx.inputs.result ?? firstInput(ctx) }, end: { branch, values } };
  },
};

/** A FlowDrop human-review node → the OpenAPI interrupt config of its type. */
const INTERRUPT_TYPES: readonly InterruptType[] = ['confirmation', 'choice', 'text', 'form', 'review'];
const isInterruptType = (value: unknown): value is InterruptType => INTERRUPT_TYPES.some((t) => t === value);

function interruptFromConfig(ctx: NodeContext): InterruptRequest {
  const c = ctx.config;
  const type = c.interruptType ?? 'confirmation';
  // The editor draws these five only; anything else would be a prompt nobody can answer as meant.
  if (!isInterruptType(type))
    throw new NodeFailure(
      `interruptType ${JSON.stringify(type)} is not one of ${INTERRUPT_TYPES.join(', ')}: choose one of them in the node's config`,
    );
  const scope = { ...ctx.inputs, data: ctx.inputs.data, content: ctx.inputs.content };
  const message = renderTemplate(String(c.message ?? 'Please review and confirm.'), scope) || 'Please review and confirm.';
  const config: Record<string, unknown> = { message };
  if (type === 'confirmation') Object.assign(config, { confirm_label: c.confirmLabel ?? 'Yes', cancel_label: c.cancelLabel ?? 'No' });
  if (type === 'choice') {
    const options =
      Array.isArray(c.options) && c.options.length > 0
        ? c.options
        : [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ];
    Object.assign(config, { options, multiple: Boolean(c.multiple) });
    if (c.minSelections !== undefined) config.min_selections = c.minSelections;
    if (c.maxSelections !== undefined) config.max_selections = c.maxSelections;
  }
  if (type === 'text')
    Object.assign(
      config,
      { placeholder: c.placeholder ?? '', multiline: Boolean(c.multiline) },
      c.minLength !== undefined ? { min_length: c.minLength } : {},
      c.maxLength !== undefined ? { max_length: c.maxLength } : {},
      c.defaultValue !== undefined ? { default_value: c.defaultValue } : {},
    );
  if (type === 'form') {
    const schema =
      c.formSchema && typeof c.formSchema === 'object' && Object.keys(c.formSchema).length > 0
        ? c.formSchema
        : { type: 'object', properties: { comment: { type: 'string', title: 'Comment' } } };
    Object.assign(config, { schema }, c.defaultValues ? { default_values: c.defaultValues } : {});
  }
  if (type === 'review') {
    const changes =
      Array.isArray(c.changes) && c.changes.length > 0
        ? c.changes
        : [{ field: 'content', label: 'Content', original: text(ctx.inputs.data ?? ''), proposed: text(ctx.inputs.content ?? '') }];
    Object.assign(config, { changes });
  }
  const timeoutSeconds = typeof c.timeoutSeconds === 'number' && c.timeoutSeconds > 0 ? c.timeoutSeconds : undefined;
  return {
    type,
    message,
    config,
    allowCancel: c.allowCancel !== false,
    ...(timeoutSeconds !== undefined ? { timeoutMs: Math.min(timeoutSeconds * 1000, MAX_TIMER_MS) } : {}),
  };
}

const humanReview: Behaviour = {
  run: (ctx) => ({ outputs: {}, interrupt: interruptFromConfig(ctx) }),
  resume(ctx, answer) {
    if (answer.cancelled) return { outputs: { response: null, rejected: true }, active: ['rejected', 'response'] };
    const type = String(ctx.config.interruptType ?? 'confirmation');
    const approved = type === 'confirmation' ? answer.value === true : true;
    const port = approved ? 'approved' : 'rejected';
    const response =
      type === 'text'
        ? { text: answer.value }
        : type === 'choice'
          ? { choice: answer.value }
          : type === 'confirmation'
            ? { approved: answer.value }
            : answer.value;
    return { outputs: { response, [port]: true }, active: [port, 'response'] };
  },
};

/** Unknown types pass each input to the output port of the same id, or the first input to every output. */
export const passThrough: Behaviour = {
  run(ctx) {
    const outputs: Record<string, unknown> = { trigger: true };
    const fallback = firstInput(ctx);
    for (const port of ctx.node.data.metadata.outputs ?? [])
      if (port.dataType !== 'trigger') outputs[port.id] = ctx.inputs[port.id] ?? fallback;
    return { outputs, warning: `Node type '${ctx.typeId}' has no simulated behaviour; its inputs were passed through` };
  },
};

/** The FlowDrop node types by type id, and the categories' fallbacks (behaviour-for.ts picks among them). */
export const BY_TYPE: Record<string, Behaviour> = {
  start,
  end,
  text_input: textInput,
  chat_input: chatInput,
  file_input: { run: (ctx) => ({ outputs: { trigger: true, file: { path: ctx.config.path ?? '', simulated: true } } }) },
  prompt_template: promptTemplate,
  chat_model: model,
  conditional_router: gateway,
  for_each: forEach,
  calculator,
  web_search: webSearch,
  http_request: httpRequest,
  json_parser: jsonParser,
  text_formatter: textFormatter,
  csv_parser: csvParser,
  data_filter: dataFilter,
  data_mapper: dataMapper,
  data_merge: dataMerge,
  data_aggregate: dataAggregate,
  save_to_file: saveToFile,
  conversation_memory: memory,
  human_review: humanReview,
  text_output: output,
  chat_output: output,
};

export const BY_CATEGORY: Record<string, Behaviour> = {
  triggers: start,
  models: model,
  ai: model,
  agents: model,
  outputs: output,
  interrupts: humanReview,
  inputs: textInput,
};

export { end, gateway, model, start };
