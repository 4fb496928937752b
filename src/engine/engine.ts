// The run side of `wfe serve`: starts runs (pipelines), keeps playground sessions and their messages,
// pauses runs at interrupts and resumes them, and persists all of it under <dir>/.wfe/.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { conflict, graphInvalid, invalidField, notFound, ApiError } from '../contract/errors.js';
import type { NodeExecutionInfo, NodeMetadata, Workflow, WorkflowNode } from '../contract/types.js';
import type { Logger } from '../util/logger.js';
import type { ChatTurn, InterruptAnswer, InterruptRequest, MockSpec } from './behaviours.js';
import { interruptValueProblems } from './interrupt-values.js';
import { planRun } from './plan.js';
import { RecordStore } from './record-store.js';
import { createJobs, RunAborted, Scheduler, type SchedulerHooks } from './scheduler.js';
import { runRemotely } from './remote-runtime.js';
import { exportToAgentSpec } from '../agentspec/export.js';
import type { AsComponent } from '../agentspec/types.js';
import type { InterruptRecord, InterruptStatus, MessageRecord, MessageRole, RunOrigin, RunRecord, RunStatus, SessionRecord } from './types.js';

export interface EngineOptions {
  /** The served folder; records go to <dir>/.wfe/runs and <dir>/.wfe/sessions. */
  dir: string;
  logger: Logger;
  stepDelayMs: number;
  maxSteps: number;
  /** `mocks:` of wfe.config.yaml, keyed by node id or node type id. */
  mocks: () => Record<string, MockSpec>;
  /** Session status while a run waits for an interrupt: the OpenAPI's idle, or the client's awaiting_input. */
  waitingStatus?: 'idle' | 'awaiting_input';
  /** Delegate runs to an external Agent Spec runtime instead of the built-in engine. */
  runtime?: { url: string; pollMs?: number; lookupNodeType(id: string): NodeMetadata | undefined };
}

/** Finished runs kept per workflow (history, canvas counts); older ones are deleted. */
export const RUNS_KEPT_PER_WORKFLOW = 200;

/** Runs in progress at once (paused ones included): a runaway script cannot exhaust the server. */
export const MAX_CONCURRENT_RUNS = 100;

export interface StartRunInput {
  origin: RunOrigin;
  inputs?: Record<string, unknown>;
  maxSteps?: number;
  timeoutMs?: number;
  sessionId?: string;
  message?: string;
  history?: ChatTurn[];
  /** Re-run an existing pipeline record in place (POST /pipeline/{id}/execute). */
  reuse?: RunRecord;
}

export type EngineEvent =
  | { type: 'run'; run: RunRecord }
  | { type: 'message'; session: SessionRecord; message: MessageRecord };

interface ActiveRun {
  controller: AbortController;
  /** Why the run was aborted: cancelled by a person, or timed out. */
  abortReason?: { status: RunStatus; message: string };
  waiting?: { interruptId: string; answer(a: InterruptAnswer): void };
  /** Resolved when the run finishes or pauses at an interrupt. */
  wakers: Array<() => void>;
  done: Promise<void>;
}

const now = (): string => new Date().toISOString();
const FINISHED: RunStatus[] = ['completed', 'failed', 'cancelled'];

export class Engine {
  private readonly runs = new Map<string, RunRecord>();
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly interrupts = new Map<string, InterruptRecord>();
  private readonly active = new Map<string, ActiveRun>();
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  /** executionInfo per workflow, rebuilt after a run of it changes (GET /workflows/{id} reads it). */
  private readonly infoCache = new Map<string, Map<string, NodeExecutionInfo>>();
  private readonly runStore: RecordStore<RunRecord>;
  private readonly sessionStore: RecordStore<SessionRecord>;

  constructor(private readonly options: EngineOptions) {
    this.runStore = new RecordStore(join(options.dir, '.wfe', 'runs'), options.logger, (id) => this.runs.get(id));
    this.sessionStore = new RecordStore(join(options.dir, '.wfe', 'sessions'), options.logger, (id) => this.sessions.get(id));
    this.restore();
  }

  /** Loads history; whatever was running when the server stopped is closed with a clear reason. */
  private restore(): void {
    const reason = `Interrupted: the server stopped before this run finished (recovered at ${now()})`;
    for (const run of this.runStore.loadAll()) {
      this.runs.set(run.id, run);
      if (!FINISHED.includes(run.status)) {
        run.status = 'failed';
        run.error = reason;
        run.finished = now();
        run.updated = run.finished;
        for (const job of run.jobs) {
          if (job.status === 'running') Object.assign(job, { status: 'failed', error_message: reason, completed: run.finished });
          else if (job.status === 'pending') job.status = 'cancelled';
        }
        for (const i of run.interrupts) if (i.status === 'pending') i.status = 'cancelled';
        this.runStore.save(run.id);
      }
      for (const i of run.interrupts) this.interrupts.set(i.id, i);
    }
    for (const session of this.sessionStore.loadAll()) {
      this.sessions.set(session.id, session);
      const run = session.lastRunId ? this.runs.get(session.lastRunId) : undefined;
      if (session.status === 'running' || (run?.error === reason && session.status !== 'failed')) {
        session.status = 'failed';
        this.addMessage(session, 'assistant', 'The server restarted while this run was in progress, so it was stopped. Send your message again to run the workflow.', {
          executionId: session.lastRunId ?? null,
          metadata: { level: 'error', enableRun: true },
        });
      }
    }
  }

  onEvent(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---------- runs ----------

  /** Plans and starts a run; 422 when the graph cannot be run. Returns once the run is `running`. */
  startRun(workflow: Workflow, input: StartRunInput): RunRecord {
    const planned = planRun(workflow);
    if (!planned.ok) throw graphInvalid(planned.errors);
    // With --runtime, the workflow must be exportable: that document is what the runtime executes.
    let flow: AsComponent | undefined;
    if (this.options.runtime) {
      const exported = exportToAgentSpec(workflow, { lookupNodeType: this.options.runtime.lookupNodeType });
      if (!exported.valid || !exported.document) throw graphInvalid(exported.errors.map((e) => `Agent Spec export (for --runtime): ${e}`));
      flow = exported.document;
    }
    if (this.active.size >= MAX_CONCURRENT_RUNS) throw conflict(`${MAX_CONCURRENT_RUNS} runs are already in progress; stop some (POST /pipeline/{id}/stop) or wait for them to finish`);
    const created = now();
    const run: RunRecord = input.reuse ?? {
      id: randomUUID(),
      workflow_id: workflow.id,
      workflow_name: workflow.name,
      status: 'pending',
      origin: input.origin,
      created,
      updated: created,
      inputs: input.inputs ?? {},
      options: {},
      steps: 0,
      jobs: [],
      logs: [],
      interrupts: [],
      results: {},
    };
    Object.assign(run, {
      status: 'running' as RunStatus,
      session_id: input.sessionId,
      started: created,
      updated: created,
      options: { maxSteps: input.maxSteps, timeoutMs: input.timeoutMs },
      steps: 0,
      jobs: createJobs(planned.plan),
      results: {},
    });
    delete run.finished;
    delete run.error;
    this.runs.set(run.id, run);

    const controller = new AbortController();
    const active: ActiveRun = { controller, wakers: [], done: Promise.resolve() };
    this.active.set(run.id, active);
    const timer = input.timeoutMs ? setTimeout(() => this.abort(run.id, 'failed', `Timed out after ${input.timeoutMs} ms (options.timeout)`), input.timeoutMs) : undefined;
    const session = input.sessionId ? this.sessions.get(input.sessionId) : undefined;
    const overrides = this.overridesFrom(input.inputs ?? {});
    const mocks = this.options.mocks();
    const hooks: SchedulerHooks = {
      changed: () => this.touchRun(run),
      log: (level, message, nodeId, context) => {
        run.logs.push({ timestamp: now(), level, message, ...(nodeId ? { node_id: nodeId } : {}), context: context ?? {} });
        if (session && nodeId) this.addMessage(session, 'log', message, { executionId: run.id, nodeId, metadata: { level: level === 'warning' ? 'warning' : level, nodeLabel: planned.plan.nodes.get(nodeId)?.data?.label } });
        if (level === 'warning' || level === 'error') this.options.logger.warn(`run ${run.id.slice(0, 8)} (${run.workflow_name}): ${message}`);
      },
      reply: (text, node) => {
        if (session) this.addMessage(session, 'assistant', text, { executionId: run.id, nodeId: node.id, metadata: { nodeLabel: node.data?.label } });
      },
      interrupt: (request, node) => this.raiseInterrupt(run, active, request, node, session),
    };
    const remote = this.options.runtime;
    const execute = (): Promise<void> => {
      if (remote && flow)
        return runRemotely(run, {
          url: remote.url,
          flow,
          inputs: input.inputs ?? {},
          message: input.message ?? '',
          history: input.history ?? [],
          signal: controller.signal,
          pollMs: remote.pollMs ?? 500,
          changed: hooks.changed,
          log: (level, message, nodeId) => hooks.log(level, message, nodeId),
          reply: (text) => {
            if (session) this.addMessage(session, 'assistant', text, { executionId: run.id, metadata: { runtime: remote.url } });
          },
        });
      return new Scheduler(
      planned.plan,
      run,
      {
        stepDelayMs: this.options.stepDelayMs,
        maxSteps: input.maxSteps ?? this.options.maxSteps,
        message: input.message ?? '',
        history: input.history ?? [],
        overrides,
        mockFor: (node, typeId) => mocks[node.id] ?? mocks[typeId],
        signal: controller.signal,
      },
      hooks,
    ).run();
    };
    this.log(run, 'info', `Run started (${input.origin})${remote ? ` on the runtime at ${remote.url}` : ''}`);
    active.done = execute()
      .then(
        () => this.finish(run, 'completed'),
        (err: unknown) => {
          if (err instanceof RunAborted || controller.signal.aborted) {
            const reason = active.abortReason ?? { status: 'cancelled' as RunStatus, message: 'Cancelled' };
            this.finish(run, reason.status, reason.message);
          } else this.finish(run, 'failed', err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => {
        clearTimeout(timer);
        this.active.delete(run.id);
        for (const wake of active.wakers.splice(0)) wake();
      });
    this.touchRun(run);
    return run;
  }

  getRun(id: string): RunRecord | undefined {
    return this.runs.get(id);
  }

  listRuns(filter: { workflowId?: string; status?: RunStatus } = {}): RunRecord[] {
    return [...this.runs.values()]
      .filter((r) => (!filter.workflowId || r.workflow_id === filter.workflowId) && (!filter.status || r.status === filter.status))
      .sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  /** Stops a pending or running run: its running and pending jobs become cancelled. */
  async cancelRun(id: string, message = 'Cancelled'): Promise<RunRecord> {
    const run = this.runs.get(id);
    if (!run) throw notFound(`execution '${id}'`);
    if (!this.active.has(id)) throw conflict(`Execution '${id}' is ${run.status}; only a pending or running execution can be cancelled or stopped`);
    this.abort(id, 'cancelled', message);
    await this.active.get(id)?.done;
    await this.runStore.flush(id);
    return run;
  }

  /** Resolves when the run finishes or waits for an interrupt (follow-up messages are then stored). */
  async settled(runId: string): Promise<void> {
    const active = this.active.get(runId);
    if (active && !active.waiting) await new Promise<void>((r) => active.wakers.push(r));
    await this.runStore.flush(runId);
    const run = this.runs.get(runId);
    if (run?.session_id) await this.sessionStore.flush(run.session_id);
  }

  private abort(id: string, status: RunStatus, message: string): void {
    const active = this.active.get(id);
    if (!active || active.controller.signal.aborted) return;
    active.abortReason = { status, message };
    active.controller.abort();
  }

  private finish(run: RunRecord, status: RunStatus, error?: string): void {
    run.status = status;
    run.finished = now();
    if (error) run.error = error;
    for (const job of run.jobs) {
      if (job.status === 'running') Object.assign(job, { status: status === 'failed' ? 'failed' : 'cancelled', completed: run.finished, ...(error ? { error_message: error } : {}) });
      else if (job.status === 'pending') job.status = status === 'completed' ? 'skipped' : 'cancelled';
    }
    for (const i of run.interrupts) if (i.status === 'pending') i.status = 'cancelled';
    this.log(run, status === 'completed' ? 'info' : status === 'failed' ? 'error' : 'warning', status === 'completed' ? 'Run completed' : `Run ${status}: ${error}`);
    const session = run.session_id ? this.sessions.get(run.session_id) : undefined;
    if (session && session.lastRunId === run.id) {
      session.status = status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : 'idle';
      for (const m of session.messages) if (m.executionId === run.id && m.role === 'user' && m.status === 'pending') m.status = status === 'failed' ? 'failed' : 'completed';
      const replied = session.messages.some((m) => m.executionId === run.id && m.role === 'assistant' && !m.metadata.type);
      const endValue = Object.values(run.results).find((v) => v !== null && v !== '' && !(typeof v === 'object' && Object.keys(v).length === 0));
      const text =
        status === 'completed'
          ? replied ? undefined
          : endValue !== undefined ? (typeof endValue === 'string' ? endValue : JSON.stringify(endValue))
          : 'The workflow finished without a chat or text output.'
        : status === 'failed' ? `The run failed: ${error}`
        : `The run was stopped.`;
      // The editor ignores updates to messages it has seen, so the Run button is re-enabled by a new
      // message once the run is over: the closing reply, or else a log line (hidden in the chat).
      if (text) this.addMessage(session, 'assistant', text, { executionId: run.id, metadata: { level: status === 'failed' ? 'error' : 'info', enableRun: true } });
      else this.addMessage(session, 'log', `Run completed in ${Date.parse(run.finished) - Date.parse(run.started ?? run.created)} ms`, { executionId: run.id, metadata: { level: 'info', enableRun: true } });
      this.touchSession(session);
    }
    this.touchRun(run);
    this.prune(run.workflow_id);
  }

  /** Keeps the newest finished runs of a workflow; older ones (and their files) go. */
  private prune(workflowId: string): void {
    const finished = this.listRuns({ workflowId }).filter((r) => FINISHED.includes(r.status));
    for (const old of finished.slice(RUNS_KEPT_PER_WORKFLOW)) {
      this.runs.delete(old.id);
      this.infoCache.delete(workflowId);
      for (const i of old.interrupts) this.interrupts.delete(i.id);
      void this.runStore.remove(old.id);
    }
  }

  private touchRun(run: RunRecord): void {
    run.updated = now();
    this.infoCache.delete(run.workflow_id);
    this.runStore.save(run.id);
    for (const l of this.listeners) l({ type: 'run', run });
  }

  private log(run: RunRecord, level: 'info' | 'warning' | 'error', message: string): void {
    run.logs.push({ timestamp: now(), level, message, context: {} });
  }

  private overridesFrom(inputs: Record<string, unknown>): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [key, value] of Object.entries(inputs)) if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = value as Record<string, unknown>;
    return out;
  }

  /** Per node: the latest run's status and the total executions, as the editor's overlay reads them. */
  executionInfo(workflowId: string): Map<string, NodeExecutionInfo> {
    const cached = this.infoCache.get(workflowId);
    if (cached) return cached;
    const info = new Map<string, NodeExecutionInfo>();
    this.infoCache.set(workflowId, info);
    for (const run of this.listRuns({ workflowId }).reverse()) {
      for (const job of run.jobs) {
        const before = info.get(job.node_id);
        const executed = job.execution_count > 0;
        info.set(job.node_id, {
          status: job.status,
          executionCount: (before?.executionCount ?? 0) + job.execution_count,
          isExecuting: job.status === 'running',
          ...(executed || !before ? {} : { lastExecuted: before.lastExecuted, lastExecutionDuration: before.lastExecutionDuration }),
          ...(executed && (job.completed ?? job.started) ? { lastExecuted: job.completed ?? job.started } : {}),
          ...(executed && job.execution_time !== undefined ? { lastExecutionDuration: job.execution_time } : {}),
          ...(job.error_message ? { lastError: job.error_message } : {}),
        });
      }
    }
    return info;
  }

  // ---------- interrupts ----------

  private raiseInterrupt(run: RunRecord, active: ActiveRun, request: InterruptRequest, node: WorkflowNode, session?: SessionRecord): Promise<InterruptAnswer> {
    const interrupt: InterruptRecord = {
      id: randomUUID(),
      type: request.type,
      status: 'pending',
      nodeId: node.id,
      executionId: run.id,
      pipelineId: run.id,
      ...(session ? { sessionId: session.id } : {}),
      message: request.message,
      config: request.config,
      allowCancel: request.allowCancel,
      createdAt: now(),
    };
    run.interrupts.push(interrupt);
    this.interrupts.set(interrupt.id, interrupt);
    if (session) {
      const message = this.addMessage(session, 'assistant', request.message, {
        executionId: run.id,
        nodeId: node.id,
        status: 'pending',
        metadata: {
          type: 'interrupt_request',
          interrupt_id: interrupt.id,
          interrupt_type: interrupt.type,
          node_id: node.id,
          execution_id: run.id,
          message: request.message,
          // The OpenAPI names the flag allowCancel; the editor reads allow_cancel.
          allowCancel: interrupt.allowCancel,
          allow_cancel: interrupt.allowCancel,
          nodeLabel: node.data?.label,
          ...request.config,
          ...(request.type === 'form' && request.config.default_values ? { default_value: request.config.default_values } : {}),
        },
      });
      interrupt.messageId = message.id;
      session.status = this.options.waitingStatus === 'awaiting_input' ? ('awaiting_input' as SessionRecord['status']) : 'idle';
      this.touchSession(session);
    }
    this.touchRun(run);
    return new Promise<InterruptAnswer>((resolve, reject) => {
      const onAbort = () => reject(new RunAborted());
      active.controller.signal.addEventListener('abort', onAbort, { once: true });
      active.waiting = {
        interruptId: interrupt.id,
        answer: (a) => {
          active.controller.signal.removeEventListener('abort', onAbort);
          active.waiting = undefined;
          resolve(a);
        },
      };
      for (const wake of active.wakers.splice(0)) wake();
    });
  }

  getInterrupt(id: string): InterruptRecord | undefined {
    return this.interrupts.get(id);
  }

  listInterrupts(filter: { sessionId?: string; pipelineId?: string; status?: InterruptStatus }): InterruptRecord[] {
    return [...this.interrupts.values()]
      .filter((i) => (!filter.sessionId || i.sessionId === filter.sessionId) && (!filter.pipelineId || i.pipelineId === filter.pipelineId) && (!filter.status || i.status === filter.status))
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  /** Answers an interrupt; the run resumes, and this resolves once it finishes or waits again. */
  async resolveInterrupt(id: string, value: unknown): Promise<InterruptRecord> {
    const interrupt = this.pendingInterrupt(id);
    const problems = interruptValueProblems(interrupt, value);
    if (problems.length > 0) throw invalidField('value', `${problems.join('; ')} (a ${interrupt.type} interrupt)`);
    return this.answer(interrupt, 'resolved', { value, cancelled: false });
  }

  async cancelInterrupt(id: string): Promise<InterruptRecord> {
    const interrupt = this.pendingInterrupt(id);
    if (!interrupt.allowCancel) throw new ApiError(400, 'VALIDATION_ERROR', `Interrupt '${id}' cannot be cancelled (allowCancel is false); answer it instead`, { field: 'interruptId', message: 'cannot be cancelled' });
    return this.answer(interrupt, 'cancelled', { cancelled: true });
  }

  private pendingInterrupt(id: string): InterruptRecord {
    const interrupt = this.interrupts.get(id);
    if (!interrupt) throw notFound(`interrupt '${id}'`);
    if (interrupt.status !== 'pending') throw conflict(`Interrupt '${id}' is already ${interrupt.status}`);
    const active = this.active.get(interrupt.executionId);
    if (active?.waiting?.interruptId !== id) throw conflict(`Interrupt '${id}' no longer has a run waiting for it`);
    return interrupt;
  }

  private async answer(interrupt: InterruptRecord, status: InterruptStatus, answer: InterruptAnswer): Promise<InterruptRecord> {
    const active = this.active.get(interrupt.executionId)!;
    interrupt.status = status;
    interrupt.resolvedAt = now();
    interrupt.response_time = interrupt.resolvedAt;
    if (status === 'resolved') interrupt.response = answer.value;
    const run = this.runs.get(interrupt.executionId)!;
    const session = interrupt.sessionId ? this.sessions.get(interrupt.sessionId) : undefined;
    if (session) {
      const prompt = session.messages.find((m) => m.id === interrupt.messageId);
      if (prompt) {
        prompt.status = 'completed';
        prompt.metadata.response_value = answer.value ?? null;
        prompt.metadata.interrupt_status = status;
      }
      const summary = status === 'cancelled' ? 'Cancelled' : typeof answer.value === 'string' ? answer.value : JSON.stringify(answer.value);
      this.addMessage(session, 'user', summary, { executionId: run.id, nodeId: interrupt.nodeId, parentMessageId: interrupt.messageId ?? null, metadata: { interrupt_id: interrupt.id, interrupt_status: status } });
      session.status = 'running';
      this.touchSession(session);
    }
    this.log(run, 'info', `Interrupt ${status}${status === 'resolved' ? `: ${JSON.stringify(answer.value)}` : ''}`);
    active.waiting!.answer(answer);
    await this.settled(run.id);
    return interrupt;
  }

  // ---------- playground sessions ----------

  listSessions(workflowId: string): SessionRecord[] {
    return [...this.sessions.values()].filter((s) => s.workflowId === workflowId).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  createSession(workflowId: string, name: string | undefined, metadata: Record<string, unknown> = {}): SessionRecord {
    const created = now();
    const session: SessionRecord = {
      id: randomUUID(),
      workflowId,
      name: name && name.trim() ? name : `Session ${this.listSessions(workflowId).length + 1}`,
      status: 'idle',
      createdAt: created,
      updatedAt: created,
      metadata,
      messages: [],
    };
    this.sessions.set(session.id, session);
    this.touchSession(session);
    return session;
  }

  getSession(id: string): SessionRecord {
    const session = this.sessions.get(id);
    if (!session) throw notFound(`playground session '${id}'`);
    return session;
  }

  /** The workflow's most recently updated session (the seed's chat history). */
  latestSession(workflowId: string): SessionRecord | undefined {
    return [...this.sessions.values()].filter((s) => s.workflowId === workflowId).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))[0];
  }

  async deleteSession(id: string): Promise<void> {
    const session = this.getSession(id);
    if (session.lastRunId && this.active.has(session.lastRunId)) await this.cancelRun(session.lastRunId, 'Session deleted');
    this.sessions.delete(id);
    await this.sessionStore.remove(id);
  }

  /** Messages strictly after `since`, oldest first, at most `limit`. */
  messages(sessionId: string, since: string | undefined, limit: number): { messages: MessageRecord[]; hasMore: boolean } {
    const session = this.getSession(sessionId);
    const after = since === undefined ? -Infinity : Date.parse(since);
    const matching = session.messages.filter((m) => Date.parse(m.timestamp) > after);
    return { messages: matching.slice(0, limit), hasMore: matching.length > limit };
  }

  /** Stores the user's message, sets the session running, and starts the run before returning. */
  sendMessage(sessionId: string, workflow: Workflow, content: string, inputs: Record<string, unknown>): MessageRecord {
    const session = this.getSession(sessionId);
    const waiting = this.listInterrupts({ sessionId, status: 'pending' })[0];
    if (waiting) throw conflict(`Session is waiting for an answer to interrupt '${waiting.id}'; resolve or cancel it first`);
    if (session.status === 'running' || (session.lastRunId && this.active.has(session.lastRunId))) throw conflict('Session is already executing');
    const history: ChatTurn[] = session.messages
      .filter((m) => (m.role === 'user' || m.role === 'assistant') && !m.metadata.type && !m.metadata.interrupt_id)
      .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
    const message = this.addMessage(session, 'user', content, { status: 'pending', metadata: Object.keys(inputs).length > 0 ? { inputs } : {} });
    const run = this.startRun(workflow, { origin: 'playground', inputs, sessionId, message: content, history });
    message.executionId = run.id;
    session.lastRunId = run.id;
    session.status = 'running';
    this.touchSession(session);
    return message;
  }

  async stopSession(sessionId: string): Promise<void> {
    const session = this.getSession(sessionId);
    if (!session.lastRunId || !this.active.has(session.lastRunId)) throw conflict('No execution is running in this session');
    await this.cancelRun(session.lastRunId, 'Stopped from the playground');
    session.status = 'idle';
    this.touchSession(session);
    await this.sessionStore.flush(sessionId);
  }

  private addMessage(
    session: SessionRecord,
    role: MessageRole,
    content: string,
    extra: Partial<Pick<MessageRecord, 'executionId' | 'nodeId' | 'parentMessageId' | 'status' | 'metadata'>> = {},
  ): MessageRecord {
    const last = session.messages[session.messages.length - 1];
    // Timestamps are distinct and increasing, so `since` (strictly after) never skips or repeats a message.
    const stamp = Math.max(Date.now(), last ? Date.parse(last.timestamp) + 1 : 0);
    const message: MessageRecord = {
      id: randomUUID(),
      sessionId: session.id,
      role,
      content,
      timestamp: new Date(stamp).toISOString(),
      status: extra.status ?? 'completed',
      sequenceNumber: (last?.sequenceNumber ?? 0) + 1,
      parentMessageId: extra.parentMessageId ?? null,
      executionId: extra.executionId ?? null,
      nodeId: extra.nodeId ?? null,
      metadata: extra.metadata ?? {},
    };
    session.messages.push(message);
    this.touchSession(session);
    for (const l of this.listeners) l({ type: 'message', session, message });
    return message;
  }

  private touchSession(session: SessionRecord): void {
    session.updatedAt = now();
    this.sessionStore.save(session.id);
  }

  /** Stops every run (as failed: the server is going away) and writes everything out. */
  async close(): Promise<void> {
    for (const id of [...this.active.keys()]) this.abort(id, 'failed', 'The server stopped during this run');
    await Promise.all([...this.active.values()].map((a) => a.done));
    await this.runStore.flush();
    await this.sessionStore.flush();
  }
}

