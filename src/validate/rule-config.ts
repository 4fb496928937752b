// Rule severities shared by `wfe export` and `wfe validate`: defaults come from each rule, a `rules:`
// map in wfe.config.yaml overrides them, and `--rule <id>=<severity>` flags override both.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';

export type Severity = 'error' | 'warning' | 'off';
export type RuleConfig = Record<string, Severity>;

export interface RuleDefinition {
  id: string;
  severity: Exclude<Severity, 'off'>;
  description: string;
  /** The command cannot proceed without it: its severity cannot be changed. */
  fixed?: boolean;
}

export class RuleConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleConfigError';
  }
}

const ALIASES: Record<string, Severity> = { error: 'error', warning: 'warning', warn: 'warning', off: 'off' };

export function parseSeverity(value: unknown): Severity | undefined {
  return typeof value === 'string' ? ALIASES[value.trim().toLowerCase()] : undefined;
}

/** `["no-cycle=off", "lossy-export=error"]` → `{ "no-cycle": "off", "lossy-export": "error" }`. */
export function parseRuleFlags(flags: string[]): RuleConfig {
  const config: RuleConfig = {};
  for (const flag of flags) {
    const match = /^\s*([\w:/.-]+)\s*=\s*(\S+)\s*$/.exec(flag);
    const severity = match ? parseSeverity(match[2]) : undefined;
    if (!match || !severity) throw new RuleConfigError(`--rule "${flag}": expected <rule-id>=error|warning|off`);
    config[match[1]] = severity;
  }
  return config;
}

/** The `rules:` map of a wfe.config.yaml text; other keys are ignored. */
export function rulesFromConfigText(text: string, file = 'wfe.config.yaml'): RuleConfig {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new RuleConfigError(`${file}: invalid YAML: ${doc.errors[0].message.split('\n')[0]}`);
  const value = doc.toJS() as { rules?: unknown } | null;
  if (value === null || typeof value !== 'object' || value.rules === undefined || value.rules === null) return {};
  if (typeof value.rules !== 'object' || Array.isArray(value.rules)) throw new RuleConfigError(`${file}: rules must be a map of <rule-id>: error|warning|off`);
  const config: RuleConfig = {};
  for (const [id, raw] of Object.entries(value.rules as Record<string, unknown>)) {
    const severity = parseSeverity(raw);
    if (!severity) throw new RuleConfigError(`${file}: rules.${id}: expected error, warning or off, got ${JSON.stringify(raw)}`);
    config[id] = severity;
  }
  return config;
}

/** The nearest wfe.config.yaml at or above `dir`, or undefined. */
export async function findConfigFile(dir: string, name = 'wfe.config.yaml'): Promise<string | undefined> {
  let current = resolve(dir);
  for (;;) {
    const candidate = join(current, name);
    if (await readFile(candidate, 'utf8').then(() => true, () => false)) return candidate;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

export async function rulesFromConfigFile(file: string): Promise<RuleConfig> {
  return rulesFromConfigText(await readFile(file, 'utf8'), file);
}

/** Later configs win. */
export const mergeRuleConfigs = (...configs: Array<RuleConfig | undefined>): RuleConfig => Object.assign({}, ...configs.filter(Boolean));

/**
 * The part of a config that concerns these rules. Changes to fixed rules are refused; unknown ids are
 * refused too, unless `ignoreUnknown` (a shared config file also names other commands' rules).
 */
export function checkRuleConfig(config: RuleConfig, rules: RuleDefinition[], source = '--rule', ignoreUnknown = false): RuleConfig {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const kept: RuleConfig = {};
  for (const [id, severity] of Object.entries(config)) {
    const rule = byId.get(id);
    if (!rule) {
      if (ignoreUnknown) continue;
      throw new RuleConfigError(`${source}: unknown rule "${id}"; known rules: ${rules.map((r) => r.id).join(', ')}`);
    }
    if (rule.fixed && severity !== rule.severity) throw new RuleConfigError(`${source}: rule "${id}" cannot be changed (${rule.description})`);
    kept[id] = severity;
  }
  return kept;
}

export const severityOf = (rule: RuleDefinition, config: RuleConfig = {}): Severity => (rule.fixed ? rule.severity : config[rule.id] ?? rule.severity);
