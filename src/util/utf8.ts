import { isUtf8 } from 'node:buffer';
import { offsetToPosition } from './json-position.js';

/**
 * A file that is not UTF-8 (saved as Latin-1 or Windows-1252, or as UTF-16). Decoding it anyway would turn
 * each such byte into U+FFFD, and the next save would write that over the person's text.
 */
export class NotUtf8Error extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
  ) {
    super(
      `not UTF-8 (first at line ${line}, column ${column}): save the file as UTF-8; ` +
        'it looks like another encoding, such as Latin-1, Windows-1252 or UTF-16',
    );
    this.name = 'NotUtf8Error';
  }
}

/** The bytes as text; NotUtf8Error, with where the first bad byte is, when they are not UTF-8. */
export function utf8Text(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (isUtf8(bytes)) return text;
  const { line, column } = offsetToPosition(text, Math.max(0, text.indexOf('\uFFFD')));
  throw new NotUtf8Error(line, column);
}
