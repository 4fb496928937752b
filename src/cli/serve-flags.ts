// The parsed flags of `wfe serve`: serve.ts declares them, serve-run.ts acts on them.
import type { AuthOptions } from '../server/options.js';
import type { LogLevel } from '../util/logger.js';

export interface ServeFlags extends AuthOptions {
  port: number;
  host: string;
  basePath: string;
  watch: boolean;
  poll: boolean;
  maxBody: number;
  stepDelay: number;
  maxSteps: number;
  waitingStatus: 'idle' | 'awaiting_input';
  runtime?: string;
  live: boolean;
  corsOrigin?: string[];
  allowedHost?: string[];
  ignore?: string[];
  logLevel: LogLevel;
  logFormat: 'auto' | 'pretty' | 'json';
}
