import type { AppContext, Router } from '../context.js';
import { authEnabled } from '../auth.js';
import { sendJson } from '../http.js';
import { MAX_WORKFLOW_NODES } from '../../graph/integrity.js';
import { lazy } from './route-helpers.js';
import { unknownNodeTypeWarnings } from '../../validate/unknown-node-types.js';

const engineModule = lazy(() => import('../../engine/engine.js'));

export function registerSystemRoutes(router: Router, ctx: AppContext): void {
  // /health and /system/version are unwrapped in the OpenAPI document but enveloped in the enhanced
  // client: the body carries the fields at the top level and again under data.
  router.get('/health', (_req, res) => {
    const health = {
      status: 'healthy',
      timestamp: new Date().toISOString(),
      version: ctx.version,
      service: 'wfe',
      uptime: Math.floor((Date.now() - ctx.startedAt) / 1000),
    };
    sendJson(res, 200, { ...health, success: true, data: health });
  });

  router.get('/system/version', (_req, res) => {
    const version = { version: ctx.version, build: `wfe-${ctx.version}`, api_version: 'v1' };
    sendJson(res, 200, { ...version, success: true, data: version });
  });

  router.get('/system/config', async (_req, res) => {
    const { MAX_CONCURRENT_RUNS } = await engineModule();
    const loadErrors = [...ctx.store.errors(), ...ctx.catalog.errors()];
    sendJson(res, 200, {
      success: true,
      message: loadErrors.length > 0 ? `${loadErrors.length} file(s) failed to load` : 'System configuration loaded',
      data: {
        version: ctx.version,
        features: {
          watch: ctx.options.watch,
          auth: authEnabled(ctx.options.auth),
          workflows: true,
          nodeTypes: true,
          execution: true,
          playground: true,
          interrupts: true,
          agentspec: true,
        },
        limits: {
          maxWorkflowNodes: MAX_WORKFLOW_NODES,
          maxConcurrentExecutions: MAX_CONCURRENT_RUNS,
          maxSteps: ctx.options.maxSteps ?? 10_000,
          maxBodyBytes: ctx.options.maxBody,
        },
        basePath: ctx.options.basePath,
        workflowCount: ctx.store.size,
        nodeTypeCount: ctx.catalog.nodeTypeCount(),
        loadErrors,
        // Workflows that load but name a node type no catalog of this folder defines (rule unknown-node-type).
        loadWarnings: unknownNodeTypeWarnings(ctx.store.workflows(), (id) => ctx.catalog.getNodeType(id)),
      },
    });
  });
}
