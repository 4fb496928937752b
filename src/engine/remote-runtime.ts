// `wfe serve --runtime <url>`: a run is executed by an external Agent Spec runtime that speaks
// FlowDrop's reference API (POST /flows/execute, GET /executions/{id}, GET /executions/{id}/results,
// POST /executions/{id}/cancel). wfe exports the workflow, polls the runtime and mirrors node statuses
// into the run's jobs, so the editor sees the same pipeline views as with the built-in engine.
import { isObject, type AsComponent } from '../agentspec/types.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import { NodeFailure, type ChatTurn } from './behaviours.js';
import { RunAborted } from './scheduler.js';
import type { JobRecord, JobStatus, RunRecord } from './types.js';
import { isoNow, type Clock } from '../util/clock.js';

export interface RemoteRunOptions {
  url: string;
  clock: Clock;
  flow: AsComponent;
  inputs: Record<string, unknown>;
  message: string;
  history: ChatTurn[];
  signal: AbortSignal;
  pollMs: number;
  changed(): void;
  log(level: 'info' | 'warning' | 'error', message: string, nodeId?: string): void;
  reply(text: string): void;
}

/** The runtimes' many spellings of a node's state, in the editor's vocabulary. */
function jobStatusOf(raw: unknown): JobStatus {
  const s = String(raw ?? '').toLowerCase();
  if (['success', 'succeeded', 'done', 'completed', 'complete', 'finished'].includes(s)) return 'completed';
  if (['running', 'executing', 'in_progress', 'started', 'active'].includes(s)) return 'running';
  if (['failed', 'error', 'errored'].includes(s)) return 'failed';
  if (['cancelled', 'canceled', 'aborted', 'stopped'].includes(s)) return 'cancelled';
  if (['skipped', 'not_taken'].includes(s)) return 'skipped';
  return 'pending';
}

/** Node names in the exported flow → FlowDrop node ids (the exporter keeps node ids as component ids). */
function nodeIdsByName(flow: AsComponent, run: RunRecord): Map<string, string> {
  const jobs = new Set(run.jobs.map((j) => j.node_id));
  const byName = new Map<string, string>();
  const table = flow.$referenced_components;
  for (const component of Object.values(isObject(table) ? table : {})) {
    if (!isObject(component)) continue;
    const { id, name } = component;
    if (typeof id === 'string' && typeof name === 'string' && id && name && jobs.has(id)) byName.set(name, id);
  }
  for (const job of run.jobs) if (!byName.has(job.node_label)) byName.set(job.node_label, job.node_id);
  return byName;
}

async function call(url: string, init: RequestInit & { signal: AbortSignal }): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(init.headers ?? {}) },
    });
  } catch (err) {
    if (init.signal.aborted) throw new RunAborted();
    const cause = isRecord(err) ? err.cause : undefined;
    throw new NodeFailure(`The runtime at ${url} cannot be reached: ${cause ?? errorMessage(err)}`);
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (isRecord(parsed)) body = parsed;
  } catch {
    /* a non-JSON answer is reported with its status below */
  }
  if (!res.ok) {
    const detail = body.detail ?? body.error ?? body.message ?? text.slice(0, 200);
    throw new NodeFailure(
      `The runtime answered ${res.status} to ${init.method ?? 'GET'} ${url}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`,
    );
  }
  return body;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new RunAborted());
      },
      { once: true },
    );
  });

export async function runRemotely(run: RunRecord, options: RemoteRunOptions): Promise<void> {
  const base = options.url.replace(/\/+$/, '');
  const byName = nodeIdsByName(options.flow, run);
  const jobs = new Map(run.jobs.map((j) => [j.node_id, j]));
  const started = await call(`${base}/flows/execute`, {
    method: 'POST',
    body: JSON.stringify({ flow: options.flow, inputs: { user_input: options.message, ...options.inputs } }),
    signal: options.signal,
  });
  const remoteId = String(started.execution_id ?? started.id ?? '');
  if (!remoteId) throw new NodeFailure(`The runtime at ${base} started no execution (no execution_id in its answer)`);
  options.log('info', `Delegated to the runtime at ${base} (execution ${remoteId})`);
  const cancelRemote = () => void fetch(`${base}/executions/${remoteId}/cancel`, { method: 'POST' }).catch(() => {});
  if (options.signal.aborted) {
    cancelRemote();
    throw new RunAborted();
  }
  options.signal.addEventListener('abort', cancelRemote, { once: true });

  for (;;) {
    const status = await call(`${base}/executions/${remoteId}`, { signal: options.signal });
    const nodes = status.node_statuses ?? status.nodes;
    let changed = false;
    for (const [name, entry] of Object.entries(isRecord(nodes) ? nodes : {})) {
      const raw = isRecord(entry) ? entry : {};
      const job: JobRecord | undefined = jobs.get(byName.get(name) ?? '');
      if (!job) continue;
      const next = jobStatusOf(raw.status ?? raw.state);
      if (job.status === next) continue;
      changed = true;
      job.status = next;
      job.execution_count = Number(raw.execution_count ?? Math.max(job.execution_count, next === 'pending' ? 0 : 1));
      if (typeof raw.started_at === 'string') job.started = raw.started_at;
      if (next === 'completed' || next === 'failed') job.completed = isoNow(options.clock);
      if (typeof raw.duration_ms === 'number') job.execution_time = raw.duration_ms;
      if (raw.error) job.error_message = String(raw.error);
      if (next === 'failed') options.log('error', `${job.node_label} failed on the runtime: ${job.error_message ?? ''}`, job.node_id);
    }
    if (changed) options.changed();
    const overall = jobStatusOf(status.status ?? status.execution_status);
    if (overall === 'completed') break;
    if (overall === 'failed')
      throw new NodeFailure(`The runtime reports the execution failed: ${String(status.error ?? status.message ?? 'no reason given')}`);
    if (overall === 'cancelled') throw new NodeFailure('The runtime cancelled the execution');
    await sleep(options.pollMs, options.signal);
  }
  options.signal.removeEventListener('abort', cancelRemote);
  const results = await call(`${base}/executions/${remoteId}/results`, { signal: options.signal });
  const found = results.results ?? results.outputs ?? results;
  const values = isRecord(found) ? found : {};
  run.results = values;
  const text = Object.values(values).find((v) => typeof v === 'string' && v !== '');
  if (typeof text === 'string') options.reply(text);
}
