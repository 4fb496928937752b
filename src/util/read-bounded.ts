// The one way a whole file, pipe or stream is read into memory: never more than MAX_TEXT_BYTES and one byte,
// whatever it turns out to hold.
import * as fs from 'node:fs';
import * as fsCalls from './fs-calls.js';
import { MAX_TEXT_BYTES, TextTooLargeError } from './text-limit.js';

/**
 * The policy, the same for every reader of a file (the store, the CLI's inputs):
 * - A regular file is read from its start into a buffer one byte longer than the size a stat gave. A read
 *   that comes back short is the end of the file: no further read to find the end, which readFileSync makes.
 *   A file that shrank since its size was taken is what was read.
 * - A full buffer means the file grew since: its size is taken again and it is read on, to its end. A file
 *   that grew past MAX_TEXT_BYTES while it was read is refused as too large (TextTooLargeError with its new
 *   size), found by that stat before the buffer grows, so at most MAX_TEXT_BYTES + 1 bytes are ever read.
 * - A file larger than MAX_TEXT_BYTES when its size is first taken is refused unread: reading it first took
 *   35 s and 4 GB for a 3 GB file before Node gave up.
 * - A pipe or device (`<(…)`, /dev/stdin, /dev/zero) has no size to go by: it is read to its end, and refused
 *   (TextTooLargeError without a size) once more than MAX_TEXT_BYTES came.
 */

/** The calls a bounded read makes on an open file: node:fs's, or a test's that change the file between them. */
export interface ReadCalls {
  readSync(fd: number, buffer: Buffer, offset: number, length: number, position: number | null): number;
  fstatSync(fd: number): OpenFileStats;
  read(fd: number, buffer: Buffer, offset: number, length: number, position: number | null): Promise<{ bytesRead: number }>;
  fstat(fd: number): Promise<OpenFileStats>;
}

interface OpenFileStats {
  size: number;
  isFile(): boolean;
}

export const nodeReadCalls: ReadCalls = {
  readSync: (fd, buffer, offset, length, position) => fs.readSync(fd, buffer, offset, length, position),
  fstatSync: (fd) => fs.fstatSync(fd),
  read: (fd, buffer, offset, length, position) => fsCalls.read(fd, buffer, offset, length, position),
  fstat: (fd) => fsCalls.fstat(fd),
};

const STREAM_CHUNK_BYTES = 64 * 1024;
const LARGEST_STREAM_CHUNK_BYTES = 16 * 1024 * 1024;

/** A read under way: the buffer, how much of it is filled, and where the next read goes. */
class Filling {
  /** A regular file, read at its offsets; otherwise a pipe or device, read where it is. */
  readonly regular: boolean;
  private buffer: Buffer;
  private length = 0;
  /**
   * A pipe's buffers filled so far, kept as they are and joined once at its end: copying them into ever larger
   * buffers took a second and twice the memory to refuse an endless device at the size limit.
   */
  private readonly earlier: Buffer[] = [];
  private earlierLength = 0;

  /** `size` is the file's size as a stat gave it; undefined for a pipe or device. */
  constructor(size: number | undefined) {
    if (size !== undefined && size > MAX_TEXT_BYTES) throw new TextTooLargeError(size);
    this.regular = size !== undefined;
    this.buffer = Buffer.allocUnsafe(size === undefined ? STREAM_CHUNK_BYTES : size + 1);
  }

  /** Where the next read goes. */
  get target(): { buffer: Buffer; offset: number; length: number; position: number | null } {
    const { buffer, length } = this;
    return { buffer, offset: length, length: buffer.length - length, position: this.regular ? length : null };
  }

  /** Counts `got` bytes just read: all the bytes, when that was the end; undefined while there is more. */
  took(got: number): Buffer | undefined {
    this.length += got;
    const end = got === 0 || (this.regular && this.length < this.buffer.length);
    if (!end) return undefined;
    const last = this.buffer.subarray(0, this.length);
    return this.earlier.length === 0 ? last : Buffer.concat([...this.earlier, last], this.earlierLength + this.length);
  }

  get full(): boolean {
    return this.length === this.buffer.length;
  }

  /** Room for what is still to come; `size` is a regular file's size now. */
  grow(size = 0): void {
    const read = this.earlierLength + this.length;
    if (read > MAX_TEXT_BYTES || size > MAX_TEXT_BYTES) throw new TextTooLargeError(this.regular ? Math.max(size, read) : undefined);
    if (this.regular) {
      const larger = Buffer.allocUnsafe(Math.min(Math.max(size + 1, this.buffer.length * 2), MAX_TEXT_BYTES + 1));
      this.buffer.copy(larger, 0, 0, this.length);
      this.buffer = larger;
      return;
    }
    this.earlier.push(this.buffer);
    this.earlierLength = read;
    // At most MAX_TEXT_BYTES + 1 bytes in all: one past the limit is enough to refuse.
    this.buffer = Buffer.allocUnsafe(Math.min(this.buffer.length * 2, LARGEST_STREAM_CHUNK_BYTES, MAX_TEXT_BYTES + 1 - read));
    this.length = 0;
  }
}

const sizeOf = (stats: OpenFileStats): number | undefined => (stats.isFile() ? stats.size : undefined);

/**
 * The whole of an open file, by the policy above. `size` is what a stat of a regular file gave a moment ago;
 * without it the file is stat'd first, and a pipe or device is read to its end.
 */
export function readOpenFileSync(fd: number, size?: number, calls: ReadCalls = nodeReadCalls): Buffer {
  const filling = new Filling(size ?? sizeOf(calls.fstatSync(fd)));
  for (;;) {
    const { buffer, offset, length, position } = filling.target;
    const done = filling.took(calls.readSync(fd, buffer, offset, length, position));
    if (done) return done;
    if (filling.full) filling.grow(filling.regular ? calls.fstatSync(fd).size : undefined);
  }
}

/** readOpenFileSync in the thread pool: the event loop goes on meanwhile. */
export async function readOpenFile(fd: number, size?: number, calls: ReadCalls = nodeReadCalls): Promise<Buffer> {
  const filling = new Filling(size ?? sizeOf(await calls.fstat(fd)));
  for (;;) {
    const { buffer, offset, length, position } = filling.target;
    const done = filling.took((await calls.read(fd, buffer, offset, length, position)).bytesRead);
    if (done) return done;
    if (filling.full) filling.grow(filling.regular ? (await calls.fstat(fd)).size : undefined);
  }
}

/** A file by one open, read and close (readFileSync after a stat looks the path up twice). */
export function readFileBoundedSync(path: string, calls: ReadCalls = nodeReadCalls): Buffer {
  const fd = fs.openSync(path, 'r');
  try {
    return readOpenFileSync(fd, undefined, calls);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A file by one open, read and close (an fstat first when no size is known), the close not waited for:
 * fs.promises.readFile also stats, reads once more to find the end and waits for the close, up to three more
 * thread-pool round trips. `sizeHint` is a regular file's size as a stat gave it a moment ago.
 */
export async function readFileBounded(path: string, sizeHint?: number, calls: ReadCalls = nodeReadCalls): Promise<Buffer> {
  const fd = await fsCalls.open(path, 'r');
  try {
    return await readOpenFile(fd, sizeHint, calls);
  } finally {
    fsCalls.close(fd).catch(() => {});
  }
}

/** Every chunk of a stream (stdin), joined; refused as soon as more than MAX_TEXT_BYTES came, instead of filling the memory. */
export async function readStreamBounded(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const collected: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    collected.push(chunk);
    total += chunk.length;
    if (total > MAX_TEXT_BYTES) throw new TextTooLargeError();
  }
  return Buffer.concat(collected, total);
}
