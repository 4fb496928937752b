// `runs:` of wfe.config.yaml, read with its defaults: whether runs are live, which environment variable
// holds the key of which endpoint, which hosts an HTTP node may call, and the limits of a live call. Only
// names of environment variables are ever written in a file; their values are read when a call is made.
import { isRecord } from '../../util/narrow.js';

export interface RunsSettings {
  /** Real model and HTTP calls (also `wfe serve --live`). */
  live: boolean;
  /** Endpoint (a URL, a host, or a provider name) → the environment variable that holds its key. */
  keys: Record<string, string>;
  /** Hosts an http_request / ApiNode may call in a live run ("host", "host:port", ".example.com"). */
  allowHosts: string[];
  /** Milliseconds one model or HTTP request may take. */
  timeoutMs: number;
  /** Retries of a model request answered 408, 409, 429 or 5xx (or not answered), with backoff. */
  retries: number;
  /** Model answers streamed (progress on the job as tokens arrive) or in one piece. */
  stream: boolean;
}

const DEFAULT_RUNS: Readonly<RunsSettings> = Object.freeze({
  live: false,
  keys: {},
  allowHosts: [],
  timeoutMs: 60_000,
  retries: 2,
  stream: true,
});

const positive = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;

/** The settings a `runs:` value gives (the catalog's schema checked its shape); anything missing takes its default. */
export function runsSettings(value: unknown): RunsSettings {
  if (!isRecord(value)) return { ...DEFAULT_RUNS };
  const keys: Record<string, string> = {};
  if (isRecord(value.keys))
    for (const [name, env] of Object.entries(value.keys)) if (typeof env === 'string' && env !== '') keys[name] = env;
  return {
    live: value.live === true,
    keys,
    allowHosts: Array.isArray(value.allowHosts) ? value.allowHosts.filter((h): h is string => typeof h === 'string' && h !== '') : [],
    timeoutMs: positive(value.timeoutMs, DEFAULT_RUNS.timeoutMs),
    retries:
      typeof value.retries === 'number' && Number.isInteger(value.retries) && value.retries >= 0 ? value.retries : DEFAULT_RUNS.retries,
    stream: value.stream !== false,
  };
}
