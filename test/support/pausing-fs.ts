// A file layer for the store (src/store/store-fs.ts) that tests control: node:fs/promises (the store's own read), with reads
// counted, and the next atomic write paused after its temp file's fsync (the moment before the rename).
import * as nodeFs from 'node:fs/promises';
import { basename } from 'node:path';
import { nodeStoreFs, type StoreFileHandle, type StoreFs } from '../../src/store/store-fs.js';

/** The name of an atomic write's temp file. */
export const TEMP_FILE = /^\..+\.wfe-\d+-\d+\.tmp$/;

/**
 * `withStat: false` hides fstat from the store, so it compares bytes instead of file identity (the path
 * taken where the file system's clock is too coarse).
 */
export function pausingLayer({ withStat }: { withStat: boolean }) {
  const counts = { reads: 0 };
  let arm: { reached: () => void; release: Promise<void> } | undefined;
  const fs: StoreFs = {
    open: async (path, flags, mode) => {
      const handle = await nodeFs.open(path, flags, mode);
      const gate = TEMP_FILE.test(basename(path)) ? arm : undefined;
      if (gate) arm = undefined;
      const wrapped: StoreFileHandle = {
        writeFile: (data, encoding) => handle.writeFile(data, encoding),
        sync: async () => {
          await handle.sync();
          if (!gate) return;
          gate.reached();
          await gate.release;
        },
        ...(withStat ? { stat: () => handle.stat() } : {}),
        close: () => handle.close(),
      };
      return wrapped;
    },
    readFile: (path, sizeHint) => {
      counts.reads++;
      return nodeStoreFs.readFile(path, sizeHint);
    },
    rename: (from, to) => nodeFs.rename(from, to),
    unlink: (path) => nodeFs.unlink(path),
    mkdir: (path, options) => nodeFs.mkdir(path, options),
    lstat: (path) => nodeFs.lstat(path),
    realpath: (path) => nodeFs.realpath(path),
    lstatSync: (path) => nodeStoreFs.lstatSync(path),
    openSync: (path, flags) => nodeStoreFs.openSync(path, flags),
    fstatSync: (fd) => nodeStoreFs.fstatSync(fd),
    closeSync: (fd) => nodeStoreFs.closeSync(fd),
    chmodSync: (path, mode) => nodeStoreFs.chmodSync(path, mode),
    linkSync: (existingPath, newPath) => nodeStoreFs.linkSync(existingPath, newPath),
    renameSync: (from, to) => nodeStoreFs.renameSync(from, to),
    unlinkSync: (path) => nodeStoreFs.unlinkSync(path),
  };
  return {
    fs,
    counts,
    /** Pauses the next atomic write; `reached` resolves once it is paused, `release()` lets it go on. */
    pauseNextWrite() {
      let reached!: () => void;
      let release!: () => void;
      const reachedP = new Promise<void>((r) => (reached = r));
      const releaseP = new Promise<void>((r) => (release = r));
      arm = { reached, release: releaseP };
      return { reached: reachedP, release };
    },
  };
}
