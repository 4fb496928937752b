import { NotFoundError } from '../../util/domain-errors.js';
import { ifNoneMatchHits } from '../../util/etag-match.js';
import { validateCreateWorkflow, validateUpdateWorkflow } from '../../contract/validators.js';
import { assertSafeId } from '../../store/paths.js';
import type { StoredWorkflow } from '../../store/workflow-store.js';
import type { ListOrder } from '../../store/ordered-list.js';
import type { NodeExecutionInfo, Workflow } from '../../contract/types.js';
import type { CreateInput, UpdateInput } from '../../store/workflow-model.js';
import { findById } from './route-helpers.js';
import { readCheckedBody } from './checked-body.js';
import type { AppContext, Router } from '../context.js';
import { cachedJson, sendCached, VersionedCache, type CachedResponse } from '../response-cache.js';
import { enumParam, envelopeAround, intParam, ok, paginationHeaders, sendEnvelopeAround, sendJson, sendRaw, stringParam } from '../http.js';

const OBJECT_REQUIRED = 'a JSON object is required';

const NO_RUNS = new Map<string, NodeExecutionInfo>();

const SORT_FIELDS = ['updated_at', 'created_at', 'name'] as const;
const ORDER_OF: Record<(typeof SORT_FIELDS)[number], ListOrder> = { updated_at: 'updatedAt', created_at: 'createdAt', name: 'name' };

function workflowHeaders(found: StoredWorkflow, ctx: AppContext): Record<string, string> {
  return { ETag: found.etag, Location: `${ctx.options.basePath}/workflows/${encodeURIComponent(found.workflow.id)}` };
}

export function registerWorkflowRoutes(router: Router, ctx: AppContext): void {
  const overlays = new WeakMap<object, { etag: string; json: string }>();
  // Pages as bytes, per query, until the store changes; a workflow's GET body, per version.
  const pages = new VersionedCache();
  const bodies = new WeakMap<Workflow, CachedResponse>();
  router.get('/workflows', (req, res) => {
    const search = stringParam(req.query, 'search', 100)?.trim().toLowerCase();
    const tags = stringParam(req.query, 'tags')
      ?.split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const limit = intParam(req.query, 'limit', 50, 1, 100);
    const offset = intParam(req.query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const sort = enumParam(req.query, 'sort', SORT_FIELDS, 'updated_at');
    const order = enumParam(req.query, 'order', ['asc', 'desc'] as const, 'desc');
    const key = JSON.stringify([search, tags, limit, offset, sort, order]);
    const page = pages.get(ctx.store.generation, key, () => {
      const keep =
        search || (tags && tags.length > 0)
          ? (workflow: Workflow) =>
              (!search || `${workflow.name}\n${workflow.description ?? ''}`.toLowerCase().includes(search)) &&
              (!tags || tags.length === 0 || tags.some((t) => workflow.metadata.tags?.includes(t)))
          : undefined;
      const { total, items } = ctx.store.page({ order: ORDER_OF[sort], descending: order === 'desc', offset, limit, keep });
      return cachedJson(
        envelopeAround(`[${items.map((p) => p.json).join(',')}]`, `Found ${total} workflows`),
        paginationHeaders(total, limit, offset),
      );
    });
    sendCached(req, res, page);
  });

  router.post('/workflows', async (req, res) => {
    const body = await readCheckedBody<CreateInput>(req, ctx, { schema: validateCreateWorkflow, emptyBodyRefusal: OBJECT_REQUIRED });
    const created = await ctx.store.create(body);
    sendRaw(res, 201, envelopeAround(created.json, 'Workflow created successfully'), workflowHeaders(created, ctx));
  });

  router.get('/workflows/:id', (req, res) => {
    const found = findById(req.params.id, (id) => ctx.store.get(id), 'workflow');
    if (ifNoneMatchHits(req.headers['if-none-match'], found.etag)) {
      res.writeHead(304, { ETag: found.etag });
      res.end();
      return;
    }
    // No engine yet: no runs at all (runs left by an earlier server start it at start).
    const info = ctx.startedEngine()?.executionInfo(found.workflow.id) ?? NO_RUNS;
    // Nodes report their latest run, as the editor's canvas overlay reads them; never stored in the file.
    // Cached until the workflow or its runs change (the engine hands out a new map then).
    if (info.size === 0) {
      let body = bodies.get(found.workflow);
      if (!body)
        bodies.set(found.workflow, (body = cachedJson(envelopeAround(found.json, 'Workflow loaded successfully'), { ETag: found.etag })));
      sendCached(req, res, body);
      return;
    }
    let json: string;
    const cached = overlays.get(info);
    if (cached?.etag === found.etag) json = cached.json;
    else {
      json = JSON.stringify({
        ...found.workflow,
        nodes: found.workflow.nodes.map((node) => {
          const executionInfo = info.get(node.id);
          return executionInfo ? { ...node, data: { ...node.data, executionInfo, isProcessing: executionInfo.isExecuting } } : node;
        }),
      });
      overlays.set(info, { etag: found.etag, json });
    }
    sendRaw(res, 200, envelopeAround(json, 'Workflow loaded successfully'), { ETag: found.etag });
  });

  router.put('/workflows/:id', async (req, res) => {
    assertSafeId(req.params.id);
    const body = await readCheckedBody<UpdateInput>(req, ctx, { schema: validateUpdateWorkflow, emptyBodyRefusal: OBJECT_REQUIRED });
    const ifMatch = req.headers['if-match'];
    const updated = await ctx.store.update(req.params.id, body, typeof ifMatch === 'string' ? ifMatch : undefined);
    const headers: Record<string, string> = { ETag: updated.etag };
    if (updated.backup) headers['X-Wfe-Backup'] = updated.backup;
    sendEnvelopeAround(res, 200, updated.body, 'Workflow updated successfully', headers);
  });

  router.delete('/workflows/:id', async (req, res) => {
    assertSafeId(req.params.id);
    const ifMatch = req.headers['if-match'];
    await ctx.store.delete(req.params.id, typeof ifMatch === 'string' ? ifMatch : undefined);
    sendJson(res, 200, { success: true, message: 'Workflow deleted successfully' });
  });

  // Not in the OpenAPI document: the conversation of the workflow's latest playground session (or ?sessionId=),
  // user and assistant turns only, as {role, content} plus the message's id, time and order.
  router.get('/workflows/:id/chat/messages', (req, res) => {
    findById(req.params.id, (id) => ctx.store.get(id), 'workflow');
    const sessionId = stringParam(req.query, 'sessionId', 200);
    // No engine yet: no session at all, so a named one is a 404 (as the engine's getSession answers).
    const engine = ctx.startedEngine();
    if (sessionId && !engine) throw new NotFoundError(`playground session '${sessionId}'`);
    const session = sessionId ? engine?.getSession(sessionId) : engine?.latestSession(req.params.id);
    if (session && session.workflowId !== req.params.id) throw new NotFoundError(`session '${sessionId}' of workflow '${req.params.id}'`);
    const turns = (session?.messages ?? [])
      .filter(
        (m) =>
          (m.role === 'user' || m.role === 'assistant') && m.metadata.type !== 'interrupt_request' && m.metadata.interrupt_id === undefined,
      )
      .map((m) => ({
        role: m.role,
        content: m.content,
        id: m.id,
        timestamp: m.timestamp,
        sequenceNumber: m.sequenceNumber,
        sessionId: m.sessionId,
      }));
    sendJson(res, 200, ok(turns, `${turns.length} chat messages`));
  });
}
