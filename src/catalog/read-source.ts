// Parsing and schema-checking of the catalog's user files, with every problem turned into a LoadError
// that points at a line and column.
import type { LoadError } from '../contract/types.js';
import { yamlPackage } from '../util/lazy-module.js';
import { describeAjvErrors, type Validator } from '../contract/validators.js';
import { depthExceededAt, depthMessage, MAX_JSON_DEPTH, offsetToPosition, parseJsonWithPosition } from '../util/json-position.js';
import { yamlValue } from '../util/yaml-value.js';
import type { ParseResult } from '../util/parse-result.js';
import { pointerPosition } from '../util/pointer-position.js';

/** Parses JSON (strictly, by JSON.parse) or YAML, chosen by the file extension. Empty YAML is null. */
export function parseSource(file: string, source: string): ParseResult<unknown, LoadError> {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source; // BOM, as some Windows editors write
  if (file.endsWith('.json')) {
    const parsed = parseJsonWithPosition(text);
    if (parsed.ok) return parsed;
    const { line, column, message } = parsed.error;
    return { ok: false, error: { file, line, column, message: `invalid JSON: ${message}` } };
  }
  // The yaml parser recurses into flow collections ([[[…]]]): refuse bracket nesting past the limit before
  // it sees it (a conservative count: brackets in comments and quoted text count too), and any deeper value after.
  const tooDeepAt = depthExceededAt(text, MAX_JSON_DEPTH);
  if (tooDeepAt >= 0)
    return { ok: false, error: { file, ...offsetToPosition(text, tooDeepAt), message: `invalid YAML: ${depthMessage(MAX_JSON_DEPTH)}` } };
  const doc = yamlPackage().parseDocument(text);
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    // yaml appends " at line L, column C:" and a code frame to its messages; keep only the reason.
    const reason = first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, error: { file, line: pos?.line, column: pos?.col, message: `invalid YAML: ${reason}` } };
  }
  const read = yamlValue(doc);
  return read.ok ? read : { ok: false, error: { file, message: `invalid YAML: ${read.message}` } };
}

/**
 * What the last call of `validate` found (the caller's type guard made it, and the value did not conform);
 * `prefix` is the JSON pointer of that value inside the file.
 */
export function schemaErrors(file: string, text: string, validate: Validator, prefix = ''): LoadError[] {
  return describeAjvErrors(validate.errors).map((problem) => problemAt(file, text, prefix + problem.pointer, problem.message));
}

/** A LoadError at a JSON pointer, located in the text (only computed for files that have errors). */
export function problemAt(file: string, text: string, pointer: string, message: string): LoadError {
  const pos = pointerPosition(text, pointer);
  return { file, line: pos?.line, column: pos?.column, pointer, message: `${pointer || '/'} ${message}` };
}
