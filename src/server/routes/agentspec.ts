// Agent Spec over HTTP: export, import and validation of workflows, and the runtime discovery routes
// (agents, tools, health) answered from the served folder's catalog. The run routes belong to the engine.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AgentSpecError,
  EXPORT_RULES,
  exportToAgentSpec,
  importDocument,
  isAgentSpecVersion,
  validateForAgentSpecExport,
  type AsComponent,
} from '../../agentspec/index.js';
import { resolveComponentType } from '../../agentspec/component-types.js';
import { nodePorts } from '../../agentspec/node-ports.js';
import { propertyForPort } from '../../agentspec/properties.js';
import { structuralIssues } from '../../agentspec/validate-export.js';
import { CONFIG_FILE } from '../../catalog/catalog.js';
import { ApiError, invalidField, notFound } from '../../contract/errors.js';
import type { NodeMetadata, Workflow, WorkflowNode } from '../../contract/types.js';
import { createConfigChecker } from '../../contract/config-check.js';
import { graphErrors } from '../../graph/integrity.js';
import { assertSafeId } from '../../store/workflow-store.js';
import { checkRuleConfig, rulesFromConfigText, type RuleConfig } from '../../validate/rule-config.js';
import type { AppContext, Router } from '../app.js';
import { enumParam, envelopeAround, readJsonBody, sendJson, sendRaw } from '../http.js';

/** 422 with the AgentSpecValidationResult fields and the error envelope together (both readers are served). */
function invalidAgentSpec(errors: string[], warnings: string[] = []): ApiError {
  const message = `Agent Spec validation failed: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`;
  return new ApiError(422, 'VALIDATION_ERROR', message, { valid: false, errors, warnings });
}

function sendInvalid(res: Parameters<Parameters<Router['get']>[1]>[1], err: ApiError): void {
  const details = err.details as { errors: string[]; warnings: string[] };
  sendJson(res, 422, { success: false, error: err.message, message: err.message, code: err.code, valid: false, errors: details.errors, warnings: details.warnings ?? [] });
}

/** The `rules:` of the served folder's wfe.config.yaml, read once at start (a restart applies changes). */
function servedRules(ctx: AppContext): RuleConfig {
  try {
    const text = readFileSync(join(ctx.options.dir, CONFIG_FILE), 'utf8');
    return checkRuleConfig(rulesFromConfigText(text, CONFIG_FILE), EXPORT_RULES, CONFIG_FILE, true);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') ctx.options.logger.warn(`agentspec: ${(err as Error).message}; using the default rules`);
    return {};
  }
}

/** The OpenAPI's AgentSpecProperty needs `type` and a titled `items`; an untyped (mixed) port reads as string. */
function oasProperty(property: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...property, type: property.type ?? 'string' };
  if (out.items && typeof out.items === 'object') out.items = oasProperty({ title: `${String(property.title)}_item`, ...(out.items as Record<string, unknown>) });
  return out;
}

/** What a catalog node type offers as a runtime agent or tool: its data ports as properties. */
function asRuntimeEntry(meta: NodeMetadata) {
  const node = { id: meta.id, type: 'universalNode', position: { x: 0, y: 0 }, data: { label: meta.name, config: {}, metadata: meta } } as WorkflowNode;
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
  const rules = servedRules(ctx);
  const lookupNodeType = (id: string) => ctx.catalog.getNodeType(id);
  const checkConfig = createConfigChecker((id) => ctx.catalog.getNodeType(id)?.configSchema);
  const stored = (id: string): Workflow => {
    assertSafeId(id);
    const found = ctx.store.get(id);
    if (!found) throw notFound(`workflow '${id}'`);
    return found.workflow;
  };

  router.get('/workflows/:id/export/agentspec', (req, res) => {
    const format = enumParam(req.query, 'format', ['flow', 'document'] as const, 'flow');
    const version = req.query.agentspec_version;
    if (version !== undefined && !isAgentSpecVersion(version)) throw invalidField('agentspec_version', 'must be a known Agent Spec version');
    const result = exportToAgentSpec(stored(req.params.id), { rules, lookupNodeType, version: version as never });
    if (!result.valid || !result.document) return sendInvalid(res, invalidAgentSpec(result.errors, result.warnings));
    sendJson(res, 200, format === 'flow' ? result.document : documentOf(result.document, result.warnings));
  });

  router.get('/workflows/:id/validate/agentspec', (req, res) => {
    sendJson(res, 200, validateForAgentSpecExport(stored(req.params.id), { rules, lookupNodeType }));
  });

  router.post('/workflows/import/agentspec', async (req, res) => {
    const body = await readJsonBody(req, ctx.options.maxBody);
    if (body === undefined) throw invalidField('body', 'an Agent Spec flow or document is required');
    let workflow: Workflow;
    try {
      workflow = importDocument(body, { from: 'agentspec', lookupNodeType }).workflow;
    } catch (err) {
      if (err instanceof AgentSpecError) return sendInvalid(res, invalidAgentSpec([err.path ? `${err.path}: ${err.message}` : err.message]));
      throw err;
    }
    const problems = graphErrors(workflow, checkConfig);
    if (problems.length > 0) return sendInvalid(res, invalidAgentSpec(problems));
    // The flow's own id is kept unless a workflow has it already.
    const id = ctx.store.get(workflow.id) || !/^[\p{L}\p{N}._~@+=:-]{1,200}$/u.test(workflow.id) ? randomUUID() : workflow.id;
    const created = await ctx.store.create({ ...workflow, id });
    sendRaw(res, 200, envelopeAround(created.json, 'Workflow imported from Agent Spec'), { ETag: created.etag });
  });

  router.post('/agentspec/flows/validate', async (req, res) => {
    const body = await readJsonBody(req, ctx.options.maxBody);
    if (body === undefined || typeof body !== 'object' || body === null) throw invalidField('body', 'an Agent Spec flow is required');
    sendJson(res, 200, validateFlow(body, lookupNodeType, checkConfig));
  });

  router.get('/agentspec/agents', (_req, res) => {
    const agents = ctx.catalog.nodeTypes().map(asRuntimeEntry).filter((e) => e.resolution.kind === 'node' && e.resolution.type === 'AgentNode');
    sendJson(res, 200, agents.map((e) => e.entry));
  });

  router.get('/agentspec/tools', (_req, res) => {
    const tools = ctx.catalog
      .nodeTypes()
      .map(asRuntimeEntry)
      .filter((e) => e.resolution.kind === 'node' && e.resolution.type === 'ToolNode')
      .map((e) => ({ ...e.entry, component_type: e.resolution.kind === 'node' && e.resolution.tool === 'ClientTool' ? 'client_tool' : 'server_tool' }));
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
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const v = value as Record<string, unknown>;
    const type = typeof v.component_type === 'string' ? v.component_type : '';
    const key = `${type}:${String(v.id ?? v.name)}`;
    if (/Tool$/.test(type) && !seen.has(key)) (seen.add(key), tools.push(v));
    if (/Config$/.test(type) && !/Transport|Client/.test(type) && !seen.has(key)) (seen.add(key), llmConfigs.push(v));
    for (const [k, child] of Object.entries(v)) if (k !== 'metadata') visit(child);
  };
  visit(flow);
  return { flow, tools, llm_configs: llmConfigs, metadata: { warnings } };
}

/** A flow is runnable when it imports, its graph holds together and its structure is what Agent Spec requires. */
function validateFlow(body: unknown, lookupNodeType: (id: string) => NodeMetadata | undefined, checkConfig: ReturnType<typeof createConfigChecker>) {
  let workflow: Workflow;
  try {
    workflow = importDocument(body, { from: 'agentspec', lookupNodeType }).workflow;
  } catch (err) {
    if (!(err instanceof AgentSpecError)) throw err;
    return { valid: false, errors: [err.path ? `${err.path}: ${err.message}` : err.message], warnings: [] };
  }
  const errors = graphErrors(workflow, checkConfig);
  const runtimeRules = new Set(['single-start', 'end-reachable', 'branch-exists', 'mappable-node-type']);
  for (const issue of structuralIssues(workflow, { lookupNodeType })) if (runtimeRules.has(issue.rule)) errors.push(issue.message);
  return { valid: errors.length === 0, errors, warnings: [] };
}
