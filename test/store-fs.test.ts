// The store's file operations: a file is read whole whatever size a stat gave for it a moment before; a
// handle writes all it is given and reports the identity of what it wrote; errors keep their codes.
import { closeSync, lstatSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeStoreFs, readWholeSync } from '../src/store/store-fs.js';
import { MAX_TEXT_BYTES, TextTooLargeError } from '../src/util/text-limit.js';

const dir = mkdtempSync(join(tmpdir(), 'wfe-store-fs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('nodeStoreFs.readFile', () => {
  const content = Buffer.from('{"id":"a","name":"' + 'é'.repeat(40_000) + '"}');
  const file = join(dir, 'a.json');
  writeFileSync(file, content);

  it('reads the whole file without a size, with the right one, and with one that is out of date', async () => {
    for (const hint of [undefined, content.length, 0, 1, 100, content.length - 1, content.length * 3]) {
      const read = await nodeStoreFs.readFile(file, hint);
      expect(read.length, `size hint ${hint}`).toBe(content.length);
      expect(read.equals(content), `size hint ${hint}`).toBe(true);
    }
  });

  it('readWholeSync reads an open file whole, whether the size it is given is right, too small or too large', () => {
    const fd = openSync(file, 'r');
    try {
      for (const size of [content.length, 0, 1, 100, content.length - 1, content.length + 1, content.length * 3]) {
        const read = readWholeSync(fd, size);
        expect(read.equals(content), `size ${size}`).toBe(true);
      }
    } finally {
      closeSync(fd);
    }
  });

  it('refuses a file that grew past what a string holds since its size was taken, without reading it', async () => {
    // Sparse: 600 MiB long, no disk space used. Read whole, it took seconds and 1 GiB of memory to fail.
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '{}');
    truncateSync(huge, 600 * 2 ** 20);
    const refusal = { code: 'ERR_FS_FILE_TOO_LARGE', size: 600 * 2 ** 20 };
    for (const hint of [0, 2, undefined]) {
      const read = nodeStoreFs.readFile(huge, hint);
      await expect(read, `size hint ${hint}`).rejects.toBeInstanceOf(TextTooLargeError);
      await expect(read, `size hint ${hint}`).rejects.toMatchObject(refusal);
    }
    const fd = openSync(huge, 'r');
    try {
      expect(() => readWholeSync(fd, 2)).toThrow(TextTooLargeError);
      expect(() => readWholeSync(fd, 0)).toThrow(expect.objectContaining(refusal));
    } finally {
      closeSync(fd);
    }
    // The premise: the file is over the limit on this Node (V8's longest string).
    expect(600 * 2 ** 20).toBeGreaterThan(MAX_TEXT_BYTES);
  });

  it('reads an empty file as no bytes, and reports a missing one as ENOENT', async () => {
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect((await nodeStoreFs.readFile(empty, 10)).length).toBe(0);
    expect((await nodeStoreFs.readFile(empty)).length).toBe(0);
    await expect(nodeStoreFs.readFile(join(dir, 'missing.json'), 10)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('nodeStoreFs.open, rename and lstat', () => {
  it('writes every byte of a large buffer and of a text, syncs, and states the identity the file has', async () => {
    const large = Buffer.alloc(5 * 1024 * 1024 + 17, 'x');
    const text = '{"name":"' + 'ü'.repeat(3000) + '"}';
    for (const [name, content] of [
      ['large.bin', large],
      ['text.json', text],
      ['none.json', ''],
    ] as const) {
      const path = join(dir, name);
      const handle = await nodeStoreFs.open(path, 'wx', 0o644);
      await handle.writeFile(content, 'utf8');
      await handle.sync();
      const identity = await handle.stat!();
      await handle.close();
      const expected = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      expect(readFileSync(path).equals(expected), name).toBe(true);
      const onDisk = lstatSync(path);
      expect({ ino: identity.ino, size: identity.size, mtimeMs: identity.mtimeMs }, name).toEqual({
        ino: onDisk.ino,
        size: onDisk.size,
        mtimeMs: onDisk.mtimeMs,
      });
    }
  });

  it("keeps the system's error codes: EEXIST for an exclusive open, ENOENT for a missing file", async () => {
    const path = join(dir, 'exists.json');
    writeFileSync(path, '{}');
    await expect(nodeStoreFs.open(path, 'wx', 0o644)).rejects.toMatchObject({ code: 'EEXIST' });
    await expect(nodeStoreFs.lstat(join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(nodeStoreFs.rename(join(dir, 'missing.json'), path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('closes once: a second close does nothing, and the closed handle refuses to touch the number again', async () => {
    const handle = await nodeStoreFs.open(join(dir, 'closed.json'), 'wx', 0o644);
    await handle.close();
    await expect(handle.close()).resolves.toBeUndefined();
    await expect(handle.sync()).rejects.toMatchObject({ code: 'EBADF' });
    await expect(handle.stat!()).rejects.toMatchObject({ code: 'EBADF' });
    await expect(handle.writeFile('x', 'utf8')).rejects.toMatchObject({ code: 'EBADF' });
  });

  it('renames over a file, and lstat describes a link, not what it points to', async () => {
    const from = join(dir, 'from.json');
    const to = join(dir, 'to.json');
    writeFileSync(from, '{"a":1}');
    writeFileSync(to, '{"b":2}');
    await nodeStoreFs.rename(from, to);
    expect(readFileSync(to, 'utf8')).toBe('{"a":1}');
    symlinkSync(to, join(dir, 'link.json'));
    expect((await nodeStoreFs.lstat(join(dir, 'link.json'))).isSymbolicLink()).toBe(true);
    expect((await nodeStoreFs.lstat(to)).isSymbolicLink()).toBe(false);
  });
});
