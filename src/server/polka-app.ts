// The polka app over the services: the request log, the guards every request passes (Host and Origin, CORS,
// auth), the routes under the base path, and the one error handler, which asks errors.ts what to send.
import polka, { type Middleware, type Polka } from 'polka';
import { errorBody } from '../contract/errors.js';
import { NotFoundError } from '../util/domain-errors.js';
import type { Logger } from '../util/logger.js';
import { authEnabled, createAuth } from './auth.js';
import type { AppContext, Handler, Router } from './context.js';
import { createCors } from './cors.js';
import { answerTo, apiErrorOf } from './errors.js';
import type { EventSink } from './events.js';
import { createGuard } from './guard.js';
import { checkPathEncoding, sendJson } from './http.js';
import { registerAgentSpecRoutes } from './routes/agentspec.js';
import { registerAgentSpecRunRoutes } from './routes/agentspec-runs.js';
import { registerImportExportRoutes } from './routes/import-export.js';
import { registerNodeRoutes } from './routes/nodes.js';
import { registerPlaygroundRoutes } from './routes/playground.js';
import { registerRunRoutes } from './routes/runs.js';
import { registerSystemRoutes } from './routes/system.js';
import { registerValidateRoutes } from './routes/validate.js';
import { registerWorkflowRoutes } from './routes/workflows.js';

interface AppNeeds {
  logger: Logger;
  /** Where each answered request is told, when the options ask for events. */
  emit: EventSink;
  /** The time stamp of an event, now. */
  at(): string;
}

/** The app for `context` (whose options carry the normalised base path); it listens nowhere yet. */
export async function buildApp(context: AppContext, { logger, emit, at }: AppNeeds): Promise<Polka> {
  const { options } = context;
  const { basePath } = options;
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
  app.use(createCors({ origins: options.corsOrigins, host: options.host }), checkPathEncoding);
  if (authEnabled(options.auth)) app.use(await createAuth(options.auth, { basePath, corsOrigins: options.corsOrigins }));

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
  return app;
}
