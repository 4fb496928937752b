// The rules and catalog a folder's files are checked with, apart from the checks themselves, so the server
// can build it at start without loading the checks (and the Agent Spec converter they use).
import type { FolderSettings } from '../project/folder-settings.js';
import type { CheckContext } from './check.js';
import { checkRuleConfig, mergeRuleConfigs, type RuleConfig } from '../contract/rule-config.js';
import { ALL_RULES, VALIDATE_DEFAULTS } from './rules.js';

export const definitions = new Map(ALL_RULES.map((r) => [r.id, r]));

/**
 * The rules and catalog a folder's files are checked with: `wfe validate` and `wfe serve` of that folder
 * (POST /workflows/validate, the Agent Spec paths) build it here, so they judge alike.
 */
export function checkContextFor(settings: FolderSettings, flagRules: RuleConfig = {}): CheckContext {
  return {
    // The config file may also name rules of other commands; unknown ids there are not errors.
    rules: mergeRuleConfigs(
      VALIDATE_DEFAULTS,
      checkRuleConfig(settings.rules, ALL_RULES, settings.configFile ?? 'wfe.config.yaml', true),
      flagRules,
    ),
    definitions,
    portConfig: settings.catalog.portConfig(),
    checkConfig: settings.checkConfig,
    lookupNodeType: (id: string) => settings.catalog.getNodeType(id),
  };
}
