// createServer(options) builds the whole HTTP app over one served directory. The CLI only parses flags
// and calls this; tests call it directly and listen on an ephemeral port.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import polka, { type Middleware, type Polka } from 'polka';
import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { stoppable, type HttpStop } from '../util/http-stop.js';
import { errorBody } from '../contract/errors.js';
import { createConfigChecker } from '../contract/config-check.js';
import { NODE_TYPES_DIR, loadCatalog, type Catalog } from '../catalog/catalog.js';
import type { Logger } from '../util/logger.js';
import { INTERNAL_DIR } from '../store/paths.js';
import { WorkflowStore } from '../store/workflow-store.js';
import { FolderWatcher } from '../util/folder-watcher.js';
import { DomainError, NotFoundError, UnavailableError } from '../util/domain-errors.js';
import { createAuth, authEnabled } from './auth.js';
import { createCors } from './cors.js';
import { createGuard } from './guard.js';
import { sendJson } from './http.js';
import { answerTo, apiErrorOf } from './errors.js';
import { DEFAULT_IGNORE, ignoreFromSettings, ignoreMatcher } from '../project/ignore.js';
import type { ServeOptions } from './options.js';
import { packageVersion } from '../util/version.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import { registerNodeRoutes } from './routes/nodes.js';
import { registerSystemRoutes } from './routes/system.js';
import { registerWorkflowRoutes } from './routes/workflows.js';
import { registerImportExportRoutes } from './routes/import-export.js';
import { registerAgentSpecRoutes } from './routes/agentspec.js';
import { registerRunRoutes } from './routes/runs.js';
import { registerPlaygroundRoutes } from './routes/playground.js';
import { registerAgentSpecRunRoutes } from './routes/agentspec-runs.js';
import { registerValidateRoutes } from './routes/validate.js';
import type { Engine } from '../engine/engine.js';
import type { MockSpec } from '../engine/behaviours.js';
import type { RunRecord } from '../engine/types.js';
import type { RunProgress } from './events.js';
import type { AppContext, Handler, Router } from './context.js';
import { isoNow, systemClock } from '../util/clock.js';

export interface WfeServer {
  app: Polka;
  context: AppContext;
  /** Resolves with the bound URL (base path included) once listening. */
  listen(port: number, host?: string): Promise<{ url: string; port: number }>;
  /**
   * Takes no new request from now on (each gets 503 with `Connection: close`), lets those in flight finish
   * and closes idle connections; resolves once every connection is closed. close() does this first too.
   */
  stopAccepting(): Promise<void>;
  /** Stops accepting requests, finishes in-flight writes, stops watchers. */
  close(): Promise<void>;
}

export function normaliseBasePath(basePath: string): string {
  const trimmed = basePath.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export async function createServer(options: ServeOptions): Promise<WfeServer> {
  const basePath = normaliseBasePath(options.basePath);
  const logger = options.logger;
  const emit = options.events ?? (() => {});
  const clock = options.clock ?? systemClock;
  const at = () => isoNow(clock);
  let publishLoadErrors = () => {};
  const poll = options.poll || process.env.CHOKIDAR_USEPOLLING === '1' || process.env.CHOKIDAR_USEPOLLING === 'true';
  const watcher = options.watch
    ? await FolderWatcher.open(options.dir, { poll, onError: (message) => logger.error(`watcher: ${message}`) })
    : undefined;
  const catalog = await loadCatalog(options.dir, { watch: options.watch, watcher, logger, onChange: () => publishLoadErrors() });
  const checkConfig = createConfigChecker((id) => catalog.getNodeType(id)?.configSchema);
  const store = await WorkflowStore.open(options.dir, {
    watch: options.watch,
    clock,
    watcher,
    logger,
    skipDirs: [NODE_TYPES_DIR, INTERNAL_DIR],
    checkConfig,
    poll,
    fs: options.storeFs,
    ignore: ignoreMatcher(options.dir, [
      { base: options.dir, patterns: [...DEFAULT_IGNORE, ...(options.ignore ?? []), ...configIgnores(catalog, logger)] },
    ]),
    onExternalChange: (file, change) => {
      emit({ type: 'file', at: at(), file, change });
      publishLoadErrors();
    },
  });
  publishLoadErrors = () => emit({ type: 'load-errors', at: at(), errors: [...store.errors(), ...catalog.errors()] });
  watcher?.release();
  // The engine (and the Agent Spec converter it brings) loads on the first request that needs it. Its
  // folders exist from the start, as before; runs or sessions left by an earlier server are recovered at
  // start, as before, so a run cut off by a restart is closed (and its interrupts cancelled) at once.
  const recordDirs = ['runs', 'sessions'].map((kind) => join(options.dir, INTERNAL_DIR, kind));
  for (const dir of recordDirs) mkdirSync(dir, { recursive: true });
  let engine: Engine | undefined;
  let engineStarting: Promise<Engine> | undefined;
  const startEngine = (): Promise<Engine> =>
    (engineStarting ??= import('../engine/engine.js')
      .then(({ Engine }) => {
        engine = new Engine({
          dir: options.dir,
          clock,
          logger,
          stepDelayMs: options.stepDelayMs ?? 250,
          maxSteps: options.maxSteps ?? 10_000,
          waitingStatus: options.waitingStatus,
          mocks: () => mocksOf(catalog.settings(), logger),
          runtime: options.runtimeUrl ? { url: options.runtimeUrl, lookupNodeType: (id) => catalog.getNodeType(id) } : undefined,
        });
        engine.onEvent((event) => {
          if (event.type === 'run') emit({ type: 'run', at: at(), run: runProgress(event.run) });
        });
        return engine;
      })
      .catch((err: unknown) => {
        // Tried again on the next request: the folder may be writable by then.
        engineStarting = undefined;
        throw historyUnavailable(err);
      }));
  if (recordDirs.some(holdsRecords)) await startEngine();
  const context: AppContext = {
    options: { ...options, basePath },
    store,
    catalog,
    engine: startEngine,
    startedEngine: () => engine,
    watcher,
    startedAt: Date.now(),
    version: packageVersion,
  };

  const app = polka({
    onError: (err, req, res) => {
      const { apiError, unexpected } = answerTo(err, req);
      if (unexpected) logger.error(`${req.method} ${req.url}: ${(typeof err === 'object' ? err.stack : undefined) ?? String(err)}`);
      if (res.headersSent) {
        res.end();
        return;
      }
      sendJson(res, apiError.status, errorBody(apiError), apiError.headers);
    },
    onNoMatch: (req, res) => {
      const noRoute = apiErrorOf(new NotFoundError(`no route for ${req.method} ${req.url.split('?')[0]}`));
      sendJson(res, noRoute.status, errorBody(noRoute));
    },
  });

  if (options.events) {
    app.use((req, res, next) => {
      const started = performance.now();
      res.once('finish', () =>
        emit({
          type: 'request',
          at: at(),
          method: req.method,
          path: req.url,
          status: res.statusCode,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        }),
      );
      void next();
    });
  }
  app.use(createGuard({ host: options.host, origins: options.corsOrigins, allowedHosts: options.allowedHosts }));
  app.use(createCors({ origins: options.corsOrigins, host: options.host }));
  if (authEnabled(options.auth)) app.use(await createAuth(options.auth, basePath));

  const wrap =
    (handler: Handler): Middleware =>
    async (req, res) => {
      await handler(req, res);
    };
  const router: Router = {
    get: (p, h) => void app.get(basePath + p, wrap(h)),
    post: (p, h) => void app.post(basePath + p, wrap(h)),
    put: (p, h) => void app.put(basePath + p, wrap(h)),
    patch: (p, h) => void app.patch(basePath + p, wrap(h)),
    delete: (p, h) => void app.delete(basePath + p, wrap(h)),
  };
  registerSystemRoutes(router, context);
  registerNodeRoutes(router, context);
  registerImportExportRoutes(router, context);
  registerValidateRoutes(router, context);
  registerAgentSpecRoutes(router, context);
  registerWorkflowRoutes(router, context);
  registerRunRoutes(router, context);
  registerPlaygroundRoutes(router, context);
  registerAgentSpecRunRoutes(router, context);

  let closing: Promise<void> | undefined;
  let httpStop: HttpStop | undefined;
  const stopAccepting = (): Promise<void> => httpStop?.stop(refuseWhileStopping) ?? Promise.resolve();
  return {
    app,
    context,
    stopAccepting,
    listen: (port, host = options.host) =>
      new Promise((resolve, reject) => {
        app.listen(port, host, () => {
          const address = app.server.address();
          // A server listening on a port (not a pipe) has an address object.
          if (address === null || typeof address === 'string') return reject(new Error(`not listening on a TCP port: ${address}`));
          if (app.server instanceof HttpServer) httpStop = stoppable(app.server);
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve({ url: `http://${shownHost}:${address.port}${basePath}`, port: address.port });
        });
        app.server.once('error', reject);
      }),
    close: () =>
      (closing ??= (async () => {
        // Set (by polka, to an http.Server) only once listen() was called.
        const server = app.server instanceof HttpServer ? app.server : undefined;
        const closed = stopAccepting();
        await engineStarting?.then(
          (started) => started.close(),
          () => undefined,
        );
        await store.close();
        await catalog.close();
        await watcher?.close();
        // Keep-alive sockets that finish an in-flight response become idle later: close them as they do,
        // and whatever still hangs on after 1.5 s (a client that never reads) is cut.
        const sweep = setInterval(() => server?.closeIdleConnections?.(), 25);
        const cut = setTimeout(() => server?.closeAllConnections?.(), 1500);
        await closed;
        clearInterval(sweep);
        clearTimeout(cut);
      })()),
  };
}

/** What a request gets once the server is stopping: 503 in the contract's envelope, and the connection closes. */
function refuseWhileStopping(_req: IncomingMessage, res: ServerResponse): void {
  const refusal = apiErrorOf(new UnavailableError('The server is stopping and takes no new requests; send this one again once it is back'));
  sendJson(res, refusal.status, errorBody(refusal), { Connection: 'close' });
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
  if (err instanceof DomainError) return err;
  return new UnavailableError(
    `The run history cannot be written, so the run was not started: ${err instanceof Error ? err.message : String(err)}`,
  );
}

/** `ignore:` of wfe.config.yaml (read at start: a change needs a restart); a bad value is logged, not fatal. */
function configIgnores(catalog: Catalog, logger: Logger): string[] {
  try {
    return ignoreFromSettings(catalog.settings());
  } catch (err) {
    logger.warn(`${errorMessage(err)}; serving without it`);
    return [];
  }
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
