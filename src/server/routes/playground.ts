// Playground sessions and messages, as the editor's Playground component calls them, and interrupts.
import { InvalidInputError, NotFoundError } from '../../util/domain-errors.js';
import { validateCreateSession, validateInterruptAnswer, validateSendMessage } from '../../contract/validators.js';
import type { InterruptRecord, MessageRecord, SessionRecord } from '../../engine/types.js';
import type { AppContext, Router } from '../context.js';
import { intParam, optionalEnumParam, ok, paginationHeaders, sendJson, stringParam } from '../http.js';
import { findById, findInEngine } from './route-helpers.js';
import { readCheckedBody } from './checked-body.js';

const INTERRUPT_STATUSES = ['pending', 'resolved', 'cancelled'] as const;

const sessionBody = ({ messages: _m, lastRunId: _r, ...session }: SessionRecord) => session;

/** The OpenAPI Interrupt plus the client's camelCase names (sessionId, pipelineId, resolvedAt, responseValue). */
const interruptBody = (i: InterruptRecord) => ({ ...i, ...(i.response !== undefined ? { responseValue: i.response } : {}) });

const SESSION_MESSAGES = { name: 'must be a string of at most 100 characters', metadata: 'must be an object' };
const MESSAGE_MESSAGES = {
  content: 'is required and must be a string of at most 10000 characters',
  inputs: 'must be an object of {nodeId: {field: value}}',
};
const ANSWER_MESSAGES = { value: 'is required' };

export function registerPlaygroundRoutes(router: Router, ctx: AppContext): void {
  const workflowOf = (id: string) => findById(id, (i) => ctx.store.get(i)?.workflow, 'workflow');
  // A session, with the engine that holds it. Until the engine has started there is no session to find.
  const heldSession = (id: string) => findInEngine(ctx, id, (engine, i) => engine.getSession(i), 'playground session', 'sessionId');
  const session = (id: string) => heldSession(id).found;

  router.get('/workflows/:id/playground/sessions', (req, res) => {
    const workflow = workflowOf(req.params.id);
    const limit = intParam(req.query, 'limit', 20, 1, 100);
    const offset = intParam(req.query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const all = ctx.startedEngine()?.listSessions(workflow.id) ?? [];
    sendJson(
      res,
      200,
      ok(all.slice(offset, offset + limit).map(sessionBody), `Found ${all.length} sessions`),
      paginationHeaders(all.length, limit, offset),
    );
  });

  router.post('/workflows/:id/playground/sessions', async (req, res) => {
    const workflow = workflowOf(req.params.id);
    const body = await readCheckedBody<{ name?: string; metadata?: Record<string, unknown> }>(req, ctx, {
      schema: validateCreateSession,
      fieldMessages: SESSION_MESSAGES,
    });
    const created = (await ctx.engine()).createSession(workflow.id, body.name, body.metadata);
    sendJson(res, 201, ok(sessionBody(created), 'Session created'));
  });

  router.get('/playground/sessions/:sessionId', (req, res) =>
    sendJson(res, 200, ok(sessionBody(session(req.params.sessionId)), 'Session loaded')),
  );

  router.delete('/playground/sessions/:sessionId', async (req, res) => {
    const { engine, found } = heldSession(req.params.sessionId);
    await engine.deleteSession(found.id);
    sendJson(res, 200, { success: true, message: 'Session deleted successfully' });
  });

  router.get('/playground/sessions/:sessionId/messages', (req, res) => {
    const { engine, found: s } = heldSession(req.params.sessionId);
    const since = stringParam(req.query, 'since', 100);
    if (since !== undefined && since !== '' && Number.isNaN(Date.parse(since)))
      throw new InvalidInputError('since', 'must be an ISO 8601 date-time');
    const limit = intParam(req.query, 'limit', 100, 1, 500);
    const { messages, hasMore } = engine.messages(s.id, since || undefined, limit);
    sendJson(res, 200, { success: true, data: messages, hasMore, sessionStatus: s.status, message: `${messages.length} messages` });
  });

  router.post('/playground/sessions/:sessionId/messages', async (req, res) => {
    const { engine, found: s } = heldSession(req.params.sessionId);
    const body = await readCheckedBody<{ content: string; inputs?: Record<string, unknown> }>(req, ctx, {
      schema: validateSendMessage,
      fieldMessages: MESSAGE_MESSAGES,
    });
    const message = await engine.sendMessage(s.id, workflowOf(s.workflowId), body.content, body.inputs ?? {});
    sendJson(res, 200, ok(message, 'Message sent; the workflow is running'));
  });

  const messageOf = (sessionId: string, messageId: string): MessageRecord => {
    const m = session(sessionId).messages.find((x) => x.id === messageId);
    if (!m) throw new NotFoundError(`message '${messageId}'`);
    return m;
  };

  router.get('/playground/sessions/:sessionId/messages/:messageId', (req, res) =>
    sendJson(res, 200, ok(messageOf(req.params.sessionId, req.params.messageId), 'Message loaded')),
  );

  router.get('/playground/sessions/:sessionId/messages/:messageId/status', (req, res) => {
    const m = messageOf(req.params.sessionId, req.params.messageId);
    sendJson(
      res,
      200,
      ok({ id: m.id, status: m.status, sequenceNumber: m.sequenceNumber, timestamp: m.timestamp }, `Message is ${m.status}`),
    );
  });

  router.post('/playground/sessions/:sessionId/stop', async (req, res) => {
    const { engine, found } = heldSession(req.params.sessionId);
    await engine.stopSession(found.id);
    sendJson(res, 200, { success: true, message: 'Execution stopped' });
  });

  // ---------- interrupts ----------

  const heldInterrupt = (id: string) => findInEngine(ctx, id, (engine, i) => engine.getInterrupt(i), 'interrupt', 'interruptId');
  const listQuery = (query: Record<string, unknown>) => ({
    status: optionalEnumParam(query, 'status', INTERRUPT_STATUSES),
    limit: intParam(query, 'limit', 50, 1, 100),
    offset: intParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  });

  router.get('/interrupts/:interruptId', (req, res) =>
    sendJson(res, 200, ok(interruptBody(heldInterrupt(req.params.interruptId).found), 'Interrupt loaded')),
  );

  router.post('/interrupts/:interruptId', async (req, res) => {
    const { engine, found } = heldInterrupt(req.params.interruptId);
    const body = await readCheckedBody<{ value: unknown }>(req, ctx, { schema: validateInterruptAnswer, fieldMessages: ANSWER_MESSAGES });
    const resolved = await engine.resolveInterrupt(found.id, body.value);
    sendJson(res, 200, ok(interruptBody(resolved), 'Interrupt resolved'));
  });

  // The OpenAPI answers {success, message} only; the editor throws without data, so data is sent too.
  router.post('/interrupts/:interruptId/cancel', async (req, res) => {
    const { engine, found } = heldInterrupt(req.params.interruptId);
    const cancelled = await engine.cancelInterrupt(found.id);
    sendJson(res, 200, ok(interruptBody(cancelled), 'Interrupt cancelled'));
  });

  router.get('/playground/sessions/:sessionId/interrupts', (req, res) => {
    const { engine, found: s } = heldSession(req.params.sessionId);
    const { status, limit, offset } = listQuery(req.query);
    const all = engine.listInterrupts({ sessionId: s.id, status });
    sendJson(res, 200, ok(all.slice(offset, offset + limit).map(interruptBody), `Found ${all.length} interrupts`));
  });

  router.get('/pipelines/:pipelineId/interrupts', (req, res) => {
    const { engine, found: run } = findInEngine(ctx, req.params.pipelineId, (e, id) => e.getRun(id), 'pipeline', 'pipelineId');
    const { status, limit, offset } = listQuery(req.query);
    const all = engine.listInterrupts({ pipelineId: run.id, status });
    sendJson(res, 200, ok(all.slice(offset, offset + limit).map(interruptBody), `Found ${all.length} interrupts`));
  });
}
