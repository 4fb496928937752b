import { NotFoundError } from '../../util/domain-errors.js';
import type { AppContext, Router } from '../context.js';
import { intParam, ok, paginationHeaders, sendJson, stringParam } from '../http.js';
import { cachedJson, sendCached, VersionedCache } from '../response-cache.js';

// Serialised once per catalog revision (a reload), per query, and sent as bytes with an ETag.
export function registerNodeRoutes(router: Router, ctx: AppContext): void {
  const nodePages = new VersionedCache();
  const fixed = new VersionedCache(2);

  router.get('/nodes', (req, res) => {
    const category = stringParam(req.query, 'category', 100);
    const search = stringParam(req.query, 'search', 100)?.trim().toLowerCase();
    const format = stringParam(req.query, 'format', 100);
    const limit = intParam(req.query, 'limit', 100, 1, 1000);
    const offset = intParam(req.query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const key = JSON.stringify([category, search, format, limit, offset]);
    const page = nodePages.get(ctx.catalog.revision(), key, () => {
      const matching = ctx.catalog
        .nodeTypes()
        .filter(
          (node) =>
            (!category || node.category === category) &&
            (!format || !node.formats || node.formats.includes(format)) &&
            (!search ||
              [node.id, node.name, node.description, ...(node.tags ?? [])].some(
                (text) => typeof text === 'string' && text.toLowerCase().includes(search),
              )),
        );
      const items = matching.slice(offset, offset + limit);
      return cachedJson(
        JSON.stringify(ok(items, `Found ${matching.length} node types`)),
        paginationHeaders(matching.length, limit, offset),
        true,
      );
    });
    sendCached(req, res, page);
  });

  router.get('/nodes/:id', (req, res) => {
    const node = ctx.catalog.getNodeType(req.params.id);
    if (!node) throw new NotFoundError(`node type '${req.params.id}'`);
    sendJson(res, 200, ok(node, 'Node type loaded'));
  });

  router.get('/categories', (req, res) => {
    const body = fixed.get(ctx.catalog.revision(), 'categories', () =>
      cachedJson(JSON.stringify(ok(ctx.catalog.categories(), 'Categories loaded successfully')), {}, true),
    );
    sendCached(req, res, body);
  });

  router.get('/port-config', (req, res) => {
    const body = fixed.get(ctx.catalog.revision(), 'port-config', () =>
      cachedJson(JSON.stringify(ok(ctx.catalog.portConfig(), 'Port configuration loaded successfully')), {}, true),
    );
    sendCached(req, res, body);
  });
}
