// The store's file reads: a file is read whole whatever size a stat gave for it a moment before.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeStoreFs } from '../src/store/store-fs.js';

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

  it('reads an empty file as no bytes, and reports a missing one as ENOENT', async () => {
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect((await nodeStoreFs.readFile(empty, 10)).length).toBe(0);
    expect((await nodeStoreFs.readFile(empty)).length).toBe(0);
    await expect(nodeStoreFs.readFile(join(dir, 'missing.json'), 10)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
