// The few file operations the workflow store performs, as an interface: node:fs/promises by default, and
// a layer that fails or pauses in tests (disk full, read-only folder, a hand edit landing mid-write).
import * as fsPromises from 'node:fs/promises';

/** What tells two versions of a file apart without reading them (see the store's sameFile). */
export interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
}

export interface StoreStats extends FileIdentity {
  isSymbolicLink(): boolean;
  mtime: Date;
}

export interface StoreFileHandle {
  writeFile(data: string | Uint8Array, encoding: 'utf8'): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
  /** Optional: without it, the echo of a write is recognised by reading the file back. */
  stat?(): Promise<FileIdentity>;
}

export interface StoreFs {
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
}

export const nodeStoreFs: StoreFs = {
  open: (path, flags, mode) => fsPromises.open(path, flags, mode),
  readFile: (path, sizeHint) => readWhole(path, sizeHint),
  rename: (oldPath, newPath) => fsPromises.rename(oldPath, newPath),
  unlink: (path) => fsPromises.unlink(path),
  mkdir: (path, options) => fsPromises.mkdir(path, options),
  lstat: (path) => fsPromises.lstat(path),
  realpath: (path) => fsPromises.realpath(path),
};

/**
 * The whole file by one open, read and close (an fstat first when no size is known), the close not waited
 * for: fs.promises.readFile also stats, reads once more to find the end and waits for the close, up to three
 * more thread-pool round trips before an edit made outside the server is served.
 */
async function readWhole(path: string, sizeHint?: number): Promise<Buffer> {
  const handle = await fsPromises.open(path, 'r');
  try {
    const size = sizeHint ?? (await handle.stat()).size;
    // One byte more than its size: a shorter read ends the file, a full one means it grew, so read on.
    let buffer = Buffer.allocUnsafe(size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      length += bytesRead;
      if (length < buffer.length) return buffer.subarray(0, length);
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
  } finally {
    handle.close().catch(() => {});
  }
}
