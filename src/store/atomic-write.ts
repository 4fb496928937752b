import { unlinkSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

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

/**
 * Writes so that a crash at any moment leaves either the old or the new file: temp file, fsync, rename,
 * then fsync the directory so the rename itself survives power loss. Resolves only once the data is durable.
 */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  const temp = tempPathFor(target);
  track(temp);
  try {
    await writeDurably(temp, target, content);
  } finally {
    pending.delete(temp);
  }
}

async function writeDurably(temp: string, target: string, content: string): Promise<void> {
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => {});
    await unlink(temp).catch(() => {});
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, target);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
  await syncDirectory(dirname(target));
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic there.
  } finally {
    await handle.close();
  }
}
