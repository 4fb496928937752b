// Whether a file on disk is still the one the index holds, told by its identity (inode, size, modification
// time) instead of its bytes, where this folder's file system makes that safe. The echo of the store's own
// write is then dropped without a read, and a save checks its file without reading it back.
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { checkPath } from './boundary.js';
import { INTERNAL_DIR } from './paths.js';
import type { FileIdentity, StoreFs } from './store-fs.js';

export const identityOf = (stats: FileIdentity): FileIdentity => ({ ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs });

const hasSubSecondTime = (stats: FileIdentity): boolean => stats.mtimeMs % 1000 !== 0;

export class IdentityCheck {
  private readonly root: string;
  private readonly fs: StoreFs;
  private fineTimestamps?: Promise<boolean>;
  /**
   * Whether this folder's file system keeps times finer than a second, learnt from the first time seen with
   * a fraction. Until then a time on a whole second may be a coarse clock's, and identities are not trusted.
   */
  private subSecondTimes = false;

  constructor({ root, fs }: { root: string; fs: StoreFs }) {
    this.root = root;
    this.fs = fs;
  }

  /**
   * Whether a write made right after a file was stat'ed always gets a new modification time here, so that
   * an unchanged identity means unchanged bytes. True on file systems with fine clocks (APFS, and Linux
   * 6.13+ with its multigrain timestamps); false where the clock ticks coarsely (older kernels, NTFS): an
   * edit of the same size in the same tick as the server's write would keep the identity, so there the
   * bytes are always compared. Found out once, on a probe file in .wfe/.
   */
  trusted(): Promise<boolean> {
    return (this.fineTimestamps ??= probeFineTimestamps(join(this.root, INTERNAL_DIR)));
  }

  /**
   * Whether `rel` is, by its identity, still the file `identity` was taken of: a file inside the boundary
   * (no link on the way), with the same inode, size and modification time. False when that cannot tell
   * (nothing known, a link, a coarse clock): then the caller reads the bytes and compares them.
   */
  async matches(rel: string, identity: FileIdentity | undefined): Promise<boolean> {
    if (!identity || !(await this.trusted())) return false;
    try {
      // Below the root, a folder on the way could have been replaced by a link: the boundary decides.
      if (rel.includes('/') && (await checkPath(this.fs, this.root, rel)) === 'missing') return false;
      // Synchronous: an lstat of a file just looked at is answered from memory, and a trip through the thread
      // pool would cost the event loop more than the call itself.
      const stats = this.fs.lstatSync(join(this.root, rel));
      return !stats.isSymbolicLink() && this.sameFile(identity, stats);
    } catch {
      return false;
    }
  }

  /**
   * Whether `stats` describe the file `identity` was taken of: same inode, size and modification time. On
   * a file system that keeps only whole seconds an edit of the same size within that second would look
   * the same, so whole-second times count only once a time with a fraction has been seen here: then a
   * whole second is a coincidence (1 in 250 writes on a 4 ms kernel clock), not a coarse file system.
   */
  sameFile(identity: FileIdentity | undefined, stats: FileIdentity): boolean {
    this.noteTime(stats);
    return (
      identity !== undefined &&
      identity.ino === stats.ino &&
      identity.size === stats.size &&
      identity.mtimeMs === stats.mtimeMs &&
      this.subSecondTimes
    );
  }

  /** Learns from a time seen in this folder whether its file system keeps fractions of a second. */
  noteTime(stats: FileIdentity): void {
    if (!this.subSecondTimes && hasSubSecondTime(stats)) this.subSecondTimes = true;
  }
}

/** Writes one byte over and over, each after a stat: do the modification times always differ? */
async function probeFineTimestamps(dir: string): Promise<boolean> {
  const probe = join(dir, `.clock-probe-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    const handle = await open(probe, 'w');
    try {
      let before = (await handle.stat({ bigint: true })).mtimeNs;
      for (let i = 0; i < 8; i++) {
        await handle.write('x', 0);
        const after = (await handle.stat({ bigint: true })).mtimeNs;
        if (after === before) return false;
        before = after;
      }
      return true;
    } finally {
      await handle.close();
      await unlink(probe).catch(() => {});
    }
  } catch {
    return false;
  }
}
