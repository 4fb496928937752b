// Explicitly tagged YAML (`!!int "7"`, `!!set {a: null}`, `!custom x`), read as PyYAML's safe loader reads it:
// exact cases, then seeded cases against PyYAML itself where Python has it (WFE_YAML_TAG_CASES,
// WFE_YAML_TAG_SEED).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseText } from '../src/agentspec/serialize.js';
import { numberFromEnv, seededRandom } from './support/seeded.js';
import { pyyamlMissing } from './support/pyyaml.js';

/** The value of `v` in `v: <node>`, or the refusal with its position. */
function read(node: string): { value: unknown } | { refused: string; line?: number; column?: number } {
  const parsed = parseText(`v: ${node}\n`, 'case.yaml');
  return parsed.ok
    ? { value: (parsed.value as { v: unknown }).v }
    : { refused: parsed.error.message, line: parsed.error.line, column: parsed.error.column };
}

describe('explicit tags, read as PyYAML reads them', () => {
  it.each([
    ['!!int "7"', 7],
    ['!!int 0o17', 15],
    ['!!int -0x1_F', -31],
    ['!!int 1:30', 90],
    ['!!float 1', 1],
    ['!!float " 2.5 "', 2.5],
    ['!!float 1e3', 1000],
    ['!!bool ON', true],
    ['!!bool "no"', false],
    ['!!null x', null],
    ['!!null', null],
    ['!!str 12', '12'],
    ['!!str', ''],
    ['! 12', 12],
    ['! "7"', 7],
    ["! 'yes'", true],
    ['! ""', null],
    ['! [1]', [1]],
    ['!<tag:yaml.org,2002:str> 1', '1'],
    ['!!timestamp 2001-1-5', '2001-1-5'],
    ['!!binary aGVs bG8=', 'aGVsbG8='],
    ['!!binary "aGk"', undefined],
    ['!!set {b: null, a: 1}', ['b', 'a']],
    [
      '!!omap [a: 1, b: {c: 2}]',
      [
        ['a', 1],
        ['b', { c: 2 }],
      ],
    ],
    [
      '!!pairs [a: 1, a: 2]',
      [
        ['a', 1],
        ['a', 2],
      ],
    ],
    ['!!seq [1]', [1]],
    ['!!map {a: 1}', { a: 1 }],
    ['[!!int "1", !!str 2]', [1, '2']],
  ])('%s', (node, expected) => {
    const result = read(node);
    if (expected === undefined) expect(result).toHaveProperty('refused');
    else expect(result).toEqual({ value: expected });
  });

  it.each([
    [
      '!custom x',
      "invalid YAML: the tag !custom is not one PyYAML's safe loader knows, and pyagentspec refuses the file: remove the tag",
      4,
    ],
    [
      '!!python/tuple [1, 2]',
      "invalid YAML: the tag !!python/tuple is not one PyYAML's safe loader knows, and pyagentspec refuses the file: remove the tag",
      4,
    ],
    [
      '!!merge x',
      "invalid YAML: the tag !!merge is not one PyYAML's safe loader knows, and pyagentspec refuses the file: remove the tag",
      4,
    ],
    ['!!str [1]', 'invalid YAML: !!str must tag a scalar, not a sequence', 4],
    ['!!set [a]', 'invalid YAML: !!set must tag a mapping, not a sequence', 4],
    ['!!omap {a: 1}', 'invalid YAML: !!omap must tag a sequence, not a mapping', 4],
    ['!!omap [a, b]', 'invalid YAML: each item of !!omap must be a mapping of one key and its value', 4],
    ['&anchor !!int abc', 'invalid YAML: "abc" is not an integer (!!int)', 12],
    ['!!float abc', 'invalid YAML: "abc" is not a number (!!float)', 4],
    ['!!bool maybe', 'invalid YAML: "maybe" is not a boolean (!!bool takes yes, no, true, false, on or off)', 4],
    ['!!timestamp 2001-02-29', 'invalid YAML: "2001-02-29" is not a date or a date and time (!!timestamp)', 4],
    ['!!binary "not base64!"', 'invalid YAML: "not base64!" is not base64 data (!!binary)', 4],
  ])('refuses %s, at its tag', (node, message, column) => {
    expect(read(node)).toEqual({ refused: message, line: 1, column });
  });
});

// ---- against PyYAML itself ----

if (pyyamlMissing) console.warn(`the PyYAML comparison of explicit tags is skipped: ${pyyamlMissing}`);

const CASES = numberFromEnv('WFE_YAML_TAG_CASES', 400);
const SEED = numberFromEnv('WFE_YAML_TAG_SEED', Date.now() % 1_000_000);

const TAGS = ['!!null', '!!bool', '!!int', '!!float', '!!binary', '!!timestamp', '!!str', '!!seq', '!!map', '!!set', '!!omap', '!!pairs'];
const ODD_TAGS = ['!', '!custom', '!!merge', '!!value', '!!python/tuple', '!<tag:yaml.org,2002:int>', '!<tag:example.com,2000:x>'];
const SCALAR_PIECES = [
  '0',
  '1',
  '7',
  '_',
  '.',
  'e',
  '+',
  '-',
  ':',
  'x',
  'b',
  'o',
  'inf',
  'nan',
  'yes',
  'No',
  'aGk',
  '=',
  '2001',
  '-12',
  '-1',
  ' ',
  'T',
  '10:20:30',
  'Z',
];

/** `<tag> <content>`: tags PyYAML knows and some it does not, on scalars, sequences, mappings and pair lists. */
function generatedNodes(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]): T => list[random.below(list.length)];
  const scalar = (): string => {
    let text = '';
    for (let i = 0, n = random.below(5); i < n; i++) text += pick(SCALAR_PIECES);
    return JSON.stringify(text);
  };
  const content = (): string => {
    switch (random.below(6)) {
      case 0:
        return `[${Array.from({ length: random.below(3) }, scalar).join(', ')}]`;
      case 1:
        return `{${Array.from({ length: random.below(3) }, (_, i) => `k${i}: ${random.below(2) ? 'null' : scalar()}`).join(', ')}}`;
      case 2:
        return `[${Array.from({ length: 1 + random.below(3) }, () => `${pick(['a', 'b'])}: ${scalar()}`).join(', ')}]`;
      default:
        return scalar();
    }
  };
  const nodes = new Set<string>();
  while (nodes.size < count) nodes.add(`${random.below(8) === 0 ? pick(ODD_TAGS) : pick(TAGS)} ${content()}`);
  return [...nodes];
}

// Python's values in JSON's terms, as wfe gives them: a set as its members (sorted here: a set has no order),
// tuples as lists, bytes as base64, dates as a mark (wfe keeps the text), infinities named.
const PYYAML_READS = `
import base64, datetime, json, math, sys, yaml
def plain(v):
    if isinstance(v, float) and (math.isinf(v) or math.isnan(v)):
        return {'float': repr(v)}
    if isinstance(v, (datetime.date, datetime.datetime)):
        return {'timestamp': True}
    if isinstance(v, bytes):
        return base64.b64encode(v).decode('ascii')
    if isinstance(v, (set, frozenset)):
        return {'set': sorted(plain(x) for x in v)}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, dict):
        return {k: plain(x) for k, x in v.items()}
    return v
out = []
for node in json.load(sys.stdin):
    try:
        out.append({'ok': plain(yaml.safe_load('v: ' + node + '\\n')['v'])})
    except Exception as e:
        out.append({'error': type(e).__name__})
json.dump(out, sys.stdout)
`;

/** wfe's value in the terms PYYAML_READS gives Python's. */
function comparable(node: string, value: unknown): unknown {
  if (node.startsWith('!!set ') && Array.isArray(value)) return { set: [...value].sort() };
  if (node.startsWith('!!timestamp ')) return { timestamp: true };
  if (typeof value === 'number' && !Number.isFinite(value)) return { float: Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf' };
  return value;
}

describe.skipIf(pyyamlMissing !== undefined)('against PyYAML', () => {
  it(`gives ${CASES} generated tagged nodes the verdict and value PyYAML gives (WFE_YAML_TAG_CASES, WFE_YAML_TAG_SEED)`, () => {
    console.log(`PyYAML comparison of explicit tags: WFE_YAML_TAG_SEED=${SEED} WFE_YAML_TAG_CASES=${CASES}`);
    const nodes = generatedNodes(CASES, SEED);
    const run = spawnSync('python3', ['-c', PYYAML_READS], { input: JSON.stringify(nodes), encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(run.status, run.stderr).toBe(0);
    const theirs = JSON.parse(run.stdout) as Array<{ ok?: unknown; error?: string }>;
    const refusals = theirs.filter((t) => t.error !== undefined).length;
    // The generator must reach both verdicts for the comparison to mean anything.
    expect(refusals).toBeGreaterThan(CASES / 10);
    expect(refusals).toBeLessThan(CASES - CASES / 10);
    const disagreements = nodes.flatMap((node, i) => {
      const ours = read(node);
      const reference = theirs[i];
      const agree =
        reference.error !== undefined
          ? 'refused' in ours
          : 'value' in ours && JSON.stringify(comparable(node, ours.value)) === JSON.stringify(reference.ok);
      return agree ? [] : [`${node}: wfe ${JSON.stringify(ours)}, PyYAML ${JSON.stringify(reference)}`];
    });
    expect(disagreements).toEqual([]);
  });
});
