import type { Logger } from '../util/logger.js';
import type { EventSink } from './events.js';
import type { StoreFs } from '../store/store-fs.js';
import type { Clock } from '../util/clock.js';

export interface AuthOptions {
  /** Static bearer token with read and write permission. */
  token?: string;
  /** Static bearer token with read permission only (403 on mutating routes). */
  readToken?: string;
  /** HMAC secret for HS256/384/512 JWTs. */
  jwtSecret?: string;
  /** Path to a JWKS file (public keys) for RS/ES/EdDSA JWTs. */
  jwks?: string;
  /** Accepted value of a session cookie whose name starts with SESS. */
  session?: string;
  /** JWT scope that grants write permission (default "write"). */
  writeScope?: string;
}

export interface ServeOptions {
  /** The served directory: the workflow database. */
  dir: string;
  /** Mount point of every route, e.g. /api/flowdrop. */
  basePath: string;
  watch: boolean;
  /** Wall-clock time for every stamp the server writes (workflows, runs, events); the system clock when not given. */
  clock?: Clock;
  /** Request body limit in bytes. */
  maxBody: number;
  host: string;
  auth: AuthOptions;
  /** Origins allowed besides loopback ones (which always are); "*" = any origin, without credentials. */
  corsOrigins?: string[];
  /** Host header names accepted besides loopback ones; ".example.com" also allows its subdomains. */
  allowedHosts?: string[];
  logger: Logger;
  /** More globs of files that are not workflows (`--ignore`), beside the defaults and `ignore:` of wfe.config.yaml. */
  ignore?: string[];
  /** Watch by polling. */
  poll?: boolean;
  /** Pause before each node of a run, so the editor shows progress (default 250). */
  stepDelayMs?: number;
  /** A run fails after this many node executions (default 10,000). */
  maxSteps?: number;
  /** Finished runs kept per workflow, older ones deleted with their files (default 200). */
  runsKeptPerWorkflow?: number;
  /** Session status while a run waits for an interrupt (default idle, as the OpenAPI says). */
  waitingStatus?: 'idle' | 'awaiting_input';
  /** Base URL of an external Agent Spec runtime that executes runs instead of the built-in engine. */
  runtimeUrl?: string;
  /** How often a run on that runtime is asked for its state, in ms (default 500). */
  runtimePollMs?: number;
  /** Model, agent and HTTP nodes make real calls (`--live`; also `runs: { live: true }` of wfe.config.yaml). */
  live?: boolean;
  /** Receives requests, file changes, load errors and run progress (the dashboard, or log lines). */
  events?: EventSink;
  /** The workflow store's file operations (tests inject failing ones); node:fs by default. */
  storeFs?: StoreFs;
}
