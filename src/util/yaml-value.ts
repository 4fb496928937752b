// The value of a parsed YAML document, refused where it could take a reader down: an alias bomb (aliases
// that expand exponentially), an alias that contains itself (`a: &a [*a]` is a cycle, which every walk
// after it would follow for ever), or nesting deeper than JSON is allowed here.
import type { Document } from 'yaml';
import { depthMessage, MAX_JSON_DEPTH, valueDeeperThan } from './json-position.js';

/**
 * Alias uses, weighted by the aliases inside what each one names (the yaml package's measure). Its
 * default (100) refused a node type file of 300 types that share one `inputs: *in`; a bomb of 9 levels
 * of 9 aliases weighs billions.
 */
const MAX_ALIAS_WEIGHT = 10_000;

export type YamlValue = { ok: true; value: unknown } | { ok: false; message: string };

export function yamlValue(doc: Document.Parsed): YamlValue {
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_WEIGHT });
  } catch (err) {
    if (err instanceof ReferenceError)
      return { ok: false, message: `aliases expand too far (${err.message}); write the values out, or use fewer aliases` };
    if (err instanceof RangeError) return { ok: false, message: depthMessage(MAX_JSON_DEPTH) };
    throw err;
  }
  // A cycle nests without end: the walk stops at the limit, and then which of the two it is is told.
  if (valueDeeperThan(value, MAX_JSON_DEPTH))
    return {
      ok: false,
      message: containsItself(value)
        ? 'an alias contains itself (as in `a: &a [*a]`): its value would never end; write it out instead'
        : depthMessage(MAX_JSON_DEPTH),
    };
  return { ok: true, value };
}

/** Whether an array or object is its own descendant (only asked of a value past the depth limit, so bounded by it). */
function containsItself(root: unknown): boolean {
  const path: object[] = [];
  const visit = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null) return false;
    if (path.includes(value)) return true;
    if (path.length > MAX_JSON_DEPTH) return false;
    path.push(value);
    const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
    const found = children.some(visit);
    path.pop();
    return found;
  };
  return visit(root);
}
