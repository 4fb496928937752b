// A JSON number as the file wrote it, for the numbers a double cannot stand for: JSON.parse reads
// 9007199254740993 as 9007199254740992, and two different 20-digit ids as the same double.

const NUMBER_LITERAL = /^(-?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * The value of a number literal spelled one way, whatever the spelling: significant digits and a power of ten
 * (`1.50e3` and `1500` are both `15e2`, `-0` and `0.0` both `0`). Exact for any literal: the exponent is a BigInt.
 */
function decimalValue(literal: string): string {
  const match = NUMBER_LITERAL.exec(literal);
  if (!match) return literal;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  let first = 0;
  while (first < digits.length && digits[first] === '0') first++;
  if (first === digits.length) return '0';
  let end = digits.length;
  while (digits[end - 1] === '0') end--;
  const power = BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - end);
  return `${sign}${digits.slice(first, end)}e${power}`;
}

// More than 15 digits (a double holds any 15), or an exponent of three digits (doubles end near 1e-324 and 1e308).
const LONG_LITERAL = /(?:\d\.?){16}|[eE][+-]?\d{3}/;

/** Whether a double may not stand for `literal`: for any other literal, one does (the cheap test before doubleStandsFor). */
export const mayNeedExact = (literal: string): boolean => LONG_LITERAL.test(literal);

/**
 * Whether the double JSON.parse makes of `literal` stands for it: written back, it has the literal's value.
 * Two literals of different values that both pass never share a double, so comparing the doubles is enough.
 */
export const doubleStandsFor = (literal: string): boolean => decimalValue(String(Number(literal))) === decimalValue(literal);

let written = 0;

/** How many ExactNumbers JSON.stringify has written so far (as their doubles): jsonText's sign to write them itself. */
export const exactNumbersWritten = (): number => written;

/** A number whose literal no double stands for: shown as written, compared by its value. */
export class ExactNumber {
  /** As the file wrote it, a JSON number. */
  readonly literal: string;
  /** Its value spelled one way (decimalValue): equal for equal values, whatever the spelling. */
  readonly value: string;
  /** What JSON.parse made of it. */
  readonly double: number;

  constructor(literal: string) {
    this.literal = literal;
    this.value = decimalValue(literal);
    this.double = Number(literal);
  }

  /** JSON.stringify writes the double, the closest it can; jsonText writes the literal. */
  toJSON(): number {
    written++;
    return this.double;
  }
}
