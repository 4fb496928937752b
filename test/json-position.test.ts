import { describe, expect, it } from 'vitest';
import { parseJsonWithPosition } from '../src/util/json-position.js';

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
        expect(result.line, text).toBe(1);
        expect(result.column, text).toBe(column);
        expect(result.message.length, text).toBeGreaterThan(0);
      }
    }
  });

  it('counts lines and reports a readable reason', () => {
    const result = parseJsonWithPosition('{\n  "id": "x",\n  "name": \n}');
    expect(result).toMatchObject({ ok: false, line: 4, column: 1, message: 'value expected' });
  });
});
