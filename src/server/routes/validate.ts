// POST /workflows/validate (validateWorkflow): `wfe validate` on one posted workflow, with the served
// folder's node types and `rules:`, without saving anything. servedCheckContext is also what the Agent
// Spec routes judge flows with, so the server and the CLI give one verdict.
import { InvalidInputError, WrongDocumentError } from '../../util/domain-errors.js';
import { describeAjvErrors, validateWorkflowFile } from '../../contract/validators.js';
import type { CheckContext } from '../../validate/check.js';
import type { AppContext, Router } from '../context.js';
import { ok, readJsonBody, sendJson } from '../http.js';
import { lazy } from './route-helpers.js';
import { nodeCrypto } from '../../util/lazy-module.js';
import { isRecord } from '../../util/narrow.js';

/** The checks of `wfe validate` and the Agent Spec importer: loaded by the first route that judges a document. */
export const verdictModule = lazy(() => import('../../validate/verdict.js'));

/** The served folder's rules and check context (served-checks.ts), loaded with the first request that needs them. */
export const servedChecks = lazy(() => import('./served-checks.js'));

/**
 * What `wfe validate <served folder>` would check with, read from the catalog at each call, so a changed
 * wfe.config.yaml or node type applies at once (with --watch).
 */
export function servedCheckContext(ctx: AppContext): () => Promise<CheckContext> {
  return async () => (await servedChecks()).checkContextOf(ctx);
}

export function registerValidateRoutes(router: Router, ctx: AppContext): void {
  const checkContextNow = servedCheckContext(ctx);
  router.post('/workflows/validate', async (req, res) => {
    const body = await readJsonBody(req, ctx.options.maxBody);
    if (body === undefined) throw new InvalidInputError('body', 'a workflow is required');
    // As POST /workflows takes it: the editor's unsaved workflow has id "" (or none), which the save replaces.
    const workflow = isRecord(body) && (body.id === undefined || body.id === '') ? { ...body, id: nodeCrypto().randomUUID() } : body;
    if (!validateWorkflowFile(workflow)) {
      // Not a workflow at all: the `schema` findings of `wfe validate`, as a 400.
      const [first, ...more] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
      throw new WrongDocumentError('workflow', [first, ...more]);
    }
    const [{ suggestionsFor, workflowVerdict }, checkContext] = await Promise.all([verdictModule(), checkContextNow()]);
    const verdict = workflowVerdict(workflow, checkContext);
    const data = {
      valid: verdict.valid,
      errors: verdict.errors,
      warnings: verdict.warnings,
      suggestions: suggestionsFor(verdict.problems),
    };
    const summary = verdict.valid
      ? 'Workflow is valid'
      : `Workflow has ${verdict.errors.length} error${verdict.errors.length === 1 ? '' : 's'}`;
    sendJson(
      res,
      200,
      ok(
        data,
        `${summary}${verdict.warnings.length > 0 ? ` and ${verdict.warnings.length} warning${verdict.warnings.length === 1 ? '' : 's'}` : ''}`,
      ),
    );
  });
}
