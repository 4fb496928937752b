// JSON text of parsed JSON values as JSON.stringify writes it, except that an ExactNumber is written as its
// file wrote it: JSON.stringify has no way to write a number's own digits on Node 20 (JSON.rawJSON came
// with V8 11.4, Node 21).
import { ExactNumber, exactNumbersWritten } from './exact-number.js';
import { isRecord } from './narrow.js';

/** JSON.stringify(value, null, indent) for values parsed from JSON (and ExactNumbers); undefined when JSON has none. */
export function jsonText(value: unknown, indent = 0): string | undefined {
  // JSON.stringify is several times faster than the walk below: only a value with an ExactNumber in it is written again.
  const before = exactNumbersWritten();
  const text: string | undefined = JSON.stringify(value, null, indent);
  return exactNumbersWritten() === before ? text : write(value, ' '.repeat(indent), '');
}

function write(value: unknown, indent: string, outer: string): string | undefined {
  if (value instanceof ExactNumber) return value.literal;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = outer + indent;
    const items: unknown[] = value;
    return wrap(
      items.map((item) => write(item, indent, inner) ?? 'null'),
      { open: '[', close: ']', inner, outer },
    );
  }
  if (isRecord(value)) {
    const inner = outer + indent;
    const members: string[] = [];
    for (const key of Object.keys(value)) {
      const text = write(value[key], indent, inner);
      if (text !== undefined) members.push(`${JSON.stringify(key)}:${indent === '' ? '' : ' '}${text}`);
    }
    return members.length === 0 ? '{}' : wrap(members, { open: '{', close: '}', inner, outer });
  }
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  return JSON.stringify(value);
}

interface Brackets {
  open: string;
  close: string;
  /** The indentation of each entry, on a line of its own; the same as outer: all on one line. */
  inner: string;
  /** The indentation of the closing bracket. */
  outer: string;
}

const wrap = (entries: string[], { open, close, inner, outer }: Brackets): string =>
  inner === outer ? `${open}${entries.join(',')}${close}` : `${open}\n${inner}${entries.join(`,\n${inner}`)}\n${outer}${close}`;
