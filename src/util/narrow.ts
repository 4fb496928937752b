// Narrowing values the compiler cannot know the type of (caught errors, parsed JSON, a query parameter),
// so code states what it checks instead of asserting a type.
import type { Readable } from 'node:stream';

/** A plain JSON-like object: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` is one of `allowed` (a list of string literals), narrowed to that union. */
export const isOneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T => allowed.some((a) => a === value);

/** The message of a caught error (anything thrown): an Error's message, or the value as a string. */
export const errorMessage = (err: unknown): string => (isRecord(err) && typeof err.message === 'string' ? err.message : String(err));

/** The `code` of a caught error: Node's errno name (ENOENT…), or another library's error code; undefined when none. */
export const errnoCode = (err: unknown): string | undefined => (isRecord(err) && typeof err.code === 'string' ? err.code : undefined);

/** The chunks of a byte stream (one without an encoding set, such as a request or stdin): Node types them `any`. */
export const byteChunks = (stream: Readable): AsyncIterable<Buffer> => stream;

/** The value a map holds for a key the caller put there itself; a missing one is a bug, and says which key. */
export function entryOf<K, V>(map: ReadonlyMap<K, V>, key: K, what = 'entry'): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no ${what} for ${String(key)}`);
  return value;
}
