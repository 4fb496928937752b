// Nodes with an explicit tag (`!!int "7"`, `!!set {a: null}`, `!custom x`), read as PyYAML's safe loader (what
// pyagentspec loads YAML with) reads them. The yaml package resolves an explicit tag its own way: it warns on a
// tag it does not know and reads the value as text, takes `!!str [1]` as a list, `!!int abc` as text and
// `!!null x` as "x". PyYAML refuses the first three and reads the last as null, so a file it refuses would pass
// here. Each tagged node is checked and given PyYAML's value, in JSON's terms where Python's has no JSON form:
// a set is the list of its members, an ordered map or a list of pairs a list of [key, value] lists (as Python's
// JSON writer writes sets and tuples), binary data its base64 text, a timestamp its text (as untagged ones are).
import type { Document, Node, Scalar, YAMLSeq } from 'yaml';
import { yamlPackage } from '../util/lazy-module.js';
import { base64Text, pyyamlFloat, pyyamlInt, validTimestamp } from './pyyaml-constructors.js';
import { pyyamlPlainValue } from './pyyaml-scalars.js';

const YAML_TAG = 'tag:yaml.org,2002:';
type Kind = 'scalar' | 'sequence' | 'mapping';
/** The tags PyYAML's safe loader constructs, each with the kind of node it takes. */
const SAFE_TAGS: Record<string, Kind> = {
  null: 'scalar',
  bool: 'scalar',
  int: 'scalar',
  float: 'scalar',
  binary: 'scalar',
  timestamp: 'scalar',
  str: 'scalar',
  seq: 'sequence',
  omap: 'sequence',
  pairs: 'sequence',
  map: 'mapping',
  set: 'mapping',
};

export interface TagProblem {
  message: string;
  /** Where the tagged node starts in the text. */
  offset: number;
}

/** `!!int` for the YAML tags, the tag as written otherwise. */
const shortTag = (tag: string): string => (tag.startsWith(YAML_TAG) ? `!!${tag.slice(YAML_TAG.length)}` : tag);

/**
 * Checks every explicitly tagged node of `doc` as PyYAML would construct it, and replaces its value with
 * PyYAML's (in place). The document must be parsed with `keepSourceTokens`: a scalar's text is read from
 * its source, before the yaml package's own reading of the tag. Returns the first node PyYAML refuses.
 */
export function applyPyyamlTags(doc: Document.Parsed, { text }: { text: string }): TagProblem | undefined {
  const { isMap, isPair, isScalar, isSeq, visit, CST, Scalar: ScalarNode, YAMLSeq: SeqNode } = yamlPackage();
  let problem: TagProblem | undefined;
  const kindOf = (node: Node): Kind => (isScalar(node) ? 'scalar' : isSeq(node) ? 'sequence' : 'mapping');
  const refuse = (node: Node, message: string) => {
    problem = { message, offset: tagStart(text, node.range?.[0] ?? 0) };
    return visit.BREAK;
  };

  const textOf = (node: Scalar): string => (node.srcToken ? (CST.resolveAsScalar(node.srcToken)?.value ?? '') : '');
  const replacement = (node: Scalar, value: unknown): Scalar => {
    const replaced: Scalar = new ScalarNode(value);
    replaced.range = node.range;
    return replaced;
  };
  // PyYAML reads a scalar with the non-specific tag `!`, quoted or not, as it reads a plain one (`! "7"` is 7).
  const nonSpecific = (node: Scalar) => {
    const text = textOf(node);
    // As plain scalars, these two resolve to tags PyYAML's safe loader cannot construct.
    if (text === '=' || text === '<<')
      return refuse(node, `${JSON.stringify(text)} under the tag ! is a tag PyYAML's safe loader refuses: quote it and remove the !`);
    return replacement(node, pyyamlPlainValue(text));
  };

  visit(doc, {
    Node(_key, node) {
      const tag = node.tag;
      if (tag === undefined) return;
      if (tag === '!') return isScalar(node) ? nonSpecific(node) : undefined;
      const name = tag.startsWith(YAML_TAG) ? tag.slice(YAML_TAG.length) : undefined;
      const kind = name === undefined ? undefined : SAFE_TAGS[name];
      if (name === undefined || kind === undefined)
        return refuse(
          node,
          `the tag ${shortTag(tag)} is not one PyYAML's safe loader knows, and pyagentspec refuses the file: remove the tag`,
        );
      if (kindOf(node) !== kind) return refuse(node, `${shortTag(tag)} must tag a ${kind}, not a ${kindOf(node)}`);

      if (isScalar(node)) {
        const read = scalarValue(name, textOf(node));
        return read.ok ? replacement(node, read.value) : refuse(node, read.message);
      }
      if (name === 'set' && isMap(node)) {
        const members: YAMLSeq = new SeqNode();
        members.items = node.items.map((pair) => pair.key);
        members.range = node.range;
        return members;
      }
      if ((name === 'omap' || name === 'pairs') && isSeq(node)) {
        const pairs: YAMLSeq = new SeqNode();
        for (const item of node.items) {
          // `[a: 1]` holds a pair; a block sequence's `- a: 1`, a mapping.
          const only = isPair(item) ? item : isMap(item) && item.items.length === 1 ? item.items[0] : undefined;
          if (only === undefined) return refuse(node, `each item of ${shortTag(tag)} must be a mapping of one key and its value`);
          const pair: YAMLSeq = new SeqNode();
          pair.items = [only.key, only.value];
          pairs.items.push(pair);
        }
        pairs.range = node.range;
        return pairs;
      }
      return undefined;
    },
  });
  return problem;
}

/**
 * Where the tag of a node whose content starts at `content` begins: the token holding the last `!` before it
 * (an anchor may stand between the tag and the content).
 */
function tagStart(text: string, content: number): number {
  let at = text.lastIndexOf('!', content - 1);
  if (at === -1) return content;
  while (at > 0 && !/[\s[{,]/.test(text[at - 1])) at--;
  return at;
}

type ScalarRead = { ok: true; value: unknown } | { ok: false; message: string };

const refused = (text: string, what: string): ScalarRead => ({ ok: false, message: `${JSON.stringify(text)} is not ${what}` });

/** A scalar's value under an explicit tag, by PyYAML's constructors. */
function scalarValue(name: string, text: string): ScalarRead {
  switch (name) {
    case 'null':
      return { ok: true, value: null };
    case 'str':
      return { ok: true, value: text };
    case 'bool': {
      const lower = text.toLowerCase();
      if (/^(?:yes|true|on)$/.test(lower)) return { ok: true, value: true };
      if (/^(?:no|false|off)$/.test(lower)) return { ok: true, value: false };
      return refused(text, 'a boolean (!!bool takes yes, no, true, false, on or off)');
    }
    case 'int': {
      const value = pyyamlInt(text);
      return value === undefined ? refused(text, 'an integer (!!int)') : { ok: true, value };
    }
    case 'float': {
      const value = pyyamlFloat(text);
      return value === undefined ? refused(text, 'a number (!!float)') : { ok: true, value };
    }
    case 'timestamp':
      return validTimestamp(text) ? { ok: true, value: text } : refused(text, 'a date or a date and time (!!timestamp)');
    case 'binary': {
      const value = base64Text(text);
      return value === undefined ? refused(text, 'base64 data (!!binary)') : { ok: true, value };
    }
    default:
      return { ok: true, value: text };
  }
}
