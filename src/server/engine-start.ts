// The run engine as the server holds it: loaded (with the Agent Spec converter it brings) on the first
// request that needs it, or at start when .wfe/ holds runs or sessions an earlier server left, so a run cut
// off by a restart is closed (and its interrupts cancelled) at once. A server that runs nothing never loads it.
import { mkdirSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../catalog/catalog.js';
import type { MockSpec } from '../engine/behaviours.js';
import type { Engine } from '../engine/engine.js';
import type { RunRecord } from '../engine/types.js';
import { checkPath, LinkRefusedError } from '../store/boundary.js';
import { INTERNAL_DIR } from '../store/paths.js';
import { nodeStoreFs } from '../store/store-fs.js';
import type { Clock } from '../util/clock.js';
import { DomainError, UnavailableError } from '../util/domain-errors.js';
import type { Logger } from '../util/logger.js';
import { isRecord } from '../util/narrow.js';
import type { RunProgress } from './events.js';
import type { ServeOptions } from './options.js';

interface EngineStart {
  /** The engine, started on the first call; a failed start is tried again on the next. */
  engine(): Promise<Engine>;
  /** The engine once started, else undefined. */
  startedEngine(): Engine | undefined;
  /** Closes the engine if it started (or waits for a start under way, then closes it). */
  close(): Promise<void>;
}

interface EngineNeeds {
  options: ServeOptions;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  /** Receives each run's progress. */
  onRun(run: RunProgress): void;
}

export async function startEngineOnDemand({ options, clock, logger, catalog, onRun }: EngineNeeds): Promise<EngineStart> {
  // The records folders exist from the start, whether or not the engine ever loads. Like every path of the
  // folder they are used only when no symbolic link is on the way (a cloned `.wfe -> elsewhere` would have
  // the history written and read outside): then runs are refused, and the reason is logged once.
  const recordDirs = ['runs', 'sessions'].map((kind) => join(options.dir, INTERNAL_DIR, kind));
  const root = realpathSync(options.dir);
  let refused: LinkRefusedError | undefined;
  for (const kind of ['runs', 'sessions']) {
    try {
      await checkPath(nodeStoreFs, root, `${INTERNAL_DIR}/${kind}`);
    } catch (err) {
      if (!(err instanceof LinkRefusedError)) throw err;
      refused ??= err;
    }
  }
  if (refused) logger.warn(`runs and playground sessions are off: ${refused.message}; replace the link with a folder`);
  else for (const dir of recordDirs) mkdirSync(dir, { recursive: true });
  let engine: Engine | undefined;
  let engineStarting: Promise<Engine> | undefined;
  const startEngine = (): Promise<Engine> =>
    (engineStarting ??= (refused ? Promise.reject(refused) : import('../engine/engine.js'))
      .then(({ Engine }) => {
        engine = new Engine({
          dir: options.dir,
          clock,
          logger,
          stepDelayMs: options.stepDelayMs ?? 250,
          maxSteps: options.maxSteps ?? 10_000,
          runsKeptPerWorkflow: options.runsKeptPerWorkflow,
          waitingStatus: options.waitingStatus,
          mocks: () => mocksOf(catalog.settings(), logger),
          live: options.live,
          runs: () => catalog.settings().runs,
          runtime: options.runtimeUrl
            ? { url: options.runtimeUrl, pollMs: options.runtimePollMs, lookupNodeType: (id) => catalog.getNodeType(id) }
            : undefined,
        });
        engine.onEvent((event) => {
          if (event.type === 'run') onRun(runProgress(event.run));
        });
        return engine;
      })
      .catch((err: unknown) => {
        // Tried again on the next request: the folder may be writable by then.
        engineStarting = undefined;
        throw historyUnavailable(err);
      }));
  if (!refused && recordDirs.some(holdsRecords)) await startEngine();
  return {
    engine: startEngine,
    startedEngine: () => engine,
    close: async () => {
      await engineStarting?.then(
        (started) => started.close(),
        () => undefined,
      );
    },
  };
}

function runProgress(run: RunRecord): RunProgress {
  return {
    id: run.id,
    workflowId: run.workflow_id,
    workflowName: run.workflow_name,
    status: run.status,
    completed: run.jobs.filter((j) => j.status !== 'pending' && j.status !== 'running').length,
    total: run.jobs.length,
    running: run.jobs.filter((j) => j.status === 'running').map((j) => j.node_label),
    ...(run.error ? { error: run.error } : {}),
  };
}

/** Whether a records folder of the engine (.wfe/runs, .wfe/sessions) holds a record to recover. */
function holdsRecords(dir: string): boolean {
  try {
    return readdirSync(dir).some((name) => name.endsWith('.json') && !name.startsWith('.'));
  } catch {
    return false;
  }
}

/** The engine could not start (its records folder cannot be created): runs are refused, as when a record cannot be written. */
function historyUnavailable(err: unknown): Error {
  if (err instanceof DomainError && !(err instanceof LinkRefusedError)) return err;
  return new UnavailableError(
    `The run history cannot be written, so the run was not started: ${err instanceof Error ? err.message : String(err)}`,
  );
}

const isMockSpec = (value: unknown): value is MockSpec =>
  typeof value === 'string' ||
  (isRecord(value) &&
    (value.outputs === undefined || isRecord(value.outputs)) &&
    (value.error === undefined || typeof value.error === 'string'));

const isMockTable = (value: unknown): value is Record<string, MockSpec> => isRecord(value) && Object.values(value).every(isMockSpec);

/** `mocks:` of wfe.config.yaml (the catalog's schema checked it): a MockSpec by node id or node type id. */
function mocksOf(settings: Record<string, unknown>, logger: Logger): Record<string, MockSpec> {
  const mocks = settings.mocks ?? {};
  if (isMockTable(mocks)) return mocks;
  logger.warn('mocks: of wfe.config.yaml is not a table of mocks by node id or node type id; running without mocks');
  return {};
}
