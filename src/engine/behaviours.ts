// Simulated behaviour of each node type: deterministic, no network, no file system. Models answer from
// a mock (config.mockResponse, or wfe.config.yaml `mocks:` by node id or type) or with a reply built from
// their inputs; config.mockError makes any node fail.
import type { WorkflowNode } from '../contract/types.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import { BUILTIN_FUNCTIONS, evaluateExpression } from './expression.js';
import { componentTypeOf } from './plan.js';
import type { InterruptType } from './types.js';

export interface ToolCall {
  nodeId: string;
  name: string;
  result: unknown;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
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
}

export interface InterruptRequest {
  type: InterruptType;
  message: string;
  /** The OpenAPI config of that interrupt type (snake_case). */
  config: Record<string, unknown>;
  allowCancel: boolean;
}

export interface NodeResult {
  outputs: Record<string, unknown>;
  /** Output ports whose edges carry this run on; all of them when absent. */
  active?: string[];
  interrupt?: InterruptRequest;
  /** Text for an assistant message in the playground. */
  reply?: string;
  warning?: string;
}

export interface InterruptAnswer {
  value?: unknown;
  cancelled: boolean;
}

export interface Behaviour {
  run(ctx: NodeContext): NodeResult;
  /** Completes a node that raised an interrupt, once it is answered. */
  resume?(ctx: NodeContext, answer: InterruptAnswer): NodeResult;
}

export class NodeFailure extends Error {}

const text = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** `{{ path }}` placeholders, resolved as expressions against the scope; unknown ones become empty. */
export function renderTemplate(template: string, scope: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    try {
      return text(evaluateExpression(expr, scope));
    } catch {
      return '';
    }
  });
}

const firstInput = (ctx: NodeContext): unknown => Object.entries(ctx.inputs).find(([k]) => k !== 'trigger')?.[1];

function mockReply(ctx: NodeContext): NodeResult | undefined {
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

const model: Behaviour = {
  run(ctx) {
    // Agent Spec LLM nodes carry their own prompt template; FlowDrop models get a rendered prompt.
    const template = typeof ctx.config.prompt_template === 'string' && ctx.config.prompt_template ? ctx.config.prompt_template : undefined;
    const prompt = template
      ? renderTemplate(template, { ...ctx.inputs, message: ctx.message })
      : text(ctx.inputs.prompt ?? ctx.inputs.input ?? firstInput(ctx));
    const mocked = mockReply(ctx);
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

const start: Behaviour = { run: (ctx) => ({ outputs: { trigger: true, user_input: ctx.message, message: ctx.message } }) };

const textInput: Behaviour = {
  run(ctx) {
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

const httpRequest: Behaviour = {
  run(ctx) {
    const mocked = mockReply(ctx);
    const url = text(ctx.inputs.url ?? ctx.config.url ?? ctx.config.endpoint);
    const method = text(ctx.config.method ?? 'GET');
    const response = mocked?.outputs.response ?? { simulated: true, method, url, body: ctx.inputs.body ?? null };
    return { outputs: { trigger: true, response, status: 200, status_code: 200, tool: 'http_request', ...(mocked?.outputs ?? {}) } };
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

const end: Behaviour = { run: (ctx) => ({ outputs: { value: ctx.inputs.result ?? firstInput(ctx) } }) };

/** A FlowDrop human-review node → the OpenAPI interrupt config of its type. */
export function interruptFromConfig(ctx: NodeContext): InterruptRequest {
  const c = ctx.config;
  const type = String(c.interruptType ?? 'confirmation') as InterruptType;
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
  return { type, message, config, allowCancel: c.allowCancel !== false };
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
const passThrough: Behaviour = {
  run(ctx) {
    const outputs: Record<string, unknown> = { trigger: true };
    const fallback = firstInput(ctx);
    for (const port of ctx.node.data.metadata.outputs ?? [])
      if (port.dataType !== 'trigger') outputs[port.id] = ctx.inputs[port.id] ?? fallback;
    return { outputs, warning: `Node type '${ctx.typeId}' has no simulated behaviour; its inputs were passed through` };
  },
};

const BY_TYPE: Record<string, Behaviour> = {
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

const BY_COMPONENT: Record<string, Behaviour> = {
  start_node: start,
  end_node: end,
  llm_node: model,
  agent_node: model,
  branching_node: gateway,
  tool_node: passThrough,
  api_node: httpRequest,
  flow_node: passThrough,
  map_node: passThrough,
};

const BY_CATEGORY: Record<string, Behaviour> = {
  triggers: start,
  models: model,
  ai: model,
  agents: model,
  outputs: output,
  interrupts: humanReview,
  inputs: textInput,
};

/** Behaviour by node type id, then Agent Spec component type, then visual type and category. */
export function behaviourFor(node: WorkflowNode, typeId: string): { behaviour: Behaviour; known: boolean } {
  const normalised = componentTypeOf(node);
  const found =
    BY_TYPE[typeId] ??
    (normalised ? BY_COMPONENT[normalised] : undefined) ??
    ((node.data?.config?.nodeType ?? node.data?.metadata?.type) === 'gateway' ? gateway : undefined) ??
    BY_CATEGORY[node.data?.metadata?.category ?? ''];
  return found ? { behaviour: found, known: true } : { behaviour: passThrough, known: false };
}
