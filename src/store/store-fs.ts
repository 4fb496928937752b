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
  /** The bytes: the store decodes them itself, refusing what is not UTF-8. */
  readFile(path: string): Promise<Buffer>;
  rename(oldPath: string, newPath: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string | undefined>;
  lstat(path: string): Promise<StoreStats>;
  realpath(path: string): Promise<string>;
}

export const nodeStoreFs: StoreFs = {
  open: (path, flags, mode) => fsPromises.open(path, flags, mode),
  readFile: (path) => fsPromises.readFile(path),
  rename: (oldPath, newPath) => fsPromises.rename(oldPath, newPath),
  unlink: (path) => fsPromises.unlink(path),
  mkdir: (path, options) => fsPromises.mkdir(path, options),
  lstat: (path) => fsPromises.lstat(path),
  realpath: (path) => fsPromises.realpath(path),
};
