// Agent Spec over HTTP: export, import and validation of workflows, and the runtime discovery routes
// (agents, tools, health) answered from the served folder's catalog. The run routes belong to the engine.
import { nodeCrypto } from '../../util/lazy-module.js';
import type { AsComponent } from '../../agentspec/types.js';
import type { NodeMetadata, Workflow, WorkflowNode } from '../../contract/types.js';
import { isRecord } from '../../util/narrow.js';
import { AgentSpecInvalidError, InvalidInputError } from '../../util/domain-errors.js';
import { findById, lazy } from './route-helpers.js';
import type { AppContext, Router } from '../context.js';
import { enumParam, envelopeAround, readJsonBody, sendJson, sendRaw } from '../http.js';
import { servedCheckContext, servedChecks, verdictModule } from './validate.js';

// The converter loads with the first Agent Spec request, not at start.
const exporter = lazy(async () => {
  const [{ exportToAgentSpec }, { isAgentSpecVersion }] = await Promise.all([
    import('../../agentspec/export.js'),
    import('../../agentspec/versions.js'),
  ]);
  return { exportToAgentSpec, isAgentSpecVersion };
});
const catalogEntries = lazy(async () => {
  const [{ resolveComponentType }, { nodePorts }, { propertyForPort }] = await Promise.all([
    import('../../agentspec/component-types.js'),
    import('../../agentspec/node-ports.js'),
    import('../../agentspec/properties.js'),
  ]);
  return { resolveComponentType, nodePorts, propertyForPort };
});

/** The OpenAPI's AgentSpecProperty needs `type` and a titled `items`; an untyped (mixed) port reads as string. */
function oasProperty(property: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...property, type: property.type ?? 'string' };
  const items = out.items;
  if (items && typeof items === 'object') out.items = oasProperty({ title: `${String(property.title)}_item`, ...items });
  return out;
}

/** What a catalog node type offers as a runtime agent or tool: its data ports as properties. */
function asRuntimeEntry(
  meta: NodeMetadata,
  { resolveComponentType, nodePorts, propertyForPort }: Awaited<ReturnType<typeof catalogEntries>>,
) {
  const node: WorkflowNode = {
    id: meta.id,
    type: 'universalNode',
    position: { x: 0, y: 0 },
    data: { label: meta.name, config: {}, metadata: meta },
  };
  const ports = nodePorts(node);
  return {
    resolution: resolveComponentType(node),
    entry: {
      name: meta.id,
      description: meta.description,
      inputs: ports.dataInputs.map((p) => oasProperty(propertyForPort(p).property)),
      outputs: ports.dataOutputs.map((p) => oasProperty(propertyForPort(p).property)),
    },
  };
}

export function registerAgentSpecRoutes(router: Router, ctx: AppContext): void {
  const lookupNodeType = (id: string) => ctx.catalog.getNodeType(id);
  const checkContext = servedCheckContext(ctx);
  const stored = (id: string): Workflow => findById(id, (i) => ctx.store.get(i)?.workflow, 'workflow');

  router.get('/workflows/:id/export/agentspec', async (req, res) => {
    const format = enumParam(req.query, 'format', ['flow', 'document'] as const, 'flow');
    const version = req.query.agentspec_version;
    const [{ workflowVerdict }, { exportToAgentSpec, isAgentSpecVersion }, { servedRules }] = await Promise.all([
      verdictModule(),
      exporter(),
      servedChecks(),
    ]);
    if (version !== undefined && !isAgentSpecVersion(version))
      throw new InvalidInputError('agentspec_version', 'must be a known Agent Spec version');
    const workflow = stored(req.params.id);
    // What GET …/validate/agentspec calls an error blocks the export too; the export adds its own findings.
    const verdict = workflowVerdict(workflow, await checkContext());
    const result = exportToAgentSpec(workflow, { rules: servedRules(ctx), lookupNodeType, version });
    const errors = [...new Set([...verdict.errors, ...result.errors])];
    if (errors.length > 0 || !result.document) throw new AgentSpecInvalidError(errors, result.warnings);
    sendJson(res, 200, format === 'flow' ? result.document : documentOf(result.document, result.warnings));
  });

  router.get('/workflows/:id/validate/agentspec', async (req, res) => {
    const { workflowVerdict } = await verdictModule();
    const { valid, errors, warnings } = workflowVerdict(stored(req.params.id), await checkContext());
    sendJson(res, 200, { valid, errors, warnings });
  });

  router.post('/workflows/import/agentspec', async (req, res) => {
    const body = await readJsonBody(req, ctx.options.maxBody);
    if (body === undefined) throw new InvalidInputError('body', 'an Agent Spec flow or document is required');
    const { agentSpecVerdict } = await verdictModule();
    const verdict = agentSpecVerdict(body, await checkContext());
    if (!verdict.valid || !verdict.workflow) throw new AgentSpecInvalidError(verdict.errors, verdict.warnings);
    const workflow = verdict.workflow;
    // The flow's own id is kept unless a workflow has it already.
    const id = ctx.store.get(workflow.id) || !/^[\p{L}\p{N}._~@+=:-]{1,200}$/u.test(workflow.id) ? nodeCrypto().randomUUID() : workflow.id;
    const created = await ctx.store.create({ ...workflow, id });
    // The verdict's warnings travel beside the envelope, as in the other Agent Spec answers.
    const envelope = envelopeAround(created.json, 'Workflow imported from Agent Spec');
    sendRaw(res, 200, `${envelope.slice(0, -1)},"warnings":${JSON.stringify(verdict.warnings)}}`, { ETag: created.etag });
  });

  router.post('/agentspec/flows/validate', async (req, res) => {
    const body = await readJsonBody(req, ctx.options.maxBody);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new InvalidInputError('body', 'an Agent Spec flow (a JSON object) is required');
    const { agentSpecVerdict } = await verdictModule();
    const { valid, errors, warnings } = agentSpecVerdict(body, await checkContext());
    sendJson(res, 200, { valid, errors, warnings });
  });

  router.get('/agentspec/agents', async (_req, res) => {
    const modules = await catalogEntries();
    const agents = ctx.catalog
      .nodeTypes()
      .map((meta) => asRuntimeEntry(meta, modules))
      .filter((e) => e.resolution.kind === 'node' && e.resolution.type === 'AgentNode');
    sendJson(
      res,
      200,
      agents.map((e) => e.entry),
    );
  });

  router.get('/agentspec/tools', async (_req, res) => {
    const modules = await catalogEntries();
    const tools = ctx.catalog
      .nodeTypes()
      .map((meta) => asRuntimeEntry(meta, modules))
      .filter((e) => e.resolution.kind === 'node' && e.resolution.type === 'ToolNode')
      .map((e) => ({
        ...e.entry,
        component_type: e.resolution.kind === 'node' && e.resolution.tool === 'ClientTool' ? 'client_tool' : 'server_tool',
      }));
    sendJson(res, 200, tools);
  });

  router.get('/agentspec/health', (_req, res) => {
    sendJson(res, 200, { status: 'healthy', version: ctx.version, runtime: 'wfe' });
  });
}

/** format=document: the flow with the LLM configs and tools it uses listed beside it. */
function documentOf(flow: AsComponent, warnings: string[]) {
  const tools: unknown[] = [];
  const llmConfigs: unknown[] = [];
  const seen = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isRecord(v)) return;
    const type = typeof v.component_type === 'string' ? v.component_type : '';
    const key = `${type}:${String(v.id ?? v.name)}`;
    if (/Tool$/.test(type) && !seen.has(key)) {
      seen.add(key);
      tools.push(v);
    }
    if (/Config$/.test(type) && !/Transport|Client/.test(type) && !seen.has(key)) {
      seen.add(key);
      llmConfigs.push(v);
    }
    for (const [k, child] of Object.entries(v)) if (k !== 'metadata') visit(child);
  };
  visit(flow);
  return { flow, tools, llm_configs: llmConfigs, metadata: { warnings } };
}
