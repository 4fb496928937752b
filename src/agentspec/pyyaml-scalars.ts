// The plain scalars PyYAML's safe loader (what pyagentspec reads YAML with) turns into booleans, integers and
// floats, and how it reads them: its resolvers' patterns and its constructors' arithmetic. The yaml package's
// YAML 1.1 schema is wider: it reads `e1` and `1e3` as floats (PyYAML: strings, a float needs a dot and a
// signed exponent) and `y`/`n` as booleans. Used to read YAML as pyagentspec would, and, when writing, to
// quote every string PyYAML would read as something else and to write numbers PyYAML reads as numbers.
import type { ScalarTag, Tags } from 'yaml';
import { pyyamlFloat, pyyamlInt } from './pyyaml-constructors.js';

const INT = 'tag:yaml.org,2002:int';
const FLOAT = 'tag:yaml.org,2002:float';
const BOOL = 'tag:yaml.org,2002:bool';
const TIMESTAMP = 'tag:yaml.org,2002:timestamp';

// Unlike the YAML 1.1 specification (and the yaml package), `y`, `n` and other capitalisations are strings.
const BOOL_PATTERN = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const INT_PATTERN = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
export const TIMESTAMP_PATTERN =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;
const FLOAT_PATTERN =
  /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

function resolveInt(source: string, onError: (message: string) => void): number {
  const value = pyyamlInt(source);
  if (value === undefined) onError(`${source} is not an integer PyYAML can read`);
  return value ?? Number.NaN;
}

// The pattern admits only what PyYAML's float constructor reads.
const resolveFloat = (source: string): number => pyyamlFloat(source) ?? Number.NaN;

/**
 * A number as PyYAML reads it back as the same number: JavaScript writes `1e-7` and `1e+21`, which PyYAML reads
 * as strings (no dot), so an exponent gets a mantissa with a dot.
 */
function pyyamlNumber(value: number): string {
  if (Number.isNaN(value)) return '.nan';
  if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
  const text = String(value);
  const exponent = /^(-?\d+)(?:\.(\d+))?e([-+]\d+)$/.exec(text);
  return exponent ? `${exponent[1]}.${exponent[2] ?? '0'}e${exponent[3]}` : text;
}

const PYYAML_BOOL: ScalarTag = {
  tag: BOOL,
  identify: (value) => typeof value === 'boolean',
  default: true,
  test: BOOL_PATTERN,
  resolve: (source) => /^(?:yes|true|on)$/i.test(source),
};

const PYYAML_INT: ScalarTag = {
  tag: INT,
  // Numbers are written by the float tag below, which writes integers as integers too.
  identify: () => false,
  default: true,
  test: INT_PATTERN,
  resolve: resolveInt,
};

const PYYAML_FLOAT: ScalarTag = {
  tag: FLOAT,
  identify: (value) => typeof value === 'number',
  default: true,
  test: FLOAT_PATTERN,
  resolve: resolveFloat,
  stringify: ({ value }) => (typeof value === 'number' ? pyyamlNumber(value) : String(value)),
};

// PyYAML reads these as dates; wfe keeps the text (JSON has no date type), and quotes such a string it writes.
const PYYAML_TIMESTAMP: ScalarTag = {
  tag: TIMESTAMP,
  identify: () => false,
  default: true,
  test: TIMESTAMP_PATTERN,
  resolve: (source) => source,
};

const PYYAML_SCALARS = [PYYAML_BOOL, PYYAML_INT, PYYAML_FLOAT, PYYAML_TIMESTAMP];
const PYYAML_NULL = /^(?:~|null|Null|NULL|)$/;

/** A plain scalar's value as PyYAML resolves and constructs it (a timestamp keeps its text, as in the tag above). */
export function pyyamlPlainValue(text: string): unknown {
  if (PYYAML_NULL.test(text)) return null;
  const tag = PYYAML_SCALARS.find((t) => t.test?.test(text));
  return tag ? tag.resolve(text, () => {}, {}) : text;
}

// Read by pyyaml-explicit-tags.ts instead, as PyYAML reads them: the yaml package refuses a set whose members
// have values and an ordered map with a key twice, which PyYAML reads.
const EXPLICIT_ONLY = ['set', 'omap', 'pairs', 'binary'].map((name) => `tag:yaml.org,2002:${name}`);

/**
 * To read: the yaml package's YAML 1.1 tags with PyYAML's booleans, integers, floats and timestamps in place of
 * its own, and without those only ever given explicitly.
 */
export const pyyamlTags = (tags: Tags): Tags => [
  ...PYYAML_SCALARS,
  ...tags.filter((t) => typeof t === 'string' || ![BOOL, INT, FLOAT, TIMESTAMP, ...EXPLICIT_ONLY].includes(t.tag)),
];

/**
 * To write: PyYAML's first (a number is written by its float tag), then the yaml package's own, which are kept
 * so that a string either would read as something else is quoted (`y` and `1e3` too): the text reads the same
 * in PyYAML and in other YAML 1.1 readers.
 */
export const pyyamlWriteTags = (tags: Tags): Tags => [...PYYAML_SCALARS, ...tags];
