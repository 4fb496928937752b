// The last step of a save: one more look at the target, then the rename over it, with nothing in between.
// POSIX has no "rename if unchanged", so a window is left; these calls are synchronous, so that window is
// the time between two system calls (microseconds), not two trips through the thread pool queued behind
// other saves' fsyncs (2 ms at the median, 4 ms at the 90th percentile, as measured in issue 31).
//
// The look is taken through a hard link made to the target first (the hold, beside it): it is exactly the
// file the rename replaces unless something lands in between; it keeps the replaced file after the rename,
// so a write into it that lands late can still be kept; and its creation marks the start of the window in
// the folder's native events (rename-witness.ts), so a rename that lands inside the window can be told.
import type { FileIdentity, StoreStats, StoreSyncCalls } from './store-fs.js';
import { errnoCode } from '../util/narrow.js';

/** What the target must be at the moment of the rename: absent (a new file), or the file of this identity. */
export type TargetExpectation = { missing: true } | { identity: FileIdentity };

/** The file the rename replaced, still reachable through the hold link, as it was when it was looked at. */
export interface HeldFile {
  path: string;
  identity: FileIdentity;
}

export type GuardedRenameOutcome = { renamed: true; held?: HeldFile } | { renamed: false; found: StoreStats | undefined };

export interface GuardedRenamePaths {
  /** The new content, durable. */
  temp: string;
  target: string;
  /** A free name beside the target for the hold link. */
  hold: string;
}

/** Why a hard link cannot be made where the file system has none (FAT, exFAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS', 'EXDEV']);

export const sameIdentity = (stats: StoreStats, identity: FileIdentity): boolean =>
  !stats.isSymbolicLink() && stats.ino === identity.ino && stats.size === identity.size && stats.mtimeMs === identity.mtimeMs;

const identityOf = (stats: FileIdentity): FileIdentity => ({ ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs });

/**
 * Renames `temp` over `target` only if the target is what `expected` says, all in this turn of the event
 * loop. Not renamed: `found` is what stands at the target now (undefined when nothing does).
 */
export function renameGuarded(fs: StoreSyncCalls, paths: GuardedRenamePaths, expected: TargetExpectation): GuardedRenameOutcome {
  return 'missing' in expected ? createOnly(fs, paths) : replaceIfUnchanged(fs, paths, expected.identity);
}

/** A new file is linked into place: link() never replaces, so a file that appeared meanwhile is never lost. */
function createOnly(fs: StoreSyncCalls, { temp, target }: GuardedRenamePaths): GuardedRenameOutcome {
  try {
    fs.linkSync(temp, target);
  } catch (err) {
    const code = errnoCode(err) ?? '';
    if (code === 'EEXIST') return { renamed: false, found: lstatIfPresent(fs, target) };
    if (!NO_HARD_LINKS.has(code)) throw err;
    const found = lstatIfPresent(fs, target);
    if (found) return { renamed: false, found };
    fs.renameSync(temp, target);
    return { renamed: true };
  }
  unlinkQuietly(fs, temp);
  return { renamed: true };
}

function replaceIfUnchanged(fs: StoreSyncCalls, { temp, target, hold }: GuardedRenamePaths, expected: FileIdentity): GuardedRenameOutcome {
  let held: string | undefined = hold;
  try {
    fs.linkSync(target, hold);
  } catch (err) {
    const code = errnoCode(err) ?? '';
    if (code === 'ENOENT') return { renamed: false, found: undefined };
    if (!NO_HARD_LINKS.has(code) && code !== 'EEXIST') throw err;
    held = undefined;
  }
  const stats = held ? fs.lstatSync(held) : lstatIfPresent(fs, target);
  if (!stats || !sameIdentity(stats, expected)) {
    if (held) unlinkQuietly(fs, held);
    return { renamed: false, found: stats };
  }
  try {
    fs.renameSync(temp, target);
  } catch (err) {
    if (held) unlinkQuietly(fs, held);
    throw err;
  }
  return { renamed: true, held: held === undefined ? undefined : { path: held, identity: identityOf(stats) } };
}

function lstatIfPresent(fs: StoreSyncCalls, path: string): StoreStats | undefined {
  try {
    return fs.lstatSync(path);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined;
    throw err;
  }
}

/** A leftover link is removed by the next start-up scan (it has a temp file's name) if this fails. */
function unlinkQuietly(fs: StoreSyncCalls, path: string): void {
  try {
    fs.unlinkSync(path);
  } catch {
    /* see above */
  }
}
