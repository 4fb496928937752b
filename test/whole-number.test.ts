// The whole numbers that flags take (--max-warnings, --port, --step-delay, --max-steps, --concurrency).
import { describe, expect, it } from 'vitest';
import { wholeNumber } from '../src/cli/whole-number.js';

describe('wholeNumber', () => {
  it('reads digits', () => {
    expect(['0', '7', '0010', '65535', String(Number.MAX_SAFE_INTEGER)].map(wholeNumber)).toEqual([
      0,
      7,
      10,
      65535,
      Number.MAX_SAFE_INTEGER,
    ]);
  });

  it('refuses what Number() would read as a number: empty, spaces, signs, hex, exponents, fractions, past 2^53', () => {
    const refused = ['', ' ', ' 7', '7 ', '+7', '-1', '0x10', '1e3', '1.5', '1.0', 'Infinity', '9007199254740993'];
    expect(refused.map(wholeNumber)).toEqual(refused.map(() => undefined));
  });
});
