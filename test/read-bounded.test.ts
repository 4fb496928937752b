// The one bounded reader (util/read-bounded.ts), on real files: read whole whatever size a stat gave a moment
// before; a file that grows while it is read is read to its end, or refused once it is past the limit; one
// that shrinks is what was read; a pipe is read to its end; a stream past the limit is refused as it comes.
import { execFileSync } from 'node:child_process';
import { appendFileSync, closeSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  nodeReadCalls,
  readFileBounded,
  readFileBoundedSync,
  readOpenFile,
  readOpenFileSync,
  readStreamBounded,
  type ReadCalls,
} from '../src/util/read-bounded.js';
import { MAX_TEXT_BYTES, TextTooLargeError } from '../src/util/text-limit.js';

const dir = mkdtempSync(join(tmpdir(), 'wfe-read-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HUGE = 600 * 2 ** 20;

/** node:fs's calls, with `between` run after the first read (sync or async) returns: the file changes mid-read. */
function changingAfterFirstRead(between: () => void): ReadCalls & { bytesRead(): number } {
  let reads = 0;
  let bytes = 0;
  const after = (got: number) => {
    bytes += got;
    if (++reads === 1) between();
    return got;
  };
  return {
    ...nodeReadCalls,
    readSync: (...args) => after(nodeReadCalls.readSync(...args)),
    read: async (...args) => ({ bytesRead: after((await nodeReadCalls.read(...args)).bytesRead) }),
    bytesRead: () => bytes,
  };
}

/** Runs `read` on `file` opened for reading, sync or async alike. */
async function withOpen<T>(file: string, read: (fd: number) => T | Promise<T>): Promise<T> {
  const fd = openSync(file, 'r');
  try {
    return await read(fd);
  } finally {
    closeSync(fd);
  }
}

const readers = [
  ['sync', (fd: number, size?: number, calls?: ReadCalls) => readOpenFileSync(fd, size, calls)],
  ['async', (fd: number, size?: number, calls?: ReadCalls) => readOpenFile(fd, size, calls)],
] as const;

describe.each(readers)('reading an open file (%s)', (_kind, read) => {
  const content = Buffer.from('{"id":"a","name":"' + 'é'.repeat(40_000) + '"}');
  const file = join(dir, `whole-${_kind}.json`);
  writeFileSync(file, content);

  it('reads it whole with no size, the right one, and one out of date either way', async () => {
    for (const size of [undefined, content.length, 0, 1, 100, content.length - 1, content.length + 1, content.length * 3]) {
      const bytes = await withOpen(file, (fd) => read(fd, size));
      expect(bytes.equals(content), `size ${size}`).toBe(true);
    }
  });

  it('reads a file that grows during the read to its new end', async () => {
    const growing = join(dir, `growing-${_kind}.json`);
    for (const size of [0, 10, content.length]) {
      writeFileSync(growing, content);
      const more = Buffer.from(' '.repeat(100_000));
      // With the size right, the first read fills the buffer but for its one spare byte: grown before it, too.
      const calls = changingAfterFirstRead(() => appendFileSync(growing, more));
      const growBefore = size === content.length;
      if (growBefore) appendFileSync(growing, more);
      const bytes = await withOpen(growing, (fd) => read(fd, size, growBefore ? nodeReadCalls : calls));
      expect(bytes.equals(Buffer.concat([content, more])), `size ${size}`).toBe(true);
    }
  });

  it('takes a file that shrinks during the read as what was read', async () => {
    const shrinking = join(dir, `shrinking-${_kind}.json`);
    writeFileSync(shrinking, content);
    const calls = changingAfterFirstRead(() => truncateSync(shrinking, 5));
    const bytes = await withOpen(shrinking, (fd) => read(fd, 3, calls));
    expect(bytes.toString()).toBe(content.subarray(0, 5).toString());
    // Shrunk before the first read: what is there.
    writeFileSync(shrinking, content);
    truncateSync(shrinking, 7);
    expect((await withOpen(shrinking, (fd) => read(fd, content.length))).equals(content.subarray(0, 7))).toBe(true);
  });

  it('refuses a file that grows past the limit during the read, by its new size, having read next to nothing', async () => {
    // Sparse: 600 MiB long, no disk space used.
    const growing = join(dir, `past-limit-${_kind}.json`);
    writeFileSync(growing, '{"a":1}');
    const calls = changingAfterFirstRead(() => truncateSync(growing, HUGE));
    const reading = withOpen(growing, async (fd) => read(fd, 3, calls));
    await expect(reading).rejects.toBeInstanceOf(TextTooLargeError);
    await expect(reading).rejects.toMatchObject({ code: 'ERR_FS_FILE_TOO_LARGE', size: HUGE });
    expect(calls.bytesRead()).toBe(4);
    expect(HUGE).toBeGreaterThan(MAX_TEXT_BYTES);
  });

  it('refuses a file over the limit when its size is first taken, unread', async () => {
    const huge = join(dir, `huge-${_kind}.json`);
    writeFileSync(huge, '{}');
    truncateSync(huge, HUGE);
    for (const size of [undefined, HUGE]) {
      const calls = changingAfterFirstRead(() => {});
      const reading = withOpen(huge, async (fd) => read(fd, size, calls));
      await expect(reading, `size ${size}`).rejects.toMatchObject({ code: 'ERR_FS_FILE_TOO_LARGE', size: HUGE });
      expect(calls.bytesRead()).toBe(0);
    }
  });
});

describe('reading a file by its path', () => {
  it('reads a file whole, sync and async, and an empty one as no bytes; a missing one is ENOENT', async () => {
    const file = join(dir, 'by-path.json');
    const content = Buffer.from('x'.repeat(200_000));
    writeFileSync(file, content);
    expect(readFileBoundedSync(file).equals(content)).toBe(true);
    for (const hint of [undefined, 0, content.length]) expect((await readFileBounded(file, hint)).equals(content)).toBe(true);
    writeFileSync(file, '');
    expect(readFileBoundedSync(file).length).toBe(0);
    expect((await readFileBounded(file, 10)).length).toBe(0);
    expect(() => readFileBoundedSync(join(dir, 'missing.json'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    await expect(readFileBounded(join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reads a named pipe to its end, past the first chunks, in order', async () => {
    const fifo = join(dir, 'piped.json');
    execFileSync('mkfifo', [fifo]);
    // Three buffers' worth (64, 128 and part of 256 KiB), each byte telling its place.
    const content = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const writing = writeFile(fifo, content);
    const bytes = await readFileBounded(fifo);
    await writing;
    expect(bytes.equals(content)).toBe(true);
  });
});

describe('readStreamBounded', () => {
  it('joins the chunks of a stream', async () => {
    async function* chunks() {
      yield Buffer.from('ab');
      yield Buffer.from('');
      yield Buffer.from('cd');
    }
    expect((await readStreamBounded(chunks())).toString()).toBe('abcd');
  });

  it('refuses a stream as soon as more than the limit came, without a size, and reads no further', async () => {
    const chunk = Buffer.alloc(64 * 2 ** 20);
    let given = 0;
    async function* endless() {
      for (;;) {
        given++;
        yield chunk;
      }
    }
    const reading = readStreamBounded(endless());
    await expect(reading).rejects.toBeInstanceOf(TextTooLargeError);
    await expect(reading).rejects.toMatchObject({ size: undefined });
    expect(given).toBe(Math.floor(MAX_TEXT_BYTES / chunk.length) + 1);
  });
});
