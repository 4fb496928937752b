// The few file operations the workflow store performs, as an interface: node:fs's callback functions by default, and
// a layer that fails or pauses in tests (disk full, read-only folder, a hand edit landing mid-write).
import * as fs from 'node:fs';
import * as fsCalls from '../util/fs-calls.js';
import { readFileBounded, readOpenFileSync } from '../util/read-bounded.js';
import { exchangeFiles } from './exchange-files.js';

/** What tells two versions of a file apart without reading them (see IdentityCheck.sameFile in file-identity.ts). */
export interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
}

export interface StoreStats extends FileIdentity {
  isSymbolicLink(): boolean;
  isDirectory(): boolean;
  mtime: Date;
  mode: number;
}

/**
 * The calls of a save's last step (guarded-rename.ts), synchronous so that nothing can be queued between the
 * last look at the target and the rename: async calls wait on the thread pool behind other saves' fsyncs.
 */
export interface StoreSyncCalls {
  lstatSync(path: string): StoreStats;
  openSync(path: string, flags: number): number;
  fstatSync(fd: number): StoreStats;
  closeSync(fd: number): void;
  chmodSync(path: string, mode: number): void;
  linkSync(existingPath: string, newPath: string): void;
  renameSync(oldPath: string, newPath: string): void;
  unlinkSync(path: string): void;
  /**
   * Swaps the files of two names in one step (exchange-files.ts); undefined where the system cannot, and a
   * throw with an errno code where this file system will not (EINVAL): the save then looks and renames.
   */
  exchangeSync?: (a: string, b: string) => void;
}

export interface StoreFileHandle {
  writeFile(data: string | Uint8Array, encoding: 'utf8'): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
  /** Optional: without it, the echo of a write is recognised by reading the file back. */
  stat?(): Promise<FileIdentity>;
  /** Optional: without it, a file written over another gets the mode new files get. */
  chmod?(mode: number): Promise<void>;
}

export interface StoreFs extends StoreSyncCalls {
  open(path: string, flags: string, mode?: number): Promise<StoreFileHandle>;
  /**
   * The bytes: the store decodes them itself, refusing what is not UTF-8. `sizeHint` is the size a stat
   * gave a moment ago; the whole file is read whatever its size is now.
   */
  readFile(path: string, sizeHint?: number): Promise<Buffer>;
  rename(oldPath: string, newPath: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string | undefined>;
  lstat(path: string): Promise<StoreStats>;
  realpath(path: string): Promise<string>;
  /**
   * Closes a descriptor in the thread pool. The last close of a file whose name is gone frees it, and on
   * ext4 that waits for the journal: hundreds of microseconds the event loop would otherwise be held.
   * Optional: a layer without it closes with closeSync.
   */
  closeInBackground?(fd: number): Promise<void>;
}

export const nodeStoreFs: StoreFs = {
  open: (path, flags, mode) => fsCalls.open(path, flags, mode).then(fdHandle),
  readFile: (path, sizeHint) => readFileBounded(path, sizeHint),
  rename: (oldPath, newPath) => fsCalls.rename(oldPath, newPath),
  unlink: (path) => fsCalls.unlink(path),
  mkdir: (path, options) => fsCalls.mkdir(path, options),
  lstat: (path) => fsCalls.lstat(path),
  realpath: (path) => fsCalls.realpath(path),
  closeInBackground: (fd) => fsCalls.close(fd),
  lstatSync: (path) => fs.lstatSync(path),
  openSync: (path, flags) => fs.openSync(path, flags),
  fstatSync: (fd) => fs.fstatSync(fd),
  closeSync: (fd) => fs.closeSync(fd),
  chmodSync: (path, mode) => fs.chmodSync(path, mode),
  linkSync: (existingPath, newPath) => fs.linkSync(existingPath, newPath),
  renameSync: (oldPath, newPath) => fs.renameSync(oldPath, newPath),
  unlinkSync: (path) => fs.unlinkSync(path),
  // Loaded with the first save that replaces a file, not at start.
  exchangeSync: (a, b) => {
    const exchange = exchangeFiles();
    if (!exchange) throw Object.assign(new Error('no renameat2 exchange on this system'), { code: 'ENOSYS' });
    exchange(a, b);
  },
};

/**
 * A file descriptor with the few operations the store needs. The store closes every handle it opens. Once
 * closed, as with a FileHandle, a second close does nothing and anything else fails with EBADF: the number
 * may already belong to a file opened since.
 */
function fdHandle(fd: number): StoreFileHandle {
  let closing: Promise<void> | undefined;
  const closed = () => Promise.reject(Object.assign(new Error('the file was closed'), { code: 'EBADF' }));
  return {
    writeFile: (data, encoding) => (closing ? closed() : writeAll(fd, typeof data === 'string' ? Buffer.from(data, encoding) : data)),
    sync: () => (closing ? closed() : fsCalls.fsync(fd)),
    close: () => (closing ??= fsCalls.close(fd)),
    stat: () => (closing ? closed() : fsCalls.fstat(fd)),
    chmod: (mode) => (closing ? closed() : fsCalls.fchmod(fd, mode)),
  };
}

async function writeAll(fd: number, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await fsCalls.write(fd, bytes, at, bytes.length - at, null);
    if (bytesWritten === 0) throw Object.assign(new Error('the write made no progress'), { code: 'EIO' });
    at += bytesWritten;
  }
}

/**
 * The whole of an open file whose size a stat just gave: one read, where readFileSync(fd) stats again and
 * reads once more to find the end (10-15 ms of a 10,000-file start-up). A file that grew since is read to its
 * end, or refused past MAX_TEXT_BYTES, by the one policy of util/read-bounded.ts.
 */
export const readWholeSync = (fd: number, size: number): Buffer => readOpenFileSync(fd, size);
