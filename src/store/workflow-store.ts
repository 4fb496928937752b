// The served directory is the database: every *.json file is one workflow, indexed in memory.
// Reads never touch the disk; writes are atomic, serialised per workflow and acknowledged only once durable.
import { nodeCrypto } from '../util/lazy-module.js';
import { closeSync, fstatSync, openSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { mkdir, open, realpath, unlink } from 'node:fs/promises';
import { basename, dirname, join, posix } from 'node:path';
import { formatLoadError } from '../contract/load-error.js';
import type { LoadError, Workflow } from '../contract/types.js';
import { describeAjvErrors, isWorkflowFile, validateWorkflowFile } from '../contract/validators.js';
import { graphErrors, type ConfigChecker } from '../graph/integrity.js';
import {
  ConflictError,
  GraphInvalidError,
  InvalidInputError,
  NotFoundError,
  StaleVersionError,
  StorageError,
} from '../util/domain-errors.js';
import { parseJsonWithPosition } from '../util/json-position.js';
import { defaultIgnore, type IgnoreMatcher } from '../project/ignore.js';
import { FolderWatcher, type FolderEvent } from '../util/folder-watcher.js';
import type { Logger } from '../util/logger.js';
import { errnoCode, errorMessage } from '../util/narrow.js';
import { pointerPosition } from '../util/pointer-position.js';
import { stableStringify } from '../util/stable-json.js';
import { syncDirectory, TEMP_FILE_PATTERN, writeFileAtomic, type GuardedRenameDone } from './atomic-write.js';
import { sameIdentity, type PinnedFile, type TargetExpectation } from './guarded-rename.js';
import { RenameWitness, type WindowVerdict } from './rename-witness.js';
import { checkPath, isRefusedEntry, LinkRefusedError } from './boundary.js';
import { KeyedMutex } from './keyed-mutex.js';
import { OrderedList, type ListOrder } from './ordered-list.js';
import { nodeStoreFs, readWholeSync, type FileIdentity, type StoreFs } from './store-fs.js';
import { applyUpdate, buildCreatedWorkflow, withMetadataDefaults, type CreateInput, type UpdateInput } from './workflow-model.js';
import { checkNewWorkflowId, INTERNAL_DIR, isSkippedPath } from './paths.js';
import { MAX_TEXT_BYTES, TextTooLargeError, tooLargeToRead } from '../util/text-limit.js';
import { NotUtf8Error, utf8Text } from '../util/utf8.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';

export interface StoreOptions {
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
  onExternalChange?: (file: string, kind: 'add' | 'change' | 'unlink') => void;
  /** The file operations of API writes, reads and watcher reloads (tests inject faults); node:fs by default. */
  fs?: StoreFs;
}

/** How a path refused by the boundary is reported among the load errors. */
const LINK_LOAD_ERROR = 'symbolic link: not served, because the server never follows links';

/** A file on disk that could not be read as text (reported as a load error): a save over it is refused. */
class UnreadableFileError extends ConflictError {
  constructor(rel: string, why: string) {
    super(`The file ${rel} on disk was not read (${why}); it is not written over. Fix it on disk first`);
  }
}

/** File-system failures a person can act on get a StorageError naming the file; anything else stays a 500. */
const NAMED_CAUSES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENAMETOOLONG']);
const named = (operation: string, rel: string, err: unknown): unknown =>
  NAMED_CAUSES.has(errnoCode(err) ?? '') ? new StorageError(operation, rel, err) : err;

interface FileEntry {
  rel: string;
  /** sha256 of the bytes last read or written: recognises the server's own writes and unseen disk edits. */
  hash: string;
  workflow?: Workflow;
  /** JSON.stringify(workflow), made on first read and kept, so GET serves a string without re-serialising. */
  json?: string;
  error?: LoadError;
  /** Set when a watcher event brought in content the server did not write itself. */
  changedOnDisk: boolean;
  /** The file as it was when `hash` was taken: an event on a file that still matches it changed nothing. */
  identity?: FileIdentity;
  /** How the file was written by whoever wrote it last: a save keeps its line endings and byte order mark. */
  style?: TextStyle;
}

interface TextStyle {
  crlf: boolean;
  bom: boolean;
}

const styleOf = (text: string): TextStyle => ({ crlf: text.includes('\r\n'), bom: text.charCodeAt(0) === 0xfeff });

/** The serialiser's text (LF, no byte order mark) in the file's own style, so a save does not touch every line. */
const inStyle = (text: string, style: TextStyle | undefined): string =>
  (style?.bom ? '\ufeff' : '') + (style?.crlf ? text.replace(/\n/g, '\r\n') : text);

const UTF8_BOM_LENGTH = 3;
const withoutBom = (bytes: Buffer): Buffer =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(UTF8_BOM_LENGTH) : bytes;

interface PendingSave {
  workflow: Workflow;
  baseVersionId: string | undefined;
  /** Sent without If-Match: the client may not have seen a disk edit it replaces. */
  blind: boolean;
  resolve(result: UpdateResult): void;
  reject(err: unknown): void;
}

export interface StoredWorkflow {
  workflow: Workflow;
  json: string;
  file: string;
  etag: string;
}

export interface UpdateResult {
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

/** Of the bytes: a text is hashed as its UTF-8, so hashing the bytes a text was read from (or is written as) is the same. */
const sha256 = (content: string | Uint8Array): string => nodeCrypto().createHash('sha256').update(content).digest('hex');

/** A watcher event on a file with a failed parse waits this long for the writer to finish before it is reported. */
const SETTLE_MS = 40;

/** Whether a modification time has a fraction of a second (see WorkflowStore.sameFile). */
const hasSubSecondTime = (stats: FileIdentity): boolean => stats.mtimeMs % 1000 !== 0;

/** A file's identity and modification time, as a stat gives them. */
type FileStamp = FileIdentity & { mtime: Date };

const identityOf = (stats: FileIdentity): FileIdentity => ({ ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs });

export const etagOf = (workflow: Workflow): string => `"${workflow.metadata.versionId ?? ''}"`;

export class WorkflowStore {
  private readonly entries = new Map<string, FileEntry>();
  private readonly filesById = new Map<string, Set<string>>();
  private readonly mutex = new KeyedMutex();
  private ignored?: IgnoreMatcher;
  private readonly pendingWrites = new Map<string, string>();
  /** The identity a file has from the moment the store renames its write over it until the index holds it. */
  private readonly pendingIdentities = new Map<string, FileIdentity>();
  /** The newest version of each workflow with saves not yet durable (what the next save builds on). */
  private readonly tips = new Map<string, Workflow>();
  private readonly queuedSaves = new Map<string, PendingSave[]>();
  /** The list orders asked for so far, kept in order as workflows change. */
  private readonly orders = new Map<ListOrder, OrderedList>();
  private changes = 0;
  private unsubscribe?: () => void;
  private ownWatcher?: FolderWatcher;
  /** Files whose last watcher read failed to parse: reported once the writer has had time to finish. */
  private readonly settling = new Map<string, NodeJS.Timeout>();
  private closed = false;
  /** Tells a write that landed in a save's last window (rename-witness.ts). */
  private readonly witness = new RenameWitness();
  /** Windows being judged: close() waits for them, so a warn line is never cut off by a stop. */
  private readonly judging = new Set<Promise<void>>();
  /** Saves and creates accepted and not answered yet (what a stop waits for). */
  private saving = 0;
  private fineTimestamps?: Promise<boolean>;
  /**
   * Whether this folder's file system keeps times finer than a second, learnt from the first time seen with
   * a fraction. Until then a time on a whole second may be a coarse clock's, and identities are not trusted.
   */
  private subSecondTimes = false;
  private readonly fs: StoreFs;
  /** For tests: files read because of a watcher event (an event on the store's own write reads none). */
  readonly counters: { eventReads: number; lastEventReads: string[] } = { eventReads: 0, lastEventReads: [] };

  private now(): string {
    return isoNow(this.options.clock ?? systemClock);
  }

  private safeMtime(path: string): string {
    try {
      return statSync(path).mtime.toISOString();
    } catch {
      return this.now();
    }
  }

  private constructor(
    readonly dir: string,
    /** The folder's real path: the boundary every file of the store must stay inside. */
    private readonly root: string,
    private readonly options: StoreOptions,
  ) {
    this.fs = options.fs ?? nodeStoreFs;
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
    if (watcher) store.unsubscribe = watcher.subscribe((event) => store.onFolderEvent(event));
    await store.identityTrusted(); // found out now (a few ms), not on the first save, and no probe file outlives open()
    store.scan();
    store.ownWatcher?.release();
    return store;
  }

  // ---------- reads (memory only) ----------

  /** Every served workflow with its file, without serialising any (list() serialises each on first use). */
  *workflows(): Generator<{ workflow: Workflow; file: string }> {
    for (const id of this.filesById.keys()) {
      const entry = this.winner(id);
      if (entry?.workflow) yield { workflow: entry.workflow, file: entry.rel };
    }
  }

  list(): StoredWorkflow[] {
    const out: StoredWorkflow[] = [];
    for (const id of this.filesById.keys()) {
      const found = this.get(id);
      if (found) out.push(found);
    }
    return out;
  }

  get(id: string): StoredWorkflow | undefined {
    const entry = this.winner(id);
    if (!entry?.workflow) return undefined;
    entry.json ??= JSON.stringify(entry.workflow);
    return { workflow: entry.workflow, json: entry.json, file: entry.rel, etag: etagOf(entry.workflow) };
  }

  get size(): number {
    return this.filesById.size;
  }

  /** Changes whenever what get() or a page answers may have changed (a cache key for responses). */
  get generation(): number {
    return this.changes;
  }

  /**
   * One page of the served workflows in the given order (ties broken by id), only those `keep` accepts,
   * and how many there are in all. The order is kept as workflows change, never re-sorted per call.
   */
  page(
    order: ListOrder,
    descending: boolean,
    offset: number,
    limit: number,
    keep?: (workflow: Workflow) => boolean,
  ): { total: number; items: StoredWorkflow[] } {
    let list = this.orders.get(order);
    if (!list) {
      list = new OrderedList(order, this.servedWorkflows());
      this.orders.set(order, list);
    }
    const items: StoredWorkflow[] = [];
    if (!keep) {
      for (let i = offset; i < Math.min(list.size, offset + limit); i++) items.push(this.served(list.idAt(i, descending)));
      return { total: list.size, items };
    }
    let total = 0;
    for (let i = 0; i < list.size; i++) {
      const found = this.served(list.idAt(i, descending));
      if (!keep(found.workflow)) continue;
      if (total >= offset && items.length < limit) items.push(found);
      total++;
    }
    return { total, items };
  }

  /**
   * A workflow that is served: one a list order holds, or one just written. Not finding it is a bug of the
   * index (servedChanged keeps every order's list in step with it), not a missing workflow.
   */
  private served(id: string): StoredWorkflow {
    const found = this.get(id);
    if (!found) throw new Error(`workflow store: '${id}' should be served but is not in the index`);
    return found;
  }

  private *servedWorkflows(): Iterable<Workflow> {
    for (const id of this.filesById.keys()) {
      const workflow = this.winner(id)?.workflow;
      if (workflow) yield workflow;
    }
  }

  /** Files that failed to parse or validate, and ids defined twice. */
  errors(): LoadError[] {
    const out: LoadError[] = [];
    for (const entry of [...this.entries.values()].sort((a, b) => compareRel(a.rel, b.rel))) {
      if (entry.error) out.push(entry.error);
      const id = entry.workflow?.id;
      if (id !== undefined) {
        const first = this.winner(id);
        if (first && first !== entry)
          out.push({
            file: entry.rel,
            message: `Duplicate workflow id '${id}': ${first.rel} defines it too and wins (first in path order); this file is not served`,
          });
      }
    }
    return out;
  }

  // ---------- writes ----------

  async create(input: CreateInput, validateGraph = true): Promise<StoredWorkflow> {
    if (input.id) checkNewWorkflowId(input.id);
    const workflow = buildCreatedWorkflow(input, this.now());
    if (validateGraph) this.assertGraph(workflow);
    return this.counted(() =>
      this.mutex.run(workflow.id, async () => {
        if (this.winner(workflow.id))
          throw new ConflictError(`Workflow '${workflow.id}' already exists; use PUT /workflows/${workflow.id} to change it`);
        const rel = `${workflow.id}.json`;
        if (this.entries.has(rel) || (await this.readCurrent(rel)) !== undefined)
          throw new ConflictError(
            `File ${rel} already exists in the workflow folder but does not hold a valid workflow '${workflow.id}'; fix or remove it first`,
          );
        await this.persist(rel, workflow, undefined);
        return this.served(workflow.id);
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
    const entry = this.winner(id);
    if (!entry?.workflow) throw new NotFoundError(`workflow '${id}'`);
    const base = this.tips.get(id) ?? entry.workflow;
    if (ifMatch !== undefined && !etagMatches(ifMatch, etagOf(base)))
      throw new ConflictError(
        `Workflow '${id}' was changed since you read it (your If-Match ${ifMatch}, current ETag ${etagOf(base)}); reload it and apply your change again`,
        {
          currentVersionId: base.metadata.versionId ?? '',
        },
      );
    const next = applyUpdate(base, patch, this.now());
    this.assertGraph(next);
    this.tips.set(id, next);
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
      const entry = this.winner(id);
      if (!entry?.workflow) throw new NotFoundError(`workflow '${id}'`);
      const replacesDiskEdit = entry.error !== undefined || (entry.changedOnDisk && batch.some((s) => s.blind));
      // The file must still be the indexed one: by its bytes when they are needed (a backup) or its identity
      // is unknown; else by its identity, looked at while the new text is being serialised.
      const identity = entry.identity;
      const diskText = replacesDiskEdit || !identity ? await this.readUnchanged(entry) : undefined;
      const unchangedBeforeWrite = diskText === undefined ? this.matchesIdentity(entry.rel, identity) : undefined;
      // A reload from disk between the save and this write means the save was based on a stale version.
      if (this.winner(id)?.workflow?.metadata.versionId !== batch[0].baseVersionId)
        throw new ConflictError(`Workflow '${id}' changed on disk while your save was queued; reload it and apply your change again`);
      // A replaced disk edit is backed up from the text read above (read whenever replacesDiskEdit is set).
      const backup = replacesDiskEdit && diskText !== undefined ? await this.backUp(entry, id, diskText) : undefined;
      const checkedFirst = async () => {
        // Not the same file by its identity: compared by its bytes, as when the identity is unknown (a 409 if they differ).
        if (unchangedBeforeWrite && !(await unchangedBeforeWrite)) await this.readUnchanged(entry);
      };
      // The disk is checked again right before the rename: a hand edit saved during this write is never replaced.
      const written = await this.persist(entry.rel, last, entry.hash, diskText === undefined ? identity : undefined, checkedFirst);
      if (this.tips.get(id) === last) this.tips.delete(id);
      for (const save of batch) {
        const body = save.workflow === last ? withoutBom(written) : Buffer.from(JSON.stringify(save.workflow));
        save.resolve({ workflow: save.workflow, body, file: entry.rel, etag: etagOf(save.workflow), backup });
      }
    } catch (err) {
      // Saves queued behind this batch were built on top of it: they cannot land either.
      const behind = this.queuedSaves.get(id) ?? [];
      this.queuedSaves.delete(id);
      this.tips.delete(id);
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
      const entry = this.winner(id);
      if (!entry?.workflow) throw new NotFoundError(`workflow '${id}'`);
      if (ifMatch !== undefined) {
        const indexed = entry.workflow;
        const stale = (why: string) => {
          const current = etagOf(this.winner(id)?.workflow ?? indexed);
          return new StaleVersionError(
            `Workflow '${id}' ${why} (your If-Match ${ifMatch}, current ETag ${current}); nothing was deleted. Reload it and decide again`,
            current,
          );
        };
        const current = etagOf(indexed);
        if (!etagMatches(ifMatch, current)) throw stale('was changed since you read it');
        const text = await this.readCurrent(entry.rel);
        if (text !== undefined && sha256(text) !== entry.hash) {
          this.load(entry.rel, text, true);
          throw stale('was changed on disk since you read it');
        }
      }
      const trashed = await this.moveToTrash(entry.rel);
      this.forget(entry.rel);
      this.tips.delete(id);
      if (trashed) this.options.logger.info(`${entry.rel}: deleted; the last version is kept in ${trashed}`);
    });
  }

  /** Stops watching and waits for in-flight writes (graceful shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    for (const timer of this.settling.values()) clearTimeout(timer);
    await this.ownWatcher?.close();
    await this.mutex.drain();
    await Promise.all([...this.judging]);
    this.witness.close();
  }

  /** Resolves once every watcher event received so far has been handled (tests). */
  async settled(): Promise<void> {
    await this.mutex.drain();
  }

  // ---------- internals ----------

  private assertGraph(workflow: Workflow): void {
    const errors = graphErrors(workflow, this.options.checkConfig);
    if (errors.length > 0) throw new GraphInvalidError(errors);
  }

  private winner(id: string): FileEntry | undefined {
    let best: string | undefined;
    for (const rel of this.filesById.get(id) ?? []) if (best === undefined || compareRel(rel, best) < 0) best = rel;
    return best === undefined ? undefined : this.entries.get(best);
  }

  /**
   * Writes atomically. `expectedHash` is the content the file must still hold right before the rename
   * (undefined: the file must not exist); otherwise nothing is written and a ConflictError says why.
   */
  private async persist(
    rel: string,
    workflow: Workflow,
    expectedHash: string | undefined,
    expectedIdentity?: FileIdentity,
    checkFirst?: () => Promise<void>,
  ): Promise<Buffer> {
    const style = this.entries.get(rel)?.style;
    // Encoded once, for the hash and the write.
    const bytes = Buffer.from(inStyle(stableStringify(workflow), style));
    const hash = sha256(bytes);
    // The watcher's echo of this write must be recognised as ours, even if it arrives before the index update.
    this.pendingWrites.set(rel, hash);
    const target = join(this.root, rel);
    // Listening before the window's mark is made, so that its event is among those seen.
    this.witness.listen(dirname(target));
    try {
      // Before the temp file exists: a change found here happened before this write, not during it.
      await checkFirst?.();
      const expectTarget = async (identity: FileIdentity | undefined) => {
        const expected = await this.expectedTarget(rel, expectedHash, expectedIdentity);
        if (identity) this.pendingIdentities.set(rel, identity);
        return expected;
      };
      const afterRename = ({ temp, pinned, exchanged }: GuardedRenameDone) => {
        if (pinned) this.judgeWindow(rel, { temp, pinned, exchanged: exchanged === true });
      };
      const identity = await writeFileAtomic(target, bytes, { fs: this.fs, expectTarget, afterRename });
      this.index({ rel, hash, workflow, changedOnDisk: false, identity, style });
      return bytes;
    } catch (err) {
      // ENOENT on writing: the temp file's folder is gone (the served folder deleted or moved while serving).
      throw errnoCode(err) === 'ENOENT' ? new StorageError('write', rel, err) : named('write', rel, err);
    } finally {
      if (this.pendingWrites.get(rel) === hash) this.pendingWrites.delete(rel);
      this.pendingIdentities.delete(rel);
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
    if (expectedIdentity && (await this.matchesIdentity(rel, expectedIdentity))) return { identity: expectedIdentity };
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
          const backup = await this.backUpPinned(rel, pinned.fd, now.size);
          this.options.logger.warn(
            `${rel}: written on disk while a save replaced it; the save's version is on disk and the version written meanwhile is kept in ${backup}`,
          );
        } else if (seen === 'foreign')
          this.options.logger.warn(
            `${rel}: changed on disk in the moment between a save's last check and its rename; the save's version is on disk and that edit could not be kept (edit it again)`,
          );
      })
      .catch((err: unknown) => this.options.logger.error(`${rel}: ${errorMessage(err)}`))
      .finally(() => {
        this.fs.closeSync(pinned.fd);
        this.judging.delete(judged);
      });
    this.judging.add(judged);
  }

  /** A copy of the replaced file, still open, in .wfe/backups, for the workflow file `rel`. */
  private async backUpPinned(rel: string, fd: number, size: number): Promise<string> {
    const stem = basename(rel).replace(/\.json$/, '');
    let backup = '.wfe/backups';
    try {
      backup = await this.internalFile(posix.join(INTERNAL_DIR, 'backups'), stem);
      await writeFileAtomic(join(this.root, backup), readWholeSync(fd, size), { fs: this.fs });
    } catch (err) {
      throw named('write the backup', backup, err);
    }
    return backup;
  }

  /**
   * Whether `rel` is, by its identity, still the file the index holds: a file inside the boundary (no link
   * on the way), with the same inode, size and modification time. False when that cannot tell (nothing
   * known, a link, a coarse clock): then the bytes are read and compared.
   */
  private async matchesIdentity(rel: string, identity: FileIdentity | undefined): Promise<boolean> {
    if (!identity || !(await this.identityTrusted())) return false;
    try {
      // Below the root, a folder on the way could have been replaced by a link: the boundary decides.
      if (rel.includes('/') && (await checkPath(this.fs, this.root, rel)) === 'missing') return false;
      const stats = await this.fs.lstat(join(this.root, rel));
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
  private sameFile(identity: FileIdentity | undefined, stats: FileIdentity): boolean {
    this.noteTime(stats);
    return (
      identity !== undefined &&
      identity.ino === stats.ino &&
      identity.size === stats.size &&
      identity.mtimeMs === stats.mtimeMs &&
      this.subSecondTimes
    );
  }

  private noteTime(stats: FileIdentity): void {
    if (!this.subSecondTimes && hasSubSecondTime(stats)) this.subSecondTimes = true;
  }

  /**
   * Whether a write made right after a file was stat'ed always gets a new modification time here, so that
   * an unchanged identity means unchanged bytes. True on file systems with fine clocks (APFS, and Linux
   * 6.13+ with its multigrain timestamps); false where the clock ticks coarsely (older kernels, NTFS): an
   * edit of the same size in the same tick as the server's write would keep the identity, so there the
   * bytes are always compared. Found out once, on a probe file in .wfe/.
   */
  identityTrusted(): Promise<boolean> {
    return (this.fineTimestamps ??= probeFineTimestamps(join(this.root, INTERNAL_DIR)));
  }

  /** The last check of a write, between the fsync of the temp file and its rename over `rel`. */
  private async assertDiskAsExpected(rel: string, expectedHash: string | undefined): Promise<void> {
    const text = await this.readCurrent(rel);
    if (expectedHash === undefined) {
      if (text === undefined) return;
      this.load(rel, text, true);
      throw new ConflictError(`The file ${rel} appeared on disk while the workflow was being created; it is kept and nothing was written`);
    }
    if (text === undefined) throw this.deletedOnDisk(rel, 'while the save was being written');
    if (sha256(text) === expectedHash) return;
    this.load(rel, text, true);
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
    const text = await this.readCurrent(entry.rel);
    if (text === undefined) throw this.deletedOnDisk(entry.rel, 'since it was loaded');
    if (sha256(text) === entry.hash) return text;
    this.load(entry.rel, text, true);
    throw new ConflictError(
      `The file ${entry.rel} changed on disk since it was loaded; the server now serves the disk version. Reload the workflow and apply your change again`,
    );
  }

  /** A deleted file is not written again by a save: the workflow is no longer served, and the save is refused. */
  private deletedOnDisk(rel: string, when: string): ConflictError {
    if (this.entries.has(rel)) {
      this.forget(rel);
      this.options.logger.warn(`${rel}: deleted on disk ${when}; a save to it was refused (409) and the workflow is no longer served`);
      this.options.onExternalChange?.(rel, 'unlink');
    }
    return new ConflictError(
      `The file ${rel} was deleted on disk ${when}; it is not written again and the workflow is no longer served. Create it again with POST /workflows to keep it`,
    );
  }

  /**
   * Reads a file of the folder through the boundary: undefined when missing; a link is refused (and reported).
   * `sizeHint`: the size a stat just gave, which spares the read its own (the file is read whole either way).
   */
  private async readCurrent(rel: string, sizeHint?: number): Promise<string | undefined> {
    try {
      if ((await checkPath(this.fs, this.root, rel)) === 'missing') return undefined;
      return utf8Text(await this.fs.readFile(join(this.root, rel), sizeHint));
    } catch (err) {
      // Not UTF-8, or grown past what a string can hold since its size was looked at: refused, as at start-up.
      if (err instanceof NotUtf8Error || err instanceof TextTooLargeError) {
        this.refuseUnreadable(rel, err.message);
        this.options.onExternalChange?.(rel, 'change');
        throw new UnreadableFileError(rel, err.message);
      }
      if (err instanceof LinkRefusedError) {
        if (this.refuseLink(rel)) this.options.onExternalChange?.(rel, 'change');
        throw err;
      }
      if (errnoCode(err) === 'ENOENT') return undefined;
      throw named('read', rel, err);
    }
  }

  /** Makes `dirRel` (under .wfe) inside the folder, and returns a free `<stem>.<time>.json` in it. */
  private async internalFile(dirRel: string, stem: string): Promise<string> {
    await checkPath(this.fs, this.root, dirRel);
    await this.fs.mkdir(join(this.root, dirRel), { recursive: true });
    const stamp = this.now().replace(/[:.]/g, '-');
    for (let n = 1; ; n++) {
      const rel = posix.join(dirRel, fitFileName(stem, `.${stamp}${n > 1 ? `-${n}` : ''}.json`));
      if ((await checkPath(this.fs, this.root, rel)) === 'missing') return rel;
    }
  }

  private async backUp(entry: FileEntry, id: string, diskText: string): Promise<string> {
    let rel = '.wfe/backups';
    try {
      rel = await this.internalFile(posix.join(INTERNAL_DIR, 'backups'), id);
      await writeFileAtomic(join(this.root, rel), diskText, { fs: this.fs });
    } catch (err) {
      throw named('write the backup', rel, err);
    }
    const what = entry.error ? 'an invalid version edited on disk' : 'a version edited on disk';
    this.options.logger.warn(`${entry.rel}: a save replaced ${what}; the disk version is kept in ${rel}`);
    return rel;
  }

  /** Moves a workflow file into .wfe/trash (same relative path, time-stamped); undefined when it is already gone. */
  private async moveToTrash(rel: string): Promise<string | undefined> {
    try {
      if ((await this.readCurrent(rel)) === undefined) return undefined;
      const stem = basename(rel).replace(/\.json$/, '');
      const trashed = await this.internalFile(posix.join(INTERNAL_DIR, 'trash', posix.dirname(rel)), stem);
      await this.fs.rename(join(this.root, rel), join(this.root, trashed));
      await syncDirectory(dirname(join(this.root, rel)), this.fs);
      await syncDirectory(dirname(join(this.root, trashed)), this.fs);
      return trashed;
    } catch (err) {
      throw named('delete', rel, err);
    }
  }

  /**
   * The boundary's verdict on a workflow path: a link is not served; it is listed among the load errors.
   * Returns false when it was already recorded.
   */
  private refuseLink(rel: string): boolean {
    const previous = this.entries.get(rel);
    if (previous && !previous.workflow && previous.error?.message === LINK_LOAD_ERROR) return false;
    this.forget(rel);
    this.index({ rel, hash: '', error: { file: rel, message: LINK_LOAD_ERROR }, changedOnDisk: true });
    this.options.logger.warn(`${rel}: ${LINK_LOAD_ERROR}`);
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
    const previous = this.entries.get(rel);
    this.options.logger.warn(formatLoadError(error) + (previous?.workflow ? ' (the last good version stays served)' : ''));
    this.index({
      rel,
      hash,
      workflow: previous?.workflow,
      json: previous?.json,
      error,
      changedOnDisk: previous?.changedOnDisk ?? false,
    });
  }

  private index(entry: FileEntry): void {
    const before = this.entries.get(entry.rel);
    if (entry.identity) this.noteTime(entry.identity);
    if (before?.workflow && before.workflow.id !== entry.workflow?.id) this.unlinkId(before.workflow.id, entry.rel);
    this.entries.set(entry.rel, entry);
    const id = entry.workflow?.id;
    if (id !== undefined) {
      let files = this.filesById.get(id);
      if (!files) this.filesById.set(id, (files = new Set()));
      files.add(entry.rel);
    }
    if (before?.workflow !== entry.workflow) {
      if (before?.workflow && before.workflow.id !== id) this.servedChanged(before.workflow.id);
      if (id !== undefined) this.servedChanged(id);
    }
  }

  private forget(rel: string): void {
    const entry = this.entries.get(rel);
    this.entries.delete(rel);
    if (entry?.workflow) {
      this.unlinkId(entry.workflow.id, rel);
      this.servedChanged(entry.workflow.id);
    }
  }

  /** What is served for `id` may have changed: the list orders follow, cached responses go stale. */
  private servedChanged(id: string): void {
    this.changes++;
    const workflow = this.winner(id)?.workflow;
    for (const list of this.orders.values()) list.set(id, workflow);
  }

  private unlinkId(id: string, rel: string): void {
    const files = this.filesById.get(id);
    files?.delete(rel);
    if (files?.size === 0) this.filesById.delete(id);
  }

  /**
   * Parses and validates one file's text and updates the index. A bad file keeps its last good version
   * served and records the error. Returns false when the text is what the index already holds.
   */
  private load(
    rel: string,
    text: string,
    fromWatcher: boolean,
    stats?: FileStamp,
    deferErrors = false,
    hash = sha256(text),
  ): boolean | 'deferred' {
    const previous = this.entries.get(rel);
    if ((previous && previous.hash === hash) || this.pendingWrites.get(rel) === hash) {
      if (previous && previous.hash === hash && stats) previous.identity = identityOf(stats);
      return false;
    }
    const result = this.parse(rel, text, stats);
    if ('error' in result) {
      if (deferErrors) return 'deferred';
      this.recordLoadError(rel, hash, result.error);
      return true;
    }
    let workflow = result.workflow;
    const previousVersion = previous?.workflow?.metadata.versionId;
    // A hand edit that kept the old versionId must still change the ETag, or a stale If-Match would pass.
    if (!workflow.metadata.versionId || (previousVersion !== undefined && previousVersion === workflow.metadata.versionId))
      workflow = { ...workflow, metadata: { ...workflow.metadata, versionId: `disk-${hash.slice(0, 16)}` } };
    if (previous?.error && previous.workflow) this.options.logger.info(`${rel}: fixed, serving the new version`);
    this.index({ rel, hash, workflow, changedOnDisk: fromWatcher, identity: stats && identityOf(stats), style: styleOf(text) });
    return true;
  }

  private parse(rel: string, text: string, stats?: FileStamp): { workflow: Workflow } | { error: LoadError } {
    const parsed = parseJsonWithPosition(text);
    if (!parsed.ok)
      return {
        error: {
          file: rel,
          line: parsed.error.line,
          column: parsed.error.column,
          message: parsed.error.depthLimit ? parsed.error.message : `invalid JSON: ${parsed.error.message}`,
        },
      };
    const { value } = parsed;
    if (!isWorkflowFile(value)) {
      const [first, ...more] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
      const pos = pointerPosition(text, first.pointer);
      const extra = more.length > 0 ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
      return {
        error: {
          file: rel,
          line: pos?.line,
          column: pos?.column,
          pointer: first.pointer,
          message: `${first.field} ${first.message}${extra}`,
        },
      };
    }
    // The file's time stands in for dates the file leaves out; most files have both, and cost no stat.
    const given = value.metadata;
    const fileTime = given?.createdAt && given.updatedAt ? '' : stats ? stats.mtime.toISOString() : this.safeMtime(join(this.root, rel));
    const workflow = withMetadataDefaults(value, fileTime);
    const problems = graphErrors(workflow, this.options.checkConfig);
    if (problems.length > 0) {
      const extra = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
      return { error: { file: rel, message: `${problems[0]}${extra}` } };
    }
    return { workflow };
  }

  private isSkipped(rel: string): boolean {
    return isSkippedPath(rel, this.options.skipDirs, (this.ignored ??= this.options.ignore ?? defaultIgnore(this.root)));
  }

  private isWorkflowPath(rel: string): boolean {
    return rel.endsWith('.json') && !this.isSkipped(rel);
  }

  /** Start-up scan. Sequential sync reads measured fastest here (limits.md) and the server is not listening yet. */
  private scan(): void {
    const files: string[] = [];
    const links: string[] = [];
    // Paths are built as the walk descends: a relative() and a separator swap per file showed in profiles.
    const walk = (abs: string, relDir: string) => {
      for (const dirent of readdirSync(abs, { withFileTypes: true })) {
        const rel = relDir + dirent.name;
        if (isRefusedEntry(dirent)) {
          if (this.isWorkflowPath(rel)) links.push(rel);
          else if (!this.isSkipped(rel)) this.options.logger.info(`${rel}: symbolic link, not followed`);
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
    walk(this.root, '');
    for (const rel of links) this.refuseLink(rel);
    for (const rel of files.sort(compareRel)) {
      try {
        // The identity is taken from the descriptor that is read, before reading (see onEvent).
        const fd = openSync(join(this.root, rel), 'r');
        try {
          const stats = fstatSync(fd);
          if (stats.size > MAX_TEXT_BYTES) this.refuseUnreadable(rel, tooLargeToRead(stats.size));
          else {
            const bytes = readWholeSync(fd, stats.size);
            this.load(rel, utf8Text(bytes), false, stats, false, sha256(bytes));
          }
        } finally {
          closeSync(fd);
        }
      } catch (err) {
        // Not UTF-8 is said the same way as when a watcher event finds it (onEvent, through readCurrent).
        if (err instanceof NotUtf8Error || err instanceof TextTooLargeError) this.refuseUnreadable(rel, err.message);
        else this.index({ rel, hash: '', error: { file: rel, message: `cannot read: ${errorMessage(err)}` }, changedOnDisk: false });
      }
    }
  }

  private onFolderEvent(event: FolderEvent): void {
    if (this.closed) return;
    if (event.directory) {
      // A folder went away (or was re-listed): look again at every file known under it.
      const prefix = event.rel === '' ? '' : `${event.rel}/`;
      for (const rel of [...this.entries.keys()]) if (rel.startsWith(prefix)) void this.onEvent(rel);
      return;
    }
    if (!this.isWorkflowPath(event.rel)) return;
    // The echo of the store's own write, most often: the file the index holds, not even queued.
    const known = this.entries.get(event.rel);
    if (
      event.stats &&
      !event.stats.isSymbolicLink() &&
      (this.sameFile(known?.identity, event.stats) || this.sameFile(this.pendingIdentities.get(event.rel), event.stats))
    )
      return;
    void this.onEvent(event.rel, false, event.stats);
  }

  /** `seen`: the watcher's lstat of the file for this event, if it took one. */
  private async onEvent(rel: string, settled = false, seen?: FolderEvent['stats']): Promise<void> {
    if (this.closed) return;
    clearTimeout(this.settling.get(rel));
    this.settling.delete(rel);
    try {
      // Same queue as the API writes of that workflow, so a reload never interleaves with a save.
      const id = this.entries.get(rel)?.workflow?.id ?? `file:${rel}`;
      // The watcher's stat, taken a moment ago, stands in for a new one unless a save of this workflow is
      // queued (it may rename over the file first): a change after that stat is an event of its own.
      const fresh = seen && this.mutex.idle(id) && !this.pendingWrites.has(rel) ? seen : undefined;
      await this.mutex.run(id, async () => {
        if (this.closed) return;
        // Stat before reading (see scan); a file that still is what the index holds (the echo of the
        // store's own write, most often) is not read at all.
        const stats = fresh ?? (await this.fs.lstat(join(this.root, rel)).catch(() => undefined));
        const known = this.entries.get(rel);
        if (stats && !stats.isSymbolicLink() && known && this.sameFile(known.identity, stats)) return;
        if (stats && stats.size > MAX_TEXT_BYTES) {
          this.refuseUnreadable(rel, tooLargeToRead(stats.size));
          this.options.onExternalChange?.(rel, known ? 'change' : 'add');
          return;
        }
        let text: string | undefined;
        try {
          this.counters.eventReads++;
          // The last few, so a test that counts reads can say which file was read.
          if (this.counters.lastEventReads.push(rel) > 16) this.counters.lastEventReads.shift();
          text = await this.readCurrent(rel, stats && !stats.isSymbolicLink() ? stats.size : undefined);
        } catch (err) {
          if (err instanceof LinkRefusedError || err instanceof UnreadableFileError) return; // readCurrent reported it
          throw err;
        }
        if (text === undefined) {
          if (this.entries.has(rel)) {
            this.forget(rel);
            this.options.logger.info(`${rel}: removed on disk`);
            this.options.onExternalChange?.(rel, 'unlink');
          }
          return;
        }
        const kind = known ? 'change' : 'add';
        const loaded = this.load(rel, text, true, stats && !stats.isSymbolicLink() ? stats : undefined, !settled);
        if (loaded === 'deferred') {
          // Most likely half written: look again once the writer had time to finish; a new event comes first.
          this.settling.set(
            rel,
            setTimeout(() => void this.onEvent(rel, true), SETTLE_MS),
          );
          return;
        }
        if (loaded) {
          const entry = this.entries.get(rel);
          if (!entry?.error) this.options.logger.info(`${rel}: ${kind === 'add' ? 'added' : 'changed'} on disk, reloaded`);
          this.options.onExternalChange?.(rel, kind);
        }
      });
    } catch (err) {
      this.options.logger.error(`${rel}: ${errorMessage(err)}`);
    }
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

function compareRel(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function etagMatches(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag || `"${t}"` === etag);
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
