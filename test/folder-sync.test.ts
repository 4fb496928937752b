import { describe, expect, it } from 'vitest';
import { SharedFolderSync } from '../src/store/folder-sync.js';
import { nodeStoreFs, type StoreFs } from '../src/store/store-fs.js';

/** A file layer whose folder fsyncs end only when the test says: each begun sync is recorded. */
function heldSyncs() {
  const begun: Array<{ dir: string; end: () => void }> = [];
  const fs: StoreFs = {
    ...nodeStoreFs,
    open: async (path) => ({
      writeFile: async () => {},
      sync: () => new Promise<void>((end) => begun.push({ dir: path, end })),
      close: async () => {},
    }),
  };
  return { fs, begun };
}

// The fake layer answers in microtasks only: once the event loop reaches its check phase, every chain they
// started has run as far as it can (a held sync stops it), so what is begun or done by then is all there is.
const settled = () => new Promise((r) => setImmediate(r));

describe('the fsync of a folder shared by the saves that wait for it', () => {
  it('saves asking while a sync runs share the next one, which begins only after it ends', async () => {
    const { fs, begun } = heldSyncs();
    const syncs = new SharedFolderSync(fs);
    let firstDone = false;
    const first = syncs.sync('/d').then(() => (firstDone = true));
    await settled();
    expect(begun).toHaveLength(1);
    // Renamed while the first sync runs: that sync may have begun before their renames, so it does not count.
    const done: number[] = [];
    const waiting = [1, 2, 3].map((n) => syncs.sync('/d').then(() => done.push(n)));
    await settled();
    expect(begun).toHaveLength(1);
    begun[0].end();
    await first;
    expect(firstDone).toBe(true);
    await settled();
    expect(done).toEqual([]);
    expect(begun).toHaveLength(2);
    begun[1].end();
    await Promise.all(waiting);
    expect(done).toEqual([1, 2, 3]);
    expect(begun).toHaveLength(2);
  });

  it('folders are synced apart, and a folder with nothing running starts at once', async () => {
    const { fs, begun } = heldSyncs();
    const syncs = new SharedFolderSync(fs);
    const a = syncs.sync('/a');
    const b = syncs.sync('/b');
    await settled();
    expect(begun.map((s) => s.dir)).toEqual(['/a', '/b']);
    for (const s of begun) s.end();
    await Promise.all([a, b]);
    const again = syncs.sync('/a');
    await settled();
    expect(begun).toHaveLength(3);
    begun[2].end();
    await again;
  });
});
