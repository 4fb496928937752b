// createServer(options) builds the whole HTTP app over one served directory. The CLI only parses flags
// and calls this; tests call it directly and listen on an ephemeral port. It only composes: the services
// (services.ts), the polka app over them (polka-app.ts), and listening and the graceful stop (lifecycle.ts).
import type { Polka } from 'polka';
import { isoNow, systemClock } from '../util/clock.js';
import { packageVersion } from '../util/version.js';
import type { AppContext } from './context.js';
import { lifecycleOf, type Lifecycle } from './lifecycle.js';
import type { ServeOptions } from './options.js';
import { buildApp } from './polka-app.js';
import { openServices } from './services.js';

export interface WfeServer extends Lifecycle {
  app: Polka;
  context: AppContext;
}

function normaliseBasePath(basePath: string): string {
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
  const services = await openServices({ options, clock, logger, emit, at });
  const context: AppContext = {
    options: { ...options, basePath },
    store: services.store,
    catalog: services.catalog,
    engine: services.engine,
    startedEngine: services.startedEngine,
    watcher: services.watcher,
    startedAt: Date.now(),
    version: packageVersion,
  };
  const app = await buildApp(context, { logger, emit, at });
  return { app, context, ...lifecycleOf(app, { basePath, host: options.host, closeServices: services.close }) };
}
