import { resolve } from 'node:path';
import { formatLoadError } from '../contract/load-error.js';
import { unknownNodeTypeWarnings } from '../validate/unknown-node-types.js';
import { createServer } from '../server/app.js';
import { authEnabled } from '../server/auth.js';
import type { EventSink } from '../server/events.js';
import type { AuthOptions } from '../server/options.js';
import { takesLiveView } from '../util/ci.js';
import { createLogger } from '../util/logger.js';
import { errorMessage } from '../util/narrow.js';
import type { ServeFlags } from './serve-flags.js';
import { exitCodeFor, lineWriter, type Terminal } from './terminal.js';
import { emptyState } from './ui/dashboard-state.js';
import { jsonLine, lineSink, type LineFormat } from './ui/event-lines.js';

/** SIGINT or SIGTERM: runs are cancelled and written out, and the process is gone by then at the latest. */
const STOP_DEADLINE_MS = 1800;

/**
 * Serves `dir` until SIGINT or SIGTERM (or q on the dashboard); resolves with the exit code. Its output goes to
 * `terminal`, and the signals and the exit past the stop deadline come through it.
 */
export async function serve(dir: string, flags: ServeFlags, terminal: Terminal): Promise<number> {
  const { stdout, stderr } = terminal;
  const writeLine = lineWriter(stderr);
  const dashboard = flags.logFormat === 'auto' && stdout.isTTY && process.stdin.isTTY === true && takesLiveView(terminal.env);
  const format: LineFormat = flags.logFormat === 'json' ? 'json' : 'pretty';
  const listeners = new Set<EventSink>();
  const publish: EventSink = (event) => {
    for (const listener of listeners) listener(event);
  };
  // On the dashboard, log lines are events like the rest; otherwise they go to stderr as lines.
  const logger = dashboard
    ? createLogger(
        flags.logLevel,
        () => {},
        (level, message) => publish({ type: 'log', at: new Date().toISOString(), level, message }),
      )
    : format === 'json'
      ? createLogger(
          flags.logLevel,
          () => {},
          (level, message) => writeLine(jsonLine({ type: 'log', at: new Date().toISOString(), level, message })),
        )
      : createLogger(flags.logLevel, writeLine);
  if (!dashboard) listeners.add(lineSink(format, writeLine, flags.logLevel));

  const { token, readToken, jwtSecret, jwks, session, writeScope } = flags;
  const auth: AuthOptions = { token, readToken, jwtSecret, jwks, session, writeScope };
  const root = resolve(terminal.cwd, dir);
  const started = Date.now();
  const server = await createServer({
    dir: root,
    basePath: flags.basePath,
    watch: flags.watch,
    maxBody: flags.maxBody,
    host: flags.host,
    auth,
    corsOrigins: flags.corsOrigin,
    allowedHosts: flags.allowedHost,
    ignore: flags.ignore,
    logger,
    poll: flags.poll,
    stepDelayMs: flags.stepDelay,
    maxSteps: flags.maxSteps,
    waitingStatus: flags.waitingStatus,
    runtimeUrl: flags.runtime,
    live: flags.live,
    events: publish,
  });
  const { url } = await server.listen(flags.port, flags.host).catch(async (err: NodeJS.ErrnoException) => {
    await server.close();
    if (err.code === 'EADDRINUSE') throw new Error(`port ${flags.port} is already in use; pick another with --port (0 = any free port)`);
    if (err.code === 'ENOTFOUND' || err.code === 'EADDRNOTAVAIL' || err.code === 'EAI_AGAIN')
      throw new Error(
        `cannot listen on --host ${flags.host}: ${err.code === 'EADDRNOTAVAIL' ? 'no network interface of this machine has that address' : 'no such address or host name'}; give an address of this machine, such as 127.0.0.1, ::1 or 0.0.0.0`,
      );
    throw err;
  });
  const { store, catalog } = server.context;
  const errors = [...store.errors(), ...catalog.errors()];
  const warnings = unknownNodeTypeWarnings(store.workflows(), (id) => catalog.getNodeType(id));
  const readyMs = Date.now() - started;
  const watchText = flags.watch ? (flags.poll ? 'on (polling)' : 'on') : 'off';

  let exitCode = 0;
  let stopping = false;
  let unmount = () => {};
  let stop: (reason: string) => void = () => {};
  const finished = new Promise<void>((done) => {
    stop = (reason: string) => {
      if (stopping) {
        logger.warn(`${reason} again: exiting now`);
        terminal.exitNow(exitCodeFor(reason));
        return;
      }
      stopping = true;
      // First of all: from here on no request is acknowledged (each gets 503), those in flight finish.
      void server.stopAccepting();
      unmount();
      if (dashboard) listeners.add(lineSink('pretty', writeLine, flags.logLevel));
      logger.warn(
        `stopping: ${store.savesInFlight} saves in flight (${reason}: finishing in-flight writes, then exiting; runs still going are cancelled)`,
      );
      let closed = false;
      // Whatever still holds the process (a client's open connection, a stuck write) does not keep it.
      const deadline = setTimeout(() => {
        if (!closed) logger.warn(`${reason}: still stopping after ${STOP_DEADLINE_MS} ms: exiting now`);
        terminal.exitNow(closed ? undefined : 1);
      }, STOP_DEADLINE_MS);
      deadline.unref();
      const why = reason === 'q' ? 'quit from the dashboard' : reason;
      void (server.context.startedEngine()?.close(`Cancelled: the server stopped (${why}) during this run`) ?? Promise.resolve())
        .then(() => server.close())
        .then(
          () => {
            closed = true;
            done();
          },
          (err: unknown) => {
            logger.error(`shutdown: ${errorMessage(err)}`);
            exitCode = 1;
            closed = true;
            done();
          },
        );
    };
    terminal.onInterrupt((signal) => stop(signal));
  });

  if (dashboard) {
    // ink and react load only for the dashboard: a pipe or CI does not wait for them.
    const { openInBrowser, startDashboard } = await import('./ui/start-dashboard.js');
    if (!stopping)
      unmount = startDashboard(
        {
          info: {
            url,
            dir: root,
            workflows: () => store.size,
            nodeTypes: () => catalog.nodeTypeCount(),
            watch: flags.watch,
            auth: authEnabled(auth),
          },
          initial: emptyState(errors),
          subscribe: (listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
          onQuit: () => stop('q'),
          onOpen: () => openInBrowser(url),
        },
        { stream: stdout.stream ?? process.stdout, env: terminal.env },
      );
  }

  if (!dashboard) {
    if (format === 'json') {
      stdout.write(
        JSON.stringify({
          type: 'ready',
          url,
          dir: root,
          workflows: store.size,
          nodeTypes: catalog.nodeTypeCount(),
          watch: flags.watch,
          auth: authEnabled(auth),
          readyMs,
          loadErrors: errors,
          warnings,
        }) + '\n',
      );
    } else {
      const lines = [
        `wfe serving ${root}`,
        `  ${url}`,
        `  ${store.size} workflow${store.size === 1 ? '' : 's'}, ${catalog.nodeTypeCount()} node types, ${catalog.categories().length} categories` +
          ` · watch ${watchText} · auth ${authEnabled(auth) ? 'on' : 'off'} · ready in ${readyMs} ms`,
      ];
      if (errors.length > 0)
        lines.push(
          `  ${errors.length} file${errors.length === 1 ? '' : 's'} not loaded:`,
          ...errors.map((e) => `    ${formatLoadError(e)}`),
        );
      if (warnings.length > 0)
        lines.push(
          `  ${warnings.length} warning${warnings.length === 1 ? '' : 's'}:`,
          ...warnings.map((w) => `    ${w.file}: ${w.message} [${w.rule}]`),
        );
      stdout.write(lines.join('\n') + '\n');
    }
  }
  await finished;
  return exitCode;
}
