// Numbers that JSON cannot hold, as YAML reads `.inf`, `-.inf` and `.nan`: found where they are, and named.
import { describe, expect, it } from 'vitest';
import { firstNonFinite, nonFiniteMessage } from '../src/util/non-finite.js';

describe('firstNonFinite', () => {
  it('finds nothing in finite numbers, strings and nulls', () => {
    expect(firstNonFinite({ a: [1, 1e308, -0, 'inf', null, { b: true }] })).toBeUndefined();
  });

  it('gives the first in document order, with its pointer escaped', () => {
    expect(firstNonFinite({ a: [1, { 'x/y~z': NaN }], b: Infinity })).toEqual({ pointer: '/a/1/x~1y~0z', number: NaN });
    expect(firstNonFinite([0, -Infinity])).toEqual({ pointer: '/1', number: -Infinity });
    expect(firstNonFinite(Infinity)).toEqual({ pointer: '', number: Infinity });
  });

  it('reads an own "__proto__" key as JSON.parse and YAML make it', () => {
    expect(firstNonFinite(JSON.parse('{"__proto__": {"deep": 1}}'))).toBeUndefined();
    const value = JSON.parse('{"__proto__": {"deep": 0}}') as { __proto__: { deep: number } };
    Object.getOwnPropertyDescriptor(value, '__proto__')!.value.deep = NaN;
    expect(firstNonFinite(value)).toEqual({ pointer: '/__proto__/deep', number: NaN });
  });
});

describe('nonFiniteMessage', () => {
  it('names the number as YAML writes it, and how to keep it', () => {
    expect(nonFiniteMessage({ pointer: '/x', number: Infinity })).toBe(
      '.inf (Infinity) has no JSON form, and a workflow file is JSON: write a finite number, or quote it to keep it as text',
    );
    expect(nonFiniteMessage({ pointer: '/x', number: -Infinity })).toMatch(/^-\.inf \(-Infinity\) /);
    expect(nonFiniteMessage({ pointer: '/x', number: NaN })).toMatch(/^\.nan \(NaN\) /);
  });
});
