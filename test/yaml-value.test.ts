// YAML documents that could take a reader down, in process: refused with a reason, not followed for ever.
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { yamlValue } from '../src/util/yaml-value.js';

const valueOf = (text: string) => yamlValue(parseDocument(text));

describe('yamlValue', () => {
  it('refuses an alias that contains itself, which has no end', () => {
    expect(valueOf('a: &a [*a]\n')).toEqual({
      ok: false,
      message: 'an alias contains itself (as in `a: &a [*a]`): its value would never end; write it out instead',
    });
  });

  it('refuses nesting past 256 levels, and takes 256', () => {
    const nested = (levels: number) => `${'- '.repeat(levels)}x\n`;
    expect(valueOf(nested(257))).toEqual({ ok: false, message: 'nested deeper than the limit of 256 levels of arrays and objects' });
    expect(valueOf(nested(255))).toMatchObject({ ok: true });
  });

  it('refuses aliases that expand exponentially (a billion laughs)', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
    ];
    const read = valueOf(bomb.join('\n') + '\n');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^aliases expand too far \(Excessive alias count/);
  });

  it('takes a file of 300 entries that share one alias (more than the yaml package allows by default)', () => {
    const entries = ['- id: n0', '  inputs: &in [{ id: t, type: input }]'];
    for (let i = 1; i < 300; i++) entries.push(`- id: n${i}`, '  inputs: *in');
    const read = valueOf(entries.join('\n') + '\n');
    expect(read.ok && Array.isArray(read.value) && read.value.length).toBe(300);
  });
});
