// The served folder is a boundary. One rule, applied by the start-up scan, the watcher and every read,
// write, backup and delete: a path is used only when neither it nor any folder between it and the root is
// a symbolic link. Links are never followed, so nothing outside the folder is read, written or deleted,
// and no link leads the server into a huge tree (a link to /) or a loop (a link to the folder itself).
import { dirname, join, relative, sep } from 'node:path';
import { ConflictError } from '../util/domain-errors.js';
import type { StoreFs } from './store-fs.js';
import { errnoCode } from '../util/narrow.js';

const LINK_REFUSED = 'is a symbolic link (or lies under one); the server never reads, writes or deletes through a link';

/** A path of the folder that crosses a symbolic link. `rel` is the path asked for, `link` the link on the way. */
export class LinkRefusedError extends ConflictError {
  constructor(
    readonly rel: string,
    readonly link: string,
  ) {
    super(`${rel} ${LINK_REFUSED}${link !== rel ? ` (${link} is the link)` : ''}`);
  }
}

/** The rule as the start-up scan sees it: a directory entry (lstat-based) that is a link is not entered or read. */
export const isRefusedEntry = (entry: { isSymbolicLink(): boolean }): boolean => entry.isSymbolicLink();

/**
 * The rule for one path below `root` (itself a real path): 'present' or 'missing' when it may be used,
 * LinkRefusedError when it or a folder on the way is a link. For a missing path, its deepest existing
 * ancestor is checked, so a folder created under it (mkdir -p) stays inside too.
 */
export async function checkPath(fs: StoreFs, root: string, rel: string): Promise<'present' | 'missing'> {
  const target = join(root, rel);
  let probe = target;
  for (;;) {
    let real: string | undefined;
    try {
      real = await fs.realpath(probe);
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'ELOOP') throw new LinkRefusedError(rel, toRel(root, probe));
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
    }
    if (real !== undefined) {
      if (real !== probe) throw new LinkRefusedError(rel, toRel(root, await firstLink(fs, root, probe)));
      return probe === target ? 'present' : 'missing';
    }
    // realpath fails on a dangling link too: that is a link, not a missing file.
    if (await isLink(fs, probe)) throw new LinkRefusedError(rel, toRel(root, probe));
    if (probe === root) return 'missing';
    probe = dirname(probe);
  }
}

async function isLink(fs: StoreFs, path: string): Promise<boolean> {
  return fs.lstat(path).then(
    (stats) => stats.isSymbolicLink(),
    () => false,
  );
}

/** Which component of `path` is the link, for the message (the path itself when none is found). */
async function firstLink(fs: StoreFs, root: string, path: string): Promise<string> {
  let probe = root;
  for (const part of relative(root, path).split(sep)) {
    probe = join(probe, part);
    if (await isLink(fs, probe)) return probe;
  }
  return path;
}

const toRel = (root: string, path: string): string => relative(root, path).split(sep).join('/');
