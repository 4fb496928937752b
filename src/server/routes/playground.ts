// Playground sessions and messages, as the editor's Playground component calls them, and interrupts.
import { invalidField, notFound } from '../../contract/errors.js';
import type { InterruptRecord, MessageRecord, SessionRecord } from '../../engine/types.js';
import { assertSafeId } from '../../store/workflow-store.js';
import type { AppContext, Router } from '../app.js';
import { intParam, optionalEnumParam, ok, paginationHeaders, readJsonBody, sendJson, stringParam } from '../http.js';

const INTERRUPT_STATUSES = ['pending', 'resolved', 'cancelled'] as const;

const sessionBody = ({ messages: _m, lastRunId: _r, ...session }: SessionRecord) => session;

/** The OpenAPI Interrupt plus the client's camelCase names (sessionId, pipelineId, resolvedAt, responseValue). */
const interruptBody = (i: InterruptRecord) => ({ ...i, ...(i.response !== undefined ? { responseValue: i.response } : {}) });

async function readObject(req: Parameters<Parameters<Router['post']>[1]>[0], ctx: AppContext): Promise<Record<string, unknown>> {
  const body = (await readJsonBody(req, ctx.options.maxBody)) ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidField('body', 'must be a JSON object');
  return body as Record<string, unknown>;
}

export function registerPlaygroundRoutes(router: Router, ctx: AppContext): void {
  const workflowOf = (id: string) => {
    assertSafeId(id);
    const found = ctx.store.get(id);
    if (!found) throw notFound(`workflow '${id}'`);
    return found.workflow;
  };
  const session = (id: string) => {
    assertSafeId(id, 'sessionId');
    return ctx.engine.getSession(id);
  };

  router.get('/workflows/:id/playground/sessions', (req, res) => {
    const workflow = workflowOf(req.params.id);
    const limit = intParam(req.query, 'limit', 20, 1, 100);
    const offset = intParam(req.query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const all = ctx.engine.listSessions(workflow.id);
    sendJson(res, 200, ok(all.slice(offset, offset + limit).map(sessionBody), `Found ${all.length} sessions`), paginationHeaders(all.length, limit, offset));
  });

  router.post('/workflows/:id/playground/sessions', async (req, res) => {
    const workflow = workflowOf(req.params.id);
    const body = await readObject(req, ctx);
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > 100)) throw invalidField('name', 'must be a string of at most 100 characters');
    if (body.metadata !== undefined && (typeof body.metadata !== 'object' || body.metadata === null || Array.isArray(body.metadata))) throw invalidField('metadata', 'must be an object');
    const created = ctx.engine.createSession(workflow.id, body.name as string | undefined, body.metadata as Record<string, unknown> | undefined);
    sendJson(res, 201, ok(sessionBody(created), 'Session created'));
  });

  router.get('/playground/sessions/:sessionId', (req, res) => sendJson(res, 200, ok(sessionBody(session(req.params.sessionId)), 'Session loaded')));

  router.delete('/playground/sessions/:sessionId', async (req, res) => {
    await ctx.engine.deleteSession(session(req.params.sessionId).id);
    sendJson(res, 200, { success: true, message: 'Session deleted successfully' });
  });

  router.get('/playground/sessions/:sessionId/messages', (req, res) => {
    const s = session(req.params.sessionId);
    const since = stringParam(req.query, 'since', 100);
    if (since !== undefined && since !== '' && Number.isNaN(Date.parse(since))) throw invalidField('since', 'must be an ISO 8601 date-time');
    const limit = intParam(req.query, 'limit', 100, 1, 500);
    const { messages, hasMore } = ctx.engine.messages(s.id, since || undefined, limit);
    sendJson(res, 200, { success: true, data: messages, hasMore, sessionStatus: s.status, message: `${messages.length} messages` });
  });

  router.post('/playground/sessions/:sessionId/messages', async (req, res) => {
    const s = session(req.params.sessionId);
    const body = await readObject(req, ctx);
    if (typeof body.content !== 'string') throw invalidField('content', 'is required and must be a string');
    if (body.content.length > 10_000) throw invalidField('content', 'must be at most 10000 characters');
    const inputs = body.inputs ?? {};
    if (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs)) throw invalidField('inputs', 'must be an object of {nodeId: {field: value}}');
    const message = ctx.engine.sendMessage(s.id, workflowOf(s.workflowId), body.content, inputs as Record<string, unknown>);
    sendJson(res, 200, ok(message, 'Message sent; the workflow is running'));
  });

  const messageOf = (sessionId: string, messageId: string): MessageRecord => {
    const m = session(sessionId).messages.find((x) => x.id === messageId);
    if (!m) throw notFound(`message '${messageId}'`);
    return m;
  };

  router.get('/playground/sessions/:sessionId/messages/:messageId', (req, res) => sendJson(res, 200, ok(messageOf(req.params.sessionId, req.params.messageId), 'Message loaded')));

  router.get('/playground/sessions/:sessionId/messages/:messageId/status', (req, res) => {
    const m = messageOf(req.params.sessionId, req.params.messageId);
    sendJson(res, 200, ok({ id: m.id, status: m.status, sequenceNumber: m.sequenceNumber, timestamp: m.timestamp }, `Message is ${m.status}`));
  });

  router.post('/playground/sessions/:sessionId/stop', async (req, res) => {
    await ctx.engine.stopSession(session(req.params.sessionId).id);
    sendJson(res, 200, { success: true, message: 'Execution stopped' });
  });

  // ---------- interrupts ----------

  const interrupt = (id: string) => {
    assertSafeId(id, 'interruptId');
    const found = ctx.engine.getInterrupt(id);
    if (!found) throw notFound(`interrupt '${id}'`);
    return found;
  };
  const listQuery = (query: Record<string, unknown>) => ({
    status: optionalEnumParam(query, 'status', INTERRUPT_STATUSES),
    limit: intParam(query, 'limit', 50, 1, 100),
    offset: intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  });

  router.get('/interrupts/:interruptId', (req, res) => sendJson(res, 200, ok(interruptBody(interrupt(req.params.interruptId)), 'Interrupt loaded')));

  router.post('/interrupts/:interruptId', async (req, res) => {
    const found = interrupt(req.params.interruptId);
    const body = await readObject(req, ctx);
    if (!('value' in body)) throw invalidField('value', 'is required');
    const resolved = await ctx.engine.resolveInterrupt(found.id, body.value);
    sendJson(res, 200, ok(interruptBody(resolved), 'Interrupt resolved'));
  });

  // The OpenAPI answers {success, message} only; the editor throws without data, so data is sent too.
  router.post('/interrupts/:interruptId/cancel', async (req, res) => {
    const cancelled = await ctx.engine.cancelInterrupt(interrupt(req.params.interruptId).id);
    sendJson(res, 200, ok(interruptBody(cancelled), 'Interrupt cancelled'));
  });

  router.get('/playground/sessions/:sessionId/interrupts', (req, res) => {
    const s = session(req.params.sessionId);
    const { status, limit, offset } = listQuery(req.query);
    const all = ctx.engine.listInterrupts({ sessionId: s.id, status });
    sendJson(res, 200, ok(all.slice(offset, offset + limit).map(interruptBody), `Found ${all.length} interrupts`));
  });

  router.get('/pipelines/:pipelineId/interrupts', (req, res) => {
    assertSafeId(req.params.pipelineId, 'pipelineId');
    const run = ctx.engine.getRun(req.params.pipelineId);
    if (!run) throw notFound(`pipeline '${req.params.pipelineId}'`);
    const { status, limit, offset } = listQuery(req.query);
    const all = ctx.engine.listInterrupts({ pipelineId: run.id, status });
    sendJson(res, 200, ok(all.slice(offset, offset + limit).map(interruptBody), `Found ${all.length} interrupts`));
  });
}
