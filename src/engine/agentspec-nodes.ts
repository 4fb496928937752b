// What the Agent Spec node kinds do, as the language spec describes them: FlowNode runs its subflow and
// leaves by the branch of the EndNode reached; MapNode and ParallelMapNode run it once per item and
// reduce the outputs; ParallelFlowNode runs its subflows at once and joins; CatchExceptionNode turns a
// failure of its subflow into its exception branch; InputMessageNode waits for the user's next message;
// OutputMessageNode posts its message; BranchingNode follows its mapping, else `default`. Nested flows
// run through ctx.runtime.runSubflow (subflows.ts), so each shows in the run's jobs under its node.
import type { WorkflowNode } from '../contract/types.js';
import { controlOutputId, nodePorts } from '../agentspec/node-ports.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import {
  dataOutputs,
  httpRequest,
  mockReply,
  model,
  NodeFailure,
  passThrough,
  renderTemplate,
  text,
  type Behaviour,
  type NodeContext,
  type NodeResult,
} from './behaviours.js';
import { RunAborted, RunLimitReached, type SubflowOutcome } from './node-runtime.js';
import { parallelLimit, runJoined } from './parallel.js';

/** The node's inputs without its control input. */
const dataInputs = (ctx: NodeContext): Record<string, unknown> =>
  Object.fromEntries(Object.entries(ctx.inputs).filter(([port]) => port !== 'trigger'));

/** The output port a branch leaves by (`next` is the node's trigger output), then every data output. */
function leaveBy(node: WorkflowNode, branch: string): string[] {
  return [controlOutputId(nodePorts(node), branch), ...dataOutputs(node).map((p) => p.id)];
}

function subflowOf(ctx: NodeContext, field = 'subflow'): Record<string, unknown> {
  const flow = ctx.config[field];
  if (!isRecord(flow) || flow.component_type !== 'Flow')
    throw new NodeFailure(`${field} is not an Agent Spec Flow: this node has no nested flow to run`);
  return flow;
}

function fromSubflow(ctx: NodeContext, outcome: SubflowOutcome, extra: Record<string, unknown> = {}): NodeResult {
  return { outputs: { trigger: true, ...outcome.outputs, ...extra }, active: leaveBy(ctx.node, outcome.branch) };
}

const flowNode: Behaviour = {
  async run(ctx) {
    return fromSubflow(ctx, await ctx.runtime.runSubflow({ flow: subflowOf(ctx), inputs: dataInputs(ctx) }));
  },
};

/** Output name → reduction (append unless the node's `reducers` says sum, average, max or min). */
function reduce(name: string, method: unknown, values: unknown[]): unknown {
  if (method === undefined || method === null || method === 'append') return values;
  const numbers = values.map((v) => {
    if (typeof v !== 'number')
      throw new NodeFailure(`reducer '${String(method)}' of '${name}' needs numbers, and got ${JSON.stringify(v)}`);
    return v;
  });
  switch (method) {
    case 'sum':
      return numbers.reduce((a, b) => a + b, 0);
    case 'average':
      return numbers.length === 0 ? null : numbers.reduce((a, b) => a + b, 0) / numbers.length;
    case 'max':
      return numbers.length === 0 ? null : Math.max(...numbers);
    case 'min':
      return numbers.length === 0 ? null : Math.min(...numbers);
    default:
      throw new NodeFailure(`reducer '${String(method)}' of '${name}' is not one of append, sum, average, max, min`);
  }
}

const ITERATED = 'iterated_';
const COLLECTED = 'collected_';

/**
 * The runs of a map: an `iterated_x` input that is a list gives `x` one item per run, any other input is
 * the same in every run. Lists of different lengths are an error, as the spec says.
 */
function mapItems(ctx: NodeContext): Array<Record<string, unknown>> {
  const shared: Record<string, unknown> = {};
  const lists: Array<[string, unknown[]]> = [];
  for (const [port, value] of Object.entries(dataInputs(ctx))) {
    const name = port.startsWith(ITERATED) ? port.slice(ITERATED.length) : port;
    if (Array.isArray(value)) lists.push([name, value]);
    else shared[name] = value;
  }
  const lengths = new Set(lists.map(([, list]) => list.length));
  if (lengths.size > 1)
    throw new NodeFailure(
      `its iterated inputs have different lengths (${lists.map(([name, list]) => `${ITERATED}${name}: ${list.length}`).join(', ')})`,
    );
  const count = lists.length > 0 ? lists[0][1].length : Object.keys(shared).length > 0 ? 1 : 0;
  const configured = Number(ctx.config.maxIterations);
  const bound = Number.isInteger(configured) && configured > 0 ? configured : 1000;
  if (count > bound)
    throw new NodeFailure(
      `it was given ${count} items, past its bound of maxIterations ${bound} (raise config.maxIterations if it really needs more)`,
    );
  return Array.from({ length: count }, (_, i) => ({ ...shared, ...Object.fromEntries(lists.map(([name, list]) => [name, list[i]])) }));
}

function collect(ctx: NodeContext, outcomes: SubflowOutcome[]): Record<string, unknown> {
  const reducers = isRecord(ctx.config.reducers) ? ctx.config.reducers : {};
  const declared = dataOutputs(ctx.node)
    .map((p) => p.id)
    .filter((id) => id.startsWith(COLLECTED))
    .map((id) => id.slice(COLLECTED.length));
  const names = declared.length > 0 ? declared : [...new Set(outcomes.flatMap((o) => Object.keys(o.outputs)))];
  const outputs: Record<string, unknown> = { trigger: true };
  for (const name of names)
    outputs[`${COLLECTED}${name}`] = reduce(
      name,
      reducers[name],
      outcomes.map((o) => o.outputs[name] ?? null),
    );
  return outputs;
}

function mapNode(parallel: boolean): Behaviour {
  return {
    async run(ctx) {
      const flow = subflowOf(ctx);
      const items = mapItems(ctx);
      const tasks = items.map((inputs, index) => (signal: AbortSignal) => ctx.runtime.runSubflow({ flow, inputs, index, signal }));
      const outcomes = await runJoined(tasks, { limit: parallel ? parallelLimit(ctx.config) : 1, signal: ctx.runtime.signal });
      return { outputs: collect(ctx, outcomes) };
    },
  };
}

const parallelFlowNode: Behaviour = {
  async run(ctx) {
    const flows = Array.isArray(ctx.config.subflows) ? ctx.config.subflows : [];
    const inputs = dataInputs(ctx);
    const tasks = flows.map((flow, index) => {
      if (!isRecord(flow) || flow.component_type !== 'Flow') throw new NodeFailure(`subflows[${index}] is not an Agent Spec Flow`);
      return (signal: AbortSignal) => ctx.runtime.runSubflow({ flow, inputs, index, signal });
    });
    const outcomes = await runJoined(tasks, { limit: parallelLimit(ctx.config), signal: ctx.runtime.signal });
    return { outputs: Object.assign({ trigger: true }, ...outcomes.map((o) => o.outputs)) };
  },
};

const CAUGHT_BRANCH = 'caught_exception_branch';
const CAUGHT_INFO = 'caught_exception_info';

/** What a CatchExceptionNode outputs when it caught: each output's default (the subflow's, else the node's own). */
function defaultsAfterFailure(ctx: NodeContext, flow: Record<string, unknown>): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const port of dataOutputs(ctx.node)) if (port.defaultValue !== undefined) defaults[port.id] = port.defaultValue;
  for (const property of Array.isArray(flow.outputs) ? flow.outputs : [])
    if (isRecord(property) && typeof property.title === 'string' && property.default !== undefined)
      defaults[property.title] = property.default;
  return defaults;
}

const catchExceptionNode: Behaviour = {
  async run(ctx) {
    const flow = subflowOf(ctx);
    let outcome: SubflowOutcome;
    try {
      outcome = await ctx.runtime.runSubflow({ flow, inputs: dataInputs(ctx) });
    } catch (err) {
      // A stop or the run's step budget is not the subflow's failure: it ends the whole run.
      if (err instanceof RunAborted || err instanceof RunLimitReached || ctx.runtime.signal.aborted) throw err;
      const info = errorMessage(err);
      ctx.runtime.log('warning', `Caught a failure of its subflow: ${info}`);
      return {
        outputs: { trigger: true, ...defaultsAfterFailure(ctx, flow), [CAUGHT_INFO]: info },
        active: leaveBy(ctx.node, CAUGHT_BRANCH),
      };
    }
    return fromSubflow(ctx, outcome, { [CAUGHT_INFO]: null });
  },
};

const inputMessageNode: Behaviour = {
  run(ctx) {
    const message = typeof ctx.config.message === 'string' ? renderTemplate(ctx.config.message, dataInputs(ctx)) : '';
    return {
      outputs: {},
      interrupt: {
        type: 'text',
        message: message || 'Waiting for your message',
        config: { message: message || 'Waiting for your message', placeholder: '', multiline: false },
        allowCancel: false,
        awaitsMessage: true,
      },
    };
  },
  resume(ctx, answer) {
    if (answer.cancelled) throw new NodeFailure('The input was cancelled');
    const port = dataOutputs(ctx.node)[0]?.id ?? 'user_input';
    return { outputs: { trigger: true, [port]: typeof answer.value === 'string' ? answer.value : text(answer.value) } };
  },
};

const outputMessageNode: Behaviour = {
  run(ctx) {
    const message = renderTemplate(text(ctx.config.message), dataInputs(ctx));
    return { outputs: { trigger: true, value: message }, reply: message };
  },
};

/** mapping {input value → branch}, or (as imported into a gateway) its branches' conditions as the keys. */
function mappingOf(ctx: NodeContext): Record<string, unknown> {
  if (isRecord(ctx.config.mapping)) return ctx.config.mapping;
  const mapping: Record<string, unknown> = {};
  for (const branch of ctx.node.data.config.branches ?? [])
    if (!branch.isDefault && branch.condition) mapping[branch.condition] = branch.name;
  return mapping;
}

const branchingNode: Behaviour = {
  run(ctx) {
    const value = Object.values(dataInputs(ctx))[0];
    const key = typeof value === 'string' ? value : text(value);
    const mapped = mappingOf(ctx)[key];
    const branch = typeof mapped === 'string' ? mapped : 'default';
    const port = controlOutputId(nodePorts(ctx.node), branch);
    return { outputs: { active_branches: [port], value }, active: [port] };
  },
};

/** A ToolNode answers from its mock; a RemoteTool is an HTTP call; any other tool is simulated. */
const toolNode: Behaviour = {
  run(ctx) {
    const mocked = mockReply(ctx);
    if (mocked) {
      const outputs: Record<string, unknown> = { trigger: true, ...mocked.outputs };
      for (const port of dataOutputs(ctx.node)) outputs[port.id] ??= mocked.outputs.response;
      return { outputs };
    }
    const tool = isRecord(ctx.config.tool) ? ctx.config.tool : undefined;
    if (tool?.component_type === 'RemoteTool') return httpRequest.run({ ...ctx, config: { ...tool, ...ctx.config } });
    return passThrough.run(ctx);
  },
};

/** An AgentNode whose agent is a Flow runs it as a nested flow (isolated, as the spec says); else it is a model. */
const agentNode: Behaviour = {
  async run(ctx) {
    const agent = ctx.config.agent;
    if (isRecord(agent) && agent.component_type === 'Flow') {
      const outcome = await ctx.runtime.runSubflow({ flow: agent, inputs: dataInputs(ctx) });
      return { outputs: { trigger: true, ...outcome.outputs } };
    }
    return model.run(ctx);
  },
};

/** The Agent Spec node kinds by component type (snake_case) that behave otherwise than a FlowDrop type. */
export const AGENTSPEC_NODES: Record<string, Behaviour> = {
  flow_node: flowNode,
  map_node: mapNode(false),
  parallel_map_node: mapNode(true),
  parallel_flow_node: parallelFlowNode,
  catch_exception_node: catchExceptionNode,
  input_message_node: inputMessageNode,
  output_message_node: outputMessageNode,
  branching_node: branchingNode,
  tool_node: toolNode,
  agent_node: agentNode,
  api_node: httpRequest,
};
