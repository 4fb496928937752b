// Pretty JSON with a deterministic key order, so hand edits and `git diff` stay small:
// identifying keys first (in this order), then the rest alphabetically. Arrays keep their order.
// The output equals JSON.stringify(value, null, 2) with the keys reordered, but it is written with an
// explicit stack rather than recursion, so no nesting depth can overflow the call stack, and it reads
// each object's own keys directly, so a key named "__proto__" is written like any other.
import { isRecord } from './narrow.js';
import { setOwnKey } from './own-key.js';

const LEADING_KEYS = [
  'id',
  'name',
  'label',
  'type',
  'title',
  'description',
  'source',
  'sourceHandle',
  'target',
  'targetHandle',
  'position',
];
const leadingRank = new Map(LEADING_KEYS.map((k, i) => [k, i]));

function compareKeys(a: string, b: string): number {
  const ra = leadingRank.get(a);
  const rb = leadingRank.get(b);
  if (ra !== undefined || rb !== undefined) return (ra ?? Infinity) - (rb ?? Infinity);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An array or object being written: its entries (key, what precedes the value, value) and how far we are. */
interface Frame {
  entries: Array<[key: string, prefix: string, value: unknown]>;
  next: number;
  indent: string;
  outerIndent: string;
  close: string;
}

/** Values JSON leaves out of objects (and writes as null in arrays). */
const isSkipped = (value: unknown): boolean => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** What JSON.stringify calls before writing a value (a Date has one). */
const hasToJson = (value: unknown): value is { toJSON(key: string): unknown } =>
  ((typeof value === 'object' && value !== null) || typeof value === 'function') && 'toJSON' in value && typeof value.toJSON === 'function';

function withToJson(value: unknown, key: string): unknown {
  return hasToJson(value) ? value.toJSON(key) : value;
}

/** Nesting the recursive writer takes on; deeper values go to the explicit-stack one. */
const RECURSION_LIMIT = 200;
const TOO_DEEP = Symbol('too deep');

/** A value whose order no JSON.stringify of a copy can give: an object with integer-like keys out of order. */
const NOT_COPYABLE = Symbol('not copyable');

export function stableStringify(value: unknown): string {
  // Workflows nest a few levels: written recursively, several times faster than with the explicit stack.
  try {
    try {
      // Only the objects out of order are copied; the native writer writes the rest as it is.
      const view = inStableView(value, '', RECURSION_LIMIT);
      return (isSkipped(view) ? 'null' : JSON.stringify(view, null, 2)) + '\n';
    } catch (err) {
      if (err !== NOT_COPYABLE) throw err;
      return writeShallow(value, '', '', 0) + '\n';
    }
  } catch (err) {
    if (err !== TOO_DEEP) throw err;
    return writeDeep(value);
  }
}

/** "0" … "4294967294": keys an object always enumerates first, in numeric order, whatever was inserted first. */
const isIndexKey = (key: string): boolean => /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;

/**
 * `raw` as JSON.stringify(…, null, 2) must see it to write the stable order: itself where its keys are in
 * that order all the way down (a file the store wrote is), else a copy of each object out of order with its
 * keys sorted (children already in order are shared, not copied), toJSON applied where JSON would call it.
 * One walk; throws TOO_DEEP past `depthLeft`, NOT_COPYABLE for an object a copy cannot order.
 */
function inStableView(raw: unknown, key: string | number, depthLeft: number): unknown {
  if (raw === null || (typeof raw !== 'object' && typeof raw !== 'function')) return raw;
  const value = hasToJson(raw) ? raw.toJSON(String(key)) : raw;
  if (value === null || typeof value !== 'object') return value;
  // A value toJSON gave that has a toJSON of its own: JSON.stringify of a copy would call that one too.
  if (value !== raw && hasToJson(value)) throw NOT_COPYABLE;
  if (depthLeft === 0) throw TOO_DEEP;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const viewed = inStableView(item, i, depthLeft - 1);
      if (viewed !== item) (copy ??= value.slice())[i] = viewed;
    }
    return copy ?? value;
  }
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  let inOrder = true;
  let views: unknown[] | undefined;
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && compareKeys(keys[i - 1], keys[i]) >= 0) inOrder = false;
    const child = value[keys[i]];
    const viewed = inStableView(child, keys[i], depthLeft - 1);
    if (viewed !== child) {
      inOrder = false;
      views ??= keys.map((k) => value[k]);
    }
    if (views) views[i] = viewed;
  }
  if (inOrder) return value;
  // Sorted into a copy; what JSON leaves out (undefined, functions) it leaves out of the copy too.
  const order = keys.map((_, i) => i).sort((a, b) => compareKeys(keys[a], keys[b]));
  const copy: Record<string, unknown> = {};
  for (const i of order) {
    const key = keys[i];
    if (isIndexKey(key)) throw NOT_COPYABLE;
    const child = views ? views[i] : value[key];
    setOwnKey(copy, key, child);
  }
  return copy;
}

/**
 * Whether JSON.stringify(value, null, 2) writes `value` exactly as the writers here do: the keys of every
 * object already in the stable order, nothing that JSON leaves out or converts (undefined, functions,
 * symbols, toJSON), and no deeper than `depthLeft`. A file the store wrote is in that order throughout.
 */
function inStableOrder(value: unknown, depthLeft: number): boolean {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value !== undefined && typeof value !== 'symbol';
  if (depthLeft === 0 || hasToJson(value)) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!inStableOrder(value[i], depthLeft - 1)) return false;
    return true;
  }
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && compareKeys(keys[i - 1], keys[i]) >= 0) return false;
    if (!inStableOrder(value[keys[i]], depthLeft - 1)) return false;
  }
  return true;
}

/** The same output as writeDeep, by recursion; throws TOO_DEEP past RECURSION_LIMIT. */
function writeShallow(raw: unknown, key: string, indent: string, depth: number): string {
  const value = withToJson(raw, key);
  if (!Array.isArray(value) && !isRecord(value)) return isSkipped(value) ? 'null' : JSON.stringify(value);
  if (depth >= RECURSION_LIMIT) throw TOO_DEEP;
  // Already in order: the native writer is several times faster, and its output is one flat string, not a
  // rope of millions of pieces (a 43 MB workflow: 2.6 s and most of it garbage collection, against 0.3 s).
  // A JSON text has no raw line break inside a string, so indenting every line is safe.
  if (inStableOrder(value, RECURSION_LIMIT - depth)) {
    const text = JSON.stringify(value, null, 2);
    return indent === '' ? text : text.replaceAll('\n', '\n' + indent);
  }
  const inner = indent + '  ';
  let out = '';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '\n' : ',\n') + inner + writeShallow(value[i], String(i), inner, depth + 1);
    return out === '' ? '[]' : `[${out}\n${indent}]`;
  }
  const keys = Object.keys(value)
    .filter((k) => !isSkipped(value[k]))
    .sort(compareKeys);
  for (const k of keys) out += (out === '' ? '\n' : ',\n') + inner + JSON.stringify(k) + ': ' + writeShallow(value[k], k, inner, depth + 1);
  return out === '' ? '{}' : `{${out}\n${indent}}`;
}

function writeDeep(value: unknown): string {
  const out: string[] = [];
  /** Writes a primitive or an empty container and returns undefined, or writes the opening of a container. */
  const open = (raw: unknown, key: string, indent: string): Frame | undefined => {
    const value = withToJson(raw, key);
    if (!Array.isArray(value) && !isRecord(value)) {
      out.push(isSkipped(value) ? 'null' : JSON.stringify(value));
      return undefined;
    }
    const childIndent = indent + '  ';
    if (Array.isArray(value)) {
      if (value.length === 0) return void out.push('[]');
      out.push('[');
      return {
        entries: value.map((item: unknown, i): [string, string, unknown] => [String(i), '', item]),
        next: 0,
        indent: childIndent,
        outerIndent: indent,
        close: ']',
      };
    }
    const keys = Object.keys(value)
      .filter((k) => !isSkipped(value[k]))
      .sort(compareKeys);
    if (keys.length === 0) return void out.push('{}');
    out.push('{');
    return {
      entries: keys.map((k) => [k, `${JSON.stringify(k)}: `, value[k]]),
      next: 0,
      indent: childIndent,
      outerIndent: indent,
      close: '}',
    };
  };

  const stack: Frame[] = [];
  const root = open(value, '', '');
  if (root) stack.push(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.entries.length) {
      out.push(`\n${frame.outerIndent}${frame.close}`);
      stack.pop();
      continue;
    }
    const [key, prefix, child] = frame.entries[frame.next];
    out.push(`${frame.next === 0 ? '\n' : ',\n'}${frame.indent}${prefix}`);
    frame.next++;
    const nested = open(child, key, frame.indent);
    if (nested) stack.push(nested);
  }
  return out.join('') + '\n';
}
