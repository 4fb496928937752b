// PyYAML's safe constructors of numbers, timestamps and binary data, as Python runs them: what a text reads as
// under PyYAML's int, float, timestamp and binary tags, or undefined where PyYAML fails. The plain scalars
// (pyyaml-scalars.ts) and the explicitly tagged ones (pyyaml-explicit-tags.ts) are both read by these.

/** The sign PyYAML's number constructors take off first (one of them; Python's int() and float() take another). */
function unsigned(text: string): { sign: number; rest: string } {
  const sign = text.startsWith('-') ? -1 : 1;
  return { sign, rest: text.startsWith('-') || text.startsWith('+') ? text.slice(1) : text };
}

const DIGITS: Record<number, RegExp> = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-f]+$/i };
const PREFIX: Record<number, RegExp> = { 2: /^0b/i, 8: /^0o/i, 10: /^$/, 16: /^0x/i };

/** Python's int(text, base): spaces around, a sign, the base's prefix where it has one, then its digits. */
function pythonInt(text: string, base: number): number | undefined {
  const { sign, rest } = unsigned(text.trim());
  const digits = rest.replace(PREFIX[base], '');
  return DIGITS[base].test(digits) ? sign * parseInt(digits, base) : undefined;
}

/** PyYAML's construct_yaml_int. */
export function pyyamlInt(source: string): number | undefined {
  const plain = source.replaceAll('_', '');
  if (plain === '') return undefined;
  const { sign, rest } = unsigned(plain);
  const scaled = (value: number | undefined) => (value === undefined ? undefined : sign * value);
  if (rest === '0') return 0;
  if (rest.startsWith('0b')) return scaled(pythonInt(rest.slice(2), 2));
  if (rest.startsWith('0x')) return scaled(pythonInt(rest.slice(2), 16));
  if (rest.startsWith('0')) return scaled(pythonInt(rest, 8));
  if (rest.includes(':')) return scaled(baseSixty(rest, (part) => pythonInt(part, 10)));
  return scaled(pythonInt(rest, 10));
}

/** Python's float(text), of a text already in lower case. */
function pythonFloat(text: string): number | undefined {
  const { sign, rest } = unsigned(text.trim());
  if (rest === 'inf' || rest === 'infinity') return sign * Infinity;
  if (rest === 'nan') return Number.NaN;
  return /^(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[-+]?[0-9]+)?$/.test(rest) ? sign * Number(rest) : undefined;
}

/** PyYAML's construct_yaml_float. */
export function pyyamlFloat(source: string): number | undefined {
  const lower = source.replaceAll('_', '').toLowerCase();
  if (lower === '') return undefined;
  const { sign, rest } = unsigned(lower);
  if (rest === '.inf') return sign * Infinity;
  if (rest === '.nan') return Number.NaN;
  const value = rest.includes(':') ? baseSixty(rest, pythonFloat) : pythonFloat(rest);
  return value === undefined ? undefined : sign * value;
}

function baseSixty(text: string, part: (text: string) => number | undefined): number | undefined {
  let value = 0;
  for (const piece of text.split(':')) {
    const read = part(piece);
    if (read === undefined) return undefined;
    value = value * 60 + read;
  }
  return value;
}

// PyYAML's constructor pattern: wider than its resolver's (a date may have one-digit months and days). Python's
// `$` also matches before a last line break.
const TIMESTAMP =
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:[Tt]|[ \t]+)([0-9]{1,2}):([0-9]{2}):([0-9]{2})(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+]([0-9]{1,2})(?::([0-9]{2}))?))?)?\n?$/;

/** Whether Python's date or datetime takes the text (a real day of a real month, a time within the day). */
export function validTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, zoneHours, zoneMinutes] = match.slice(1).map((part) => Number(part ?? 0));
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !leapYear(year) ? 1 : 0);
  // A zone is a timedelta, which Python's timezone takes only under a day.
  return day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && zoneHours * 60 + zoneMinutes < 24 * 60;
}

const leapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const BASE64_ALPHABET = /[A-Za-z0-9+/]/;

/**
 * The base64 text of what Python's base64.decodebytes reads from `text`, or undefined where it fails: text
 * that is not ASCII, or data that ends inside a group of four. What is outside the alphabet is skipped, and
 * padding that completes a group ends the data; padding that does not is skipped too.
 */
export function base64Text(text: string): string | undefined {
  // ASCII only: PyYAML encodes the text as ASCII first.
  if (/[^\x00-\x7f]/.test(text)) return undefined;
  let data = '';
  let inGroup = 0;
  let pads = 0;
  for (const char of text) {
    if (char === '=') {
      if (inGroup >= 2 && inGroup + ++pads >= 4) return Buffer.from(data, 'base64').toString('base64');
      continue;
    }
    if (!BASE64_ALPHABET.test(char)) continue;
    pads = 0;
    data += char;
    inGroup = (inGroup + 1) % 4;
  }
  return inGroup === 0 ? Buffer.from(data, 'base64').toString('base64') : undefined;
}
