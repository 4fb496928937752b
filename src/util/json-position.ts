// Turns a parse failure into a line/column pair a person can jump to.
import type { ParseError } from 'jsonc-parser';
import { jsoncParser } from './lazy-module.js';
import { errorMessage } from './narrow.js';

export interface TextPosition {
  line: number;
  column: number;
}

export function offsetToPosition(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * How deep arrays and objects may nest in a request body or a file. Deeper input is refused before anything
 * recursive (ajv, serialisers, the engine) sees it, so no input can overflow the stack.
 */
export const MAX_JSON_DEPTH = 256;

/** Where nesting first goes deeper than `limit` (an offset into `text`), or -1. A linear scan; strings are skipped. */
export function depthExceededAt(text: string, limit: number): number {
  if (text.length <= limit) return -1;
  // Nesting cannot go deeper than there are opening brackets: counting them (natively, by indexOf) is far
  // cheaper than the scan below, and most texts have too few to reach the limit.
  if (openingsUpTo(text, '{', limit) + openingsUpTo(text, '[', limit) <= limit) return -1;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
      if (i === -1) return -1;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/**
 * Where the string opened at `open` ends, or -1. Found by indexOf (native, and most of a JSON text is in
 * strings): a quote after an odd run of backslashes is escaped, so the search goes on past it.
 */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let before = at - 1;
    while (text.charCodeAt(before) === 0x5c) before--;
    if ((at - 1 - before) % 2 === 0) return at;
  }
  return -1;
}

/** How often `bracket` occurs in `text`, counting no further than just past `cap`. */
function openingsUpTo(text: string, bracket: string, cap: number): number {
  let count = 0;
  for (let i = text.indexOf(bracket); i !== -1 && count <= cap; i = text.indexOf(bracket, i + 1)) count++;
  return count;
}

/** Whether a parsed value nests arrays and objects deeper than `limit` (for YAML, which has no text scan). */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [current, depth] = top;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

export const depthMessage = (limit: number): string => `nested deeper than the limit of ${limit} levels of arrays and objects`;

export type JsonParseResult =
  | { ok: true; value: unknown }
  | {
      ok: false;
      message: string;
      line: number;
      column: number;
      /** Set when the text nests deeper than this limit. */ depthLimit?: number;
    };

/** "PropertyNameExpected" → "property name expected". */
const describeCode = (code: ParseError['error']): string =>
  jsoncParser()
    .printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/**
 * JSON.parse (fast, strict) first; only when it fails, jsonc-parser finds where: Node 20's JSON.parse
 * leaves the position out of its most common messages. A UTF-8 BOM, as some Windows editors write, is skipped.
 * Text nested deeper than `maxDepth` is refused before parsing, with the position where it gets too deep.
 */
export function parseJsonWithPosition(source: string, maxDepth = MAX_JSON_DEPTH): JsonParseResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const tooDeep = depthExceededAt(text, maxDepth);
  if (tooDeep >= 0) return { ok: false, message: depthMessage(maxDepth), ...offsetToPosition(text, tooDeep), depthLimit: maxDepth };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const errors: ParseError[] = [];
    jsoncParser().parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const { line, column } = offsetToPosition(text, first?.offset ?? text.length);
    const message = first ? describeCode(first.error) : errorMessage(err);
    return { ok: false, message: text.trim() === '' ? 'empty file' : message, line, column };
  }
}
