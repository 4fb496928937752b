import type { Ajv, ValidateFunction } from 'ajv';
import { LRUCache } from 'lru-cache';
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { ajvPackage } from '../util/lazy-module.js';
import { isRecord } from '../util/narrow.js';
import { sameJson } from '../util/same-json.js';
import { safeToRun } from './regexp-screen.js';
import { EDITOR_CONFIG_KEYS } from './schemas.js';
import { describeAjvErrors, generatedModule, shippedFrom } from './validators.js';

/** Checks a node's config against its type's configSchema; returns problems as sentences. */
export type ConfigChecker = (nodeTypeId: string, configSchema: unknown, config: Record<string, unknown>) => string[];

// FlowDrop config schemas use UI-only formats (multiline, template, hidden...) and keywords; formats are not
// checked, everything else is (types, enums, bounds, required fields, patterns that are safe to run). Extra
// keys are tolerated: the editor keeps stale ones.
let configAjv: Ajv | undefined;
// A pattern that may backtrack exponentially is not run (regexp-screen.ts): it matches anything.
const screenedRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string): RegExpLike => (safeToRun(pattern) ? new RegExp(pattern, flags) : { test: () => true }),
  { code: 'new RegExp' },
);
const ajv = (): Ajv => (configAjv ??= new (ajvPackage().Ajv)({ ...CONFIG_AJV_OPTIONS, code: { regExp: screenedRegExp } }));
/**
 * Schemas compiled at run time, the 256 used last: they come from workflows (each embeds its node types'),
 * and a long session sees many. One that comes back after it was dropped is compiled again. Null: unusable.
 */
const compiled = new LRUCache<string, { validate: ValidateFunction | null }>({ max: 256 });
let configSchemasCompiledCount = 0;
/**
 * A schema longer than this (as JSON) is not compiled, and configs are not checked against it: ajv compiles
 * on the event loop in time that grows faster than the schema (2,000 properties took 3 s, 6,000 took 18 s).
 * The built-in node types' are under 4 KB.
 */
export const MAX_CONFIG_SCHEMA_CHARS = 64 * 1024;

/**
 * Compiles a FlowDrop ConfigSchema (node configs, interrupt forms), cached by content. Null when the
 * schema itself is unusable, or too large to compile here.
 */
export function compileConfigSchema(schema: Record<string, unknown>): ValidateFunction | null {
  const key = JSON.stringify(schema);
  if (key.length > MAX_CONFIG_SCHEMA_CHARS) return null;
  const known = compiled.get(key);
  if (known) return known.validate;
  let validate: ValidateFunction | null;
  try {
    validate = ajv().compile(schema);
    // ajv keeps every schema it compiled; this cache is the one that decides what stays.
    ajv().removeSchema(schema);
  } catch {
    validate = null;
  }
  compiled.set(key, { validate });
  configSchemasCompiledCount++;
  return validate;
}

/** How many config schemas this process compiled at run time (the built-in types' ship compiled): for tests. */
export const configSchemasCompiled = (): number => configSchemasCompiledCount;

/**
 * Schemas compiled so far, by their property names. Every workflow embeds its own copy of its node types'
 * schemas: an equal copy is found by comparing values, without serialising it as a cache key.
 */
const byShape = new LRUCache<string, Array<{ schema: Record<string, unknown>; validate: ValidateFunction | null }>>({ max: 256 });
const MAX_SAME_SHAPE = 16;

/**
 * The schema a node's config is checked against: its type's configSchema, tolerating extra keys (the editor
 * keeps stale ones) and not requiring the keys the editor owns (it strips nothing: a type may list
 * `branches` as required).
 */
export function configValidationSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { required, ...rest } = schema;
  if (!Array.isArray(required)) return { ...rest, additionalProperties: true };
  return {
    ...rest,
    required: required.filter((k: unknown) => !(typeof k === 'string' && EDITOR_CONFIG_KEYS.has(k))),
    additionalProperties: true,
  };
}

/** The options of every config validator, compiled here or ahead of time (precompiled/config-validators.cjs). */
export const CONFIG_AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false, logger: false } as const;

function compile(schema: Record<string, unknown>, properties: object): ValidateFunction | null {
  const shape = Object.keys(properties).join('\0');
  const candidates = byShape.get(shape) ?? [];
  let validate = candidates.find((candidate) => sameJson(candidate.schema, schema))?.validate;
  if (validate === undefined) {
    const checked = configValidationSchema(schema);
    // The built-in node types' schemas ship compiled; any other is compiled here. An unusable schema is
    // the node type's problem, reported by the catalog.
    validate = precompiledFor(properties, checked) ?? compileConfigSchema(checked);
    if (candidates.length < MAX_SAME_SHAPE) byShape.set(shape, [...candidates, { schema, validate }]);
  }
  return validate;
}

const precompiledConfig = generatedModule('./precompiled/config-validators.cjs');

let precompiledByShape: Map<string, Array<{ schema: unknown; validate: ValidateFunction }>> | undefined;

// Property names in sorted order: a file written by the store's serialiser has its keys sorted.
const sortedShape = (properties: object): string => Object.keys(properties).sort().join('\0');

/** The precompiled validator of a built-in node type's schema equal to `checked`, if there is one. */
function precompiledFor(properties: object, checked: Record<string, unknown>): ValidateFunction | undefined {
  if (!precompiledByShape) {
    precompiledByShape = new Map();
    const { configSchemas } = precompiledConfig();
    for (const [name, schema] of Object.entries(isRecord(configSchemas) ? configSchemas : {})) {
      const validate = shippedFrom(precompiledConfig, name);
      if (!validate || !isRecord(schema) || !isRecord(schema.properties)) continue;
      const key = sortedShape(schema.properties);
      precompiledByShape.set(key, [...(precompiledByShape.get(key) ?? []), { schema, validate }]);
    }
  }
  return precompiledByShape.get(sortedShape(properties))?.find((entry) => sameJson(entry.schema, checked))?.validate;
}

/** The config without the keys the editor keeps there for itself; the config itself when it has none. */
function withoutEditorKeys(config: Record<string, unknown>): Record<string, unknown> {
  let editorKeys = false;
  for (const key in config) if (EDITOR_CONFIG_KEYS.has(key)) editorKeys = true;
  if (!editorKeys) return config;
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(config)) if (!EDITOR_CONFIG_KEYS.has(k)) values[k] = v;
  return values;
}

/**
 * Builds the checker used on save. The schema embedded in the node wins; the catalog's is the fallback
 * for nodes saved without one.
 */
export function createConfigChecker(lookupSchema: (nodeTypeId: string) => unknown): ConfigChecker {
  // The schema last seen for each node type, with its validator: the nodes of a type almost always embed
  // equal copies, so one comparison finds it, without the shape key of compile().
  const lastOf = new Map<string, { schema: Record<string, unknown>; validate: ValidateFunction | null }>();
  return (nodeTypeId, embedded, config) => {
    const schema = embedded ?? lookupSchema(nodeTypeId);
    // A schema without a properties object (`properties: null` included) describes no config to check.
    if (!isRecord(schema) || !isRecord(schema.properties)) return [];
    const last = lastOf.get(nodeTypeId);
    let validate: ValidateFunction | null;
    if (last && (last.schema === schema || sameJson(last.schema, schema))) validate = last.validate;
    else lastOf.set(nodeTypeId, { schema, validate: (validate = compile(schema, schema.properties)) });
    if (!validate) return [];
    if (validate(withoutEditorKeys(config))) return [];
    return describeAjvErrors(validate.errors, 'config').map((p) => `${p.field} ${p.message}`);
  };
}
