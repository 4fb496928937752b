import { unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { nodeStoreFs, type FileIdentity, type StoreFileHandle, type StoreFs } from './store-fs.js';
import { errnoCode } from '../util/narrow.js';

export type { FileIdentity } from './store-fs.js';

let counter = 0;

/** Temp files live beside their target (same filesystem, so rename is atomic) and start with a dot (ignored by the scan). */
export function tempPathFor(target: string): string {
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
   * Runs once the new content is durable in the temp file, right before it is renamed over the target:
   * the last moment to notice that the target changed meanwhile. Throwing abandons the write. Gets the
   * identity the file will have, when known.
   */
  beforeRename?: (identity: FileIdentity | undefined) => Promise<void>;
  /**
   * Leave the fsync of the folder (which makes the rename itself durable) to the caller: a batch writing
   * many files into one folder syncs it once at the end (syncDirectory) instead of once per file.
   */
  deferFolderSync?: boolean;
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
      return { temp, handle: await fs.open(temp, 'wx', 0o644) };
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
  { beforeRename, deferFolderSync, identity: wantIdentity = true }: AtomicWriteOptions,
): Promise<FileIdentity | undefined> {
  let identity: FileIdentity | undefined;
  try {
    await handle.writeFile(content, 'utf8');
    // The content is final once written: its identity is taken while it is synced.
    const [, stats] = await Promise.all([handle.sync(), wantIdentity ? handle.stat?.() : undefined]);
    identity = stats && { ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs };
  } catch (err) {
    await handle.close().catch(() => {});
    await fs.unlink(temp).catch(() => {});
    throw err;
  }
  try {
    // The last check and the close are independent: both must succeed before the rename.
    const [closed, checked] = await Promise.allSettled([handle.close(), beforeRename?.(identity)]);
    if (closed.status === 'rejected') throw closed.reason;
    if (checked.status === 'rejected') throw checked.reason;
    await fs.rename(temp, target);
  } catch (err) {
    await fs.unlink(temp).catch(() => {});
    throw err;
  }
  if (!deferFolderSync) await syncDirectory(dirname(target), fs);
  return identity;
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
