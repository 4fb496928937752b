import { unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { nodeStoreFs, type FileIdentity, type StoreFileHandle, type StoreFs } from './store-fs.js';
import { errnoCode } from '../util/narrow.js';
import { ConflictError } from '../util/domain-errors.js';
import {
  modeAsCreated,
  renameGuarded,
  TEMP_FILE_MODE,
  type GuardedRenamePaths,
  type PinnedFile,
  type TargetExpectation,
} from './guarded-rename.js';

export type { FileIdentity } from './store-fs.js';

/**
 * A guarded rename that took place: the temp file's path (gone now) and the replaced file, still open when
 * it could be pinned. Whoever gets it closes `pinned.fd`.
 */
export interface GuardedRenameDone {
  temp: string;
  pinned?: PinnedFile;
  /** Made by an exchange (exchange-files.ts): there was no window between a look and the rename to watch. */
  exchanged?: true;
}

/** A target that changes again after each look is not written over: the save is refused after this many. */
const MAX_GUARD_ATTEMPTS = 4;

let counter = 0;

/** Temp files live beside their target (same filesystem, so rename is atomic) and start with a dot (ignored by the scan). */
function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.wfe-${process.pid}-${++counter}.tmp`);
}

export const TEMP_FILE_PATTERN = /^\..+\.wfe-\d+-\d+\.tmp$/;

/** Temp files being written right now: removed if the process exits mid-write (Ctrl-C in a batch). */
const pending = new Set<string>();
let cleanupInstalled = false;

function track(temp: string): void {
  pending.add(temp);
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.once('exit', () => {
    for (const file of pending) {
      try {
        unlinkSync(file);
      } catch {
        /* already renamed or removed */
      }
    }
  });
}

export interface AtomicWriteOptions {
  fs?: StoreFs;
  /**
   * For a write that must not replace a file it has not seen. Runs once the new content is durable in the
   * temp file and says what the target must still be at the rename (the identity it was found with, or
   * missing); throwing abandons the write. The rename then happens only if the target still is that, looked
   * at again in the same turn of the event loop as the rename (guarded-rename.ts); when it no longer is, this
   * runs again (at most MAX_GUARD_ATTEMPTS times in all). Gets the identity the new file will have, when known.
   */
  expectTarget?: (identity: FileIdentity | undefined) => Promise<TargetExpectation>;
  /** Runs in the same turn as a guarded rename, with the names its window is marked by in the folder's events. */
  afterRename?: (renamed: GuardedRenameDone) => void;
  /**
   * Leave the fsync of the folder (which makes the rename itself durable) to the caller: a batch writing
   * many files into one folder syncs it once at the end (syncDirectory) instead of once per file.
   */
  deferFolderSync?: boolean;
  /** Makes the rename durable in the caller's own way (a sync shared by several writes); syncDirectory by default. */
  syncFolder?: (dir: string) => Promise<void>;
  /** False when the caller has no use for the identity of the file written: one fstat fewer per file. */
  identity?: boolean;
}

/**
 * Writes so that a crash at any moment leaves either the old or the new file: temp file, fsync, rename,
 * then fsync the directory so the rename itself survives power loss. Resolves only once the data is durable,
 * with the identity of the file written (a rename keeps inode, size and modification time), when known.
 */
export async function writeFileAtomic(
  target: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<FileIdentity | undefined> {
  const fs = options.fs ?? nodeStoreFs;
  const { temp, handle } = await createTemp(fs, target);
  try {
    return await writeDurably(fs, temp, handle, target, content, options);
  } finally {
    pending.delete(temp);
  }
}

/**
 * Creates the temp file with O_EXCL ('wx'): whatever already sits at a temp path (a link, a leftover of an
 * earlier process that had the same pid, as in a container) is never followed or reused; the next name is.
 */
async function createTemp(fs: StoreFs, target: string): Promise<{ temp: string; handle: StoreFileHandle }> {
  for (let attempt = 1; ; attempt++) {
    const temp = tempPathFor(target);
    track(temp);
    try {
      return { temp, handle: await fs.open(temp, 'wx', TEMP_FILE_MODE) };
    } catch (err) {
      pending.delete(temp);
      if (errnoCode(err) !== 'EEXIST' || attempt >= 100) throw err;
    }
  }
}

async function writeDurably(
  fs: StoreFs,
  temp: string,
  handle: StoreFileHandle,
  target: string,
  content: string | Uint8Array,
  options: AtomicWriteOptions,
): Promise<FileIdentity | undefined> {
  const { expectTarget, deferFolderSync, identity: wantIdentity = true } = options;
  let identity: FileIdentity | undefined;
  let mode: number | undefined;
  try {
    // A file written over another keeps its permissions: a private (0600) workflow stays private.
    const [, replaced] = await Promise.all([handle.writeFile(content, 'utf8'), handle.chmod && fs.lstat(target).catch(() => undefined)]);
    if (handle.chmod && replaced && !replaced.isSymbolicLink() && !replaced.isDirectory() && (replaced.mode & 0o777) !== modeAsCreated()) {
      mode = replaced.mode & 0o777;
      await handle.chmod(mode);
    }
    // The content is final once written: its identity is taken while it is synced.
    const [, stats] = await Promise.all([handle.sync(), wantIdentity ? handle.stat?.() : undefined]);
    identity = stats && { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.unlink(temp).catch(() => {});
    throw err;
  }
  try {
    // The first look and the close are independent: both must succeed before the rename.
    const [closed, looked] = await Promise.allSettled([handle.close(), expectTarget?.(identity)]);
    if (closed.status === 'rejected') throw closed.reason;
    if (looked.status === 'rejected') throw looked.reason;
    if (!expectTarget || looked.value === undefined) await fs.rename(temp, target);
    else await renameWhenUnchanged(fs, { temp, target, mode }, looked.value, () => expectTarget(identity), options);
  } catch (err) {
    await fs.unlink(temp).catch(() => {});
    throw err;
  }
  if (!deferFolderSync) await (options.syncFolder ?? ((dir: string) => syncDirectory(dir, fs)))(dirname(target));
  return identity;
}

async function renameWhenUnchanged(
  fs: StoreFs,
  paths: GuardedRenamePaths,
  first: TargetExpectation,
  lookAgain: () => Promise<TargetExpectation>,
  { afterRename }: AtomicWriteOptions,
): Promise<void> {
  const { temp, target } = paths;
  let expected = first;
  for (let attempt = 1; ; attempt++) {
    const outcome = renameGuarded(fs, paths, expected);
    if (outcome.renamed) {
      if (afterRename) afterRename({ temp, pinned: outcome.pinned, ...(outcome.exchanged ? { exchanged: true } : {}) });
      else if (outcome.pinned) fs.closeSync(outcome.pinned.fd);
      return;
    }
    if (attempt >= MAX_GUARD_ATTEMPTS)
      throw new ConflictError(`The file ${basename(target)} kept changing on disk while it was being saved; it is not written over`);
    expected = await lookAgain();
  }
}

/** fsync of a folder, so that a rename into or out of it survives power loss. */
export async function syncDirectory(dir: string, fs: StoreFs = nodeStoreFs): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}
