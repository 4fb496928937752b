// The Agent Spec runtime API (what FlowDrop's AgentSpecExecutionService calls) on the built-in engine:
// a posted flow is imported, run like any workflow, and reported by node name.
import { AgentSpecInvalidError, ConflictError, NotFoundError } from '../../util/domain-errors.js';
import { validateAgentSpecExecute } from '../../contract/validators.js';
import type { RunRecord } from '../../engine/types.js';
import type { AppContext, Router } from '../context.js';
import { sendJson } from '../http.js';
import { findInEngine } from './route-helpers.js';
import { readCheckedBody } from './checked-body.js';
import { servedCheckContext, verdictModule } from './validate.js';

/** The runtime's vocabulary: node status by node name (the FlowDrop label), durations in ms. */
function agentSpecStatus(run: RunRecord): Record<string, unknown> {
  const nodeStatuses: Record<string, unknown> = {};
  for (const job of run.jobs) {
    nodeStatuses[job.node_label] = {
      status: job.status,
      execution_count: job.execution_count,
      ...(job.started ? { started_at: job.started } : {}),
      ...(job.execution_time !== undefined ? { duration_ms: job.execution_time } : {}),
      ...(job.error_message ? { error: job.error_message } : {}),
    };
  }
  return { execution_id: run.id, status: run.status, node_statuses: nodeStatuses, ...(run.error ? { error: run.error } : {}) };
}

const FINISHED = ['completed', 'failed', 'cancelled'];

/**
 * A Flow's results as an Agent Spec runtime gives them: its outputs by name (`{summary: …}`, as the OpenAPI
 * example and WayFlow have them). A run that reached no end node has the values of its output nodes instead.
 */
const resultsOf = (run: RunRecord): Record<string, unknown> => run.outputs ?? run.results;

const AGENTSPEC_EXECUTE_MESSAGES = { flow: 'is required: an Agent Spec Flow', inputs: 'must be an object' };

export function registerAgentSpecRunRoutes(router: Router, ctx: AppContext): void {
  const checkContext = servedCheckContext(ctx);
  const heldRun = (id: string) => findInEngine(ctx, id, (engine, i) => engine.getRun(i), 'execution');
  const runOf = (id: string): RunRecord => heldRun(id).found;

  router.post('/agentspec/flows/execute', async (req, res) => {
    const body = await readCheckedBody<{ flow: unknown; inputs?: Record<string, unknown> }>(req, ctx, {
      schema: validateAgentSpecExecute,
      fieldMessages: AGENTSPEC_EXECUTE_MESSAGES,
    });
    // Only a flow that POST /agentspec/flows/validate calls valid runs.
    const { agentSpecVerdict } = await verdictModule();
    const verdict = agentSpecVerdict(body.flow, await checkContext());
    if (!verdict.valid || !verdict.workflow) throw new AgentSpecInvalidError(verdict.errors, verdict.warnings);
    const workflow = verdict.workflow;
    const values = body.inputs ?? {};
    const message = [values.user_input, values.message, values.input, values.query].find((v): v is string => typeof v === 'string');
    const run = await (await ctx.engine()).startRun(workflow, { origin: 'api', inputs: values, message: message ?? '' });
    sendJson(res, 200, { execution_id: run.id, id: run.id, status: 'running', warnings: verdict.warnings });
  });

  router.get('/agentspec/executions/:id', (req, res) => sendJson(res, 200, agentSpecStatus(runOf(req.params.id))));

  router.post('/agentspec/executions/:id/cancel', async (req, res) => {
    const run = runOf(req.params.id);
    if (FINISHED.includes(run.status)) throw new ConflictError(`Execution '${run.id}' is already ${run.status}`);
    await (await ctx.engine()).cancelRun(run.id, 'Cancelled through the Agent Spec API');
    sendJson(res, 200, { success: true, message: 'Execution cancelled' });
  });

  // Results exist only for a completed run (the reference runtime answers 404 until then).
  router.get('/agentspec/executions/:id/results', (req, res) => {
    const run = runOf(req.params.id);
    if (run.status !== 'completed') throw new NotFoundError(`results of execution '${run.id}' (it is ${run.status})`);
    sendJson(res, 200, { execution_id: run.id, status: run.status, results: resultsOf(run) });
  });

  // Server-sent events: node_status for every change, then execution_complete or execution_error.
  router.get('/agentspec/executions/:id/stream', (req, res) => {
    const { engine, found: run } = heldRun(req.params.id);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    const send = (event: string, data: Record<string, unknown>) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
    const seen = new Map<string, string>();
    const publish = (current: RunRecord): boolean => {
      for (const job of current.jobs) {
        const key = `${job.status}:${job.execution_count}`;
        if (seen.get(job.node_id) === key) continue;
        seen.set(job.node_id, key);
        send('node_status', {
          node: job.node_label,
          node_id: job.node_id,
          status: { status: job.status, execution_count: job.execution_count, ...(job.error_message ? { error: job.error_message } : {}) },
        });
      }
      if (!FINISHED.includes(current.status)) return false;
      if (current.status === 'completed') send('execution_complete', { results: resultsOf(current) });
      else send('execution_error', { error: current.error ?? current.status });
      return true;
    };
    if (publish(run)) return void res.end();
    const unsubscribe = engine.onEvent((event) => {
      if (event.type !== 'run' || event.run.id !== run.id) return;
      if (publish(event.run)) {
        unsubscribe();
        res.end();
      }
    });
    req.on('close', unsubscribe);
  });
}
