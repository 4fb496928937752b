// The number literals of a JSON text and where each is: what JSON.parse's reviver shows only from V8 11.4
// (Node 21) on. One pass over the text's tokens, with a stack of the open arrays and objects.
import { CLOSE_BRACE, CLOSE_BRACKET, MINUS, NINE, OPEN_BRACE, OPEN_BRACKET, QUOTE, ZERO } from './json-chars.js';

/** A number as the text spells it, and its path: the keys from the top value down (an array's index as text). */
export interface NumberLiteral {
  path: string[];
  literal: string;
}

/** An array or object being read. */
interface Open {
  path: string[];
  array: boolean;
  /** The next item's index, in an array. */
  index: number;
  /** In an object: a key comes next (or the end). */
  keyNext: boolean;
  /** Its key in the array or object it is in; none for the top value. */
  key?: string;
  /** How many literals were found when it opened: those found inside it follow. */
  start: number;
  /** In an object: where in `found` the literals under each key are, for a key given again. */
  under?: Map<string, { start: number; end: number }>;
}

// The tokens of a JSON text but its colons and commas, which the search skips with the spaces: strings (the
// regular expression reads them whole, far faster than a loop over their characters), numbers, brackets
// and braces, true, false and null.
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d[\d.eE+-]*|[[\]{}]|true|false|null/g;

/**
 * The number literals of `text`, plain JSON that JSON.parse accepts, that `wanted` keeps, with their paths, in
 * the order of the text. Of two equal keys in an object only the last counts, as for JSON.parse; a number at
 * the top has no path and is left out.
 */
export function numberLiterals(text: string, wanted: (literal: string) => boolean): NumberLiteral[] {
  const found: Array<NumberLiteral | undefined> = [];
  const open: Open[] = [];
  let inner: Open | undefined;
  // The key of the next value in `inner` (an array's index as text).
  let key: string | undefined;
  const token = new RegExp(TOKEN);
  for (let match = token.exec(text); match !== null; match = token.exec(text)) {
    const t = match[0];
    const c = t.charCodeAt(0);
    if (inner?.keyNext && c === QUOTE) {
      key = t.includes('\\') ? unescaped(t) : t.slice(1, -1);
      inner.keyNext = false;
      // JSON.parse keeps the last value of a key given twice: what was found in the earlier one goes.
      const earlier = inner.under?.get(key);
      if (earlier) {
        found.fill(undefined, earlier.start, earlier.end);
        inner.under?.delete(key);
      }
      continue;
    }
    if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      const closed = open.pop();
      inner = open.at(-1);
      if (closed && inner && closed.key !== undefined && found.length > closed.start)
        noteUnder(inner, closed.key, { start: closed.start, end: found.length });
      if (inner && !inner.array) inner.keyNext = true;
      continue;
    }
    if (inner?.array) key = String(inner.index++);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const path = inner && key !== undefined ? [...inner.path, key] : [];
      inner = { path, array: c === OPEN_BRACKET, index: 0, keyNext: c === OPEN_BRACE, key, start: found.length };
      open.push(inner);
      continue;
    }
    if (inner && key !== undefined && (c === MINUS || (c >= ZERO && c <= NINE)) && wanted(t)) {
      noteUnder(inner, key, { start: found.length, end: found.length + 1 });
      found.push({ path: [...inner.path, key], literal: t });
    }
    if (inner && !inner.array) inner.keyNext = true;
  }
  return found.filter((literal) => literal !== undefined);
}

/** In an object, where the literals found under `key` are. */
function noteUnder(container: Open, key: string, range: { start: number; end: number }): void {
  if (container.array) return;
  container.under ??= new Map();
  container.under.set(key, range);
}

/** A key with escapes in it, as JSON.parse reads it. */
function unescaped(quoted: string): string {
  const key: unknown = JSON.parse(quoted);
  return typeof key === 'string' ? key : quoted;
}
