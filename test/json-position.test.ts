import { describe, expect, it } from 'vitest';
import { depthExceededAt, MAX_JSON_DEPTH, parseJsonWithPosition, valueDeeperThan } from '../src/util/json-position.js';

describe('parseJsonWithPosition', () => {
  it('parses valid JSON and points at the first bad character of broken JSON', () => {
    const cases: Array<[string, number | undefined]> = [
      ['{"a": [1, 2.5e3, -0, true, null, "x\\u00e9\\n"]}', undefined],
      ['\ufeff  {"a": {}}  ', undefined],
      ['{"a": ,}', 7],
      ['{"a": 1,}', 9],
      ['{"a" 1}', 6],
      ["{'a': 1}", 2],
      ['{} {}', 4],
      ['', 1],
    ];
    for (const [text, column] of cases) {
      const result = parseJsonWithPosition(text);
      expect(result.ok, text).toBe(column === undefined);
      if (!result.ok) {
        expect(result.error.line, text).toBe(1);
        expect(result.error.column, text).toBe(column);
        expect(result.error.message.length, text).toBeGreaterThan(0);
      }
    }
  });

  it('counts lines and reports a readable reason', () => {
    const result = parseJsonWithPosition('{\n  "id": "x",\n  "name": \n}');
    expect(result).toMatchObject({ ok: false, error: { line: 4, column: 1, message: 'value expected' } });
  });
});

/** The depth scan as plainly as it can be written: character by character, tracking strings. */
function depthByEveryCharacter(text: string, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > limit) return i;
    } else if (c === ']' || c === '}') depth--;
  }
  return -1;
}

describe('parseJsonWithPosition refuses numbers a double cannot hold', () => {
  it('points at the first one, and parses the largest a double holds, the same digits in a string, and 1e-400', () => {
    expect(parseJsonWithPosition('{"a": "1e400", "b": [1.7e308, -1e-400, 1E+300]}')).toEqual({
      ok: true,
      value: { a: '1e400', b: [1.7e308, -0, 1e300] },
    });
    expect(parseJsonWithPosition('{\n  "x": -2E+308,\n  "y": 1e999\n}')).toEqual({
      ok: false,
      error: {
        message: 'number -2E+308 is out of range (a JSON number here is at most about 1.8e308): write it as a string',
        line: 2,
        column: 8,
      },
    });
    const digits = '9'.repeat(400);
    const refused = parseJsonWithPosition(`[${digits}]`);
    expect(!refused.ok && refused.error.message).toBe(
      `number ${'9'.repeat(20)}… is out of range (a JSON number here is at most about 1.8e308): write it as a string`,
    );
  });
});

describe('depthExceededAt', () => {
  it('finds where nesting first goes too deep, skipping brackets and escaped quotes inside strings', () => {
    expect(depthExceededAt('['.repeat(9) + ']'.repeat(9), 8)).toBe(8);
    expect(depthExceededAt('{"a":' + '['.repeat(8) + ']'.repeat(8) + '}', 8)).toBe(12);
    // Brackets in strings do not count, whatever escapes come before the closing quote.
    expect(depthExceededAt('["[[[[[[[[[[", "\\\\", "\\"[[[[[[[[[["]', 8)).toBe(-1);
    // An escaped backslash right before the quote: the quote closes the string.
    expect(depthExceededAt('["\\\\"' + '['.repeat(8) + ']'.repeat(8) + ']', 8)).toBe(12);
    // An unterminated string ends the scan: the parser reports it.
    expect(depthExceededAt('["' + '['.repeat(20), 8)).toBe(-1);
  });

  it('agrees with a character-by-character scan on generated texts', () => {
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pieces = ['[', '{', ']', '}', '"', '\\', '\\"', '"a"', ',', ':', 'x', ' ', '\n', 'é'];
    let deepFound = 0;
    for (let round = 0; round < 2000; round++) {
      let text = '';
      const length = 20 + random(400);
      // Mostly openings early on, so some texts go deeper than the limit.
      while (text.length < length) text += pieces[random(text.length < length / 2 ? 6 : pieces.length)];
      const limit = 3 + random(12);
      const expected = depthByEveryCharacter(text, limit);
      expect(depthExceededAt(text, limit), JSON.stringify(text)).toBe(expected);
      if (expected >= 0) deepFound++;
    }
    // Both outcomes must be exercised, or the comparison proves little.
    expect(deepFound).toBeGreaterThan(100);
    expect(deepFound).toBeLessThan(1900);
  });
});

describe('parseJsonWithPosition refuses nesting past the limit', () => {
  const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const nestedObjects = (depth: number, key = 'a') => `{"${key}":`.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

  it('parses nesting right at the limit, and refuses one level more where it begins, for arrays, objects and "__proto__"', () => {
    for (const make of [nestedArrays, nestedObjects, (d: number) => nestedObjects(d, '__proto__')]) {
      expect(parseJsonWithPosition(make(MAX_JSON_DEPTH)).ok).toBe(true);
      const refused = parseJsonWithPosition(make(MAX_JSON_DEPTH + 1));
      expect(refused).toMatchObject({ ok: false, error: { depthLimit: MAX_JSON_DEPTH, line: 1 } });
      if (!refused.ok) expect(refused.error.column).toBe(depthExceededAt(make(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH) + 1);
    }
  });

  // Far deeper than recursion gets: in these test threads (4 MB of stack) a recursive walk overflows before 16,000 levels.
  it('refuses 100,000 levels, valid or cut short, without overflowing the stack', () => {
    for (const text of [nestedArrays(100_000), '['.repeat(100_000), `{"x":${nestedObjects(100_000)}`]) {
      const result = parseJsonWithPosition(text);
      expect(result).toMatchObject({ ok: false, error: { depthLimit: MAX_JSON_DEPTH, line: 1 } });
      if (!result.ok) expect(result.error.column).toBe(depthExceededAt(text, MAX_JSON_DEPTH) + 1);
    }
  });

  it('judges a parsed value as the text scan judges its text, on generated documents', () => {
    let seed = 777;
    // The high bits: a power-of-two modulus leaves the low bits of this generator a short cycle.
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 2 ** 16) % n;
    };
    const valueOf = (depth: number): unknown => {
      const kind = random(depth > 10 ? 3 : 8);
      if (kind === 0) return random(100);
      if (kind === 1) return '[{"x"}]';
      if (kind === 2) return null;
      if (kind < 5) return Array.from({ length: 1 + random(3) }, () => valueOf(depth + 1));
      // Own properties, "__proto__" included (an assignment would set the prototype instead).
      const object = {};
      for (let i = random(3); i >= 0; i--)
        Object.defineProperty(object, ['a', '__proto__', 'b['][random(3)], {
          value: valueOf(depth + 1),
          enumerable: true,
          configurable: true,
        });
      return object;
    };
    let deeper = 0;
    for (let round = 0; round < 500; round++) {
      const text = JSON.stringify(valueOf(0));
      const limit = 2 + random(8);
      const byText = depthExceededAt(text, limit) >= 0;
      expect(valueDeeperThan(JSON.parse(text), limit), text).toBe(byText);
      if (byText) deeper++;
    }
    expect(deeper).toBeGreaterThan(50);
    expect(deeper).toBeLessThan(450);
  });
});
