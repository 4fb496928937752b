import { describe, expect, it } from 'vitest';
import { ExpressionError, evaluateExpression } from '../src/engine/expression.js';

const scope = {
  value: 'billing',
  status: 200,
  order: { total: 120.5, items: [{ sku: 'a' }, { sku: 'b' }], tags: ['vip'] },
  empty: '',
  n: null,
};

describe('evaluateExpression', () => {
  it('compares, combines and reads properties', () => {
    const cases: Array<[string, unknown]> = [
      ["value === 'billing'", true],
      ['value === "technical"', false],
      ['status == "200"', true],
      ['status != 200', false],
      ['order.total > 100 && order.total <= 200', true],
      ['!(status >= 300) || false', true],
      ['order.items[1].sku', 'b'],
      ["order['total'] * 2 + 1", 242],
      ['order.items.length', 2],
      ['order.tags.includes("vip")', true],
      ["value.startsWith('bill') ? 'yes' : 'no'", 'yes'],
      ['missing.deep.path', undefined],
      ['n ?? "fallback"', 'fallback'],
      ['-status + 10 % 3', -199],
      ['1 + 2 * 3 - 4 / 2', 5],
      ['empty || "none"', 'none'],
    ];
    for (const [source, expected] of cases) expect(evaluateExpression(source, scope), source).toEqual(expected);
  });

  it('never reaches prototypes, constructors or globals', () => {
    expect(evaluateExpression('value.constructor', scope)).toBeUndefined();
    expect(evaluateExpression('order.__proto__', scope)).toBeUndefined();
    expect(evaluateExpression('process', scope)).toBeUndefined();
    expect(evaluateExpression('globalThis', scope)).toBeUndefined();
    expect(() => evaluateExpression('order.toString()', scope)).toThrow(ExpressionError);
    expect(() => evaluateExpression('value.constructor("x")', scope)).toThrow(ExpressionError);
  });

  it('reports syntax errors with the column', () => {
    expect(() => evaluateExpression('value === ', scope)).toThrow(/unexpected end at column 11/);
    expect(() => evaluateExpression("value === 'x", scope)).toThrow(/unterminated string/);
    expect(() => evaluateExpression('value @ 1', scope)).toThrow(/unexpected character '@' at column 7/);
    expect(() => evaluateExpression('(1 + 2', scope)).toThrow(/expected '\)'/);
  });

  it('refuses what would overflow the stack by its depth or length, saying which, and takes what is merely long', () => {
    const deep = `${'('.repeat(2_000)}1${')'.repeat(2_000)}`;
    expect(() => evaluateExpression(deep, scope)).toThrow(/^nested more than 256 levels deep at column 257 of/);
    expect(() => evaluateExpression(`${'!'.repeat(300)}true`, scope)).toThrow(/^nested more than 256 levels deep at column 257 of/);
    const chain = Array.from({ length: 10_000 }, () => '1').join(' + ');
    expect(() => evaluateExpression(chain, scope)).toThrow(/^longer than 4096 tokens \(19999\) in `1 \+ 1/);
    expect(
      evaluateExpression(`${'('.repeat(200)}status${')'.repeat(200)} + ${Array.from({ length: 1_000 }, () => '1').join(' + ')}`, scope),
    ).toBe(1_200);
  });
});

describe('functions', () => {
  it('calls only the functions it is given', () => {
    expect(evaluateExpression('Number(order.total) + 1', scope)).toBe(121.5);
    expect(evaluateExpression('round(order.total)', scope)).toBe(121);
    expect(() => evaluateExpression('require("fs")', scope)).toThrow(/unknown function 'require'/);
    const seen = new Set<unknown>();
    const firstOccurrence = (key: unknown) => !seen.has(key) && Boolean(seen.add(key));
    expect(evaluateExpression('firstOccurrence(value)', scope, { firstOccurrence })).toBe(true);
    expect(evaluateExpression('firstOccurrence(value)', scope, { firstOccurrence })).toBe(false);
  });
});
