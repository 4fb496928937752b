// Many thousands of comparisons in one test: an expect() per pair costs vitest about 10 µs of bookkeeping
// (250,000 of them were 4 s of the suite), so these are collected and the list is expected to be empty.

/** Records every label whose actual value is not the expected one (Object.is: the same object, not a copy). */
export function mismatches() {
  const found: string[] = [];
  return {
    found,
    same(label: string, actual: unknown, expected: unknown): boolean {
      if (Object.is(actual, expected)) return true;
      found.push(`${label}: got ${describe(actual)}, expected ${describe(expected)}`);
      return false;
    },
    /** A line that matches the pattern; else the line is recorded. */
    matches(label: string, text: string, pattern: RegExp): boolean {
      if (pattern.test(text)) return true;
      found.push(`${label}: ${JSON.stringify(text)} does not match ${pattern}`);
      return false;
    },
  };
}

function describe(value: unknown): string {
  if (value !== null && typeof value === 'object') return 'id' in value ? `object with id ${JSON.stringify(value.id)}` : 'an object';
  return JSON.stringify(value) ?? String(value);
}
