// `$component_ref` bookkeeping. On import every component value that a node keeps (an LLM config, a
// tool, a subflow) is made self-contained: what it references is copied into its own
// `$referenced_components`. On export, components that several nodes carry are hoisted to the flow's
// `$referenced_components` and referenced, because two inline copies of one id make a document invalid.
import { AgentSpecError, isComponent, isObject, isReference, type AsObject, type AsValue } from './types.js';

export type Registry = Map<string, AsObject>;

const clone = <T extends AsValue>(value: T): T => structuredClone(value);

/**
 * Every `$referenced_components` entry at every level, by reference key. pyagentspec merges the levels
 * into one table and refuses a key defined twice; an identical repeat is tolerated here.
 */
export function collectRegistry(document: AsValue, external?: Registry): Registry {
  const registry: Registry = new Map(external);
  const stack: Array<{ value: AsValue; path: string }> = [{ value: document, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}/${i}` }));
      continue;
    }
    if (!isObject(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}/${escapePointer(key)}`;
      if (key === '$referenced_components') {
        if (!isObject(child)) throw new AgentSpecError('$referenced_components must be an object', childPath);
        for (const [ref, definition] of Object.entries(child)) {
          const at = `${childPath}/${escapePointer(ref)}`;
          if (!isObject(definition)) throw new AgentSpecError(`referenced component "${ref}" must be an object`, at);
          const earlier = registry.get(ref);
          if (earlier && JSON.stringify(earlier) !== JSON.stringify(definition))
            throw new AgentSpecError(`component "${ref}" is defined twice in $referenced_components`, at);
          registry.set(ref, definition);
        }
      }
      if (key !== 'metadata') stack.push({ value: child, path: childPath });
    }
  }
  return registry;
}

export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Calls `visit` on every `$component_ref` key inside value (metadata excluded). */
function forEachReference(value: AsValue, visit: (key: string) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) forEachReference(item, visit);
    return;
  }
  if (!isObject(value)) return;
  if (isReference(value)) {
    visit(value.$component_ref);
    return;
  }
  for (const [key, child] of Object.entries(value)) if (key !== 'metadata') forEachReference(child, visit);
}

function definedKeys(value: AsValue, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) definedKeys(item, into);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'metadata') continue;
    if (key === '$referenced_components' && isObject(child)) for (const ref of Object.keys(child)) into.add(ref);
    definedKeys(child, into);
  }
}

/**
 * A copy of value that resolves on its own: a reference becomes its definition, and every reference
 * inside that is defined elsewhere in the document is copied into the value's `$referenced_components`.
 * References defined nowhere (a components registry supplies them at load time) stay as they are.
 */
export function localize(value: AsValue, registry: Registry, seen: Set<string> = new Set()): AsValue {
  if (Array.isArray(value)) return value.map((item) => localize(item, registry, seen));
  if (isReference(value)) {
    const key = value.$component_ref;
    const definition = registry.get(key);
    if (!definition || seen.has(key)) return clone(value);
    return localize(definition, registry, new Set([...seen, key]));
  }
  if (!isComponent(value)) return clone(value);
  const copy = clone(value);
  const inside = new Set<string>();
  definedKeys(copy, inside);
  const needed = new Map<string, AsObject>();
  const queue: string[] = [];
  forEachReference(copy, (key) => queue.push(key));
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (inside.has(key) || needed.has(key)) continue;
    const definition = registry.get(key);
    if (!definition) continue;
    const pulled = clone(definition);
    needed.set(key, pulled);
    definedKeys(pulled, inside);
    forEachReference(pulled, (k) => queue.push(k));
  }
  if (needed.size > 0) {
    const own = isObject(copy.$referenced_components) ? copy.$referenced_components : {};
    copy.$referenced_components = { ...own, ...Object.fromEntries(needed) };
  }
  return copy;
}

interface Definition {
  value: AsObject;
  owners: Set<string>;
}

function collectDefinitions(value: AsValue, owner: string, into: Map<string, Definition>, keyed = false): void {
  if (Array.isArray(value)) {
    for (const item of value) collectDefinitions(item, owner, into);
    return;
  }
  if (!isObject(value) || isReference(value)) return;
  const note = (key: string, definition: AsObject) => {
    const entry = into.get(key) ?? { value: definition, owners: new Set<string>() };
    entry.owners.add(owner);
    into.set(key, entry);
  };
  // A $referenced_components entry is known by its key, which may differ from its id.
  if (!keyed && isComponent(value) && typeof value.id === 'string') note(value.id, value);
  for (const [key, child] of Object.entries(value)) {
    if (key === 'metadata') continue;
    if (key === '$referenced_components' && isObject(child)) {
      for (const [ref, definition] of Object.entries(child)) {
        if (!isObject(definition)) continue;
        note(ref, definition);
        collectDefinitions(definition, owner, into, true);
      }
    } else collectDefinitions(child, owner, into);
  }
}

function replaceHoisted(value: AsValue, hoisted: Set<string>, isRoot = true): AsValue {
  if (Array.isArray(value)) return value.map((item) => replaceHoisted(item, hoisted, false));
  if (!isObject(value) || isReference(value)) return value;
  if (!isRoot && isComponent(value) && typeof value.id === 'string' && hoisted.has(value.id)) return { $component_ref: value.id };
  const out: AsObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'metadata') out[key] = child;
    else if (key === '$referenced_components' && isObject(child)) {
      const kept = Object.entries(child).filter(([ref]) => !hoisted.has(ref));
      if (kept.length > 0) out[key] = Object.fromEntries(kept.map(([ref, def]) => [ref, replaceHoisted(def, hoisted, true)]));
    } else out[key] = replaceHoisted(child, hoisted, false);
  }
  return out;
}

/**
 * Hoists components that more than one owner carries. `values` maps an owner (a node id) to the
 * component-valued fields it writes; returns the rewritten fields and the hoisted definitions.
 */
export function hoistShared(values: Map<string, AsObject>): { values: Map<string, AsObject>; hoisted: Record<string, AsObject> } {
  const definitions = new Map<string, Definition>();
  for (const [owner, fields] of values) collectDefinitions(Object.values(fields), owner, definitions);
  const shared = new Set([...definitions].filter(([, d]) => d.owners.size > 1).map(([key]) => key));
  if (shared.size === 0) return { values, hoisted: {} };
  const rewritten = new Map<string, AsObject>();
  for (const [owner, fields] of values) {
    const out: AsObject = {};
    for (const [field, value] of Object.entries(fields)) out[field] = replaceHoisted(value, shared, false);
    rewritten.set(owner, out);
  }
  const hoisted: Record<string, AsObject> = {};
  for (const key of [...shared].sort()) hoisted[key] = replaceHoisted(definitions.get(key)!.value, shared, true) as AsObject;
  return { values: rewritten, hoisted };
}
