import { Ajv, type ValidateFunction } from 'ajv';
import type { ConfigChecker } from '../graph/integrity.js';
import { describeAjvErrors } from './validators.js';

// Keys the editor itself writes into every node config; they are never part of a type's configSchema.
const RESERVED_CONFIG_KEYS = ['instanceTitle', 'instanceDescription', 'instanceBadge', 'nodeType', 'dynamicInputs', 'dynamicOutputs', 'branches'];

// FlowDrop config schemas use UI-only formats (multiline, template, hidden...) and keywords; only types,
// enums, bounds and required fields are checked. Extra keys are tolerated: the editor keeps stale ones.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false, logger: false });
const compiled = new Map<string, ValidateFunction | null>();

/**
 * Compiles a FlowDrop ConfigSchema (node configs, interrupt forms), cached by content. Null when the
 * schema itself is unusable.
 */
export function compileConfigSchema(schema: Record<string, unknown>): ValidateFunction | null {
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) {
    try {
      compiled.set(key, ajv.compile(schema));
    } catch {
      compiled.set(key, null);
    }
  }
  return compiled.get(key) ?? null;
}

function compile(schema: Record<string, unknown>): ValidateFunction | null {
  // The editor owns the reserved keys and strips nothing: a type may list `branches` as required.
  const required = Array.isArray(schema.required) ? schema.required.filter((k) => !RESERVED_CONFIG_KEYS.includes(k as string)) : undefined;
  // An unusable schema is the node type's problem, reported by the catalog.
  return compileConfigSchema({ ...schema, required, additionalProperties: true });
}

/**
 * Builds the checker used on save. The schema embedded in the node wins; the catalog's is the fallback
 * for nodes saved without one.
 */
export function createConfigChecker(lookupSchema: (nodeTypeId: string) => unknown): ConfigChecker {
  return (nodeTypeId, embedded, config) => {
    const schema = (embedded ?? lookupSchema(nodeTypeId)) as Record<string, unknown> | undefined;
    if (!schema || typeof schema !== 'object' || typeof schema.properties !== 'object') return [];
    const validate = compile(schema);
    if (!validate) return [];
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(config)) if (!RESERVED_CONFIG_KEYS.includes(k)) values[k] = v;
    if (validate(values)) return [];
    return describeAjvErrors(validate.errors, 'config').map((p) => `${p.field} ${p.message}`);
  };
}
