// YAML reads `.inf`, `-.inf` and `.nan` as numbers that JSON has no form for: JSON.stringify writes them as
// null, so a workflow written from such a value would lose them without a word.
import { escapePointer } from './json-pointer.js';
import { isRecord } from './narrow.js';

export interface NonFinite {
  pointer: string;
  number: number;
}

/** The first number in `value` (in document order) that JSON cannot hold (NaN, ±Infinity), and where it is. */
export function firstNonFinite(value: unknown): NonFinite | undefined {
  const stack: Array<{ value: unknown; pointer: string }> = [{ value, pointer: '' }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { value: current, pointer } = top;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { pointer, number: current };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], pointer: `${pointer}/${i}` });
    } else if (isRecord(current)) {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: current[keys[i]], pointer: `${pointer}/${escapePointer(keys[i])}` });
    }
  }
  return undefined;
}

/** What to say of such a number: what it was written as, and how to keep it. */
export function nonFiniteMessage({ number }: NonFinite): string {
  const written = Number.isNaN(number) ? '.nan' : number > 0 ? '.inf' : '-.inf';
  return `${written} (${String(number)}) has no JSON form, and a workflow file is JSON: write a finite number, or quote it to keep it as text`;
}
