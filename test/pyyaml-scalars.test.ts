// YAML read and written as PyYAML's safe loader (what pyagentspec uses) reads it: its plain scalars, the
// numbers wfe writes, and the characters its reader takes for line breaks. Checked against PyYAML itself,
// on seeded cases, where Python has it (WFE_YAML_CASES, WFE_YAML_SEED).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseText, toYaml } from '../src/agentspec/serialize.js';
import { numberFromEnv, seededRandom } from './support/seeded.js';
import { pyyamlMissing } from './support/pyyaml.js';

const readScalar = (plain: string): unknown => {
  const parsed = parseText(`v: ${plain}\n`, 'case.yaml');
  if (!parsed.ok) throw new Error(`${plain}: ${parsed.error.message}`);
  return (parsed.value as { v: unknown }).v;
};

describe('plain scalars, read as PyYAML 6 reads them', () => {
  it.each([
    // An exponent needs a dot before it and a sign after the e; without them the scalar is a string.
    ['e1', 'e1'],
    ['E5', 'E5'],
    ['1e3', '1e3'],
    ['12e+3', '12e+3'],
    ['1.0e3', '1.0e3'],
    ['1.0e+3', 1000],
    ['0.1e-2', 0.001],
    ['1.5E+2', 150],
    ['1.', 1],
    ['.5', 0.5],
    ['1:30.5', 90.5],
    ['.inf', Infinity],
    ['-.inf', -Infinity],
    ['.nan', Number.NaN],
    // Integers: octal by a leading 0, binary, hexadecimal, base 60, underscores.
    ['010', 8],
    ['09', '09'],
    ['0o17', '0o17'],
    ['0x1F', 31],
    ['0X1F', '0X1F'],
    ['0b101', 5],
    ['-0b11', -3],
    ['1_000', 1000],
    ['1:30', 90],
    ['+1', 1],
    ['-0', 0],
    // Booleans in three spellings each; `y` and `n` are strings.
    ['yes', true],
    ['On', true],
    ['OFF', false],
    ['y', 'y'],
    ['n', 'n'],
    ['null', null],
    ['~', null],
    ['x1', 'x1'],
  ])('%s', (plain, value) => {
    expect(readScalar(plain)).toEqual(value);
  });

  it('an integer of no digits is an error, as PyYAML cannot construct it', () => {
    const parsed = parseText('v: 0b_\n', 'case.yaml');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.message).toMatch(/0b_ is not an integer PyYAML can read/);
  });
});

describe('YAML too deep for the reader', () => {
  it('says so, with the limit JSON has, instead of a stack overflow', () => {
    // Past what V8's default stacks (under 1 MB in the main thread, 4 MB in a worker) let the reader recurse;
    // whether the reader runs out of stack first (Node 20) or the value's depth check finds it (Node 26, at
    // times), the message is the same.
    const depth = 5000;
    const parsed = parseText(`a: ${'['.repeat(depth)}${']'.repeat(depth)}\n`, 'deep.yaml');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.message).toBe('invalid YAML: nested deeper than the limit of 256 levels of arrays and objects');
  });
});

describe('YAML written for PyYAML', () => {
  it('writes numbers with an exponent with a dot, and quotes strings PyYAML or the YAML 1.1 specification would read as numbers', () => {
    const text = toYaml({ small: 1e-7, big: 1e21, tiny: 5e-324, negative: -2.5e-8, whole: 123, half: 1.5, exp: '1.0e+3', id: 'e1' });
    expect(text).toBe(
      [
        'small: 1.0e-7',
        'big: 1.0e+21',
        'tiny: 5.0e-324',
        'negative: -2.5e-8',
        'whole: 123',
        'half: 1.5',
        'exp: "1.0e+3"',
        'id: "e1"',
        '',
      ].join('\n'),
    );
  });

  it('escapes the characters PyYAML takes for line breaks or refuses, in keys too', () => {
    const value = { prompt: 'Be nice.\u2028Answer.', next: 'x\u0085y\u2029', ['del\x7f']: '\x9f\ufffe' };
    const text = toYaml(value);
    expect(text).toBe('prompt: "Be nice.\\LAnswer."\nnext: "x\\Ny\\P"\n"del\\x7f": "\\x9f\\ufffe"\n');
    const parsed = parseText(text, 'back.yaml');
    expect(parsed.ok && parsed.value).toEqual(value);
  });
});

describe('the stream, as PyYAML reads it', () => {
  it.each([
    ['%YAML 1.2\n---\nv: yes\n', { v: true }],
    ['%YAML 1.3\n---\nv: 010\n', { v: 8 }],
    ['%YAML 01.1\n---\nv: 1\n', { v: 1 }],
    ['v: 1\n...\n', { v: 1 }],
  ])('reads %j', (text, value) => {
    expect(parseText(text, 'case.yaml')).toEqual({ ok: true, value, format: 'yaml' });
  });

  it.each([
    [
      '%YAML 2.0\n---\nv: 1\n',
      'invalid YAML: %YAML 2.0 is not a version PyYAML reads (1.x), and pyagentspec refuses the file: remove the directive',
      1,
      1,
    ],
    [
      '# one\n%YAML 3\n---\nv: 1\n',
      'invalid YAML: %YAML 3 is not a version PyYAML reads (1.x), and pyagentspec refuses the file: remove the directive',
      2,
      1,
    ],
    ['v: 1\n---\nw: 2\n', 'invalid YAML: a second document starts here (---): an Agent Spec file holds one, and PyYAML refuses more', 2, 1],
  ])('refuses %j', (text, message, line, column) => {
    expect(parseText(text, 'case.yaml')).toEqual({ ok: false, error: { message, line, column } });
  });
});

// ---- against PyYAML itself ----

if (pyyamlMissing) console.warn(`the PyYAML comparison is skipped: ${pyyamlMissing}`);

const CASES = numberFromEnv('WFE_YAML_CASES', 300);
const SEED = numberFromEnv('WFE_YAML_SEED', Date.now() % 1_000_000);

/** Scalars made of the pieces numbers, booleans and their look-alikes are made of. */
function generatedScalars(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const pieces = ['0', '1', '7', '9', '_', '.', 'e', 'E', '+', '-', ':', '5', 'x', 'b', 'o', 'inf', 'nan', 'a', 'F', 'yes', 'n', 'null'];
  const scalars = new Set<string>();
  while (scalars.size < count) {
    let scalar = '';
    for (let i = 0, n = 1 + random.below(6); i < n; i++) scalar += pieces[random.below(pieces.length)];
    // Only what stays a plain scalar after `v: ` (no indicator first, no `: ` or ` #` inside).
    if (!/^[-?:]$|^[-?:]\s|:$|^[\s#]/.test(scalar)) scalars.add(scalar);
  }
  return [...scalars];
}

/** Values for the writer: numbers of every size, and strings that look like numbers or hold odd characters. */
function generatedValues(count: number, seed: number, scalars: string[]): unknown[] {
  const random = seededRandom(seed + 1);
  const odd = ['\u2028', '\u2029', '\u0085', '\x7f', '\x9f', '\u00a0', '\ufffe', '\t', '\n', '#', ': ', '"', "'", '<<', '='];
  const values: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const kind = random.below(3);
    if (kind === 0) values.push(Number(((random.next() - 0.5) * 10 ** (random.below(50) - 25)).toPrecision(1 + random.below(17))));
    else if (kind === 1) values.push(scalars[random.below(scalars.length)]);
    else values.push(`a${odd[random.below(odd.length)]}b${odd[random.below(odd.length)]}`);
  }
  return values;
}

const PYYAML_READS = `
import json, math, sys, yaml
def plain(v):
    if isinstance(v, float) and (math.isinf(v) or math.isnan(v)):
        return {'float': repr(v)}
    return v
cases = json.load(sys.stdin)
out = {'scalars': [], 'written': None}
for s in cases['scalars']:
    try:
        out['scalars'].append({'ok': plain(yaml.safe_load('v: ' + s + '\\n')['v'])})
    except Exception as e:
        out['scalars'].append({'error': type(e).__name__})
out['written'] = [plain(v) for v in yaml.safe_load(cases['written'])]
json.dump(out, sys.stdout)
`;

/** How a value is compared across the two languages: JSON has no infinities, so they are named. */
const comparable = (value: unknown): unknown =>
  typeof value === 'number' && !Number.isFinite(value) ? { float: Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf' } : value;

describe.skipIf(pyyamlMissing !== undefined)('against PyYAML', () => {
  it(`reads ${CASES} generated plain scalars as it does, and writes values it reads back the same (WFE_YAML_CASES, WFE_YAML_SEED)`, () => {
    console.log(`PyYAML comparison: WFE_YAML_SEED=${SEED} WFE_YAML_CASES=${CASES}`);
    const scalars = generatedScalars(CASES, SEED);
    const values = generatedValues(CASES, SEED, scalars);
    const run = spawnSync('python3', ['-c', PYYAML_READS], {
      input: JSON.stringify({ scalars, written: toYaml(values) }),
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(run.status, run.stderr).toBe(0);
    const theirs = JSON.parse(run.stdout) as { scalars: Array<{ ok?: unknown; error?: string }>; written: unknown[] };
    const disagreements = scalars.flatMap((scalar, i) => {
      const parsed = parseText(`v: ${scalar}\n`, 'case.yaml');
      const ours = parsed.ok ? { ok: comparable((parsed.value as { v: unknown }).v) } : { error: 'refused' };
      const reference = theirs.scalars[i];
      const agree = reference.error !== undefined ? ours.error !== undefined : ours.ok !== undefined && sameValue(ours.ok, reference.ok);
      return agree ? [] : [`${JSON.stringify(scalar)}: wfe ${JSON.stringify(ours)}, PyYAML ${JSON.stringify(reference)}`];
    });
    expect(disagreements).toEqual([]);
    expect(theirs.written.map((v, i) => (sameValue(v, comparable(values[i])) ? [] : [values[i], v])).flat()).toEqual([]);
  });
});

/** Equal as JSON values, numbers by value (PyYAML's 1000.0 is 1000). */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}
