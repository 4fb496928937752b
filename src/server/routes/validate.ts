// POST /workflows/validate (validateWorkflow): `wfe validate` on one posted workflow, with the served
// folder's node types and `rules:`, without saving anything. servedCheckContext is also what the Agent
// Spec routes judge flows with, so the server and the CLI give one verdict.
import { createConfigChecker } from '../../contract/config-check.js';
import { CONFIG_FILE } from '../../catalog/catalog.js';
import { ApiError, invalidField } from '../../contract/errors.js';
import { describeAjvErrors, validateWorkflowFile } from '../../contract/validators.js';
import type { CheckContext } from '../../validate/check.js';
import { checkRuleConfig, RuleConfigError, rulesFromSettings, type RuleConfig } from '../../contract/rule-config.js';
import { ALL_RULES } from '../../validate/rules.js';
import { checkContextFor } from '../../validate/check-context.js';
import type { AppContext, Router } from '../context.js';
import { ok, readJsonBody, sendJson } from '../http.js';
import { lazy } from './route-helpers.js';

/** The checks of `wfe validate` and the Agent Spec importer: loaded by the first route that judges a document. */
export const verdictModule = lazy(() => import('../../validate/verdict.js'));

const rulesBySettings = new WeakMap<object, RuleConfig>();

/** The `rules:` of the catalog's current wfe.config.yaml, checked as `wfe validate` checks the file. */
export function servedRules(ctx: AppContext): RuleConfig {
  const settings = ctx.catalog.settings();
  let rules = rulesBySettings.get(settings);
  if (!rules) {
    try {
      rules = checkRuleConfig(rulesFromSettings(settings, CONFIG_FILE), ALL_RULES, CONFIG_FILE, true);
    } catch (err) {
      // `wfe validate` stops on a broken rules: map; the server keeps serving, with the defaults.
      if (!(err instanceof RuleConfigError)) throw err;
      ctx.options.logger.warn(`${err.message}; validating with the default rules`);
      rules = {};
    }
    rulesBySettings.set(settings, rules);
  }
  return rules;
}

/**
 * What `wfe validate <served folder>` would check with, read from the catalog at each call, so a changed
 * wfe.config.yaml or node type applies at once (with --watch).
 */
export function servedCheckContext(ctx: AppContext): () => CheckContext {
  const checkConfig = createConfigChecker((id) => ctx.catalog.getNodeType(id)?.configSchema);
  return () => checkContextFor({ catalog: ctx.catalog, checkConfig, rules: servedRules(ctx), configFile: CONFIG_FILE });
}

export function registerValidateRoutes(router: Router, ctx: AppContext): void {
  const checkContextNow = servedCheckContext(ctx);
  router.post('/workflows/validate', async (req, res) => {
    const body = await readJsonBody(req, ctx.options.maxBody);
    if (body === undefined) throw invalidField('body', 'a workflow is required');
    if (!validateWorkflowFile(body)) {
      // Not a workflow at all: the `schema` findings of `wfe validate`, as a 400.
      const problems = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
      const [first] = problems;
      throw new ApiError(400, 'VALIDATION_ERROR', `Not a workflow: ${first.field} ${first.message}`, {
        field: first.field,
        message: first.message,
        errors: problems.map((p) => `${p.field} ${p.message}`),
      });
    }
    const { suggestionsFor, workflowVerdict } = await verdictModule();
    const checkContext = checkContextNow();
    const verdict = workflowVerdict(body, checkContext);
    const data = {
      valid: verdict.valid,
      errors: verdict.errors,
      warnings: verdict.warnings,
      suggestions: suggestionsFor(verdict.problems, checkContext),
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
