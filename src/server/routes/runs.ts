// Executions and pipelines: starting runs, their status as the editor's canvas and pipeline views read
// it, logs, cancel/stop. A pipeline and an execution are the same record here (one run of a workflow).
import { InvalidInputError } from '../../util/domain-errors.js';
import { MAX_TIMER_MS } from '../../util/clock.js';
import type { Request } from 'polka';
import type { Workflow } from '../../contract/types.js';
import { describeAjvErrors, validateExecuteRequest, validateRunRequest, validateWorkflowFile } from '../../contract/validators.js';
import type { RunRecord, RunStatus } from '../../engine/types.js';
import type { AppContext, Router } from '../context.js';
import { intParam, optionalEnumParam, ok, paginationHeaders, sendJson, stringParam } from '../http.js';
import { findById } from './route-helpers.js';
import { readCheckedBody } from './checked-body.js';

const isWorkflowFile = (value: unknown): value is Workflow => validateWorkflowFile(value);

const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
const LOG_LEVELS = ['debug', 'info', 'warning', 'error'] as const;

/** The body the editor's canvas overlay and pipeline view read: top-level fields, and the same under data. */
function pipelineDetail(run: RunRecord): Record<string, unknown> {
  const summary = { total: run.jobs.length, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0, skipped: 0 };
  const nodeStatuses: Record<string, unknown> = {};
  const jobs = run.jobs.map((job) => {
    summary[job.status]++;
    nodeStatuses[job.node_id] = {
      status: job.status,
      ...((job.completed ?? job.started) ? { last_executed: job.completed ?? job.started } : {}),
      ...(job.execution_time !== undefined ? { execution_time: job.execution_time } : {}),
      ...(job.error_message ? { error: job.error_message } : {}),
    };
    return job;
  });
  const detail = {
    id: run.id,
    workflow_id: run.workflow_id,
    status: run.status,
    created: run.created,
    updated: run.updated,
    ...(run.error ? { error: run.error } : {}),
    jobs,
    node_statuses: nodeStatuses,
    job_status_summary: summary,
    results: run.results,
  };
  return { ...detail, success: true, data: detail };
}

const listItem = (run: RunRecord) => ({
  id: run.id,
  workflow_id: run.workflow_id,
  status: run.status,
  created: run.created,
  updated: run.updated,
});

function progressOf(run: RunRecord): number {
  if (run.status === 'completed') return 100;
  const done = run.jobs.filter((j) => ['completed', 'failed', 'skipped', 'cancelled'].includes(j.status)).length;
  return run.jobs.length === 0 ? 0 : Math.floor((done / run.jobs.length) * 100);
}

interface RunRequest {
  inputs?: Record<string, unknown>;
  options?: { timeout?: number; maxSteps?: number };
}

interface ExecuteRequest extends RunRequest {
  workflowId?: string;
  workflow_id?: string;
  id?: string;
  workflow?: unknown;
}

/**
 * The wording of a wrong field of a run request. The OpenAPI types timeout and maxSteps only as `integer`:
 * wfe takes them as limits, so each must be ≥ 1, and 0 is refused rather than read as "no limit" (leaving
 * the option out is how to ask for none, or for the server's --max-steps).
 */
const runRequestMessages = (timeoutUnit: 'milliseconds' | 'seconds'): Record<string, string> => ({
  inputs: 'must be an object',
  options: 'must be an object',
  'options.timeout': `must be an integer ≥ 1 (${timeoutUnit}); 0 is not "no limit": leave timeout out for no time limit`,
  'options.maxSteps': `must be an integer ≥ 1; 0 is not "no limit": leave maxSteps out for the server's limit (--max-steps, default 10000)`,
  workflowId: 'must be a non-empty string, the id of a stored workflow (or send the workflow itself as "workflow")',
  workflow_id: 'must be a non-empty string, the id of a stored workflow (or send the workflow itself as "workflow")',
  id: 'must be a non-empty string, the id of a stored workflow (or send the workflow itself as "workflow")',
  workflow: 'must be a workflow object with id, name, nodes and edges',
});

/** options.timeout in milliseconds, refused past what a timer can hold. */
function timeoutMsOf(body: RunRequest, unit: 'milliseconds' | 'seconds'): number | undefined {
  const timeout = body.options?.timeout;
  if (timeout === undefined) return undefined;
  const ms = unit === 'seconds' ? timeout * 1000 : timeout;
  if (ms <= MAX_TIMER_MS) return ms;
  const most = unit === 'seconds' ? Math.floor(MAX_TIMER_MS / 1000) : MAX_TIMER_MS;
  throw new InvalidInputError('options.timeout', `must be at most ${most} (${unit}, about 24 days); leave timeout out for no time limit`);
}

/** Where an inline workflow first differs from the workflow file schema, as the file loader says it. */
function workflowProblem(): string {
  const [first] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
  return first
    ? `must be a workflow object with id, name, nodes and edges: ${first.field} ${first.message} (at /workflow${first.pointer})`
    : runRequestMessages('milliseconds').workflow;
}

/** The message a plain run starts with: inputs.message (or text/input), as a chat input would get it. */
function messageOf(inputs: Record<string, unknown>): string {
  const value = inputs.message ?? inputs.text ?? inputs.input;
  return typeof value === 'string' ? value : '';
}

const findRun = (ctx: AppContext, id: string, what: string): RunRecord => findById(id, (i) => ctx.startedEngine()?.getRun(i), what);

const findWorkflow = (ctx: AppContext, id: string): Workflow => findById(id, (i) => ctx.store.get(i)?.workflow, 'workflow');

function startedBody(run: RunRecord, estimateMs: number) {
  // startRun sets it before it returns the run; without it there is no estimate to give (a 500).
  if (run.started === undefined) throw new Error(`run ${run.id} was returned by startRun without a start time`);
  const data = {
    execution_id: run.id,
    pipeline_id: run.id,
    id: run.id,
    workflowId: run.workflow_id,
    status: 'running',
    started_at: run.started,
    startTime: run.started,
    estimated_completion: new Date(Date.parse(run.started) + estimateMs).toISOString(),
  };
  return { success: true, data, message: 'Execution started' };
}

export function registerRunRoutes(router: Router, ctx: AppContext): void {
  const estimate = (run: RunRecord) => run.jobs.length * (ctx.options.stepDelayMs ?? 0) + 100;
  const start = async (workflow: Workflow, body: RunRequest): Promise<RunRecord> => {
    const inputs = body.inputs ?? {};
    return (await ctx.engine()).startRun(workflow, {
      origin: 'api',
      inputs,
      message: messageOf(inputs),
      maxSteps: body.options?.maxSteps,
      timeoutMs: timeoutMsOf(body, 'milliseconds'),
    });
  };

  // Not in the OpenAPI document: "POST /execute" from the playground. Accepts an id (three spellings) or an inline workflow.
  router.post('/execute', async (req, res) => {
    const body = await readCheckedBody<ExecuteRequest>(req, ctx, {
      schema: validateExecuteRequest,
      fieldMessages: runRequestMessages('milliseconds'),
    });
    let workflow: Workflow;
    if (body.workflow !== undefined) {
      if (!isWorkflowFile(body.workflow)) throw new InvalidInputError('workflow', workflowProblem());
      workflow = body.workflow;
    } else {
      const id = body.workflowId ?? body.workflow_id ?? body.id;
      if (id === undefined) throw new InvalidInputError('workflowId', 'is required (or send the workflow itself as "workflow")');
      workflow = findWorkflow(ctx, id);
    }
    const run = await start(workflow, body);
    sendJson(res, 202, startedBody(run, estimate(run)), { Location: `${ctx.options.basePath}/pipeline/${run.id}` });
  });

  router.post('/workflows/:id/execute', async (req, res) => {
    const workflow = findWorkflow(ctx, req.params.id);
    const run = await start(
      workflow,
      await readCheckedBody<RunRequest>(req, ctx, { schema: validateRunRequest, fieldMessages: runRequestMessages('milliseconds') }),
    );
    sendJson(res, 202, startedBody(run, estimate(run)), { Location: `${ctx.options.basePath}/pipeline/${run.id}` });
  });

  router.get('/executions', (req, res) => {
    const workflowId = stringParam(req.query, 'workflow_id', 200);
    const status = optionalEnumParam(req.query, 'status', RUN_STATUSES);
    const limit = intParam(req.query, 'limit', 50, 1, 100);
    const offset = intParam(req.query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const runs = ctx.startedEngine()?.listRuns({ workflowId, status }) ?? [];
    sendJson(
      res,
      200,
      ok(runs.slice(offset, offset + limit).map(listItem), `Found ${runs.length} executions`),
      paginationHeaders(runs.length, limit, offset),
    );
  });

  router.get('/executions/:id', (req, res) => sendJson(res, 200, pipelineDetail(findRun(ctx, req.params.id, 'execution'))));

  router.post('/executions/:id/cancel', async (req, res) => {
    const run = findRun(ctx, req.params.id, 'execution');
    await (await ctx.engine()).cancelRun(run.id, 'Cancelled through the API');
    sendJson(res, 200, { success: true, message: 'Execution cancelled successfully' });
  });

  const logs = (req: Request, run: RunRecord) => {
    const level = optionalEnumParam(req.query, 'level', LOG_LEVELS);
    const nodeId = stringParam(req.query, 'node_id', 200);
    return run.logs.filter((l) => (!level || l.level === level) && (!nodeId || l.node_id === nodeId));
  };

  router.get('/executions/:id/logs', (req, res) => {
    const entries = logs(req, findRun(ctx, req.params.id, 'execution'));
    sendJson(res, 200, ok(entries, `${entries.length} log entries`));
  });

  // The demo pipelines page reads data.pipelines; the OpenAPI says data is the list: both are sent.
  router.get('/workflow/:workflow_id/pipelines', (req, res) => {
    const workflow = findWorkflow(ctx, req.params.workflow_id);
    const status = optionalEnumParam(req.query, 'status', RUN_STATUSES);
    const items = (ctx.startedEngine()?.listRuns({ workflowId: workflow.id, status }) ?? []).map(listItem);
    sendJson(res, 200, { success: true, data: items, pipelines: items, message: `Found ${items.length} pipelines` });
  });

  router.get('/pipeline/:id', (req, res) => sendJson(res, 200, pipelineDetail(findRun(ctx, req.params.id, 'pipeline'))));

  router.get('/pipeline/:id/status', (req, res) => {
    const run = findRun(ctx, req.params.id, 'pipeline');
    sendJson(
      res,
      200,
      ok({ id: run.id, status: run.status, progress: progressOf(run), updated: run.updated }, `Pipeline is ${run.status}`),
    );
  });

  router.post('/pipeline/:id/execute', async (req, res) => {
    const run = findRun(ctx, req.params.id, 'pipeline');
    const body = await readCheckedBody<RunRequest>(req, ctx, { schema: validateRunRequest, fieldMessages: runRequestMessages('seconds') });
    const engine = await ctx.engine();
    // A pipeline that is running (or starting) is refused by the engine: 409.
    const workflow = findWorkflow(ctx, run.workflow_id);
    const inputs = body.inputs ?? run.inputs;
    // OpenAPI: this operation's timeout is in seconds (the workflow execute's is in milliseconds).
    await engine.startRun(workflow, {
      origin: 'pipeline',
      inputs,
      message: messageOf(inputs),
      maxSteps: body.options?.maxSteps,
      timeoutMs: timeoutMsOf(body, 'seconds'),
      reuse: run,
    });
    sendJson(res, 202, ok({ pipeline_id: run.id, status: 'running' satisfies RunStatus, message: 'Pipeline started' }, 'Pipeline started'));
  });

  router.post('/pipeline/:id/stop', async (req, res) => {
    const run = findRun(ctx, req.params.id, 'pipeline');
    await (await ctx.engine()).cancelRun(run.id, 'Stopped through the API');
    sendJson(res, 200, { success: true, message: 'Pipeline stopped' });
  });

  router.get('/pipeline/:id/logs', (req, res) => {
    const entries = logs(req, findRun(ctx, req.params.id, 'pipeline'));
    sendJson(res, 200, ok(entries, `${entries.length} log entries`));
  });
}
