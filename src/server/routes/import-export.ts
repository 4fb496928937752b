// GET /workflows/{id}/export and POST /workflows/import: a workflow as a file, and a file as a new workflow.
import { InvalidInputError } from '../../util/domain-errors.js';
import { nodeCrypto } from '../../util/lazy-module.js';
import { parseText, toYaml } from '../../agentspec/serialize.js';
import { conformsTo, describeAjvErrors, validateCreateWorkflow } from '../../contract/validators.js';
import type { CreateInput } from '../../store/workflow-model.js';
import { isRecord } from '../../util/narrow.js';
import { firstNonFinite, nonFiniteMessage } from '../../util/non-finite.js';
import { pointerPosition } from '../../util/pointer-position.js';
import { findById } from './route-helpers.js';
import type { AppContext, Router } from '../context.js';
import { enumParam, envelopeAround, readJsonBody, sendRaw } from '../http.js';

/** A file name for Content-Disposition: the workflow name without characters that break the header. */
const downloadName = (name: string, extension: string): string =>
  `${name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').trim() || 'workflow'}.${extension}`;

/**
 * `attachment; filename="…"`. A header's bytes are Latin-1, so a name beyond ASCII goes in `filename*` as
 * percent-encoded UTF-8 (RFC 6266, RFC 8187), with an ASCII `filename` beside it for older clients.
 */
function attachmentDisposition(name: string, extension: string): string {
  const file = downloadName(name, extension);
  const ascii = file.replace(/[^\x20-\x7e]/g, '_');
  if (ascii === file) return `attachment; filename="${file}"`;
  const encoded = encodeURIComponent(file).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The workflow inside an import body: the body itself, {workflow: object}, or {workflow: "<json or yaml>"}. */
function workflowOf(body: unknown): unknown {
  if (!isRecord(body)) throw new InvalidInputError('body', 'must be a workflow object');
  const wrapped = body.workflow;
  if (wrapped === undefined || Array.isArray(body.nodes)) return body;
  if (typeof wrapped !== 'string') return wrapped;
  const parsed = parseText(wrapped);
  if (!parsed.ok) {
    const { message, line, column } = parsed.error;
    throw new InvalidInputError('workflow', `${message}${line ? ` at line ${line}, column ${column}` : ''}`);
  }
  // A YAML .inf or .nan would be saved as null, and the file would then fail its schema.
  const nonFinite = firstNonFinite(parsed.value);
  if (nonFinite) {
    const at = pointerPosition(wrapped, nonFinite.pointer);
    const where = `${nonFinite.pointer}${at ? ` (line ${at.line}, column ${at.column})` : ''}`;
    throw new InvalidInputError('workflow', `${where}: ${nonFiniteMessage(nonFinite)}`);
  }
  return parsed.value;
}

const isCreateInput = conformsTo<CreateInput>(validateCreateWorkflow);

export function registerImportExportRoutes(router: Router, ctx: AppContext): void {
  router.get('/workflows/:id/export', (req, res) => {
    const format = enumParam(req.query, 'format', ['json', 'yaml'] as const, 'json');
    const found = findById(req.params.id, (id) => ctx.store.get(id), 'workflow');
    const disposition = attachmentDisposition(found.workflow.name, format);
    if (format === 'json') {
      sendRaw(res, 200, found.json, { 'Content-Disposition': disposition, ETag: found.etag });
      return;
    }
    const text = toYaml(found.workflow);
    res.writeHead(200, {
      'Content-Type': 'application/x-yaml; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      'Content-Disposition': disposition,
      ETag: found.etag,
    });
    res.end(text);
  });

  // The OpenAPI document assigns every imported workflow a new id, so importing twice never conflicts.
  router.post('/workflows/import', async (req, res) => {
    const body = await readJsonBody(req, ctx.options.maxBody);
    if (body === undefined) throw new InvalidInputError('body', 'a workflow is required');
    const workflow = workflowOf(body);
    if (!isCreateInput(workflow)) {
      const [first] = describeAjvErrors(validateCreateWorkflow.errors);
      throw new InvalidInputError(first.field, first.message);
    }
    const created = await ctx.store.create({ ...workflow, id: nodeCrypto().randomUUID() });
    sendRaw(res, 201, envelopeAround(created.json, 'Workflow imported successfully'), {
      ETag: created.etag,
      Location: `${ctx.options.basePath}/workflows/${encodeURIComponent(created.workflow.id)}`,
    });
  });
}
