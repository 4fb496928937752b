// Pretty JSON with a deterministic key order, so hand edits and `git diff` stay small:
// identifying keys first (in this order), then the rest alphabetically. Arrays keep their order.
// The output equals JSON.stringify(value, null, 2) with the keys reordered, but it is written with an
// explicit stack rather than recursion, so no nesting depth can overflow the call stack, and it reads
// each object's own keys directly, so a key named "__proto__" is written like any other.
import { isRecord } from './narrow.js';

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

export function stableStringify(value: unknown): string {
  // Workflows nest a few levels: written recursively, several times faster than with the explicit stack.
  try {
    return writeShallow(value, '', '', 0) + '\n';
  } catch (err) {
    if (err !== TOO_DEEP) throw err;
    return writeDeep(value);
  }
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
