import { notFound } from '../../contract/errors.js';
import type { AppContext, Router } from '../app.js';
import { intParam, ok, paginationHeaders, sendJson, stringParam } from '../http.js';

export function registerNodeRoutes(router: Router, ctx: AppContext): void {
  router.get('/nodes', (req, res) => {
    const category = stringParam(req.query, 'category', 100);
    const search = stringParam(req.query, 'search', 100)?.trim().toLowerCase();
    const format = stringParam(req.query, 'format', 100);
    const limit = intParam(req.query, 'limit', 100, 1, 1000);
    const offset = intParam(req.query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const matching = ctx.catalog.nodeTypes().filter(
      (node) =>
        (!category || node.category === category) &&
        (!format || !node.formats || node.formats.includes(format)) &&
        (!search ||
          [node.id, node.name, node.description, ...(node.tags ?? [])].some((text) => typeof text === 'string' && text.toLowerCase().includes(search))),
    );
    const page = matching.slice(offset, offset + limit);
    sendJson(res, 200, ok(page, `Found ${matching.length} node types`), paginationHeaders(matching.length, limit, offset));
  });

  router.get('/nodes/:id', (req, res) => {
    const node = ctx.catalog.getNodeType(req.params.id);
    if (!node) throw notFound(`node type '${req.params.id}'`);
    sendJson(res, 200, ok(node, 'Node type loaded'));
  });

  router.get('/categories', (_req, res) => {
    sendJson(res, 200, ok(ctx.catalog.categories(), 'Categories loaded successfully'));
  });

  router.get('/port-config', (_req, res) => {
    sendJson(res, 200, ok(ctx.catalog.portConfig(), 'Port configuration loaded successfully'));
  });
}
