import type { Ajv, ValidateFunction } from 'ajv';
import { ajvPackage } from '../util/lazy-module.js';
import { describeAjvErrors } from './validators.js';

/** Checks a node's config against its type's configSchema; returns problems as sentences. */
export type ConfigChecker = (nodeTypeId: string, configSchema: unknown, config: Record<string, unknown>) => string[];

// Keys the editor itself writes into every node config; they are never part of a type's configSchema.
const RESERVED_CONFIG_KEYS = [
  'instanceTitle',
  'instanceDescription',
  'instanceBadge',
  'nodeType',
  'dynamicInputs',
  'dynamicOutputs',
  'branches',
];

// FlowDrop config schemas use UI-only formats (multiline, template, hidden...) and keywords; only types,
// enums, bounds and required fields are checked. Extra keys are tolerated: the editor keeps stale ones.
let configAjv: Ajv | undefined;
const ajv = (): Ajv => (configAjv ??= new (ajvPackage().Ajv)({ allErrors: true, strict: false, validateFormats: false, logger: false }));
const compiled = new Map<string, ValidateFunction | null>();

/**
 * Compiles a FlowDrop ConfigSchema (node configs, interrupt forms), cached by content. Null when the
 * schema itself is unusable.
 */
export function compileConfigSchema(schema: Record<string, unknown>): ValidateFunction | null {
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) {
    try {
      compiled.set(key, ajv().compile(schema));
    } catch {
      compiled.set(key, null);
    }
  }
  return compiled.get(key) ?? null;
}

/**
 * Schemas compiled so far, by their property names. Every workflow embeds its own copy of its node types'
 * schemas: an equal copy is found by comparing values, without serialising it as a cache key.
 */
const byShape = new Map<string, Array<{ schema: Record<string, unknown>; validate: ValidateFunction | null }>>();
const MAX_SAME_SHAPE = 16;

function compile(schema: Record<string, unknown>): ValidateFunction | null {
  const shape = Object.keys(schema.properties as object).join('\0');
  const candidates = byShape.get(shape) ?? [];
  let validate = candidates.find((candidate) => sameJson(candidate.schema, schema))?.validate;
  if (validate === undefined) {
    // The editor owns the reserved keys and strips nothing: a type may list `branches` as required.
    const required = Array.isArray(schema.required)
      ? schema.required.filter((k) => !RESERVED_CONFIG_KEYS.includes(k as string))
      : undefined;
    // An unusable schema is the node type's problem, reported by the catalog.
    validate = compileConfigSchema({ ...schema, required, additionalProperties: true });
    if (candidates.length < MAX_SAME_SHAPE) byShape.set(shape, [...candidates, { schema, validate }]);
  }
  return validate;
}

/** Deep equality of two parsed JSON values (key order aside). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
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
