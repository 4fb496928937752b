// The runs' persistence under <dir>/.wfe/runs: a run is accepted only once its record is on disk, later
// changes are written soon after, a run cut off by a stopped server is closed when history loads, and only
// the newest finished runs of each workflow are kept.
import { join } from 'node:path';
import { StorageError, UnavailableError } from '../util/domain-errors.js';
import type { Logger } from '../util/logger.js';
import { RecordStore } from './record-store.js';
import { isFinished, type RunRegistry } from './run-registry.js';
import type { RunRecord } from './types.js';
import { isoNow, type Clock } from '../util/clock.js';

/** Finished runs kept per workflow (history, canvas counts) unless told otherwise; older ones are deleted. */
const RUNS_KEPT_PER_WORKFLOW = 200;

export interface RunHistoryOptions {
  /** The served folder: records go to <dir>/.wfe/runs. */
  dir: string;
  logger: Logger;
  registry: RunRegistry;
  clock: Clock;
  /** Finished runs kept per workflow (default 200). */
  keptPerWorkflow?: number;
}

/** A run is refused when its record cannot be written: accepting it would lose its history. */
function historyUnavailable(err: unknown): Error {
  if (err instanceof StorageError && err.failure === 'no-space') return err;
  const reason = err instanceof Error ? err.message : String(err);
  return new UnavailableError(`The run history cannot be written, so the run was not started: ${reason}`);
}

export class RunHistory {
  private readonly store: RecordStore<RunRecord>;
  private readonly registry: RunRegistry;
  private readonly clock: Clock;
  private readonly keptPerWorkflow: number;

  constructor({ dir, logger, registry, clock, keptPerWorkflow = RUNS_KEPT_PER_WORKFLOW }: RunHistoryOptions) {
    this.registry = registry;
    this.clock = clock;
    this.keptPerWorkflow = keptPerWorkflow;
    this.store = new RecordStore(join(dir, '.wfe', 'runs'), logger, (id) => registry.get(id));
  }

  /**
   * Loads every stored run into the registry. One that was in progress when the server stopped is closed
   * as failed with `reason`: its running job failed, its pending jobs and interrupts cancelled.
   */
  recover(reason: string): RunRecord[] {
    const runs = this.store.loadAll();
    for (const run of runs) {
      this.registry.add(run);
      if (isFinished(run.status)) continue;
      run.status = 'failed';
      run.error = reason;
      run.finished = isoNow(this.clock);
      run.updated = run.finished;
      for (const job of run.jobs) {
        if (job.status === 'running') Object.assign(job, { status: 'failed', error_message: reason, completed: run.finished });
        else if (job.status === 'pending') job.status = 'cancelled';
      }
      for (const i of run.interrupts) if (i.status === 'pending') i.status = 'cancelled';
      this.store.save(run.id);
    }
    return runs;
  }

  /** Writes a run's record before the run is accepted; UnavailableError (or a full disk's StorageError) if it cannot be. */
  async writeNow(run: RunRecord): Promise<void> {
    try {
      await this.store.writeNow(run);
    } catch (err) {
      throw historyUnavailable(err);
    }
  }

  /** The record changed: it is written soon after (coalesced). */
  save(runId: string): void {
    this.store.save(runId);
  }

  flush(runId?: string): Promise<void> {
    return this.store.flush(runId);
  }

  /** Drops a workflow's finished runs past the newest `keptPerWorkflow`, files included; returns them. */
  prune(workflowId: string): RunRecord[] {
    const old = this.registry
      .list({ workflowId })
      .filter((r) => isFinished(r.status))
      .slice(this.keptPerWorkflow);
    for (const run of old) {
      this.registry.remove(run);
      void this.store.remove(run.id);
    }
    return old;
  }
}
