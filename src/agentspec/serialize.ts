// Reading and writing Agent Spec (and workflow) documents as JSON or YAML. YAML is written so that
// PyYAML (YAML 1.1, what pyagentspec loads with) reads back exactly the same values.
import { depthMessage, MAX_JSON_DEPTH, parseJsonWithPosition } from '../util/json-position.js';
import { yamlPackage } from '../util/lazy-module.js';
import { yamlValue } from '../util/yaml-value.js';
import { escapePointer } from '../util/json-pointer.js';
import type { Document } from 'yaml';
import type { ParseFailed, Parsed } from '../util/parse-result.js';
import { applyPyyamlTags } from './pyyaml-explicit-tags.js';
import { pyyamlTags, pyyamlWriteTags, TIMESTAMP_PATTERN } from './pyyaml-scalars.js';

export type TextFormat = 'json' | 'yaml';

const MAYBE_TAG = /(?:^|[\s[{,])!/;

// Plain scalars PyYAML's safe loader turns into tags it cannot construct (merge key, value key).
const PYYAML_SPECIAL = /^(=|<<)$/;

// Characters PyYAML's reader takes for line breaks (U+0085, U+2028, U+2029) or refuses in a stream (DEL, the
// other C1 controls, U+FFFE, U+FFFF): a string holding one is written double-quoted, with the character escaped.
// A tab ends a plain scalar for PyYAML's scanner: a string holding one is double-quoted too (written as \t).
const UNSAFE_CHARS = '\\x7f-\\x9f\\u2028\\u2029\\ufffe\\uffff';
const PYYAML_UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`);
const PYYAML_UNSAFE_ALL = new RegExp(`[${UNSAFE_CHARS}]`, 'g');
const PYYAML_DOUBLE_QUOTED = new RegExp(`[\\t${UNSAFE_CHARS}]`);
const PYYAML_ESCAPES: Record<string, string> = { '\x85': '\\N', '\u2028': '\\L', '\u2029': '\\P' };
const escapeForPyyaml = (char: string): string =>
  PYYAML_ESCAPES[char] ?? (char <= '\xff' ? `\\x${char.charCodeAt(0).toString(16)}` : `\\u${char.charCodeAt(0).toString(16)}`);

export function toYaml(value: unknown): string {
  const { Document, visit } = yamlPackage();
  // version 1.1 quotes yes/no/on/off, dates and sexagesimals that 1.2 would leave plain; PyYAML's own scalars
  // (pyyaml-scalars.ts) say which other strings need quotes, and write numbers PyYAML reads as numbers.
  const doc = new Document(value, { version: '1.1', aliasDuplicateObjects: false, customTags: pyyamlWriteTags });
  let unsafe = false;
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string') return;
      // yaml writes `<<` plain whatever the quoting asked for in 1.1 mode; an explicit tag is honoured.
      if (PYYAML_SPECIAL.test(node.value)) {
        node.tag = 'tag:yaml.org,2002:str';
        node.type = 'QUOTE_DOUBLE';
      } else if (PYYAML_DOUBLE_QUOTED.test(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        unsafe ||= PYYAML_UNSAFE.test(node.value);
      }
    },
  });
  const text = doc.toString({ lineWidth: 0 });
  // Written raw by the double-quoted style (it escapes what JSON escapes): every one left stands in a
  // double-quoted string, where an escape means the same character.
  return unsafe ? text.replace(PYYAML_UNSAFE_ALL, escapeForPyyaml) : text;
}

export const toJson = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

export const stringify = (value: unknown, format: TextFormat): string => (format === 'yaml' ? toYaml(value) : toJson(value));

/** A text's value and the format it was read as, or why it has none. */
export type ParsedText = (Parsed<unknown> & { format: TextFormat }) | ParseFailed;

/** JSON when the name says so or the text starts with `{`/`[`; YAML (1.1, like PyYAML) otherwise. */
export function parseText(text: string, name = ''): ParsedText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Empty (or only comments, in YAML) is no document at all: said so, whichever format the name implies,
  // rather than checked as a null value ("must be object", "the root has no component_type").
  if (body.trim() === '') return EMPTY;
  const looksJson = /\.json$/i.test(name) || (!/\.ya?ml$/i.test(name) && /^\s*[[{]/.test(body));
  if (looksJson) {
    const parsed = parseJsonWithPosition(body);
    return parsed.ok
      ? { ok: true, value: parsed.value, format: 'json' }
      : { ok: false, error: { message: `invalid JSON: ${parsed.error.message}`, line: parsed.error.line, column: parsed.error.column } };
  }
  // YAML 1.1 as PyYAML's safe_load reads it (what pyagentspec uses), but dates stay strings: JSON has no date
  // type. A key given twice is its last value, as PyYAML (and JSON.parse) take it.
  const { LineCounter, parseDocument } = yamlPackage();
  const lineCounter = new LineCounter();
  // A tag begins with `!` after a space, a line's start or a flow indicator; most files have none, and skip
  // the walk that reads tagged nodes as PyYAML does (which needs the source tokens for a scalar's text).
  const tagged = MAYBE_TAG.test(body);
  const doc = parseDocument(body, { version: '1.1', uniqueKeys: false, customTags: pyyamlTags, lineCounter, keepSourceTokens: tagged });
  const version = unreadableVersion(body);
  if (version) {
    const message = `invalid YAML: %YAML ${version.version} is not a version PyYAML reads (1.x), and pyagentspec refuses the file: remove the directive`;
    return { ok: false, error: { message, line: version.line, column: 1 } };
  }
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    // The yaml package recurses into each level, and reports the stack it ran out of as the problem.
    const reason = first.message.includes('Maximum call stack size exceeded')
      ? depthMessage(MAX_JSON_DEPTH)
      : first.code === 'MULTIPLE_DOCS'
        ? 'a second document starts here (---): an Agent Spec file holds one, and PyYAML refuses more'
        : first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return {
      ok: false,
      error: {
        message: `invalid YAML: ${reason}`,
        line: pos?.line,
        column: pos?.col,
      },
    };
  }
  if (doc.contents === null) return EMPTY;
  const tagProblem = tagged ? applyPyyamlTags(doc, { text: body }) : undefined;
  if (tagProblem) {
    const { line, col } = lineCounter.linePos(tagProblem.offset);
    return { ok: false, error: { message: `invalid YAML: ${tagProblem.message}`, line, column: col } };
  }
  const key = nonTextKey(doc, body);
  if (key) {
    const { line, col } = lineCounter.linePos(key.offset);
    const message = `invalid YAML: the key ${key.source} is ${key.kind} to PyYAML, not text, and a mapping of Agent Spec or JSON has text keys: quote it ("${key.source}")`;
    return { ok: false, error: { message, line, column: col } };
  }
  const read = yamlValue(doc);
  if (!read.ok) return { ok: false, error: { message: `invalid YAML: ${read.message}` } };
  const dates = datePointers(doc);
  if (dates.size > 0 && typeof read.value === 'object' && read.value !== null) yamlDates.set(read.value, dates);
  return { ok: true, value: read.value, format: 'yaml' };
}

/**
 * A %YAML directive of a version PyYAML does not read: another major version than 1, or not a version at all
 * (a later 1.x it reads, with a warning).
 */
function unreadableVersion(text: string): { version: string; line: number } | undefined {
  const match = /^%YAML[ \t]+([^\s#]*)/m.exec(text);
  if (!match || /^0*1\.[0-9]+$/.test(match[1])) return undefined;
  return { version: match[1], line: text.slice(0, match.index).split('\n').length };
}

/** Where a parsed YAML value had an unquoted date (`name: 2024-01-01`): kept as text here, a date to PyYAML. */
const yamlDates = new WeakMap<object, ReadonlySet<string>>();

/** The JSON pointers of the unquoted dates of a value parseText read from YAML (none for JSON, or another value). */
export const yamlDatesOf = (value: unknown): ReadonlySet<string> | undefined =>
  typeof value === 'object' && value !== null ? yamlDates.get(value) : undefined;

function datePointers(doc: Document.Parsed): Set<string> {
  const { isMap, isScalar, isSeq } = yamlPackage();
  const found = new Set<string>();
  // yamlValue checked the depth: this walk goes no deeper than 256 levels.
  const walk = (node: unknown, pointer: string): void => {
    if (isMap(node))
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        if (key !== undefined) walk(pair.value, `${pointer}/${escapePointer(key)}`);
      }
    else if (isSeq(node)) node.items.forEach((item, i) => walk(item, `${pointer}/${i}`));
    else if (isScalar(node) && node.type === 'PLAIN' && typeof node.value === 'string' && TIMESTAMP_PATTERN.test(node.value))
      found.add(pointer);
  };
  walk(doc.contents, '');
  return found;
}

/**
 * The first plain key PyYAML reads as a number, a boolean or null (`1:`, `yes:`, `~:`): pyagentspec's models
 * refuse it where a mapping's keys are names, and JSON would write it as text that the file never had.
 */
function nonTextKey(doc: Document.Parsed, text: string): { source: string; kind: string; offset: number } | undefined {
  const { isCollection, isScalar, isSeq, visit } = yamlPackage();
  let found: { source: string; kind: string; offset: number } | undefined;
  visit(doc, {
    Pair(_, pair) {
      const key = pair.key;
      // `? [a, b]`: PyYAML cannot hash a list or a mapping, and refuses it as a key.
      if (isCollection(key) && key.range) {
        const kind = `a ${isSeq(key) ? 'list' : 'mapping'}`;
        found = { source: text.slice(key.range[0], key.range[1]).trim(), kind, offset: key.range[0] };
        return visit.BREAK;
      }
      // A merge key (`<<: *base`) is YAML's own, not a key of the mapping.
      if (!isScalar(key) || typeof key.value === 'string' || typeof key.value === 'symbol' || !key.range) return;
      const kind = key.value === null ? 'null' : typeof key.value === 'boolean' ? 'a boolean' : 'a number';
      found = { source: text.slice(key.range[0], key.range[1]), kind, offset: key.range[0] };
      return visit.BREAK;
    },
  });
  return found;
}

const EMPTY: ParsedText = { ok: false, error: { message: 'empty file', line: 1, column: 1 } };
