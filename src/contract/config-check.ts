import type { Ajv, ValidateFunction } from 'ajv';
import { ajvPackage } from '../util/lazy-module.js';
import { isRecord } from '../util/narrow.js';
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

function compile(schema: Record<string, unknown>, properties: object): ValidateFunction | null {
  const shape = Object.keys(properties).join('\0');
  const candidates = byShape.get(shape) ?? [];
  let validate = candidates.find((candidate) => sameJson(candidate.schema, schema))?.validate;
  if (validate === undefined) {
    // The editor owns the reserved keys and strips nothing: a type may list `branches` as required.
    const required = Array.isArray(schema.required)
      ? schema.required.filter((k: unknown) => !(typeof k === 'string' && RESERVED_CONFIG_KEYS.includes(k)))
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
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  // Anything else but two objects (two arrays are compared above, an array and an object are not equal).
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

/**
 * Builds the checker used on save. The schema embedded in the node wins; the catalog's is the fallback
 * for nodes saved without one.
 */
export function createConfigChecker(lookupSchema: (nodeTypeId: string) => unknown): ConfigChecker {
  return (nodeTypeId, embedded, config) => {
    const schema = embedded ?? lookupSchema(nodeTypeId);
    // A schema without a properties object (`properties: null` included) describes no config to check.
    if (!isRecord(schema) || !isRecord(schema.properties)) return [];
    const validate = compile(schema, schema.properties);
    if (!validate) return [];
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(config)) if (!RESERVED_CONFIG_KEYS.includes(k)) values[k] = v;
    if (validate(values)) return [];
    return describeAjvErrors(validate.errors, 'config').map((p) => `${p.field} ${p.message}`);
  };
}
