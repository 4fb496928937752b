import type { PortConfig } from '../contract/types.js';
import { isRecord } from '../util/narrow.js';
import { sameJson } from '../util/same-json.js';

// Port compatibility as the editor's checker decides it: a type always fits itself, rules are
// directed (output type -> input type) and neither symmetric nor transitive, and an alias behaves
// exactly like the type that declares it. There is no wildcard: `mixed` only matters through rules.

interface Compiled {
  canonical: Map<string, string>;
  accepts: Map<string, Set<string>>;
}

const cache = new WeakMap<PortConfig, Compiled>();

function compile(config: PortConfig): Compiled {
  const canonical = new Map<string, string>();
  for (const type of config.dataTypes) {
    for (const alias of type.aliases ?? []) canonical.set(alias, type.id);
  }
  for (const type of config.dataTypes) canonical.set(type.id, type.id);
  const resolve = (id: string) => canonical.get(id) ?? id;

  const accepts = new Map<string, Set<string>>();
  for (const rule of config.compatibilityRules ?? []) {
    const from = resolve(rule.from);
    let targets = accepts.get(from);
    if (!targets) accepts.set(from, (targets = new Set()));
    targets.add(resolve(rule.to));
  }
  return { canonical, accepts };
}

/** Can an output port of `fromType` connect to an input port of `toType`? */
export function isCompatible(config: PortConfig, fromType: string, toType: string): boolean {
  let compiled = cache.get(config);
  if (!compiled) cache.set(config, (compiled = compile(config)));
  const from = compiled.canonical.get(fromType) ?? fromType;
  const to = compiled.canonical.get(toType) ?? toType;
  return from === to || (compiled.accepts.get(from)?.has(to) ?? false);
}

/** A port as the compatibility check sees it: its data type and, for an Agent Spec port, its JSON Schema. */
export interface TypedPort {
  dataType: string;
  schema?: object;
}

type Schema = { [key: string]: unknown };
const asSchema = (value: unknown): Schema => (isRecord(value) ? value : {});
const NUMERIC = new Set(['number', 'integer', 'boolean']);
/** The most union members a type may have; Agent Spec's loader refuses more. */
const MAX_UNION = 100;

/** Every member of a union (`anyOf` and a list of types), each with its own items or properties. */
function unionMembers(schema: Schema): Schema[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const members = Array.isArray(schema.anyOf) ? schema.anyOf.map(asSchema) : [];
  for (const type of types) {
    if (type === 'array') members.push({ type, items: schema.items ?? {} });
    else if (type === 'object')
      members.push({ type, properties: schema.properties ?? {}, additionalProperties: schema.additionalProperties ?? false });
    else members.push({ type });
  }
  return members.slice(0, MAX_UNION);
}

/**
 * Agent Spec's type rule for a data-flow edge (the language spec's type system, as pyagentspec applies
 * it): anything fits a string or an untyped input; numbers, integers and booleans fit each other; an
 * array fits when its items do; an object fits when it has every property the input names, each fitting;
 * a union fits when each of its members fits some member of the other.
 */
export function isSchemaCastable(from: Schema, to: Schema): boolean {
  if (sameJson(from, to)) return true;
  if (to.type === undefined && to.anyOf === undefined) return true;
  if (to.type === 'string') return true;
  if (from.anyOf !== undefined || Array.isArray(from.type) || to.anyOf !== undefined || Array.isArray(to.type)) {
    const targets = unionMembers(to);
    return unionMembers(from).every((member) => targets.some((target) => isSchemaCastable(member, target)));
  }
  if (NUMERIC.has(String(from.type)) && NUMERIC.has(String(to.type))) return true;
  if (from.type === 'array' && to.type === 'array') return isSchemaCastable(asSchema(from.items), asSchema(to.items));
  if (from.type === 'object' && to.type === 'object') {
    const have = asSchema(from.properties);
    for (const [name, wanted] of Object.entries(asSchema(to.properties)))
      if (!(name in have) || !isSchemaCastable(asSchema(have[name]), asSchema(wanted))) return false;
    const extraFrom = from.additionalProperties ?? {};
    const extraTo = to.additionalProperties ?? {};
    if (typeof extraFrom === 'boolean' || typeof extraTo === 'boolean') return extraFrom === extraTo;
    return isSchemaCastable(asSchema(extraFrom), asSchema(extraTo));
  }
  return false;
}

// The JSON Schema a FlowDrop data type stands for, for a port without one.
function schemaOfDataType(dataType: string): Schema {
  if (dataType.endsWith('[]')) return { type: 'array', items: schemaOfDataType(dataType.slice(0, -2)) };
  const simple: Record<string, Schema> = {
    string: { type: 'string' },
    number: { type: 'number' },
    integer: { type: 'integer' },
    boolean: { type: 'boolean' },
    json: { type: 'object' },
    array: { type: 'array' },
    mixed: {},
  };
  return simple[dataType] ?? { type: 'string' };
}

/**
 * Can this output feed this input? Between two ports that carry an Agent Spec JSON Schema (an imported
 * flow), Agent Spec's type rule decides, as pyagentspec does; between FlowDrop ports, the editor's rules;
 * between one of each, either may accept.
 */
export function arePortsCompatible(config: PortConfig, from: TypedPort, to: TypedPort): boolean {
  if (from.schema && to.schema && from.dataType !== 'trigger' && to.dataType !== 'trigger')
    return isSchemaCastable(asSchema(from.schema), asSchema(to.schema));
  if (isCompatible(config, from.dataType, to.dataType)) return true;
  if (!from.schema && !to.schema) return false;
  if (from.dataType === 'trigger' || from.dataType === 'tool' || to.dataType === 'trigger' || to.dataType === 'tool') return false;
  return isSchemaCastable(
    from.schema ? asSchema(from.schema) : schemaOfDataType(from.dataType),
    to.schema ? asSchema(to.schema) : schemaOfDataType(to.dataType),
  );
}
