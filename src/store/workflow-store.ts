// The served directory is the database: every *.json file is one workflow, indexed in memory.
// Reads never touch the disk; writes are atomic, serialised per workflow and acknowledged only once durable.
// This file holds the write protocol (create, update with group commit, delete, and the guarded save) and
// wires the parts: the index (workflow-index.ts), keeping it in step with the disk (disk-sync.ts), telling
// a file by its identity (file-identity.ts), backups and trash (internal-files.ts), a file's text style
// (text-style.ts).
import { mkdir, realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { LoadError, Workflow } from '../contract/types.js';
import { graphErrors, type ConfigChecker } from '../graph/integrity.js';
import {
  ConflictError,
  GraphInvalidError,
  InvalidInputError,
  NotFoundError,
  StaleVersionError,
  StorageError,
} from '../util/domain-errors.js';
import type { IgnoreMatcher } from '../project/ignore.js';
import { FolderWatcher } from '../util/folder-watcher.js';
import type { Logger } from '../util/logger.js';
import { ifMatchHolds } from '../util/etag-match.js';
import { errnoCode, errorMessage } from '../util/narrow.js';
import { stableStringify } from '../util/stable-json.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';
import { writeFileAtomic, type GuardedRenameDone } from './atomic-write.js';
import { sha256 } from './content-hash.js';
import { DiskSync, type ExternalChange, type OwnWrites } from './disk-sync.js';
import { IdentityCheck, identityOf } from './file-identity.js';
import { sameIdentity, type PinnedFile, type TargetExpectation } from './guarded-rename.js';
import { SharedFolderSync } from './folder-sync.js';
import { InternalFiles, stemOf } from './internal-files.js';
import { KeyedMutex } from './keyed-mutex.js';
import { checkNewWorkflowId } from './paths.js';
import { RenameWitness, type WindowVerdict } from './rename-witness.js';
import { namedStorageError } from './storage-error.js';
import { nodeStoreFs, readWholeSync, type FileIdentity, type StoreFs } from './store-fs.js';
import { inStyle, withoutBom } from './text-style.js';
import { etagOf, WorkflowIndex, type FileEntry, type PageQuery, type StoredWorkflow } from './workflow-index.js';
import { applyUpdate, buildCreatedWorkflow, type CreateInput, type UpdateInput } from './workflow-model.js';

export type { StoredWorkflow } from './workflow-index.js';

interface StoreOptions {
  watch: boolean;
  logger: Logger;
  /** Top-level folders that are not workflows (the node-type catalog). */
  skipDirs?: string[];
  /** Files that are not workflows (src/project/ignore.ts); the default list when not given. */
  ignore?: IgnoreMatcher;
  checkConfig?: ConfigChecker;
  /** Stamps of created and updated workflows and of backups; the system clock when not given. */
  clock?: Clock;
  /** Poll instead of native events (Docker bind mounts, WSL, NFS). */
  poll?: boolean;
  /** The folder's watcher, shared with the catalog; with `watch` and none given, the store opens its own. */
  watcher?: FolderWatcher;
  /** Called after the index changed because of a file edited outside the server. */
  onExternalChange?: (file: string, kind: ExternalChange) => void;
  /** Called with each file read because of a watcher event; the echo of the store's own write reads none. */
  onEventRead?: (file: string) => void;
  /** The file operations of API writes, reads and watcher reloads (tests inject faults); node:fs by default. */
  fs?: StoreFs;
}

interface PendingSave {
  workflow: Workflow;
  baseVersionId: string | undefined;
  /** Sent without If-Match: the client may not have seen a disk edit it replaces. */
  blind: boolean;
  resolve(result: UpdateResult): void;
  reject(err: unknown): void;
}

interface UpdateResult {
  workflow: Workflow;
  /**
   * The saved workflow as UTF-8 JSON: for the save that reached the disk, the very bytes of its file (pretty,
   * keys in the stable order, without a BOM), so answering it costs no second serialisation; for a save folded
   * into a later one, its own JSON.
   */
  body: Buffer;
  file: string;
  etag: string;
  /** Where the overwritten hand edit was saved, when a PUT without If-Match replaced one. */
  backup?: string;
}

/** What a save's write must find on disk right before its rename, besides what its last look checks. */
interface WriteGuard {
  /** The content the file must still hold (undefined: the file must not exist). */
  expectedHash: string | undefined;
  /** The file's identity when that stands in for its bytes. */
  expectedIdentity?: FileIdentity;
  /** Run before the temp file exists: a change found there happened before this write, not during it. */
  checkFirst?: () => Promise<void>;
}

export class WorkflowStore {
  private readonly fs: StoreFs;
  /** Serialises the saves and reloads of each workflow. */
  private readonly mutex = new KeyedMutex();
  private readonly identities: IdentityCheck;
  private readonly index: WorkflowIndex;
  private readonly sync: DiskSync;
  private readonly internal: InternalFiles;
  private readonly ownWrites: OwnWrites = { hashes: new Map(), identities: new Map() };
  /** The newest version of each workflow with saves not yet durable (what the next save builds on). */
  private readonly newestUnwritten = new Map<string, Workflow>();
  private readonly queuedSaves = new Map<string, PendingSave[]>();
  private unsubscribe?: () => void;
  private ownWatcher?: FolderWatcher;
  /** Tells a write that landed in a save's last window (rename-witness.ts). */
  private readonly witness = new RenameWitness();
  /** Windows being judged: close() waits for them, so a warn line is never cut off by a stop. */
  private readonly judging = new Set<Promise<void>>();
  /** Saves and creates accepted and not answered yet (what a stop waits for). */
  private saving = 0;
  /** The fsync of a folder, shared by the saves into it that wait at the same time. */
  private readonly folderSync: SharedFolderSync;

  private now(): string {
    return isoNow(this.options.clock ?? systemClock);
  }

  private constructor(
    readonly dir: string,
    /** The folder's real path: the boundary every file of the store must stay inside. */
    private readonly root: string,
    private readonly options: StoreOptions,
  ) {
    const fs = (this.fs = options.fs ?? nodeStoreFs);
    this.folderSync = new SharedFolderSync(fs);
    const now = () => this.now();
    const identities = (this.identities = new IdentityCheck({ root, fs }));
    this.index = new WorkflowIndex({ onIdentity: (identity) => identities.noteTime(identity) });
    this.sync = new DiskSync({
      root,
      fs,
      index: this.index,
      identities,
      queue: this.mutex,
      ownWrites: this.ownWrites,
      logger: options.logger,
      skipDirs: options.skipDirs,
      ignore: options.ignore,
      checkConfig: options.checkConfig,
      now,
      onExternalChange: options.onExternalChange,
      onEventRead: options.onEventRead,
    });
    this.internal = new InternalFiles({ root, fs, now, readCurrent: (rel) => this.sync.readCurrent(rel) });
  }

  static async open(dir: string, options: StoreOptions): Promise<WorkflowStore> {
    await mkdir(dir, { recursive: true });
    const store = new WorkflowStore(dir, await realpath(dir), options);
    // Watching starts before the scan, so an edit made during it is an event, handled after it.
    let watcher = options.watcher;
    if (options.watch && !watcher) {
      watcher = store.ownWatcher = await FolderWatcher.open(dir, {
        poll: options.poll,
        onError: (message) => options.logger.error(`watcher: ${message}`),
      });
    }
    if (watcher) store.unsubscribe = watcher.subscribe((event) => store.sync.onFolderEvent(event));
    await store.identities.trusted(); // found out now (a few ms), not on the first save, and no probe file outlives open()
    store.sync.scan();
    store.ownWatcher?.release();
    return store;
  }

  // ---------- reads (memory only) ----------

  /** Every served workflow with its file, without serialising any (list() serialises each on first use). */
  workflows(): Generator<{ workflow: Workflow; file: string }> {
    return this.index.workflows();
  }

  list(): StoredWorkflow[] {
    return this.index.list();
  }

  get(id: string): StoredWorkflow | undefined {
    return this.index.get(id);
  }

  get size(): number {
    return this.index.size;
  }

  /** Changes whenever what get() or a page answers may have changed (a cache key for responses). */
  get generation(): number {
    return this.index.generation;
  }

  /**
   * One page of the served workflows in the given order (ties broken by id), only those `keep` accepts,
   * and how many there are in all. The order is kept as workflows change, never re-sorted per call.
   */
  page(query: PageQuery): { total: number; items: StoredWorkflow[] } {
    return this.index.page(query);
  }

  /** Files that failed to parse or validate, and ids defined twice. */
  errors(): LoadError[] {
    return this.index.errors();
  }

  /** Whether this folder's file system lets a file's identity stand in for its bytes (file-identity.ts). */
  identityTrusted(): Promise<boolean> {
    return this.identities.trusted();
  }

  // ---------- writes ----------

  async create(input: CreateInput): Promise<StoredWorkflow> {
    if (input.id) checkNewWorkflowId(input.id);
    const workflow = buildCreatedWorkflow(input, this.now());
    this.assertGraph(workflow);
    const rel = `${workflow.id}.json`;
    if (!this.sync.isWorkflowPath(rel))
      throw new InvalidInputError(
        'id',
        `the folder skips ${rel} when it loads (a package manifest, lockfile or tool config, or a pattern of --ignore or ignore:), so the workflow would be gone at the next start: choose another id`,
      );
    return this.counted(() =>
      this.mutex.run(workflow.id, async () => {
        if (this.index.servedFileOf(workflow.id))
          throw new ConflictError(`Workflow '${workflow.id}' already exists; use PUT /workflows/${workflow.id} to change it`);
        const there = await this.fs.lstat(join(this.root, rel)).catch(() => undefined);
        if (there?.isDirectory()) throw new ConflictError(`${rel} in the workflow folder is a folder; rename or remove it first`);
        if (this.index.entry(rel) || (await this.sync.readCurrent(rel)) !== undefined)
          throw new ConflictError(
            `File ${rel} already exists in the workflow folder but does not hold a valid workflow '${workflow.id}'; fix or remove it first`,
          );
        await this.persist(rel, workflow, { expectedHash: undefined });
        return this.index.servedEntry(workflow.id);
      }),
    );
  }

  /** Saves and creates accepted and not answered yet: what a stop lets finish. */
  get savesInFlight(): number {
    return this.saving;
  }

  private async counted<T>(save: () => Promise<T>): Promise<T> {
    this.saving++;
    try {
      return await save();
    } finally {
      this.saving--;
    }
  }

  /**
   * Saves are applied in memory in arrival order (so If-Match, updateNumber and 422 checks see every earlier
   * save), then written by group commit: saves queued while a write is in flight share the next durable
   * write. Each is acknowledged only once a version containing it is on disk.
   */
  async update(id: string, patch: UpdateInput, ifMatch?: string): Promise<UpdateResult> {
    if (patch.id !== undefined && patch.id !== id)
      throw new InvalidInputError('id', `must match the path id '${id}' (ids cannot be changed by PUT)`);
    const entry = this.index.servedFileOf(id);
    if (!entry?.workflow) throw new NotFoundError(`workflow '${id}'`);
    const base = this.newestUnwritten.get(id) ?? entry.workflow;
    // A file broken by hand since is not the version the If-Match names, though that one is still served.
    if (ifMatch !== undefined && entry.error && !this.newestUnwritten.has(id))
      throw new ConflictError(
        `Workflow '${id}' was changed on disk since you read it and does not load (${entry.rel}${entry.error.line ? `:${entry.error.line}` : ''}: ${entry.error.message}); fix the file, or save without If-Match to replace it (the broken file is kept in .wfe/backups)`,
        { currentVersionId: base.metadata.versionId ?? '' },
      );
    if (ifMatch !== undefined && !ifMatchHolds(ifMatch, etagOf(base)))
      throw new ConflictError(
        `Workflow '${id}' was changed since you read it (your If-Match ${ifMatch}, current ETag ${etagOf(base)}); reload it and apply your change again`,
        {
          currentVersionId: base.metadata.versionId ?? '',
        },
      );
    const next = applyUpdate(base, patch, this.now());
    this.assertGraph(next);
    this.newestUnwritten.set(id, next);
    return this.counted(
      () =>
        new Promise<UpdateResult>((resolve, reject) => {
          const save: PendingSave = {
            workflow: next,
            baseVersionId: base.metadata.versionId,
            blind: ifMatch === undefined,
            resolve,
            reject,
          };
          const queue = this.queuedSaves.get(id);
          if (queue) queue.push(save);
          else {
            this.queuedSaves.set(id, [save]);
            void this.mutex.run(id, () => this.flushSaves(id));
          }
        }),
    );
  }

  private async flushSaves(id: string): Promise<void> {
    const batch = this.queuedSaves.get(id) ?? [];
    this.queuedSaves.delete(id);
    if (batch.length === 0) return;
    const last = batch[batch.length - 1].workflow;
    try {
      const entry = this.index.servedFileOf(id);
      if (!entry?.workflow) throw new NotFoundError(`workflow '${id}'`);
      const replacesDiskEdit = entry.error !== undefined || (entry.changedOnDisk && batch.some((s) => s.blind));
      // The file must still be the indexed one: by its bytes when they are needed (a backup) or its identity
      // is unknown; else by its identity, looked at while the new text is being serialised.
      const identity = entry.identity;
      const diskText = replacesDiskEdit || !identity ? await this.readUnchanged(entry) : undefined;
      const unchangedBeforeWrite = diskText === undefined ? this.identities.matches(entry.rel, identity) : undefined;
      // A reload from disk between the save and this write means the save was based on a stale version.
      if (this.index.servedFileOf(id)?.workflow?.metadata.versionId !== batch[0].baseVersionId)
        throw new ConflictError(`Workflow '${id}' changed on disk while your save was queued; reload it and apply your change again`);
      // A replaced disk edit is backed up from the text read above (read whenever replacesDiskEdit is set).
      const backup = replacesDiskEdit && diskText !== undefined ? await this.backUpDiskEdit(entry, id, diskText) : undefined;
      const checkFirst = async () => {
        // Not the same file by its identity: compared by its bytes, as when the identity is unknown (a 409 if they differ).
        if (unchangedBeforeWrite && !(await unchangedBeforeWrite)) await this.readUnchanged(entry);
      };
      // The disk is checked again right before the rename: a hand edit saved during this write is never replaced.
      const written = await this.persist(entry.rel, last, {
        expectedHash: entry.hash,
        expectedIdentity: diskText === undefined ? identity : undefined,
        checkFirst,
      });
      if (this.newestUnwritten.get(id) === last) this.newestUnwritten.delete(id);
      for (const save of batch) {
        const body = save.workflow === last ? withoutBom(written) : Buffer.from(JSON.stringify(save.workflow));
        save.resolve({ workflow: save.workflow, body, file: entry.rel, etag: etagOf(save.workflow), backup });
      }
    } catch (err) {
      // Saves queued behind this batch were built on top of it: they cannot land either.
      const behind = this.queuedSaves.get(id) ?? [];
      this.queuedSaves.delete(id);
      this.newestUnwritten.delete(id);
      for (const save of batch) save.reject(err);
      for (const save of behind)
        save.reject(
          new ConflictError(`An earlier save to workflow '${id}' failed, so this one, built on it, was not written; reload and retry`),
        );
    }
  }

  /**
   * Moves the workflow's file to `.wfe/trash/<path>.<time>.json` (its last version, so a mistaken delete can be
   * undone by moving it back). A stale `ifMatch`, or a disk edit not seen yet under one, is refused with
   * StaleVersionError and nothing is moved.
   */
  async delete(id: string, ifMatch?: string): Promise<void> {
    await this.mutex.run(id, async () => {
      const entry = this.index.servedFileOf(id);
      if (!entry?.workflow) throw new NotFoundError(`workflow '${id}'`);
      if (ifMatch !== undefined) {
        const indexed = entry.workflow;
        const stale = (why: string) => {
          const current = etagOf(this.index.servedFileOf(id)?.workflow ?? indexed);
          return new StaleVersionError(
            `Workflow '${id}' ${why} (your If-Match ${ifMatch}, current ETag ${current}); nothing was deleted. Reload it and decide again`,
            current,
          );
        };
        const current = etagOf(indexed);
        if (!ifMatchHolds(ifMatch, current)) throw stale('was changed since you read it');
        const text = await this.sync.readCurrent(entry.rel);
        if (text !== undefined && sha256(text) !== entry.hash) {
          this.sync.load(entry.rel, text, { changedOnDisk: true });
          throw stale('was changed on disk since you read it');
        }
      }
      const trashed = await this.internal.moveToTrash(entry.rel);
      this.index.forget(entry.rel);
      this.newestUnwritten.delete(id);
      if (trashed) this.options.logger.info(`${entry.rel}: deleted; the last version is kept in ${trashed}`);
    });
  }

  /** Stops watching and waits for in-flight writes (graceful shutdown). */
  async close(): Promise<void> {
    this.sync.close();
    this.unsubscribe?.();
    await this.ownWatcher?.close();
    await this.mutex.drain();
    await Promise.all([...this.judging]);
    this.witness.close();
  }

  // ---------- the guarded save ----------

  private assertGraph(workflow: Workflow): void {
    const errors = graphErrors(workflow, this.options.checkConfig);
    if (errors.length > 0) throw new GraphInvalidError(errors);
  }

  /**
   * Writes atomically, in the file's own text style. What the guard expects of the file is checked right
   * before the rename; otherwise nothing is written and a ConflictError says why.
   */
  private async persist(rel: string, workflow: Workflow, { expectedHash, expectedIdentity, checkFirst }: WriteGuard): Promise<Buffer> {
    const style = this.index.entry(rel)?.style;
    // Encoded once, for the hash and the write.
    const bytes = Buffer.from(inStyle(stableStringify(workflow), style));
    const hash = sha256(bytes);
    // The watcher's echo of this write must be recognised as ours, even if it arrives before the index update.
    this.ownWrites.hashes.set(rel, hash);
    const target = join(this.root, rel);
    // Listening before the window's mark is made, so that its event is among those seen.
    this.witness.listen(dirname(target));
    try {
      // Before the temp file exists: a change found here happened before this write, not during it.
      await checkFirst?.();
      const expectTarget = async (identity: FileIdentity | undefined) => {
        const expected = await this.expectedTarget(rel, expectedHash, expectedIdentity);
        if (identity) this.ownWrites.identities.set(rel, identity);
        return expected;
      };
      const afterRename = ({ temp, pinned, exchanged }: GuardedRenameDone) => {
        if (pinned) this.judgeWindow(rel, { temp, pinned, exchanged: exchanged === true });
      };
      const identity = await writeFileAtomic(target, bytes, {
        fs: this.fs,
        expectTarget,
        afterRename,
        syncFolder: (dir) => this.folderSync.sync(dir),
      });
      this.index.set({ rel, hash, workflow, changedOnDisk: false, identity, style });
      return bytes;
    } catch (err) {
      // ENOENT on writing: the temp file's folder is gone (the served folder deleted or moved while serving).
      throw errnoCode(err) === 'ENOENT' ? new StorageError('write', rel, err) : namedStorageError('write', rel, err);
    } finally {
      if (this.ownWrites.hashes.get(rel) === hash) this.ownWrites.hashes.delete(rel);
      this.ownWrites.identities.delete(rel);
    }
  }

  /**
   * What `rel` must still be when a write is renamed over it (undefined `expectedHash`: absent). Looked at
   * by its identity where that is trusted, else by its bytes, with the identity it had before they were read:
   * the rename then checks that identity again, in the same turn (guarded-rename.ts). A file that is not
   * the expected one is a ConflictError, after a reload.
   */
  private async expectedTarget(
    rel: string,
    expectedHash: string | undefined,
    expectedIdentity: FileIdentity | undefined,
  ): Promise<TargetExpectation> {
    if (expectedHash === undefined) {
      await this.assertDiskAsExpected(rel, undefined);
      return { missing: true };
    }
    if (expectedIdentity && (await this.identities.matches(rel, expectedIdentity))) return { identity: expectedIdentity };
    const path = join(this.root, rel);
    const before = await this.fs.lstat(path).catch(() => undefined);
    await this.assertDiskAsExpected(rel, expectedHash);
    return { identity: identityOf(before ?? (await this.fs.lstat(path))) };
  }

  /**
   * After a rename: did anything land on the target in the window between the last look and the rename?
   * The native events tell a write that landed there (rename-witness.ts); the pinned file tells a write into
   * the replaced file, which is then kept in .wfe/backups. Either is logged at warn with the file's name.
   */
  private judgeWindow(rel: string, { temp, pinned, exchanged }: { temp: string; pinned: PinnedFile; exchanged: boolean }): void {
    // An exchange left no window: only a write into the replaced file (the pin) can be there to keep.
    const verdict: Promise<WindowVerdict> = exchanged
      ? Promise.resolve('clear')
      : this.witness.judge(dirname(temp), { temp: basename(temp), target: basename(rel) });
    const judged = verdict
      .then(async (seen) => {
        const now = this.fs.fstatSync(pinned.fd);
        if (!sameIdentity(now, pinned.identity)) {
          const backup = await this.internal.backUp(stemOf(rel), () => readWholeSync(pinned.fd, now.size));
          this.options.logger.warn(
            `${rel}: written on disk while a save replaced it; the save's version is on disk and the version written meanwhile is kept in ${backup}`,
          );
        } else if (seen === 'foreign')
          this.options.logger.warn(
            `${rel}: changed on disk in the moment between a save's last check and its rename; the save's version is on disk and that edit could not be kept (edit it again)`,
          );
      })
      .catch((err: unknown) => this.options.logger.error(`${rel}: ${errorMessage(err)}`))
      .then(() => closePin(this.fs, pinned.fd))
      .catch((err: unknown) => this.options.logger.error(`${rel}: ${errorMessage(err)}`))
      .finally(() => this.judging.delete(judged));
    this.judging.add(judged);
  }

  /** Keeps the version edited on disk that a save replaces, and says so. */
  private async backUpDiskEdit(entry: FileEntry, id: string, diskText: string): Promise<string> {
    const rel = await this.internal.backUp(id, () => diskText);
    const what = entry.error ? 'an invalid version edited on disk' : 'a version edited on disk';
    this.options.logger.warn(`${entry.rel}: a save replaced ${what}; the disk version is kept in ${rel}`);
    return rel;
  }

  /** The last check of a write, between the fsync of the temp file and its rename over `rel`. */
  private async assertDiskAsExpected(rel: string, expectedHash: string | undefined): Promise<void> {
    const text = await this.sync.readCurrent(rel);
    if (expectedHash === undefined) {
      if (text === undefined) return;
      this.sync.load(rel, text, { changedOnDisk: true });
      throw new ConflictError(`The file ${rel} appeared on disk while the workflow was being created; it is kept and nothing was written`);
    }
    if (text === undefined) throw this.deletedOnDisk(rel, 'while the save was being written');
    if (sha256(text) === expectedHash) return;
    this.sync.load(rel, text, { changedOnDisk: true });
    this.options.logger.warn(
      `${rel}: changed on disk while a save was being written; the save was refused (409) and the disk version is served`,
    );
    throw new ConflictError(
      `The file ${rel} changed on disk while your save was being written; the disk version is kept and served. Reload the workflow and apply your change again`,
    );
  }

  /**
   * The file as it is on disk now: undefined when it is missing. A file changed behind our back (no watcher,
   * or its event not here yet) is never overwritten unseen: that is a ConflictError, after a reload.
   */
  private async readUnchanged(entry: FileEntry): Promise<string> {
    const text = await this.sync.readCurrent(entry.rel);
    if (text === undefined) throw this.deletedOnDisk(entry.rel, 'since it was loaded');
    if (sha256(text) === entry.hash) return text;
    this.sync.load(entry.rel, text, { changedOnDisk: true });
    throw new ConflictError(
      `The file ${entry.rel} changed on disk since it was loaded; the server now serves the disk version. Reload the workflow and apply your change again`,
    );
  }

  /** A deleted file is not written again by a save: the workflow is no longer served, and the save is refused. */
  private deletedOnDisk(rel: string, when: string): ConflictError {
    if (this.index.entry(rel)) {
      this.index.forget(rel);
      this.options.logger.warn(`${rel}: deleted on disk ${when}; a save to it was refused (409) and the workflow is no longer served`);
      this.options.onExternalChange?.(rel, 'unlink');
    }
    return new ConflictError(
      `The file ${rel} was deleted on disk ${when}; it is not written again and the workflow is no longer served. Create it again with POST /workflows to keep it`,
    );
  }
}

/** The replaced file is freed by this close: off the event loop where the file layer can. */
async function closePin(fs: StoreFs, fd: number): Promise<void> {
  if (fs.closeInBackground) await fs.closeInBackground(fd);
  else fs.closeSync(fd);
}
