// The store's own files under .wfe/: backups of versions a save replaced, and the trash a delete moves a
// workflow's file to, so that neither loses anything a person could want back.
import { basename, dirname, join, posix } from 'node:path';
import { syncDirectory, writeFileAtomic } from './atomic-write.js';
import { checkPath } from './boundary.js';
import { INTERNAL_DIR } from './paths.js';
import { namedStorageError } from './storage-error.js';
import type { StoreFs } from './store-fs.js';

interface InternalFilesContext {
  /** The folder's real path. */
  root: string;
  fs: StoreFs;
  /** The time (ISO) that names a backup or a trashed file. */
  now: () => string;
  /** A workflow file's text through the boundary; undefined when it is missing. */
  readCurrent: (rel: string) => Promise<string | undefined>;
}

/** A workflow file's name without `.json`: what its backups and trashed versions are named after. */
export const stemOf = (rel: string): string => basename(rel).replace(/\.json$/, '');

export class InternalFiles {
  constructor(private readonly ctx: InternalFilesContext) {}

  /**
   * Writes `content` to a new `.wfe/backups/<stem>.<time>.json` and returns its path. `content` is taken
   * once the name is chosen, so a failure to get it is reported under that name.
   */
  async backUp(stem: string, content: () => string | Uint8Array): Promise<string> {
    let rel = '.wfe/backups';
    try {
      rel = await this.internalFile(posix.join(INTERNAL_DIR, 'backups'), stem);
      await writeFileAtomic(join(this.ctx.root, rel), content(), { fs: this.ctx.fs });
    } catch (err) {
      throw namedStorageError('write the backup', rel, err);
    }
    return rel;
  }

  /** Moves a workflow file into .wfe/trash (same relative path, time-stamped); undefined when it is already gone. */
  async moveToTrash(rel: string): Promise<string | undefined> {
    const { root, fs } = this.ctx;
    try {
      if ((await this.ctx.readCurrent(rel)) === undefined) return undefined;
      const trashed = await this.internalFile(posix.join(INTERNAL_DIR, 'trash', posix.dirname(rel)), stemOf(rel));
      await fs.rename(join(root, rel), join(root, trashed));
      await syncDirectory(dirname(join(root, rel)), fs);
      await syncDirectory(dirname(join(root, trashed)), fs);
      return trashed;
    } catch (err) {
      throw namedStorageError('delete', rel, err);
    }
  }

  /** Makes `dirRel` (under .wfe) inside the folder, and returns a free `<stem>.<time>.json` in it. */
  private async internalFile(dirRel: string, stem: string): Promise<string> {
    const { root, fs } = this.ctx;
    await checkPath(fs, root, dirRel);
    await fs.mkdir(join(root, dirRel), { recursive: true });
    const stamp = this.ctx.now().replace(/[:.]/g, '-');
    for (let n = 1; ; n++) {
      const rel = posix.join(dirRel, fitFileName(stem, `.${stamp}${n > 1 ? `-${n}` : ''}.json`));
      if ((await checkPath(fs, root, rel)) === 'missing') return rel;
    }
  }
}

/** `<stem><suffix>`, the stem shortened (by whole characters) so the name fits the usual 255-byte limit. */
function fitFileName(stem: string, suffix: string): string {
  const room = 255 - Buffer.byteLength(suffix);
  const chars = Array.from(stem);
  let bytes = Buffer.byteLength(stem);
  while (bytes > room) {
    const last = chars.pop();
    if (last === undefined) break; // nothing left to take off
    bytes -= Buffer.byteLength(last);
  }
  return chars.join('') + suffix;
}
