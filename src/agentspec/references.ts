// `$component_ref` and `$referenced_components`, both ways.
//
// Reading: every `$referenced_components` table, at the root or inside any component (nested scopes), and
// the entries of a separate components file (a disaggregated config) form one table of reference keys, as
// the language spec and pyagentspec have it. Every `{"$component_ref": key}`, in any position, is replaced
// by its definition; a component referenced from several places becomes one shared object, so a node named
// by `start_node`, `nodes` and edges is one node. A dangling or cyclic reference is an AgentSpecError that
// names the reference and where it is.
//
// Writing: pyagentspec refuses a key defined at two levels and two inline copies of one id, so the export
// writes every shared component once, in the root's `$referenced_components`, and references it elsewhere.
import { escapePointer } from '../util/json-pointer.js';
import { AgentSpecError, isComponent, isObject, isReference, setOwn, type AsObject, type AsValue } from './types.js';

/** Reference key → value (a component, or a plain value such as a URL): an external components registry. */
export type Registry = Map<string, AsValue>;

// `{"$component_ref": "<component id>.<field>"}` stands for a sensitive value (an API key…) that the
// runtime supplies at load time; it is kept as written.
const isSensitivePlaceholder = (key: string): boolean => /^[^.]+(\.[^.]+)*\.[A-Za-z_]\w*$/.test(key);

interface Definition {
  value: AsValue;
  path: string;
}

export interface ResolvedDocument {
  /** The document with every reference replaced by its definition and no `$referenced_components` left. */
  root: AsValue;
  /** The reference key a shared component was defined under (its id may differ). */
  keyOf: Map<AsObject, string>;
  /** JSON pointer of each resolved component in the document (its definition, for a referenced one). */
  pathOf: Map<AsObject, string>;
}

/** Every `$referenced_components` entry of the document, by key, with where it is defined. */
function collectDefinitions(document: AsValue, label: string): Map<string, Definition> {
  const table = new Map<string, Definition>();
  const stack: Array<{ value: AsValue; path: string }> = [{ value: document, path: '' }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { value, path } = top;
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}/${i}` }));
      continue;
    }
    if (!isObject(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'metadata') continue;
      const childPath = `${path}/${escapePointer(key)}`;
      if (key === '$referenced_components') {
        if (!isObject(child))
          throw new AgentSpecError(`${label}$referenced_components must be an object of reference key → component`, childPath);
        for (const [ref, definition] of Object.entries(child)) {
          const at = `${childPath}/${escapePointer(ref)}`;
          const earlier = table.get(ref);
          if (earlier && JSON.stringify(earlier.value) !== JSON.stringify(definition))
            throw new AgentSpecError(
              `${label}"${ref}" is defined twice in $referenced_components, differently (first at ${earlier.path || '/'})`,
              at,
            );
          if (!earlier) table.set(ref, { value: definition, path: at });
        }
      }
      stack.push({ value: child, path: childPath });
    }
  }
  return table;
}

/**
 * The components file of a disaggregated config: `{"$referenced_components": {...}}` (each entry may carry
 * its own agentspec_version), or a plain object of key → component. Throws for anything else.
 */
export function registryFromComponentsFile(document: unknown, name = 'components file'): Registry {
  if (!isObject(document)) throw new AgentSpecError(`${name}: must be an object with $referenced_components`);
  // A plain object is read as key → component, so a workflow given by mistake would pass as one of keys
  // "id", "nodes", "edges"… and resolve nothing.
  if (document.component_type === undefined && Array.isArray(document.nodes) && Array.isArray(document.edges))
    throw new AgentSpecError(
      `${name}: is a FlowDrop workflow, not a components file ($referenced_components, or reference key → component)`,
    );
  const entries = isObject(document.$referenced_components)
    ? document.$referenced_components
    : document.component_type === undefined
      ? document
      : undefined;
  if (!entries) throw new AgentSpecError(`${name}: must hold $referenced_components, not a ${String(document.component_type)}`);
  const registry: Registry = new Map();
  for (const [key, value] of Object.entries(entries)) {
    if (isObject(value) && 'agentspec_version' in value) {
      const { agentspec_version: _version, ...rest } = value;
      registry.set(key, rest);
    } else registry.set(key, value);
  }
  // References between entries of the file resolve against the file itself.
  for (const [key, definition] of collectDefinitions(document, `${name}: `)) if (!registry.has(key)) registry.set(key, definition.value);
  return registry;
}

/** Resolves every reference of an Agent Spec document (see the header). `external` wins over the document. */
export function resolveReferences(document: AsValue, external?: Registry): ResolvedDocument {
  const table = collectDefinitions(document, '');
  for (const [key, value] of external ?? []) table.set(key, { value, path: '' });
  const keyOf = new Map<AsObject, string>();
  const pathOf = new Map<AsObject, string>();
  const done = new Map<string, AsValue>();
  const inProgress: string[] = [];

  const resolveKey = (key: string, at: string): AsValue => {
    const resolved = done.get(key);
    if (resolved !== undefined) return resolved;
    if (inProgress.includes(key))
      throw new AgentSpecError(
        `reference "${key}" is circular: ${[...inProgress.slice(inProgress.indexOf(key)), key].map((k) => `"${k}"`).join(' → ')}`,
        at,
      );
    const definition = table.get(key);
    // A sensitive value (an API key) that a components file supplies stays a placeholder: the workflow and
    // every export after it would otherwise hold the secret in plain text, which is what pyagentspec's
    // serializer never writes and what keeping it in a separate file is for.
    if (definition && definition.path === '' && isSensitivePlaceholder(key) && !isComponent(definition.value))
      return { $component_ref: key };
    if (!definition) {
      if (isSensitivePlaceholder(key)) return { $component_ref: key };
      throw new AgentSpecError(
        `reference "${key}" is defined in no $referenced_components${external ? ' nor in the components given' : '; if a separate components file defines it, pass that file too (wfe import --components <file>)'}`,
        at,
      );
    }
    inProgress.push(key);
    const value = resolve(definition.value, definition.path || at);
    inProgress.pop();
    if (isObject(value)) keyOf.set(value, key);
    done.set(key, value);
    return value;
  };

  const resolve = (value: AsValue, path: string): AsValue => {
    if (Array.isArray(value)) return value.map((item, i) => resolve(item, `${path}/${i}`));
    if (!isObject(value)) return value;
    if (isReference(value)) return resolveKey(value.$component_ref, `${path}/$component_ref`);
    if (typeof value.$component_ref === 'string') throw new AgentSpecError('a {"$component_ref": …} object may have no other key', path);
    const out: AsObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === '$referenced_components') continue;
      setOwn(out, key, key === 'metadata' ? structuredClone(child) : resolve(child, `${path}/${escapePointer(key)}`));
    }
    if (isComponent(out)) pathOf.set(out, path);
    return out;
  };

  return { root: resolve(document, ''), keyOf, pathOf };
}

/** A JSON copy: shared objects become separate copies (a node config keeps its components self-contained). */
export const detach = <T extends AsValue>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * The document written once per component: every component that appears more than once (same id), or that
 * was already referenced, goes to the root's `$referenced_components` under its id and is referenced
 * everywhere else; every other `$referenced_components` table is emptied into the root's. `pinned` keys
 * (the flow's nodes) are always referenced. Components keep their place in the root table's order:
 * the given `pinned` order first, then first appearance.
 */
export function writeOnce(root: AsObject, pinned: string[] = []): AsObject {
  const table = new Map<string, AsValue>();
  const count = new Map<string, number>();
  for (const key of pinned) count.set(key, 2);
  // Pass 1: lift nested tables, count inline components by id.
  const lift = (value: AsValue, isRoot: boolean): AsValue => {
    if (Array.isArray(value)) return value.map((item) => lift(item, false));
    return isObject(value) ? liftObject(value, isRoot) : value;
  };
  const liftObject = (value: AsObject, isRoot: boolean): AsObject => {
    if (isReference(value)) return value;
    const out: AsObject = {};
    // Both passes walk the whole document in every export: keys, not entry arrays (profiled).
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (key === 'metadata') setOwn(out, key, child);
      else if (key === '$referenced_components' && isObject(child)) {
        for (const ref of Object.keys(child)) {
          const lifted = lift(child[ref], false);
          if (!table.has(ref)) table.set(ref, lifted);
          count.set(ref, Math.max(2, count.get(ref) ?? 0));
        }
      } else setOwn(out, key, lift(child, false));
    }
    if (!isRoot && isComponent(out) && typeof out.id === 'string') count.set(out.id, (count.get(out.id) ?? 0) + 1);
    return out;
  };
  const lifted = liftObject(root, true);
  for (const ref of referencesIn(lifted)) count.set(ref, Math.max(2, count.get(ref) ?? 0));
  const shared = new Set([...count].filter(([, n]) => n > 1).map(([key]) => key));
  // Pass 2: replace shared inline components by references, collecting their definitions.
  // The root table's keys in order, with a set beside it: a workflow can have 10,000 components.
  const order: string[] = [];
  const inOrder = new Set<string>();
  const enqueue = (key: string) => {
    if (inOrder.has(key)) return;
    inOrder.add(key);
    order.push(key);
  };
  pinned.forEach(enqueue);
  const replace = (value: AsValue, isDefinitionRoot: boolean): AsValue => {
    if (Array.isArray(value)) return value.map((item) => replace(item, false));
    return isObject(value) ? replaceObject(value, isDefinitionRoot) : value;
  };
  const replaceObject = (value: AsObject, isDefinitionRoot: boolean): AsObject => {
    if (isReference(value)) return value;
    if (!isDefinitionRoot && isComponent(value) && typeof value.id === 'string' && shared.has(value.id)) {
      if (!table.has(value.id)) table.set(value.id, value);
      enqueue(value.id);
      return { $component_ref: value.id };
    }
    const out: AsObject = {};
    for (const key of Object.keys(value)) setOwn(out, key, key === 'metadata' ? value[key] : replace(value[key], false));
    return out;
  };
  const body = replaceObject(lifted, true);
  for (const key of table.keys()) enqueue(key);
  const definitions: AsObject = {};
  // A definition may itself contain shared components: replace() enqueues each one it adds to the table,
  // so the loop runs until no new definition appears.
  for (let i = 0; i < order.length; i++) {
    const key = order[i];
    const definition = table.get(key);
    if (definition === undefined) continue;
    setOwn(definitions, key, replace(definition, true));
  }
  const { $referenced_components: _old, ...rest } = body;
  return Object.keys(definitions).length > 0 ? { ...rest, $referenced_components: definitions } : rest;
}

/** Every `$component_ref` key inside value (metadata excluded). */
function referencesIn(value: AsValue, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, into);
  } else if (isReference(value)) into.add(value.$component_ref);
  else if (isObject(value)) for (const [key, child] of Object.entries(value)) if (key !== 'metadata') referencesIn(child, into);
  return into;
}
