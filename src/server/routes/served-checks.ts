// The served folder's `rules:` and check context, as `wfe validate <served folder>` would use them. Loaded
// with the first request that judges a document (routes/validate.ts): the rule tables and their help are
// not needed to start serving.
import { CONFIG_FILE } from '../../catalog/catalog.js';
import { createConfigChecker, type ConfigChecker } from '../../contract/config-check.js';
import { checkRuleConfig, RuleConfigError, rulesFromSettings, type RuleConfig } from '../../contract/rule-config.js';
import type { CheckContext } from '../../validate/check.js';
import { checkContextFor } from '../../validate/check-context.js';
import { ALL_RULES } from '../../validate/rules.js';
import { exportToAgentSpec } from '../../agentspec/export.js';
import { importDocument } from '../../agentspec/import.js';
import { checkAgentSpecDocument } from '../../agentspec/checks/index.js';
import { dialectToOfficial } from '../../agentspec/dialect.js';
import type { AppContext } from '../context.js';

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

const configCheckers = new WeakMap<AppContext, ConfigChecker>();

/** The check context of this moment: the catalog and wfe.config.yaml as they are now. */
export function checkContextOf(ctx: AppContext): CheckContext {
  let checkConfig = configCheckers.get(ctx);
  if (!checkConfig) configCheckers.set(ctx, (checkConfig = createConfigChecker((id) => ctx.catalog.getNodeType(id)?.configSchema)));
  const context = checkContextFor({ catalog: ctx.catalog, checkConfig, rules: servedRules(ctx), configFile: CONFIG_FILE });
  // The requests that judge a document include the Agent Spec ones: this module is loaded for them only.
  return { ...context, agentSpec: { exportToAgentSpec, importDocument, checkDocument: checkAgentSpecDocument, dialectToOfficial } };
}
