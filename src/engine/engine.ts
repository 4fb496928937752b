// The run side of `wfe serve`, wired together: starts runs (pipelines) and follows them to their end,
// connects playground sessions and interrupts to the runs they belong to, and stops everything on close.
// What each part keeps lives in its own file: run-registry (runs and runs in progress), run-history
// (persistence, retention), sessions (sessions and messages), playground (conversations: a message starts
// a run, stop cancels it, the end closes it), interrupts, run-execution (scheduling).
import { randomUUID } from 'node:crypto';
import type { NodeExecutionInfo, NodeMetadata, Workflow, WorkflowNode } from '../contract/types.js';
import { exportToAgentSpec } from '../agentspec/export.js';
import type { AsComponent } from '../agentspec/types.js';
import { ConflictError, GraphInvalidError, NotFoundError, UnavailableError } from '../util/domain-errors.js';
import type { Logger } from '../util/logger.js';
import { errorMessage } from '../util/narrow.js';
import type { ChatTurn, InterruptAnswer, InterruptRequest, MockSpec } from './behaviours.js';
import { answerEntry, Interrupts, promptMetadata, waitForAnswer } from './interrupts.js';
import { planRun, type RunPlan } from './plan.js';
import { Playground } from './playground.js';
import { executeRun } from './run-execution.js';
import { RunHistory } from './run-history.js';
import { isFinished, RunRegistry, wake, type AbortReason, type ActiveRun } from './run-registry.js';
import { createJobs, RunAborted, type SchedulerHooks } from './scheduler.js';
import { Sessions } from './sessions.js';
import { liveServices } from './live/services.js';
import { runsSettings } from './live/settings.js';
import type { InterruptRecord, InterruptStatus, MessageRecord, RunOrigin, RunRecord, RunStatus, SessionRecord } from './types.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';

export interface EngineOptions {
  /** The served folder; records go to <dir>/.wfe/runs and <dir>/.wfe/sessions. */
  dir: string;
  logger: Logger;
  stepDelayMs: number;
  maxSteps: number;
  /** Finished runs kept per workflow (RunHistory's default when not given). */
  runsKeptPerWorkflow?: number;
  /** `mocks:` of wfe.config.yaml, keyed by node id or node type id. */
  mocks: () => Record<string, MockSpec>;
  /** Session status while a run waits for an interrupt: the OpenAPI's idle, or the client's awaiting_input. */
  waitingStatus?: 'idle' | 'awaiting_input';
  /** Delegate runs to an external Agent Spec runtime instead of the built-in engine. */
  runtime?: { url: string; pollMs?: number; lookupNodeType(id: string): NodeMetadata | undefined };
  /** Stamps of runs, jobs, logs, sessions and interrupts; the system clock when not given. */
  clock?: Clock;
  /** `wfe serve --live`: model and HTTP nodes make real calls (as `runs: { live: true }` does). */
  live?: boolean;
  /** `runs:` of wfe.config.yaml, read at the start of each run. */
  runs?: () => unknown;
  /** Where the keys runs.keys names are read from; the process environment when not given. */
  env?: Readonly<Record<string, string | undefined>>;
}

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

export type EngineEvent = { type: 'run'; run: RunRecord } | { type: 'message'; session: SessionRecord; message: MessageRecord };

export class Engine {
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private readonly registry = new RunRegistry();
  private readonly interrupts: Interrupts;
  private readonly clock: Clock;
  private readonly history: RunHistory;
  private readonly sessions: Sessions;
  private readonly playground: Playground;
  private closing = false;
  /** Starts whose record is being written, each with the id of the run it re-runs, if any. */
  private readonly starting = new Map<Promise<RunRecord>, string | undefined>();

  constructor(private readonly options: EngineOptions) {
    this.clock = options.clock ?? systemClock;
    this.interrupts = new Interrupts(this.clock);
    this.history = new RunHistory({
      dir: options.dir,
      logger: options.logger,
      registry: this.registry,
      clock: this.clock,
      keptPerWorkflow: options.runsKeptPerWorkflow,
    });
    this.sessions = new Sessions(
      options.dir,
      options.logger,
      (session, message) => this.emit({ type: 'message', session, message }),
      this.clock,
    );
    this.playground = new Playground({
      sessions: this.sessions,
      interrupts: this.interrupts,
      isRunActive: (runId) => this.registry.isActive(runId),
      startRun: (workflow, input) => this.startRun(workflow, input),
      cancelRun: (runId, message) => this.cancelRun(runId, message),
      answerInterrupt: (id, value) => {
        const interrupt = this.pendingInterrupt(id);
        this.interrupts.checkAnswer(interrupt, value);
        return this.answer(interrupt, 'resolved', { value, cancelled: false });
      },
    });
    this.restore();
  }

  /** Loads history; whatever was running when the server stopped is closed with a clear reason. */
  private restore(): void {
    const reason = `Interrupted: the server stopped before this run finished (recovered at ${isoNow(this.clock)})`;
    for (const run of this.history.recover(reason)) this.interrupts.addFrom(run);
    this.sessions.recover((session) => {
      const run = session.lastRunId ? this.registry.get(session.lastRunId) : undefined;
      return session.status === 'running' || (run?.error === reason && session.status !== 'failed');
    });
  }

  onEvent(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: EngineEvent): void {
    for (const l of this.listeners) l(event);
  }

  // ---------- runs ----------

  /**
   * Plans and starts a run; GraphInvalidError when the graph cannot be run. Resolves once the run's record is
   * on disk and the run is `running`. Everything that can refuse the run is decided before its record is
   * written, and the starts under way count as runs, so that requests arriving during that write are judged
   * as if it had finished.
   */
  startRun(workflow: Workflow, input: StartRunInput): Promise<RunRecord> {
    const planned = planRun(workflow);
    if (!planned.ok) throw new GraphInvalidError(planned.errors);
    const flow = this.runtimeFlow(workflow);
    if (this.closing) throw new UnavailableError('The server is stopping; runs can no longer be started');
    if (this.registry.activeCount + this.starting.size >= MAX_CONCURRENT_RUNS)
      throw new ConflictError(
        `${MAX_CONCURRENT_RUNS} runs are already in progress; stop some (POST /pipeline/{id}/stop) or wait for them to finish`,
      );
    const reused = input.reuse;
    if (reused && (this.registry.isActive(reused.id) || [...this.starting.values()].includes(reused.id)))
      throw new ConflictError(`Pipeline '${reused.id}' is already ${reused.status}; stop it first`);
    // Run again outside its session, it would hold the session busy while the session says it is idle.
    if (reused?.session_id !== undefined && input.sessionId === undefined)
      throw new ConflictError(
        `Pipeline '${reused.id}' is a run of playground session '${reused.session_id}': send a message to that session to run the workflow again`,
        { sessionId: reused.session_id },
      );
    const started = this.acceptRun(workflow, input, createJobs(planned.plan)).then((run) => this.beginRun(run, input, planned.plan, flow));
    this.starting.set(started, reused?.id);
    return started.finally(() => this.starting.delete(started));
  }

  /** Runs a run whose record is on disk: it is `running` when this returns. */
  private beginRun(run: RunRecord, input: StartRunInput, plan: RunPlan, flow: AsComponent | undefined): RunRecord {
    const active: ActiveRun = { controller: new AbortController(), wakers: [], done: Promise.resolve() };
    this.registry.begin(run.id, active);
    const timer = input.timeoutMs
      ? setTimeout(() => this.registry.abort(run.id, 'failed', `Timed out after ${input.timeoutMs} ms (options.timeout)`), input.timeoutMs)
      : undefined;
    const session = input.sessionId ? this.sessions.find(input.sessionId) : undefined;
    const remote = this.options.runtime;
    const settings = runsSettings(this.options.runs?.());
    const live = !remote && (this.options.live === true || settings.live);
    const execution = executeRun({
      plan,
      run,
      inputs: input.inputs ?? {},
      message: input.message ?? '',
      history: input.history ?? [],
      stepDelayMs: this.options.stepDelayMs,
      maxSteps: input.maxSteps ?? this.options.maxSteps,
      mocks: this.options.mocks(),
      signal: active.controller.signal,
      clock: this.clock,
      hooks: this.hooksFor(run, active, plan.nodes, session),
      ...(live ? { live: liveServices(settings, this.options.env ?? process.env, this.clock) } : {}),
      remote:
        remote && flow
          ? {
              url: remote.url,
              pollMs: remote.pollMs ?? 500,
              flow,
              reply: (text) => {
                if (session)
                  this.sessions.addMessage(session, 'assistant', text, { executionId: run.id, metadata: { runtime: remote.url } });
              },
            }
          : undefined,
    });
    this.log(
      run,
      'info',
      `Run started (${input.origin})${remote ? ` on the runtime at ${remote.url}` : live ? ', live: model and allowed HTTP calls are real' : ''}`,
    );
    active.done = execution
      .then(
        () => this.finish(run, 'completed'),
        (err: unknown) => {
          if (err instanceof RunAborted || active.controller.signal.aborted) {
            const reason: AbortReason = active.abortReason ?? { status: 'cancelled', message: 'Cancelled' };
            this.finish(run, reason.status, reason.message);
          } else this.finish(run, 'failed', err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => {
        clearTimeout(timer);
        this.registry.end(run.id);
        wake(active);
      });
    this.touchRun(run);
    return run;
  }

  /** With --runtime, the workflow must be exportable: that document is what the runtime executes. */
  private runtimeFlow(workflow: Workflow): AsComponent | undefined {
    if (!this.options.runtime) return undefined;
    const exported = exportToAgentSpec(workflow, { lookupNodeType: this.options.runtime.lookupNodeType });
    if (!exported.valid || !exported.document)
      throw new GraphInvalidError(exported.errors.map((e) => `Agent Spec export (for --runtime): ${e}`));
    return exported.document;
  }

  /** The run's record, new or reset for a re-run, written to disk before anything else happens. */
  private async acceptRun(workflow: Workflow, input: StartRunInput, jobs: RunRecord['jobs']): Promise<RunRecord> {
    const created = isoNow(this.clock);
    const previous = input.reuse ? structuredClone(input.reuse) : undefined;
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
      status: 'running',
      session_id: input.sessionId,
      started: created,
      updated: created,
      options: { maxSteps: input.maxSteps, timeoutMs: input.timeoutMs },
      steps: 0,
      jobs,
      results: {},
    } satisfies Partial<RunRecord>);
    delete run.finished;
    delete run.error;
    delete run.outputs;
    try {
      await this.history.writeNow(run);
    } catch (err) {
      if (previous) {
        if (!('session_id' in previous)) delete run.session_id;
        Object.assign(run, previous);
      }
      throw err;
    }
    this.registry.add(run);
    return run;
  }

  private hooksFor(
    run: RunRecord,
    active: ActiveRun,
    nodes: Map<string, WorkflowNode>,
    session: SessionRecord | undefined,
  ): SchedulerHooks {
    return {
      changed: () => this.touchRun(run),
      log: (level, message, nodeId, context) => {
        run.logs.push({ timestamp: isoNow(this.clock), level, message, ...(nodeId ? { node_id: nodeId } : {}), context: context ?? {} });
        if (session && nodeId)
          this.sessions.addMessage(session, 'log', message, {
            executionId: run.id,
            nodeId,
            metadata: { level: level === 'warning' ? 'warning' : level, nodeLabel: nodes.get(nodeId)?.data?.label },
          });
        if (level === 'warning' || level === 'error')
          this.options.logger.warn(`run ${run.id.slice(0, 8)} (${run.workflow_name}): ${message}`);
      },
      reply: (text, node) => {
        if (session)
          this.sessions.addMessage(session, 'assistant', text, {
            executionId: run.id,
            nodeId: node.id,
            metadata: { nodeLabel: node.data?.label },
          });
      },
      interrupt: (request, node) => this.raiseInterrupt(run, active, request, node, session),
    };
  }

  getRun(id: string): RunRecord | undefined {
    return this.registry.get(id);
  }

  listRuns(filter: { workflowId?: string; status?: RunStatus } = {}): RunRecord[] {
    return this.registry.list(filter);
  }

  isActive(runId: string): boolean {
    return this.registry.isActive(runId);
  }

  /** Per node: the latest run's status and the total executions, as the editor's overlay reads them. */
  executionInfo(workflowId: string): Map<string, NodeExecutionInfo> {
    return this.registry.executionInfo(workflowId);
  }

  /** Stops a pending or running run: its running and pending jobs become cancelled. */
  async cancelRun(id: string, message = 'Cancelled'): Promise<RunRecord> {
    const run = this.registry.get(id);
    if (!run) throw new NotFoundError(`execution '${id}'`);
    if (!this.registry.isActive(id))
      throw new ConflictError(`Execution '${id}' is ${run.status}; only a pending or running execution can be cancelled or stopped`);
    this.registry.abort(id, 'cancelled', message);
    await this.registry.activeRun(id)?.done;
    await this.history.flush(id);
    return run;
  }

  /** Resolves when the run finishes or waits for an interrupt (follow-up messages are then stored). */
  async settled(runId: string): Promise<void> {
    const active = this.registry.activeRun(runId);
    if (active && !active.waiting) await new Promise<void>((r) => active.wakers.push(r));
    await this.history.flush(runId);
    const run = this.registry.get(runId);
    if (run?.session_id) await this.sessions.flush(run.session_id);
  }

  private finish(run: RunRecord, status: RunStatus, error?: string): void {
    // close() may have closed it already, when the run did not stop within the grace period.
    if (isFinished(run.status)) return;
    run.status = status;
    run.finished = isoNow(this.clock);
    if (error) run.error = error;
    for (const job of run.jobs) {
      if (job.status === 'running')
        Object.assign(job, {
          status: status === 'failed' ? 'failed' : 'cancelled',
          completed: run.finished,
          ...(error ? { error_message: error } : {}),
        });
      else if (job.status === 'pending') job.status = status === 'completed' ? 'skipped' : 'cancelled';
    }
    for (const i of run.interrupts) if (i.status === 'pending') i.status = 'cancelled';
    this.log(
      run,
      status === 'completed' ? 'info' : status === 'failed' ? 'error' : 'warning',
      status === 'completed' ? 'Run completed' : `Run ${status}: ${error}`,
    );
    this.playground.closeConversation(run, { finished: run.finished, status, error });
    this.touchRun(run);
    for (const removed of this.history.prune(run.workflow_id)) this.interrupts.forgetFrom(removed);
  }

  private touchRun(run: RunRecord): void {
    run.updated = isoNow(this.clock);
    this.registry.changed(run);
    this.history.save(run.id);
    this.emit({ type: 'run', run });
  }

  private log(run: RunRecord, level: 'info' | 'warning' | 'error', message: string): void {
    run.logs.push({ timestamp: isoNow(this.clock), level, message, context: {} });
  }

  // ---------- interrupts ----------

  private raiseInterrupt(
    run: RunRecord,
    active: ActiveRun,
    request: InterruptRequest,
    node: WorkflowNode,
    session?: SessionRecord,
  ): Promise<InterruptAnswer> {
    const interrupt = this.interrupts.raise(run, request, node, session?.id);
    if (session) {
      const message = this.sessions.addMessage(session, 'assistant', request.message, {
        executionId: run.id,
        nodeId: node.id,
        status: 'pending',
        metadata: promptMetadata(interrupt, request, node),
      });
      interrupt.messageId = message.id;
      session.status = this.options.waitingStatus === 'awaiting_input' ? 'awaiting_input' : 'idle';
      this.sessions.touch(session);
    }
    this.touchRun(run);
    const answered = waitForAnswer(active, interrupt.id);
    if (request.timeoutMs !== undefined) {
      const seconds = request.timeoutMs / 1000;
      const timer = setTimeout(() => {
        if (active.waiting?.interruptId !== interrupt.id) return;
        this.answer(interrupt, 'cancelled', { cancelled: true }, `no answer within ${seconds} s (timeoutSeconds)`).catch((err: unknown) =>
          this.options.logger.error(`interrupt ${interrupt.id}: could not cancel it at its timeout: ${errorMessage(err)}`),
        );
      }, request.timeoutMs);
      const clear = () => clearTimeout(timer);
      answered.then(clear, clear);
    }
    wake(active);
    return answered;
  }

  getInterrupt(id: string): InterruptRecord | undefined {
    return this.interrupts.get(id);
  }

  listInterrupts(filter: { sessionId?: string; pipelineId?: string; status?: InterruptStatus }): InterruptRecord[] {
    return this.interrupts.list(filter);
  }

  /** Answers an interrupt; the run resumes, and this resolves once it finishes or waits again. */
  async resolveInterrupt(id: string, value: unknown): Promise<InterruptRecord> {
    const interrupt = this.pendingInterrupt(id);
    this.interrupts.checkAnswer(interrupt, value);
    return this.answer(interrupt, 'resolved', { value, cancelled: false });
  }

  async cancelInterrupt(id: string): Promise<InterruptRecord> {
    const interrupt = this.pendingInterrupt(id);
    this.interrupts.checkCancellable(interrupt);
    return this.answer(interrupt, 'cancelled', { cancelled: true });
  }

  private pendingInterrupt(id: string): InterruptRecord {
    return this.interrupts.pending(id, (runId) => this.registry.activeRun(runId)?.waiting?.interruptId);
  }

  private async answer(
    interrupt: InterruptRecord,
    status: InterruptStatus,
    answer: InterruptAnswer,
    why?: string,
  ): Promise<InterruptRecord> {
    const waiting = this.registry.activeRun(interrupt.executionId)?.waiting;
    const run = this.registry.get(interrupt.executionId);
    if (!waiting || !run) throw new ConflictError(`Interrupt '${interrupt.id}' no longer has a run waiting for it`);
    this.interrupts.close(interrupt, status, answer);
    const session = interrupt.sessionId ? this.sessions.find(interrupt.sessionId) : undefined;
    if (session) {
      const prompt = session.messages.find((m) => m.id === interrupt.messageId);
      if (prompt) {
        prompt.status = 'completed';
        prompt.metadata.response_value = answer.value ?? null;
        prompt.metadata.interrupt_status = status;
      }
      const entry = answerEntry(interrupt, answer);
      this.sessions.addMessage(session, 'log', entry.content, {
        executionId: run.id,
        nodeId: interrupt.nodeId,
        parentMessageId: interrupt.messageId ?? null,
        metadata: entry.metadata,
      });
      session.status = 'running';
      this.sessions.touch(session);
    }
    this.log(run, 'info', `Interrupt ${status}${status === 'resolved' ? `: ${JSON.stringify(answer.value)}` : ''}${why ? `: ${why}` : ''}`);
    waiting.answer(answer);
    await this.settled(run.id);
    return interrupt;
  }

  // ---------- playground sessions ----------

  listSessions(workflowId: string): SessionRecord[] {
    return this.sessions.list(workflowId);
  }

  createSession(workflowId: string, name: string | undefined, metadata: Record<string, unknown> = {}): SessionRecord {
    return this.sessions.create(workflowId, name, metadata);
  }

  getSession(id: string): SessionRecord {
    return this.sessions.get(id);
  }

  /** The workflow's most recently updated session (what GET /workflows/{id}/chat/messages reads). */
  latestSession(workflowId: string): SessionRecord | undefined {
    return this.sessions.latest(workflowId);
  }

  async deleteSession(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (session.lastRunId && this.registry.isActive(session.lastRunId)) await this.cancelRun(session.lastRunId, 'Session deleted');
    await this.sessions.remove(id);
  }

  /** Messages strictly after `since`, oldest first, at most `limit`. */
  messages(sessionId: string, since: string | undefined, limit: number): { messages: MessageRecord[]; hasMore: boolean } {
    return this.sessions.messagesSince(sessionId, since, limit);
  }

  sendMessage(sessionId: string, workflow: Workflow, content: string, inputs: Record<string, unknown>): Promise<MessageRecord> {
    return this.playground.sendMessage(sessionId, workflow, content, inputs);
  }

  stopSession(sessionId: string): Promise<void> {
    return this.playground.stopSession(sessionId);
  }

  /**
   * Stops every run as cancelled, with the reason, and writes everything out. A run that has not stopped
   * within `graceMs` is closed as cancelled anyway, so a shutdown never waits on a run.
   */
  async close(reason = 'The server stopped during this run', graceMs = 1000): Promise<void> {
    this.closing = true;
    // A start whose record is being written ends as a run like the others, which are then stopped.
    await Promise.allSettled(this.starting.keys());
    for (const id of this.registry.activeIds()) this.registry.abort(id, 'cancelled', reason);
    let timer: NodeJS.Timeout | undefined;
    const stopped = this.registry.allDone().then(() => true);
    const inTime = await Promise.race([stopped, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), graceMs)))]);
    clearTimeout(timer);
    if (!inTime) {
      for (const id of this.registry.activeIds()) {
        const run = this.registry.get(id);
        if (run) this.finish(run, 'cancelled', `${reason} (it did not stop within ${graceMs} ms)`);
      }
    }
    await this.history.flush();
    await this.sessions.flush();
  }
}
