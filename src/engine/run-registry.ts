// Which runs exist (loaded history included) and which of them are in progress, with what an
// in-progress run needs to be stopped, woken or answered. No files, sessions or HTTP here.
import type { NodeExecutionInfo } from '../contract/types.js';
import type { InterruptAnswer } from './behaviours.js';
import type { RunRecord, RunStatus } from './types.js';

const FINISHED: readonly RunStatus[] = ['completed', 'failed', 'cancelled'];

export const isFinished = (status: RunStatus): boolean => FINISHED.includes(status);

/** Why a run was aborted: cancelled by a person, or timed out; how it will be recorded. */
export interface AbortReason {
  status: RunStatus;
  message: string;
}

export interface ActiveRun {
  controller: AbortController;
  abortReason?: AbortReason;
  waiting?: { interruptId: string; answer(a: InterruptAnswer): void };
  /** Resolved when the run finishes or pauses at an interrupt. */
  wakers: Array<() => void>;
  done: Promise<void>;
}

export function wake(active: ActiveRun): void {
  for (const waker of active.wakers.splice(0)) waker();
}

export class RunRegistry {
  private readonly runs = new Map<string, RunRecord>();
  private readonly active = new Map<string, ActiveRun>();
  /** executionInfo per workflow, rebuilt after a run of it changes (GET /workflows/{id} reads it). */
  private readonly infoCache = new Map<string, Map<string, NodeExecutionInfo>>();

  get(id: string): RunRecord | undefined {
    return this.runs.get(id);
  }

  add(run: RunRecord): void {
    this.runs.set(run.id, run);
  }

  remove(run: RunRecord): void {
    this.runs.delete(run.id);
    this.infoCache.delete(run.workflow_id);
  }

  /** A run changed: the execution info of its workflow is out of date. */
  changed(run: RunRecord): void {
    this.infoCache.delete(run.workflow_id);
  }

  /** Newest first. */
  list(filter: { workflowId?: string; status?: RunStatus } = {}): RunRecord[] {
    return [...this.runs.values()]
      .filter((r) => (!filter.workflowId || r.workflow_id === filter.workflowId) && (!filter.status || r.status === filter.status))
      .sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
  }

  // ---------- runs in progress ----------

  begin(runId: string, active: ActiveRun): void {
    this.active.set(runId, active);
  }

  end(runId: string): void {
    this.active.delete(runId);
  }

  activeRun(runId: string): ActiveRun | undefined {
    return this.active.get(runId);
  }

  isActive(runId: string): boolean {
    return this.active.has(runId);
  }

  get activeCount(): number {
    return this.active.size;
  }

  activeIds(): string[] {
    return [...this.active.keys()];
  }

  /** Resolves when every run now in progress has stopped. */
  allDone(): Promise<void[]> {
    return Promise.all([...this.active.values()].map((a) => a.done));
  }

  /** Asks a run in progress to stop; `status` and `message` say how it will be recorded. */
  abort(runId: string, status: RunStatus, message: string): void {
    const active = this.active.get(runId);
    if (!active || active.controller.signal.aborted) return;
    active.abortReason = { status, message };
    active.controller.abort();
  }

  /** Per node: the latest run's status and the total executions, as the editor's overlay reads them. */
  executionInfo(workflowId: string): Map<string, NodeExecutionInfo> {
    const cached = this.infoCache.get(workflowId);
    if (cached) return cached;
    const info = new Map<string, NodeExecutionInfo>();
    this.infoCache.set(workflowId, info);
    for (const run of this.list({ workflowId }).reverse()) {
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
}
