// Turns a parse failure into a line/column pair a person can jump to.
import type { ParseError } from 'jsonc-parser';
import { jsoncParser } from './lazy-module.js';
import { errorMessage, isRecord } from './narrow.js';
import type { ParseFailure, ParseResult } from './parse-result.js';

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
export function closingQuote(text: string, open: number): number {
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

/**
 * Whether a parsed value nests arrays and objects deeper than `limit` (the top value is level 1). Recursive,
 * but never deeper than `limit` + 1 calls.
 */
export function valueDeeperThan(value: unknown, limit: number): boolean {
  return new ValueWalk(limit).nestsDeeper(value, 1);
}

/**
 * One walk of a parsed value for what JSON text should not give: nesting past `limit` (which ends the walk)
 * and, on the way, a number past a double's range (JSON.parse reads 1e400 as Infinity).
 */
class ValueWalk {
  infinite = false;

  constructor(private readonly limit: number) {}

  nestsDeeper(value: unknown, depth: number): boolean {
    if (Array.isArray(value)) {
      if (depth > this.limit) return true;
      for (let i = 0; i < value.length; i++) if (this.childNestsDeeper(value[i], depth)) return true;
      return false;
    }
    if (!isRecord(value)) return false;
    if (depth > this.limit) return true;
    // An own "__proto__" key, as JSON.parse makes, shadows the accessor: value[key] reads the value, not the prototype.
    for (const key in value) if (this.childNestsDeeper(value[key], depth)) return true;
    return false;
  }

  private childNestsDeeper(child: unknown, depth: number): boolean {
    if (typeof child === 'object') return child !== null && this.nestsDeeper(child, depth + 1);
    if (typeof child === 'number' && !Number.isFinite(child)) this.infinite = true;
    return false;
  }
}

export const depthMessage = (limit: number): string => `nested deeper than the limit of ${limit} levels of arrays and objects`;

/** JSON's failures always have a position: the end of the text at worst. */
interface JsonParseFailure extends ParseFailure {
  line: number;
  column: number;
  /** Set when the text nests deeper than this limit. */
  depthLimit?: number;
}

export type JsonParseResult = ParseResult<unknown, JsonParseFailure>;

/** "PropertyNameExpected" → "property name expected". */
const describeCode = (code: ParseError['error']): string =>
  jsoncParser()
    .printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/**
 * JSON.parse (fast, strict) first; only when it fails, jsonc-parser finds where: Node 20's JSON.parse
 * leaves the position out of its most common messages. A UTF-8 BOM, as some Windows editors write, is skipped.
 * Text nested deeper than `maxDepth` is refused, with the position where it gets too deep, before anything
 * recursive sees it. V8's JSON.parse does not recurse (a million levels parse), so the depth is checked on
 * the parsed value, which costs a third less than scanning the text; the text is scanned only to say where,
 * and before jsonc-parser (which recurses) looks at a text JSON.parse refused.
 */
export function parseJsonWithPosition(source: string, maxDepth = MAX_JSON_DEPTH): JsonParseResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return tooDeep(text, maxDepth) ?? parseFailure(text, err);
  }
  const walk = new ValueWalk(maxDepth);
  if (walk.nestsDeeper(value, 1)) return tooDeep(text, maxDepth) ?? tooDeepAt(text, 0, maxDepth);
  // JSON.parse reads 1e400 as Infinity, which JSON.stringify writes as null: the number would be lost on the
  // first save. The walk above saw one (a top-level number is looked at here); the text says where.
  if (walk.infinite || (typeof value === 'number' && !Number.isFinite(value))) return numberOutOfRange(text) ?? { ok: true, value };
  return { ok: true, value };
}

/** The first number literal of `text` beyond a double's range, as a failure at its position. */
function numberOutOfRange(text: string): JsonParseResult | undefined {
  let found: { offset: number; literal: string } | undefined;
  jsoncParser().visit(text, {
    onLiteralValue(value: unknown, offset: number, length: number) {
      if (!found && typeof value === 'number' && !Number.isFinite(value)) found = { offset, literal: text.slice(offset, offset + length) };
    },
  });
  if (!found) return undefined;
  const literal = found.literal.length > 24 ? `${found.literal.slice(0, 20)}…` : found.literal;
  const message = `number ${literal} is out of range (a JSON number here is at most about 1.8e308): write it as a string`;
  return { ok: false, error: { message, ...offsetToPosition(text, found.offset) } };
}

function tooDeep(text: string, maxDepth: number): JsonParseResult | undefined {
  const at = depthExceededAt(text, maxDepth);
  return at >= 0 ? tooDeepAt(text, at, maxDepth) : undefined;
}

const tooDeepAt = (text: string, offset: number, maxDepth: number): JsonParseResult => ({
  ok: false,
  error: { message: depthMessage(maxDepth), ...offsetToPosition(text, offset), depthLimit: maxDepth },
});

function parseFailure(text: string, err: unknown): JsonParseResult {
  const errors: ParseError[] = [];
  jsoncParser().parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  const { line, column } = offsetToPosition(text, first?.offset ?? text.length);
  const message = first ? describeCode(first.error) : errorMessage(err);
  return { ok: false, error: { message: text.trim() === '' ? 'empty file' : message, line, column } };
}
