// Rule severities shared by `wfe export` and `wfe validate`: defaults come from each rule, a `rules:`
// map in wfe.config.yaml overrides them, and `--rule <id>=<severity>` flags override both.
import { yamlPackage } from '../util/lazy-module.js';
import { nearest } from '../util/nearest.js';
import { KNOWN_RULE_IDS } from './rule-help.js';
import { RULE_IDS, RULES, type Command, type RuleEntry, type RuleId } from './rules.js';

export type Severity = 'error' | 'warning' | 'off';
/** Severities by rule id, as written (a flag, a rules: map): ids not checked yet. */
export type RawRuleConfig = Record<string, Severity>;
/** Severities of known rules: what checkRuleConfig keeps. */
export type RuleConfig = Partial<Record<RuleId, Severity>>;

export interface RuleDefinition {
  id: RuleId;
  severity: Exclude<Severity, 'off'>;
  description: string;
  /** The command cannot proceed without it: its severity cannot be changed. */
  fixed?: boolean;
}

const entries: Readonly<Record<RuleId, RuleEntry>> = RULES;

/** The rules a command applies, in the table's order, with their defaults. */
export const rulesFor = (command: Command): RuleDefinition[] =>
  RULE_IDS.filter((id) => entries[id].commands.includes(command)).map((id) => {
    const { severity, description, fixed } = entries[id];
    return { id, severity, description, ...(fixed ? { fixed } : {}) };
  });

export class RuleConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleConfigError';
  }
}

const ALIASES: Record<string, Severity> = { error: 'error', warning: 'warning', warn: 'warning', off: 'off' };

function parseSeverity(value: unknown): Severity | undefined {
  return typeof value === 'string' ? ALIASES[value.trim().toLowerCase()] : undefined;
}

/** `["no-cycle=off", "lossy-export=error"]` → `{ "no-cycle": "off", "lossy-export": "error" }`. */
export function parseRuleFlags(flags: string[]): RawRuleConfig {
  const config: RawRuleConfig = {};
  for (const flag of flags) {
    const match = /^\s*([\w:/.-]+)\s*=\s*(\S+)\s*$/.exec(flag);
    const severity = match ? parseSeverity(match[2]) : undefined;
    if (!match || !severity) throw new RuleConfigError(`--rule "${flag}": expected <rule-id>=error|warning|off`);
    config[match[1]] = severity;
  }
  return config;
}

/** The `rules:` map of a wfe.config.yaml text; other keys are ignored. */
export function rulesFromConfigText(text: string, file = 'wfe.config.yaml'): RawRuleConfig {
  const doc = yamlPackage().parseDocument(text);
  if (doc.errors.length > 0) throw new RuleConfigError(`${file}: invalid YAML: ${doc.errors[0].message.split('\n')[0]}`);
  return rulesFromSettings(doc.toJS(), file);
}

/** The `rules:` map of an already parsed wfe.config.yaml (the catalog's settings, say). */
export function rulesFromSettings(value: unknown, file = 'wfe.config.yaml'): RawRuleConfig {
  if (value === null || typeof value !== 'object' || !('rules' in value) || value.rules === undefined || value.rules === null) return {};
  const rules = value.rules;
  if (typeof rules !== 'object' || Array.isArray(rules))
    throw new RuleConfigError(`${file}: rules must be a map of <rule-id>: error|warning|off`);
  const config: RawRuleConfig = {};
  for (const [id, raw] of Object.entries(rules)) {
    const severity = parseSeverity(raw);
    if (!severity) throw new RuleConfigError(`${file}: rules.${id}: expected error, warning or off, got ${JSON.stringify(raw)}`);
    config[id] = severity;
  }
  return config;
}

/** Later configs win. */
export const mergeRuleConfigs = (...configs: Array<RuleConfig | undefined>): RuleConfig => Object.assign({}, ...configs.filter(Boolean));

function unknownRule(source: string, id: string, known: string[]): RuleConfigError {
  const closest = nearest(id, known);
  return new RuleConfigError(
    `${source}: unknown rule "${id}"; ${closest ? `did you mean "${closest}"?` : `known rules: ${known.join(', ')}`}`,
  );
}

/**
 * The part of a config that concerns these rules. Changes to fixed rules are refused; unknown ids are
 * refused too. With `ignoreUnknown` (a shared config file also names other commands' rules), ids of any
 * wfe command are let through and only ids that no command knows are refused.
 */
export function checkRuleConfig(config: RawRuleConfig, rules: RuleDefinition[], source = '--rule', ignoreUnknown = false): RuleConfig {
  const byId = new Map<string, RuleDefinition>(rules.map((r) => [r.id, r]));
  const kept: RuleConfig = {};
  for (const [id, severity] of Object.entries(config)) {
    const rule = byId.get(id);
    if (!rule) {
      if (ignoreUnknown && KNOWN_RULE_IDS.has(id)) continue;
      throw unknownRule(source, id, ignoreUnknown ? [...new Set([...byId.keys(), ...KNOWN_RULE_IDS])] : [...byId.keys()]);
    }
    if (rule.fixed && severity !== rule.severity)
      throw new RuleConfigError(`${source}: rule "${id}" cannot be changed (${rule.description})`);
    kept[rule.id] = severity;
  }
  return kept;
}

export const severityOf = (rule: RuleDefinition, config: RuleConfig = {}): Severity =>
  rule.fixed ? rule.severity : (config[rule.id] ?? rule.severity);
