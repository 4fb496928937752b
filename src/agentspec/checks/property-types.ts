// What Agent Spec says about properties (JSON Schemas titled with an input or output name): when two have
// the same type, when one can be connected to the other, whether a default fits, which titles are allowed.
// The rules are the language spec's (Properties, "Connecting properties") as Oracle's loader applies them.
import { isSchemaCastable } from '../../catalog/port-compat.js';
import { sameJson } from '../../util/same-json.js';
import { isObject, type AsObject, type AsValue } from '../types.js';

/** The most union members a type may have; the loader refuses more. */
const MAX_UNION = 100;
const NUMERIC = new Set(['number', 'integer', 'boolean']);

/** A union type (`anyOf`, or `type` as a list) as its members, each a schema of one type. */
function unionMembers(schema: AsObject): AsObject[] {
  const declared = schema.type;
  const types = Array.isArray(declared) ? declared : declared === undefined ? [] : [declared];
  const members: AsObject[] = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [];
  for (const type of types) {
    if (type === 'array') members.push({ type: 'array', items: schema.items ?? {} });
    else if (type === 'object')
      members.push({ type: 'object', properties: schema.properties ?? {}, additionalProperties: schema.additionalProperties ?? false });
    else members.push({ type });
  }
  return members.slice(0, MAX_UNION);
}

const isUnion = (schema: AsObject): boolean => 'anyOf' in schema || Array.isArray(schema.type);
const child = (value: AsValue | undefined): AsObject => (isObject(value) ? value : {});

/** Two properties of the same type (titles, descriptions and defaults aside). */
export function haveSameType(a: AsObject, b: AsObject): boolean {
  if (isUnion(a) || isUnion(b)) {
    const left = unionMembers(a);
    const right = unionMembers(b);
    return left.every((l) => right.some((r) => haveSameType(l, r))) && right.every((r) => left.some((l) => haveSameType(l, r)));
  }
  if (!sameJson(a.type, b.type)) return false;
  if (('items' in a || 'items' in b) && !haveSameType(child(a.items), child(b.items))) return false;
  if ('properties' in a || 'properties' in b) {
    const pa = child(a.properties);
    const pb = child(b.properties);
    const keys = Object.keys(pa);
    if (keys.length !== Object.keys(pb).length || !keys.every((k) => k in pb)) return false;
    if (!keys.every((k) => haveSameType(child(pa[k]), child(pb[k])))) return false;
  }
  if ('additionalProperties' in a || 'additionalProperties' in b) {
    const xa = a.additionalProperties ?? {};
    const xb = b.additionalProperties ?? {};
    if (typeof xa === 'boolean' || typeof xb === 'boolean') return xa === xb;
    if (!haveSameType(child(xa), child(xb))) return false;
  }
  return true;
}

/** Whether an output of schema `from` may feed an input of schema `to`: the rule the port check applies too. */
export const isCastable = (from: AsObject, to: AsObject): boolean => isSchemaCastable(from, to);

/** Whether a default value fits its schema, as leniently as the loader judges it (strings fit anything that is not checked). */
export function defaultFits(value: AsValue, schema: AsObject): boolean {
  if (isUnion(schema)) return unionMembers(schema).some((member) => defaultFits(value, member));
  const type = schema.type;
  if (type === 'null') return value === null;
  if (typeof type === 'string' && NUMERIC.has(type)) return typeof value === 'number' || typeof value === 'boolean';
  if (type === 'array') return Array.isArray(value) && value.every((item) => defaultFits(item, child(schema.items)));
  if (type === 'object') {
    if (!isObject(value)) return false;
    const properties = child(schema.properties);
    for (const [name, inner] of Object.entries(properties)) {
      if (name in value) {
        if (!defaultFits(value[name], child(inner))) return false;
      } else if (!('default' in child(inner))) return false;
    }
    const extra = schema.additionalProperties ?? {};
    for (const [name, inner] of Object.entries(value)) {
      if (name in properties) continue;
      if (extra === false) return false;
      if (isObject(extra) && !defaultFits(inner, extra)) return false;
    }
  }
  return true;
}

const TITLE_FORBIDDEN = /[.,{} \n'"]/;

/** The first title in the schema (its own, or a nested one's) with a character the format forbids. */
export function badTitle(schema: AsObject): string | undefined {
  const title = schema.title;
  if (typeof title === 'string' && TITLE_FORBIDDEN.test(title)) return title;
  const nested: AsValue[] = [
    ...(isObject(schema.items) ? [schema.items] : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(isObject(schema.additionalProperties) ? [schema.additionalProperties] : []),
    ...Object.values(child(schema.properties)),
  ];
  for (const inner of nested) {
    const found = isObject(inner) ? badTitle(inner) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);
const SCHEMA_LISTS = ['anyOf', 'allOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_VALUES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];

// The meta-schema's constraints on the value of each keyword that is not a subschema (JSON Schema 2020-12,
// core, applicator, validation, meta-data, content and format vocabularies): what pyagentspec's
// Draft202012Validator.check_schema refuses.
const isNonNegativeInteger = (v: AsValue): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isUniqueStrings = (v: AsValue): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string') && new Set(v).size === v.length;
const KEYWORD_VALUES: Array<[keys: string[], fits: (v: AsValue) => boolean, what: string]> = [
  [
    ['maxLength', 'minLength', 'maxItems', 'minItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties'],
    isNonNegativeInteger,
    'a non-negative integer',
  ],
  [['maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'], (v) => typeof v === 'number', 'a number'],
  [['multipleOf'], (v) => typeof v === 'number' && v > 0, 'a number above 0'],
  [['uniqueItems', 'deprecated', 'readOnly', 'writeOnly'], (v) => typeof v === 'boolean', 'true or false'],
  [
    [
      'title',
      'description',
      '$comment',
      '$ref',
      '$id',
      '$anchor',
      '$dynamicRef',
      '$dynamicAnchor',
      'format',
      'contentEncoding',
      'contentMediaType',
    ],
    (v) => typeof v === 'string',
    'a string',
  ],
  [['examples'], (v) => Array.isArray(v), 'a list'],
  [['required'], isUniqueStrings, 'a list of distinct names'],
  [['dependentRequired'], (v) => isObject(v) && Object.values(v).every(isUniqueStrings), 'an object of lists of distinct names'],
];

/**
 * Whether a `pattern` compiles: the meta-schema asks for format "regex", which python-jsonschema checks with
 * Python's re. Its own spellings JavaScript lacks (`(?P<name>…)`, a leading `(?i)`) are taken as written;
 * JavaScript's that Python refuses (`(?<name>…)`, `\k<name>`, `\p{…}`) are not.
 */
function isRegex(pattern: string): boolean {
  if (/\(\?<(?![=!])|\\k<|\\[pP]\{/.test(pattern)) return false;
  try {
    new RegExp(
      pattern
        .replace(/^\(\?[aiLmsux]+\)/, '')
        .replace(/\(\?P</g, '(?<')
        .replace(/\(\?P=(\w+)\)/g, '\\k<$1>'),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a property's JSON Schema breaks the JSON Schema 2020-12 meta-schema: `type`, the subschema
 * keywords, the value of every other keyword, a `pattern` that does not compile. Undefined when it does not.
 */
export function schemaFault(schema: AsValue, at = ''): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (!isObject(schema)) return `${at || 'the schema'} is not a JSON Schema (an object or a boolean)`;
  const type = schema.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    if (Array.isArray(type) && (type.length === 0 || new Set(type.map(String)).size !== type.length))
      return `${at}type must list distinct types`;
    const wrong = types.find((t) => typeof t !== 'string' || !SIMPLE_TYPES.has(t));
    if (wrong !== undefined) return `${at}type '${String(wrong)}' is not a JSON Schema type (${[...SIMPLE_TYPES].join(', ')})`;
  }
  for (const key of SCHEMA_LISTS) {
    if (!(key in schema)) continue;
    const list = schema[key];
    if (!Array.isArray(list) || list.length === 0) return `${at}${key} must be a non-empty list of schemas`;
    for (let i = 0; i < list.length; i++) {
      const fault = schemaFault(list[i], `${at}${key}[${i}].`);
      if (fault) return fault;
    }
  }
  for (const key of SCHEMA_MAPS) {
    if (!(key in schema)) continue;
    const map = schema[key];
    if (!isObject(map)) return `${at}${key} must be an object of schemas`;
    for (const [name, inner] of Object.entries(map)) {
      const fault = schemaFault(inner, `${at}${key}.${name}.`);
      if (fault) return fault;
    }
  }
  for (const key of SCHEMA_VALUES) {
    if (!(key in schema)) continue;
    const fault = schemaFault(schema[key], `${at}${key}.`);
    if (fault) return fault;
  }
  for (const [keys, fits, what] of KEYWORD_VALUES)
    for (const key of keys) if (key in schema && !fits(schema[key])) return `${at}${key} must be ${what}`;
  if ('pattern' in schema && (typeof schema.pattern !== 'string' || !isRegex(schema.pattern)))
    return `${at}pattern must be a regular expression that compiles`;
  if ('enum' in schema && !Array.isArray(schema.enum)) return `${at}enum must be a list`;
  return undefined;
}

/** A short form of a property's type for messages: `string`, `array of integer`, `string | null`. */
export function describeType(schema: AsObject): string {
  if (isUnion(schema)) return unionMembers(schema).map(describeType).join(' | ') || 'any';
  if (schema.type === 'array') return `array of ${describeType(child(schema.items))}`;
  return typeof schema.type === 'string' ? schema.type : 'any';
}
