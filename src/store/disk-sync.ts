// Keeps the index in step with the folder: the start-up scan, then each watcher event re-reads the one file
// it names (unless the file is still the one indexed, the echo of the store's own write most often), parses
// it and updates the index. A file that fails to load is recorded as a load error and its last good version
// stays served; a link or a file that cannot be read as text is refused the same way.
import { closeSync, fstatSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { formatLoadError } from '../contract/load-error.js';
import type { LoadError } from '../contract/types.js';
import type { ConfigChecker } from '../graph/integrity.js';
import { defaultIgnore, type IgnoreMatcher } from '../project/ignore.js';
import { ConflictError, StorageError } from '../util/domain-errors.js';
import type { FolderEvent } from '../util/folder-watcher.js';
import type { Logger } from '../util/logger.js';
import { errnoCode, errorMessage } from '../util/narrow.js';
import { MAX_TEXT_BYTES, TextTooLargeError, tooLargeToRead } from '../util/text-limit.js';
import { NotUtf8Error, utf8Text } from '../util/utf8.js';
import { TEMP_FILE_PATTERN } from './atomic-write.js';
import { checkPath, isRefusedEntry, LinkRefusedError } from './boundary.js';
import { sha256 } from './content-hash.js';
import { identityOf, type IdentityCheck } from './file-identity.js';
import type { KeyedMutex } from './keyed-mutex.js';
import { parseWorkflowFile } from './parse-workflow-file.js';
import { isSkippedPath } from './paths.js';
import { namedStorageError } from './storage-error.js';
import { readWholeSync, type FileIdentity, type StoreFs } from './store-fs.js';
import { styleOf } from './text-style.js';
import { pathOrder, type WorkflowIndex } from './workflow-index.js';

/** How a file edited outside the server changed what is served. */
export type ExternalChange = 'add' | 'change' | 'unlink';

/** The store's own writes not in the index yet, so that their watcher events are known as echoes. */
export interface OwnWrites {
  /** The hash of each file's write in flight: its echo can arrive before the index update. */
  hashes: Map<string, string>;
  /** The identity a file has from the moment a save renames over it until the index holds it. */
  identities: Map<string, FileIdentity>;
}

interface DiskSyncContext {
  /** The folder's real path: the boundary every file of the store must stay inside. */
  root: string;
  fs: StoreFs;
  index: WorkflowIndex;
  identities: IdentityCheck;
  /** The saves' queue per workflow: a reload takes its turn in it, so it never interleaves with a save. */
  queue: KeyedMutex;
  ownWrites: OwnWrites;
  logger: Logger;
  /** Top-level folders that are not workflows. */
  skipDirs?: string[];
  /** Files that are not workflows; the default list when not given. */
  ignore?: IgnoreMatcher;
  checkConfig?: ConfigChecker;
  /** Stands in for the time of a file that cannot be stat'ed. */
  now: () => string;
  onExternalChange?: (file: string, kind: ExternalChange) => void;
  onEventRead?: (file: string) => void;
}

/** A file's identity and modification time, as a stat gives them. */
type FileStamp = FileIdentity & { mtime: Date };

interface LoadOptions {
  /** The text is an edit made outside the server (not what the start-up scan found). */
  changedOnDisk: boolean;
  /** The stat taken before the text was read: the identity the index keeps with it. */
  stats?: FileStamp;
  /** A text that fails to load is not recorded: load() answers 'deferred' and the caller looks again later. */
  deferErrors?: boolean;
  /** The hash of the bytes the text was read from, when the caller has it. */
  hash?: string;
}

/** How a path refused by the boundary is reported among the load errors. */
const LINK_LOAD_ERROR = 'symbolic link: not served, because the server never follows links';

/** A watcher event on a file with a failed parse waits this long for the writer to finish before it is reported. */
const SETTLE_MS = 40;

/** A file on disk that could not be read as text (reported as a load error): a save over it is refused. */
class UnreadableFileError extends ConflictError {
  constructor(rel: string, why: string) {
    super(`The file ${rel} on disk was not read (${why}); it is not written over. Fix it on disk first`);
  }
}

export class DiskSync {
  /** Files whose last watcher read failed to parse: reported once the writer has had time to finish. */
  private readonly settling = new Map<string, NodeJS.Timeout>();
  private closed = false;
  private ignored?: IgnoreMatcher;

  constructor(private readonly ctx: DiskSyncContext) {}

  /** Handles no more events; one waiting for its writer to finish is dropped. */
  close(): void {
    this.closed = true;
    for (const timer of this.settling.values()) clearTimeout(timer);
  }

  /** Start-up scan. Sequential sync reads measured fastest here (docs/performance.md) and the server is not listening yet. */
  scan(): void {
    const { root, logger, index } = this.ctx;
    const files: string[] = [];
    const links: string[] = [];
    // Paths are built as the walk descends: a relative() and a separator swap per file showed in profiles.
    const walk = (abs: string, relDir: string) => {
      for (const dirent of readdirSync(abs, { withFileTypes: true })) {
        const rel = relDir + dirent.name;
        if (isRefusedEntry(dirent)) {
          if (this.isWorkflowPath(rel)) links.push(rel);
          else if (!this.isSkipped(rel)) logger.info(`${rel}: symbolic link, not followed`);
        } else if (dirent.isDirectory()) {
          if (!this.isSkipped(rel)) walk(join(abs, dirent.name), `${rel}/`);
        } else if (TEMP_FILE_PATTERN.test(dirent.name)) {
          try {
            unlinkSync(join(abs, dirent.name)); // left behind by a crash mid-write; the target file is intact
          } catch {
            /* not ours to remove */
          }
        } else if (dirent.isFile() && this.isWorkflowPath(rel)) files.push(rel);
      }
    };
    walk(root, '');
    for (const rel of links) this.refuseLink(rel);
    for (const rel of files.sort(pathOrder)) {
      try {
        // The identity is taken from the descriptor that is read, before reading (see onEvent).
        const fd = openSync(join(root, rel), 'r');
        try {
          const stats = fstatSync(fd);
          if (stats.size > MAX_TEXT_BYTES) this.refuseUnreadable(rel, tooLargeToRead(stats.size));
          else {
            const bytes = readWholeSync(fd, stats.size);
            this.load(rel, utf8Text(bytes), { changedOnDisk: false, stats, hash: sha256(bytes) });
          }
        } finally {
          closeSync(fd);
        }
      } catch (err) {
        // Not UTF-8 is said the same way as when a watcher event finds it (onEvent, through readCurrent).
        if (err instanceof NotUtf8Error || err instanceof TextTooLargeError) this.refuseUnreadable(rel, err.message);
        else index.set({ rel, hash: '', error: { file: rel, message: `cannot read: ${errorMessage(err)}` }, changedOnDisk: false });
      }
    }
  }

  onFolderEvent(event: FolderEvent): void {
    if (this.closed) return;
    if (event.directory) {
      // A folder went away (or was re-listed): look again at every file known under it. A folder that appeared
      // in a file's place (rm a.json, mkdir a.json) may come without the file's unlink: look at that file too.
      const prefix = event.rel === '' ? '' : `${event.rel}/`;
      for (const rel of this.ctx.index.files()) if (rel === event.rel || rel.startsWith(prefix)) void this.onEvent(rel);
      return;
    }
    if (!this.isWorkflowPath(event.rel)) return;
    // The echo of the store's own write, most often: the file the index holds, not even queued.
    const { identities } = this.ctx;
    const known = this.ctx.index.entry(event.rel);
    if (
      event.stats &&
      !event.stats.isSymbolicLink() &&
      (identities.sameFile(known?.identity, event.stats) || identities.sameFile(this.ctx.ownWrites.identities.get(event.rel), event.stats))
    )
      return;
    void this.onEvent(event.rel, { seen: event.stats });
  }

  /**
   * Parses and validates one file's text and updates the index. A bad file keeps its last good version
   * served and records the error. Returns false when the text is what the index already holds.
   */
  load(rel: string, text: string, { changedOnDisk, stats, deferErrors = false, hash = sha256(text) }: LoadOptions): boolean | 'deferred' {
    const { index, logger } = this.ctx;
    const previous = index.entry(rel);
    if ((previous && previous.hash === hash) || this.ctx.ownWrites.hashes.get(rel) === hash) {
      if (previous && previous.hash === hash && stats) previous.identity = identityOf(stats);
      return false;
    }
    const result = parseWorkflowFile(rel, text, {
      fileTime: () => (stats ? stats.mtime.toISOString() : this.mtimeOf(rel)),
      checkConfig: this.ctx.checkConfig,
    });
    if ('error' in result) {
      if (deferErrors) return 'deferred';
      this.recordLoadError(rel, hash, result.error);
      return true;
    }
    let workflow = result.workflow;
    const onDisk = workflow.metadata.versionId;
    // A hand edit that kept the old versionId must still change the ETag, or a stale If-Match would pass. The
    // old one is what the file held before (after a first such edit, the workflow is served under another), or
    // one this run served for another text (the file deleted and written again, moved, copied).
    const previousOnDisk = previous?.versionIdOnDisk ?? previous?.workflow?.metadata.versionId;
    if (!onDisk || (previousOnDisk !== undefined && previousOnDisk === onDisk) || index.versions.namedOtherText(onDisk, hash))
      workflow = { ...workflow, metadata: { ...workflow.metadata, versionId: `disk-${hash.slice(0, 16)}` } };
    if (previous?.error && previous.workflow) logger.info(`${rel}: fixed, serving the new version`);
    index.set({
      rel,
      hash,
      workflow,
      changedOnDisk,
      identity: stats && identityOf(stats),
      style: styleOf(text),
      ...(onDisk !== undefined && onDisk !== workflow.metadata.versionId ? { versionIdOnDisk: onDisk } : {}),
    });
    return true;
  }

  /**
   * Reads a file of the folder through the boundary: undefined when missing; a link is refused (and reported).
   * `sizeHint`: the size a stat just gave, which spares the read its own (the file is read whole either way).
   */
  async readCurrent(rel: string, sizeHint?: number): Promise<string | undefined> {
    const { root, fs, onExternalChange } = this.ctx;
    try {
      if ((await checkPath(fs, root, rel)) === 'missing') return undefined;
      return utf8Text(await fs.readFile(join(root, rel), sizeHint));
    } catch (err) {
      // Not UTF-8, or grown past what a string can hold since its size was looked at: refused, as at start-up.
      if (err instanceof NotUtf8Error || err instanceof TextTooLargeError) {
        this.refuseUnreadable(rel, err.message);
        onExternalChange?.(rel, 'change');
        throw new UnreadableFileError(rel, err.message);
      }
      if (err instanceof LinkRefusedError) {
        if (this.refuseLink(rel)) onExternalChange?.(rel, 'change');
        throw err;
      }
      // A folder made in the file's place (rm, then mkdir of the name): the file is gone.
      if (errnoCode(err) === 'ENOENT' || errnoCode(err) === 'EISDIR') return undefined;
      throw namedStorageError('read', rel, err);
    }
  }

  /**
   * `afterSettling`: the second look at a file whose text failed to load, once its writer had time to
   * finish; a failure now is recorded. `seen`: the watcher's lstat of the file for this event, if it took one.
   */
  private async onEvent(
    rel: string,
    { afterSettling = false, seen }: { afterSettling?: boolean; seen?: FolderEvent['stats'] } = {},
  ): Promise<void> {
    if (this.closed) return;
    const { root, fs, index, identities, queue, logger, onExternalChange } = this.ctx;
    clearTimeout(this.settling.get(rel));
    this.settling.delete(rel);
    try {
      const id = index.entry(rel)?.workflow?.id ?? `file:${rel}`;
      // The watcher's stat, taken a moment ago, stands in for a new one unless a save of this workflow is
      // queued (it may rename over the file first): a change after that stat is an event of its own.
      const fresh = seen && queue.idle(id) && !this.ctx.ownWrites.hashes.has(rel) ? seen : undefined;
      await queue.run(id, async () => {
        if (this.closed) return;
        // Stat before reading (see scan); a file that still is what the index holds (the echo of the
        // store's own write, most often) is not read at all.
        const stats = fresh ?? (await fs.lstat(join(root, rel)).catch(() => undefined));
        const known = index.entry(rel);
        if (stats && !stats.isSymbolicLink() && known && identities.sameFile(known.identity, stats)) return;
        if (stats && stats.size > MAX_TEXT_BYTES) {
          this.refuseUnreadable(rel, tooLargeToRead(stats.size));
          onExternalChange?.(rel, known ? 'change' : 'add');
          return;
        }
        let text: string | undefined;
        try {
          this.ctx.onEventRead?.(rel);
          text = await this.readCurrent(rel, stats && !stats.isSymbolicLink() ? stats.size : undefined);
        } catch (err) {
          if (err instanceof LinkRefusedError || err instanceof UnreadableFileError) return; // readCurrent reported it
          if (!(err instanceof StorageError)) throw err;
          // Permission denied, most often: a load error of the file for the API, not a line of the log only.
          this.recordLoadError(rel, '', { file: rel, message: err.message });
          onExternalChange?.(rel, known ? 'change' : 'add');
          return;
        }
        if (text === undefined) {
          if (index.entry(rel)) {
            index.forget(rel);
            logger.info(`${rel}: removed on disk`);
            onExternalChange?.(rel, 'unlink');
          }
          return;
        }
        const kind = known ? 'change' : 'add';
        const loaded = this.load(rel, text, {
          changedOnDisk: true,
          stats: stats && !stats.isSymbolicLink() ? stats : undefined,
          deferErrors: !afterSettling,
        });
        if (loaded === 'deferred') {
          // Most likely half written: look again once the writer had time to finish; a new event comes first.
          this.settling.set(
            rel,
            setTimeout(() => void this.onEvent(rel, { afterSettling: true }), SETTLE_MS),
          );
          return;
        }
        if (loaded) {
          if (!index.entry(rel)?.error) logger.info(`${rel}: ${kind === 'add' ? 'added' : 'changed'} on disk, reloaded`);
          onExternalChange?.(rel, kind);
        }
      });
    } catch (err) {
      logger.error(`${rel}: ${errorMessage(err)}`);
    }
  }

  /**
   * The boundary's verdict on a workflow path: a link is not served; it is listed among the load errors.
   * Returns false when it was already recorded.
   */
  private refuseLink(rel: string): boolean {
    const { index, logger } = this.ctx;
    const previous = index.entry(rel);
    if (previous && !previous.workflow && previous.error?.message === LINK_LOAD_ERROR) return false;
    index.forget(rel);
    index.set({ rel, hash: '', error: { file: rel, message: LINK_LOAD_ERROR }, changedOnDisk: true });
    logger.warn(`${rel}: ${LINK_LOAD_ERROR}`);
    return true;
  }

  /**
   * A file that cannot be read as text (too large, found by its size unread; or not UTF-8) is a load error;
   * the last good version, if any, stays served.
   */
  private refuseUnreadable(rel: string, why: string): void {
    this.recordLoadError(rel, '', { file: rel, message: `not read: ${why}` });
  }

  /** A file that failed to load: the error is reported and recorded, and its last good version stays served. */
  private recordLoadError(rel: string, hash: string, error: LoadError): void {
    const previous = this.ctx.index.entry(rel);
    this.ctx.logger.warn(formatLoadError(error) + (previous?.workflow ? ' (the last good version stays served)' : ''));
    this.ctx.index.set({
      rel,
      hash,
      workflow: previous?.workflow,
      json: previous?.json,
      error,
      changedOnDisk: previous?.changedOnDisk ?? false,
    });
  }

  private mtimeOf(rel: string): string {
    try {
      return statSync(join(this.ctx.root, rel)).mtime.toISOString();
    } catch {
      return this.ctx.now();
    }
  }

  private isSkipped(rel: string): boolean {
    return isSkippedPath(rel, this.ctx.skipDirs, (this.ignored ??= this.ctx.ignore ?? defaultIgnore(this.ctx.root)));
  }

  /** Whether a file at `rel` is one the folder loads: a .json file no default, --ignore or ignore: pattern skips. */
  isWorkflowPath(rel: string): boolean {
    return rel.endsWith('.json') && !this.isSkipped(rel);
  }
}
