// The last step of a save: one more look at the target, then the rename over it, with nothing in between.
// POSIX has no "rename if unchanged", so a window is left; these calls are synchronous, so that window is
// the time between two system calls (tens of microseconds), not two trips through the thread pool queued
// behind other saves' fsyncs (2 ms at the median, 4 ms at the 90th percentile, as docs/guarantees.md reports).
//
// Before the look, the target is opened (the pin): after the rename the replaced file is still reachable
// through it, so a write into it that lands late can still be kept. Then the temp file's mode is set again
// (the mark): that event on the temp file's name opens the window in the folder's native events
// (rename-witness.ts), and the rename, which moves the temp file away, closes it. Neither takes the folder's
// lock, so no other rename into the folder queues behind them and goes in just before ours (a hard link as
// the pin did: ext4 holds the folder's lock while it waits for the journal, up to milliseconds).
import { constants } from 'node:fs';
import type { FileIdentity, StoreStats, StoreSyncCalls } from './store-fs.js';
import { errnoCode } from '../util/narrow.js';

/** What the target must be at the moment of the rename: absent (a new file), or the file of this identity. */
export type TargetExpectation = { missing: true } | { identity: FileIdentity };

/** The file the rename replaced, still open, with the identity it had when it was looked at. Close `fd` once done. */
export interface PinnedFile {
  fd: number;
  identity: FileIdentity;
}

/**
 * `exchanged`: the new file took the target's place in one step (exchange-files.ts), so there was no window
 * for a write to land in unseen; what stood there was the file expected, now pinned.
 */
export type GuardedRenameOutcome =
  { renamed: true; pinned?: PinnedFile; exchanged?: true } | { renamed: false; found: StoreStats | undefined };

export interface GuardedRenamePaths {
  /** The new content, durable. */
  temp: string;
  target: string;
  /** The temp file's mode, when it is not the one it was created with (it took the target's). */
  mode?: number;
}

/** The mode temp files are created with (atomic-write.ts), before the umask. */
export const TEMP_FILE_MODE = 0o644;

/** The mode a temp file has once created: set again, it changes nothing but marks the moment. */
let createdMode: number | undefined;
export const modeAsCreated = (): number => (createdMode ??= TEMP_FILE_MODE & ~process.umask());

/** Why a hard link cannot be made where the file system has none (FAT, exFAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS', 'EXDEV']);

/** Opened for reading, never through a link (a link at the target is not the file expected: the look says so). */
const PIN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

export const sameIdentity = (stats: StoreStats, identity: FileIdentity): boolean =>
  !stats.isSymbolicLink() && stats.ino === identity.ino && stats.size === identity.size && stats.mtimeMs === identity.mtimeMs;

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
  try {
    fs.unlinkSync(temp);
  } catch {
    // A leftover link has a temp file's name: the next start-up scan removes it.
  }
  return { renamed: true };
}

/** Why an exchange cannot be made here (this system, this file system): the look and rename is used instead. */
const NO_EXCHANGE = new Set(['ENOSYS', 'EINVAL', 'EOPNOTSUPP', 'ENOTSUP', 'EXDEV', 'EPERM']);
let exchangeRefused = false;

function replaceIfUnchanged(fs: StoreSyncCalls, paths: GuardedRenamePaths, expected: FileIdentity): GuardedRenameOutcome {
  if (fs.exchangeSync && !exchangeRefused) {
    const outcome = exchangeIfUnchanged(fs, fs.exchangeSync, paths, expected);
    if (outcome) return outcome;
  }
  return lookAndRename(fs, paths, expected);
}

/**
 * The new file and the target swap places in one step; then what stood at the target, now at the temp name,
 * is looked at. The file expected: it is pinned and its name removed, as a rename would have. Another file
 * (a hand edit that landed first): it is swapped back, so it stands where it stood. Undefined when the
 * exchange cannot be made here.
 */
function exchangeIfUnchanged(
  fs: StoreSyncCalls,
  exchange: (a: string, b: string) => void,
  { temp, target }: GuardedRenamePaths,
  expected: FileIdentity,
): GuardedRenameOutcome | undefined {
  const ours = fs.lstatSync(temp).ino;
  try {
    exchange(temp, target);
  } catch (err) {
    const code = errnoCode(err) ?? '';
    if (code === 'ENOENT') return { renamed: false, found: lstatIfPresent(fs, target) };
    if (!NO_EXCHANGE.has(code)) throw err;
    exchangeRefused = code === 'ENOSYS';
    return undefined;
  }
  const stood = fs.lstatSync(temp);
  let pinRefused: unknown;
  if (sameIdentity(stood, expected)) {
    try {
      const fd = fs.openSync(temp, PIN_FLAGS);
      fs.unlinkSync(temp);
      return { renamed: true, pinned: { fd, identity: expected }, exchanged: true };
    } catch (err) {
      // The file expected, but it cannot be opened (made unreadable since it was read): it goes back, unreplaced,
      // and the save fails with the reason, as a look and rename that cannot open it does.
      pinRefused = err;
    }
  }
  exchange(temp, target);
  // A second edit landed on the target between the two swaps, in place of the new file: it is the latest,
  // so it goes back to the target; the first one, at the temp name, is removed with it, superseded.
  if (fs.lstatSync(temp).ino !== ours) exchange(temp, target);
  if (pinRefused !== undefined) throw pinRefused;
  return { renamed: false, found: lstatIfPresent(fs, target) };
}

function lookAndRename(fs: StoreSyncCalls, { temp, target, mode }: GuardedRenamePaths, expected: FileIdentity): GuardedRenameOutcome {
  let fd: number;
  try {
    fd = fs.openSync(target, PIN_FLAGS);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ELOOP') return { renamed: false, found: lstatIfPresent(fs, target) };
    throw err;
  }
  try {
    fs.chmodSync(temp, mode ?? modeAsCreated());
    const stats = lstatIfPresent(fs, target);
    if (!stats || !sameIdentity(stats, expected)) {
      fs.closeSync(fd);
      return { renamed: false, found: stats };
    }
    fs.renameSync(temp, target);
    return { renamed: true, pinned: { fd, identity: expected } };
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

function lstatIfPresent(fs: StoreSyncCalls, path: string): StoreStats | undefined {
  try {
    return fs.lstatSync(path);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined;
    throw err;
  }
}
