// --concurrency <n|auto|off> as validate, export and import define it.
import { InvalidArgumentError } from './commander.js';
import type { Concurrency } from './concurrency.js';
import { wholeNumber } from './whole-number.js';

export const CONCURRENCY_HELP =
  'worker threads: a number, auto (one per core when there are enough inputs to pay for starting them) or off (default: off, the main thread)';

export function parseConcurrency(value: string): Concurrency {
  if (value === 'auto' || value === 'off') return value;
  const n = wholeNumber(value);
  if (n === undefined || n < 1) throw new InvalidArgumentError('must be a whole number of threads (1 or more), auto or off.');
  return n;
}
