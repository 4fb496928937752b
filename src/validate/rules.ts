// Every check `wfe validate` makes: the rules of the one table (src/contract/rules.ts) that it applies. The
// Agent Spec export checks keep the ids of the export validator, so one rules: map in wfe.config.yaml serves both.
import { rulesFor, type RuleDefinition } from '../contract/rule-config.js';

export const ALL_RULES: RuleDefinition[] = rulesFor('validate');

/**
 * Where `wfe validate` starts from differently than `wfe export`: what an export would lose is worth a
 * warning when exporting, but noise on every CI run. `--rule lossy-export=warning` turns it back on.
 */
export const VALIDATE_DEFAULTS: Record<string, 'error' | 'warning' | 'off'> = { 'lossy-export': 'off' };
