// Reading and writing Agent Spec (and workflow) documents as JSON or YAML. YAML is written so that
// PyYAML (YAML 1.1, what pyagentspec loads with) reads back exactly the same values.
import type { ScalarTag, Tags } from 'yaml';
import { parseJsonWithPosition } from '../util/json-position.js';
import { yamlPackage } from '../util/lazy-module.js';
import type { ParseFailed, Parsed } from '../util/parse-result.js';

export type TextFormat = 'json' | 'yaml';

// Plain scalars PyYAML's safe loader turns into tags it cannot construct (merge key, value key).
const PYYAML_SPECIAL = /^(=|<<)$/;

export function toYaml(value: unknown): string {
  const { Document, visit } = yamlPackage();
  // version 1.1 quotes yes/no/on/off/y/n, dates and sexagesimals that 1.2 would leave plain.
  const doc = new Document(value, { version: '1.1', aliasDuplicateObjects: false });
  visit(doc, {
    Scalar(_key, node) {
      // yaml writes `<<` plain whatever the quoting asked for in 1.1 mode; an explicit tag is honoured.
      if (typeof node.value === 'string' && PYYAML_SPECIAL.test(node.value)) {
        node.tag = 'tag:yaml.org,2002:str';
        node.type = 'QUOTE_DOUBLE';
      }
    },
  });
  return doc.toString({ lineWidth: 0 });
}

export const toJson = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

export const stringify = (value: unknown, format: TextFormat): string => (format === 'yaml' ? toYaml(value) : toJson(value));

// PyYAML's booleans: yes/no/on/off/true/false in three spellings each. Unlike the YAML 1.1 spec (and the
// yaml package), `y`, `n` and other capitalisations are strings, so a port named `y` stays "y".
const PYYAML_BOOL: ScalarTag = {
  tag: 'tag:yaml.org,2002:bool',
  identify: (value) => typeof value === 'boolean',
  default: true,
  test: /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  resolve: (source) => /^(?:yes|true|on)$/i.test(source),
};

const pyyamlTags = (tags: Tags): Tags => [
  PYYAML_BOOL,
  ...tags.filter((t) => typeof t === 'string' || (t.tag !== 'tag:yaml.org,2002:bool' && t.tag !== 'tag:yaml.org,2002:timestamp')),
];

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
  // YAML 1.1 as PyYAML's safe_load reads it (what pyagentspec uses), but dates stay strings: JSON has no date type.
  const doc = yamlPackage().parseDocument(body, { version: '1.1', uniqueKeys: true, customTags: pyyamlTags });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    return {
      ok: false,
      error: {
        message: `invalid YAML: ${first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        line: pos?.line,
        column: pos?.col,
      },
    };
  }
  if (doc.contents === null) return EMPTY;
  return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }), format: 'yaml' };
}

const EMPTY: ParsedText = { ok: false, error: { message: 'empty file', line: 1, column: 1 } };
