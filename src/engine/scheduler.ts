// Walks a planned workflow: a node runs once every edge into it has delivered a signal and at least one
// of them is active; if all are inactive it is skipped, and its own edges go inactive. Gateways activate
// only the edges of their chosen branch. A loop head re-runs whenever its loop_back edge delivers, and
// then the loop body runs again on fresh signals (edges from outside the body keep their last value).
// Every visit, run or skip, counts toward the step budget and yields to the event loop, so no
// workflow can hold the server; a loop head that was skipped or has exited is not re-queued by loop_back.
// A nested flow (subflows.ts) is walked by a Scheduler of its own, over its own jobs, sharing the run's
// step budget and abort signal.
import type { WorkflowNode } from '../contract/types.js';
import { AS_FLOW } from '../agentspec/metadata-keys.js';
import { isControlOutput } from '../agentspec/node-ports.js';
import { LOOP_EXIT_PORTS, loopExitIntoBodyMessage } from '../graph/loops.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import { behaviourFor } from './behaviour-for.js';
import {
  NodeFailure,
  type ChatTurn,
  type InterruptAnswer,
  type InterruptRequest,
  type MockSpec,
  type NodeContext,
  type NodeResult,
  type ToolCall,
} from './behaviours.js';
import { RunAborted, RunLimitReached, type LiveServices, type NodeRuntime, type SubflowHost } from './node-runtime.js';
import { componentTypeOf, typeIdOf, type PlannedEdge, type RunPlan } from './plan.js';
import type { JobRecord, JobStatus, RunRecord } from './types.js';
import { isoNow, type Clock } from '../util/clock.js';

export { RunAborted };

export interface SchedulerHooks {
  /** A job or the run changed: persist and publish. */
  changed(): void;
  log(level: 'debug' | 'info' | 'warning' | 'error', message: string, nodeId?: string, context?: Record<string, unknown>): void;
  /** An output node produced text for the conversation. */
  reply(text: string, node: WorkflowNode): void;
  /** Pauses the run until the interrupt is answered or cancelled. */
  interrupt(request: InterruptRequest, node: WorkflowNode): Promise<InterruptAnswer>;
}

export interface SchedulerOptions {
  stepDelayMs: number;
  /** Node visits (executions and skips) a run may make before it fails. */
  maxSteps: number;
  message: string;
  history: ChatTurn[];
  /** Per-node config overrides: the playground's `inputs` ({[nodeId]: {[field]: value}}). */
  overrides: Record<string, Record<string, unknown>>;
  mockFor(node: WorkflowNode, typeId: string): MockSpec | undefined;
  signal: AbortSignal;
  clock: Clock;
  /** Node visits so far, shared by the run's flow and every flow nested in it. */
  budget: { visits: number };
  /** The inputs this flow was started with: the run's inputs, or a nested flow's mapped inputs. */
  flowInputs: Record<string, unknown>;
  subflows: SubflowHost;
  /** Set when the run is live (`--live`): real model and HTTP calls. */
  live?: LiveServices;
}

/** Which flow a Scheduler walks: the run's own, or one nested in a node of it. */
export interface FlowScope {
  /** The jobs of this flow's nodes, by node id (in the flow). */
  jobs: Map<string, JobRecord>;
  /** The node's id as the run records it: its own id at the top, its path inside a nested flow. */
  pathOf(nodeId: string): string;
  nested: boolean;
}

/** The run's own flow: its jobs are the run's, by node id. */
const topScope = (record: RunRecord): FlowScope => ({
  jobs: new Map(record.jobs.map((j) => [j.node_id, j])),
  pathOf: (nodeId) => nodeId,
  nested: false,
});

interface Signal {
  active: boolean;
  value: unknown;
  fresh: boolean;
}

/** A node the run may visit (it has a job), with its planned edges. */
interface Step {
  node: WorkflowNode;
  job: JobRecord;
  incoming: PlannedEdge[];
  outgoing: PlannedEdge[];
  /** Tool providers attached to it. */
  tools: PlannedEdge[];
}

/** Iterations a loop may make per entry unless its node sets `config.maxIterations`. */
const DEFAULT_MAX_ITERATIONS = 1000;

/** A macrotask turn: timers, I/O and signal handlers run before the next step (microtasks would not let them). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const nameOf = (node: WorkflowNode | undefined, id: string): string => `'${node?.data?.label ?? id}' (${id})`;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new RunAborted());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RunAborted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createJobs(plan: RunPlan): JobRecord[] {
  return [...plan.steps, ...plan.toolProviders].map((node): JobRecord => ({
    id: `job-${node.id}`,
    node_id: node.id,
    node_label: node.data?.label ?? node.id,
    node_type: typeIdOf(node),
    status: 'pending',
    execution_count: 0,
  }));
}

/**
 * What an edge carries. A loop_back edge from a control port carries the iteration's result instead:
 * the tail node's first data output.
 */
function valueFor(e: PlannedEdge, outputs: Record<string, unknown>): unknown {
  const value = outputs[e.sourcePort];
  if (e.kind !== 'loopback' || value !== true) return value;
  return Object.entries(outputs).find(([port, v]) => port !== 'trigger' && v !== true)?.[1] ?? value;
}

/** An edge that carries control: it leaves by a branch or a trigger output (a loop's back edge included). */
const isControlEdge = (e: PlannedEdge): boolean => e.kind === 'trigger' || isControlOutput(e.sourceNode, e.sourcePort);

/**
 * A flow read from Agent Spec (every node has a component type, the one start node leaves by a control
 * edge) runs by the spec's control flow; any other workflow by FlowDrop's data flow.
 */
function isControlFlow(plan: RunPlan): boolean {
  const [start, ...others] = plan.starts;
  const startNode = plan.nodes.get(start);
  return (
    others.length === 0 &&
    startNode !== undefined &&
    componentTypeOf(startNode) === 'start_node' &&
    plan.steps.every((n) => componentTypeOf(n) !== undefined) &&
    (plan.outgoing.get(start) ?? []).some(isControlEdge)
  );
}

export class Scheduler {
  private readonly signals = new Map<string, Signal>();
  private readonly runs = new Map<string, number>();
  private readonly state = new Map<string, Record<string, unknown>>();
  private readonly queue: Step[] = [];
  private readonly jobs: Map<string, JobRecord>;
  private readonly steps = new Map<string, Step>();
  private readonly bodyOf = new Map<string, Set<string>>();
  /** Loop heads whose last execution sent a new iteration into their body: only these answer loop_back. */
  private readonly iterating = new Set<string>();
  /** Iterations of each loop head since it was last entered from outside its loop. */
  private readonly iterations = new Map<string, number>();
  /** Values by name, when the flow passes data by name (an Agent Spec flow with data_flow_connections null). */
  private readonly variables?: Map<string, unknown>;
  /** The end node that closed the flow, with its branch and values. */
  ended?: NonNullable<NodeResult['end']>;

  constructor(
    private readonly plan: RunPlan,
    private readonly record: RunRecord,
    private readonly options: SchedulerOptions,
    private readonly hooks: SchedulerHooks,
    private readonly scope: FlowScope = topScope(record),
  ) {
    this.jobs = scope.jobs;
    const asFlow = plan.workflow.metadata?.[AS_FLOW];
    if (isRecord(asFlow) && asFlow.implicit_data_flow === true) this.variables = new Map();
    for (const [id, job] of this.jobs) {
      const node = plan.nodes.get(id);
      if (node)
        this.steps.set(id, {
          node,
          job,
          incoming: plan.incoming.get(id) ?? [],
          outgoing: plan.outgoing.get(id) ?? [],
          tools: plan.tools.get(id) ?? [],
        });
    }
    for (const [head, body] of plan.loopBodies) for (const id of body) this.bodyOf.set(id, body).set(head, body);
  }

  /** Runs to the end. Throws NodeFailure (a node failed), RunAborted (stopped) or an Error (a step or loop bound). */
  async run(): Promise<void> {
    if (isControlFlow(this.plan)) return this.walkControl();
    for (const id of this.plan.starts) {
      const step = this.steps.get(id);
      if (step) this.queue.push(step);
    }
    for (let step = this.queue.shift(); step !== undefined; step = this.queue.shift()) {
      if (this.options.signal.aborted) throw new RunAborted();
      if (++this.options.budget.visits > this.options.maxSteps) throw new RunLimitReached(this.budgetSpent(step.node.id));
      await this.execute(step);
    }
    for (const job of this.jobs.values()) if (job.status === 'pending') this.finishJob(job, 'skipped');
  }

  private async execute(step: Step): Promise<void> {
    const { node, job, incoming } = step;
    const nodeId = node.id;
    const fresh = incoming.flatMap((e) => {
      const signal = this.signals.get(e.edge.id);
      return signal?.fresh ? [{ e, signal }] : [];
    });
    const consumed = fresh.map(({ e }) => e);
    for (const { signal } of fresh) signal.fresh = false;
    const isStart = this.plan.starts.includes(nodeId) && (this.runs.get(nodeId) ?? 0) === 0;
    // Control decides: a node with trigger inputs runs only when one of them is active (a branch not taken
    // stays skipped even if data reaches it). Without trigger inputs, any active input runs it.
    const control = incoming.filter((e) => e.kind === 'trigger' || e.kind === 'loopback');
    const deciding = control.length > 0 ? control : incoming;
    const active = isStart || deciding.some((e) => this.signals.get(e.edge.id)?.active && (consumed.includes(e) || e.kind !== 'loopback'));
    if (!active) {
      this.iterating.delete(nodeId);
      this.finishJob(job, 'skipped');
      this.emit(step, undefined, false);
      await nextTurn();
      return;
    }
    if (this.plan.loopBodies.has(nodeId) && (isStart || consumed.some((e) => e.kind !== 'loopback'))) this.iterations.set(nodeId, 0);
    const result = await this.perform(step, this.deliveredInputs(incoming));
    this.emit(step, result, true);
  }

  /** What the active edges into a node carry, by input port. */
  private deliveredInputs(incoming: PlannedEdge[]): Record<string, unknown> {
    const inputs: Record<string, unknown> = {};
    for (const e of incoming) {
      const signal = this.signals.get(e.edge.id);
      if (e.kind === 'trigger' || !signal?.active) continue;
      inputs[e.targetPort || 'input'] = signal.value;
    }
    return inputs;
  }

  /**
   * An Agent Spec flow, walked as the language spec says: one node at a time, from the start node along
   * the control edge of the branch each node leaves by, until an end node or a branch with no edge. A node
   * no control edge reaches does not run (it is skipped at the end); a loop is any cycle of control edges,
   * bounded by the step budget. An input takes the value of the data edge whose source ran last.
   */
  private async walkControl(): Promise<void> {
    const values = new Map<string, { value: unknown; order: number }>();
    let order = 0;
    let step = this.steps.get(this.plan.starts[0]);
    while (step) {
      if (this.options.signal.aborted) throw new RunAborted();
      if (++this.options.budget.visits > this.options.maxSteps) throw new RunLimitReached(this.budgetSpent(step.node.id));
      const inputs: Record<string, unknown> = {};
      const latest = new Map<string, number>();
      for (const e of step.incoming) {
        const carried = values.get(e.edge.id);
        const port = e.targetPort || 'input';
        if (!carried || isControlEdge(e) || (latest.get(port) ?? -1) > carried.order) continue;
        latest.set(port, carried.order);
        inputs[port] = carried.value;
      }
      const result = await this.perform(step, inputs);
      order++;
      for (const e of step.outgoing)
        if (!isControlEdge(e) && result.outputs[e.sourcePort] !== undefined)
          values.set(e.edge.id, { value: result.outputs[e.sourcePort], order });
      if (result.end) break;
      const leaving = result.active ? new Set(result.active) : undefined;
      const next = step.outgoing.find((e) => isControlEdge(e) && (!leaving || leaving.has(e.sourcePort)));
      step = next ? this.steps.get(next.edge.target) : undefined;
    }
    for (const job of this.jobs.values()) if (job.status === 'pending') this.finishJob(job, 'skipped');
  }

  /** Runs one node with the inputs it was given: its job, its behaviour, an interrupt, its failure. */
  private async perform(step: Step, given: Record<string, unknown>): Promise<NodeResult> {
    const { node, job } = step;
    const nodeId = node.id;
    this.record.steps++;
    this.runs.set(nodeId, (this.runs.get(nodeId) ?? 0) + 1);
    const started = this.options.clock.now().getTime();
    job.status = 'running';
    job.started = new Date(started).toISOString();
    job.execution_count++;
    delete job.error_message;
    this.hooks.changed();
    // Each step yields: with no delay, to the next turn of the event loop rather than a microtask.
    await (this.options.stepDelayMs > 0 ? sleep(this.options.stepDelayMs, this.options.signal) : nextTurn());
    if (this.options.signal.aborted) throw new RunAborted();

    const typeId = typeIdOf(node);
    const { behaviour, known } = behaviourFor(node, typeId);
    let result: NodeResult;
    try {
      const ctx = await this.context(node, typeId, given, step.tools, job);
      if (ctx.config.mockError !== undefined && ctx.config.mockError !== '') throw new NodeFailure(String(ctx.config.mockError));
      result = await behaviour.run(ctx);
      if (result.interrupt) {
        this.hooks.log('info', `Waiting for input: ${result.interrupt.message}`, nodeId, { interruptType: result.interrupt.type });
        const answer = await this.hooks.interrupt(result.interrupt, node);
        if (!behaviour.resume) throw new NodeFailure('This node cannot resume after an interrupt');
        result = behaviour.resume(ctx, answer);
      }
    } catch (err) {
      // A stopped run is not this node's failure; whatever a cancelled call threw, it is a stop.
      if (err instanceof RunAborted || this.options.signal.aborted) throw err instanceof RunAborted ? err : new RunAborted();
      const message = errorMessage(err);
      job.status = 'failed';
      job.error_message = message;
      this.stamp(job, started);
      this.hooks.log('error', `${job.node_label} failed: ${message}`, nodeId);
      this.hooks.changed();
      throw err instanceof NodeFailure || err instanceof RunLimitReached ? err : new NodeFailure(message);
    }
    if (!known) this.hooks.log('warning', result.warning ?? `No behaviour for '${typeId}'`, nodeId);
    job.outputs = result.outputs;
    this.finishJob(job, 'completed', started);
    this.hooks.log('info', `${job.node_label} completed in ${job.execution_time} ms`, nodeId, { outputs: Object.keys(result.outputs) });
    if (result.reply !== undefined) this.hooks.reply(result.reply, node);
    if (result.end) this.ended = result.end;
    if (result.end && !this.scope.nested) this.record.outputs = { ...result.end.values };
    if (
      !this.scope.nested &&
      (node.data?.metadata?.category === 'outputs' || typeId === 'end' || result.end) &&
      result.outputs.value !== undefined
    )
      this.record.results[nodeId] = result.outputs.value;
    if (this.variables)
      for (const port of node.data?.metadata?.outputs ?? [])
        if (port.dataType !== 'trigger' && result.outputs[port.id] !== undefined) this.variables.set(port.id, result.outputs[port.id]);
    return result;
  }

  /** Delivers a node's outcome on its outgoing edges and queues the targets that became ready. */
  private emit(step: Step, result: NodeResult | undefined, ran: boolean): void {
    const nodeId = step.node.id;
    const activePorts = result?.active ? new Set(result.active) : undefined;
    let edges = step.outgoing;
    const body = this.plan.loopBodies.get(nodeId);
    if (body && ran) {
      // A loop head either iterates (signals only its body) or exits (signals only what follows the loop):
      // the nodes after the loop must not see each iteration as "not taken", nor the body the exit.
      const fires = (e: PlannedEdge) => !activePorts || activePorts.has(e.sourcePort);
      const intoBody = edges.filter((e) => body.has(e.edge.target));
      const iterating = intoBody.some(fires);
      if (iterating) this.countIteration(step, intoBody.filter(fires));
      else this.iterating.delete(nodeId);
      edges = iterating ? intoBody : edges.filter((e) => !body.has(e.edge.target));
    }
    for (const e of edges) {
      const active = ran && (!activePorts || activePorts.has(e.sourcePort));
      this.signals.set(e.edge.id, { active, value: active && result ? valueFor(e, result.outputs) : undefined, fresh: true });
      const target = this.steps.get(e.edge.target);
      if (target && this.isReady(target) && !this.queue.includes(target)) this.queue.push(target);
    }
  }

  private isReady({ node, job, incoming }: Step): boolean {
    const nodeId = node.id;
    const runs = this.runs.get(nodeId) ?? 0;
    const loopback = incoming.filter((e) => e.kind === 'loopback');
    if (this.iterating.has(nodeId) && loopback.some((e) => this.signals.get(e.edge.id)?.fresh)) return true;
    const forward = incoming.filter((e) => e.kind !== 'loopback');
    if (!forward.every((e) => this.signals.has(e.edge.id))) return false;
    if (runs === 0 && job.status === 'pending') return forward.some((e) => this.signals.get(e.edge.id)?.fresh);
    // Already ran: only a loop body node runs again, when every edge from inside its loop is fresh.
    const body = this.bodyOf.get(nodeId);
    if (!body) return false;
    const inner = forward.filter((e) => body.has(e.edge.source) || this.plan.loopBodies.has(e.edge.source));
    return inner.length > 0 && inner.every((e) => this.signals.get(e.edge.id)?.fresh);
  }

  /**
   * A loop head sends an iteration into its body. Fails the run when the head is in fact leaving by an
   * exit port wired into its own body (every exit would start it over), or past its iteration bound.
   */
  private countIteration(head: Step, firing: PlannedEdge[]): void {
    const headId = head.node.id;
    const exit = firing.find((e) => LOOP_EXIT_PORTS.has(e.sourcePort));
    if (exit && firing.every((e) => LOOP_EXIT_PORTS.has(e.sourcePort)))
      this.failLoop(head, loopExitIntoBodyMessage(this.plan.nodes, headId, exit.sourcePort, exit.edge.id, exit.edge.target));
    const bound = this.maxIterations(headId);
    const count = (this.iterations.get(headId) ?? 0) + 1;
    if (count > bound)
      this.failLoop(
        head,
        `Loop ${nameOf(this.plan.nodes.get(headId), headId)} stopped: it started iteration ${count}, past its bound of maxIterations ${bound} (raise config.maxIterations on the loop node if it really needs more)`,
      );
    this.iterations.set(headId, count);
    this.iterating.add(headId);
  }

  private maxIterations(headId: string): number {
    const configured = Number(this.options.overrides[headId]?.maxIterations ?? this.plan.nodes.get(headId)?.data?.config?.maxIterations);
    return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_ITERATIONS;
  }

  private failLoop({ node, job }: Step, message: string): never {
    job.status = 'failed';
    job.error_message = message;
    this.hooks.log('error', message, node.id);
    this.hooks.changed();
    throw new Error(message);
  }

  /** The step budget is spent: names the loop that spent it (the one being visited, else the busiest). */
  private budgetSpent(nodeId: string): string {
    const containing = [...this.plan.loopBodies]
      .filter(([head, body]) => head === nodeId || body.has(nodeId))
      .sort((a, b) => a[1].size - b[1].size);
    const busiest = [...this.plan.loopBodies.keys()].sort((a, b) => (this.runs.get(b) ?? 0) - (this.runs.get(a) ?? 0));
    const loop = containing[0]?.[0] ?? busiest[0];
    const where = loop
      ? `loop ${nameOf(this.plan.nodes.get(loop), loop)} was still going after ${this.runs.get(loop) ?? 0} runs of its head; a loop that never ends?`
      : `at ${nameOf(this.plan.nodes.get(nodeId), nodeId)}`;
    return `Run stopped after ${this.options.maxSteps} node executions and skips (--max-steps, options.maxSteps): ${where}`;
  }

  private async context(
    node: WorkflowNode,
    typeId: string,
    given: Record<string, unknown>,
    tools: PlannedEdge[],
    job: JobRecord | undefined,
  ): Promise<NodeContext> {
    const inputs: Record<string, unknown> = { ...given };
    // An input no edge delivered: the flow's variable of that name (data passed by name), else its default.
    for (const port of node.data?.metadata?.inputs ?? []) {
      if (port.dataType === 'trigger' || port.dataType === 'tool' || inputs[port.id] !== undefined) continue;
      const named = this.variables?.get(port.id);
      if (named !== undefined) inputs[port.id] = named;
      else if (port.defaultValue !== undefined) inputs[port.id] = port.defaultValue;
    }
    const config = { ...(node.data?.config ?? {}), ...(this.options.overrides[node.id] ?? {}) };
    let state = this.state.get(node.id);
    if (!state) {
      state = {};
      this.state.set(node.id, state);
    }
    return {
      node,
      typeId,
      config,
      inputs,
      tools: await this.callTools(tools),
      message: this.options.message,
      history: this.options.history,
      state,
      mock: this.options.mockFor(node, typeId),
      runtime: this.runtimeFor(node, job),
    };
  }

  private runtimeFor(node: WorkflowNode, job: JobRecord | undefined): NodeRuntime {
    const label = job?.node_label ?? node.data?.label ?? node.id;
    return {
      signal: this.options.signal,
      flowInputs: this.options.flowInputs,
      nested: this.scope.nested,
      runSubflow: (request) =>
        this.options.subflows.run(
          { path: this.scope.pathOf(node.id), label, jobId: job?.id ?? `job-${this.scope.pathOf(node.id)}` },
          request,
          request.signal ?? this.options.signal,
        ),
      progress: (update) => {
        if (!job) return;
        job.progress = { ...(job.progress ?? {}), ...update };
        this.hooks.changed();
      },
      log: (level, message, context) => this.hooks.log(level, message, node.id, context),
      live: this.options.live,
    };
  }

  /** A consumer "calls" its attached tools: each provider runs (simulated) and its job records the call. */
  private async callTools(tools: PlannedEdge[]): Promise<ToolCall[]> {
    const calls: ToolCall[] = [];
    for (const e of tools) {
      const provider = e.sourceNode;
      const typeId = typeIdOf(provider);
      const job = this.jobs.get(provider.id);
      const started = this.options.clock.now().getTime();
      let result: unknown;
      try {
        const { behaviour } = behaviourFor(provider, typeId);
        // Building its context calls the providers attached to it (their jobs record it); it runs with no tools.
        const context = await this.context(provider, typeId, {}, this.plan.tools.get(provider.id) ?? [], job);
        const out = await behaviour.run({ ...context, tools: [] });
        result = Object.entries(out.outputs).find(([k]) => k !== 'tool' && k !== 'trigger')?.[1];
        if (job) {
          job.execution_count++;
          job.started = new Date(started).toISOString();
          job.outputs = out.outputs;
          this.finishJob(job, 'completed', started);
        }
      } catch (err) {
        if (err instanceof RunAborted || this.options.signal.aborted) throw err;
        result = { error: errorMessage(err) };
        if (job) {
          job.error_message = errorMessage(err);
          this.finishJob(job, 'failed', started);
        }
      }
      calls.push({ nodeId: provider.id, name: provider.data?.label ?? typeId, result });
    }
    return calls;
  }

  private finishJob(job: JobRecord, status: JobStatus, started?: number): void {
    job.status = status;
    if (started !== undefined) this.stamp(job, started);
    this.hooks.changed();
  }

  private stamp(job: JobRecord, started: number): void {
    job.completed = isoNow(this.options.clock);
    job.execution_time = this.options.clock.now().getTime() - started;
  }
}
