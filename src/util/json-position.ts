// Turns a parse failure into a line/column pair a person can jump to.
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';

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

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** "PropertyNameExpected" → "property name expected". */
const describeCode = (code: ParseError['error']): string =>
  printParseErrorCode(code).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * JSON.parse (fast, strict) first; only when it fails, jsonc-parser finds where: Node 20's JSON.parse
 * leaves the position out of its most common messages. A UTF-8 BOM, as some Windows editors write, is skipped.
 */
export function parseJsonWithPosition(source: string): JsonParseResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const { line, column } = offsetToPosition(text, first?.offset ?? text.length);
    const message = first ? describeCode(first.error) : (err as Error).message;
    return { ok: false, message: text.trim() === '' ? 'empty file' : message, line, column };
  }
}
