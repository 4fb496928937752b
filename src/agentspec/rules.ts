// What the CLI needs before any conversion code loads (help texts, flag choices): the export rules and
// the import sources. Kept free of heavy imports so `wfe --help` stays fast.
import { rulesFor, type RuleDefinition } from '../contract/rule-config.js';
import type { RuleId } from '../contract/rules.js';

/** Every loss an export reports is under this rule. */
export const LOSSY_RULE = 'lossy-export' satisfies RuleId;

export const EXPORT_RULES: RuleDefinition[] = rulesFor('export');

export const IMPORT_SOURCES = ['auto', 'agentspec', 'flowdrop'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
