import { constants } from 'node:buffer';

/**
 * The most bytes a file can have and still be read as one string: V8's longest string, about 512 MiB (a
 * UTF-8 file has no more characters than bytes). Reading a larger file fails only after allocating all of
 * it: a 3 GB file took 35 s and 4 GB of memory here before Node gave up, so larger files are refused by
 * their size, unread.
 */
export const MAX_TEXT_BYTES = constants.MAX_STRING_LENGTH;

export const tooLargeToRead = (size: number): string =>
  `${size} bytes, more than the ${Math.round(MAX_TEXT_BYTES / 2 ** 20)} MiB a text file can be read as`;

/**
 * A file found larger than MAX_TEXT_BYTES while it was being read: it grew after its size was taken (a log
 * appended to, a sparse file extended), or it is a pipe or device with no size to go by (`size` is then
 * undefined: what came so far says nothing of where it would end). Reading stops there instead of
 * filling the memory.
 */
export class TextTooLargeError extends RangeError {
  readonly code = 'ERR_FS_FILE_TOO_LARGE';
  constructor(readonly size?: number) {
    super(size === undefined ? `more than the ${Math.round(MAX_TEXT_BYTES / 2 ** 20)} MiB a text can be read as` : tooLargeToRead(size));
    this.name = 'TextTooLargeError';
  }
}
