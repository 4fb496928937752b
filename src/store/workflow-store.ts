// The served directory is the database: every *.json file is one workflow, indexed in memory.
// Reads never touch the disk; writes are atomic, serialised per workflow and acknowledged only once durable.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { mkdir, readFile, stat, unlink } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { conflict, invalidField, notFound, graphInvalid } from '../contract/errors.js';
import { formatLoadError } from '../contract/load-error.js';
import type { LoadError, Workflow } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import { graphErrors, type ConfigChecker } from '../graph/integrity.js';
import { parseJsonWithPosition } from '../util/json-position.js';
import type { Logger } from '../util/logger.js';
import { pointerPosition } from '../util/pointer-position.js';
import { stableStringify } from '../util/stable-json.js';
import { TEMP_FILE_PATTERN, writeFileAtomic } from './atomic-write.js';
import { KeyedMutex } from './keyed-mutex.js';
import { applyUpdate, buildCreatedWorkflow, withMetadataDefaults, type CreateInput, type UpdateInput } from './workflow-model.js';

export interface StoreOptions {
  watch: boolean;
  logger: Logger;
  /** Top-level folders that are not workflows (the node-type catalog). */
  skipDirs?: string[];
  checkConfig?: ConfigChecker;
  /** Poll instead of native events (Docker bind mounts, WSL, NFS). */
  poll?: boolean;
  /** Called after the index changed because of a file edited outside the server. */
  onExternalChange?: (file: string, kind: 'add' | 'change' | 'unlink') => void;
}

/** The internal folder (runs, backups); never scanned for workflows. */
export const INTERNAL_DIR = '.wfe';

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
}

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

export interface UpdateResult extends StoredWorkflow {
  /** Where the overwritten hand edit was saved, when a PUT without If-Match replaced one. */
  backup?: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const toPosix = (p: string): string => p.split(sep).join('/');
const now = (): string => new Date().toISOString();

/** Rejects ids that could escape the folder or hide a file (every id that reaches a route). */
export function assertSafeId(id: string, field = 'id'): void {
  if (id.length === 0 || id.length > 200) throw invalidField(field, 'must be 1 to 200 characters');
  if (id.includes('\0') || id.includes('/') || id.includes('\\') || id.includes('..') || id.startsWith('.'))
    throw invalidField(field, 'must not contain "/", "\\", "..", NUL or start with "."');
}

/** A new workflow's id becomes its file name `<id>.json`: keep it portable. */
export function checkNewWorkflowId(id: string): void {
  assertSafeId(id);
  if (!/^[\p{L}\p{N}._~@+=:-]+$/u.test(id)) throw invalidField('id', 'may contain only letters, digits and . _ ~ @ + = : -');
}

/**
 * Which paths of a served folder are not workflows: hidden files and folders, node_modules, and the
 * given top-level folders (the catalog's nodes/, the internal .wfe/). `rel` uses forward slashes.
 */
export function isSkippedPath(rel: string, skipDirs: readonly string[] = []): boolean {
  const parts = rel.split('/');
  if (parts.some((p) => p.startsWith('.') || p === 'node_modules')) return true;
  return parts.length > 1 && skipDirs.includes(parts[0]);
}

export const etagOf = (workflow: Workflow): string => `"${workflow.metadata.versionId ?? ''}"`;

export class WorkflowStore {
  private readonly entries = new Map<string, FileEntry>();
  private readonly filesById = new Map<string, Set<string>>();
  private readonly mutex = new KeyedMutex();
  private readonly pendingWrites = new Map<string, string>();
  /** The newest version of each workflow with saves not yet durable (what the next save builds on). */
  private readonly tips = new Map<string, Workflow>();
  private readonly queuedSaves = new Map<string, PendingSave[]>();
  private watcher?: FSWatcher;
  private closed = false;

  private constructor(
    readonly dir: string,
    private readonly options: StoreOptions,
  ) {}

  static async open(dir: string, options: StoreOptions): Promise<WorkflowStore> {
    await mkdir(dir, { recursive: true });
    const store = new WorkflowStore(dir, options);
    store.scan();
    if (options.watch) await store.startWatching();
    return store;
  }

  // ---------- reads (memory only) ----------

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

  /** Files that failed to parse or validate, and ids defined twice. */
  errors(): LoadError[] {
    const out: LoadError[] = [];
    for (const entry of [...this.entries.values()].sort((a, b) => compareRel(a.rel, b.rel))) {
      if (entry.error) out.push(entry.error);
      const id = entry.workflow?.id;
      if (id !== undefined) {
        const first = this.winner(id);
        if (first && first !== entry)
          out.push({ file: entry.rel, message: `Duplicate workflow id '${id}': ${first.rel} defines it too and wins (first in path order); this file is not served` });
      }
    }
    return out;
  }

  // ---------- writes ----------

  async create(input: CreateInput, validateGraph = true): Promise<StoredWorkflow> {
    if (input.id) checkNewWorkflowId(input.id);
    const workflow = buildCreatedWorkflow(input, now());
    if (validateGraph) this.assertGraph(workflow);
    return this.mutex.run(workflow.id, async () => {
      if (this.winner(workflow.id)) throw conflict(`Workflow '${workflow.id}' already exists; use PUT /workflows/${workflow.id} to change it`);
      const rel = `${workflow.id}.json`;
      if (this.entries.has(rel) || (await exists(join(this.dir, rel))))
        throw conflict(`File ${rel} already exists in the workflow folder but does not hold a valid workflow '${workflow.id}'; fix or remove it first`);
      await this.persist(rel, workflow);
      return this.get(workflow.id)!;
    });
  }

  /**
   * Saves are applied in memory in arrival order (so If-Match, updateNumber and 422 checks see every earlier
   * save), then written by group commit: saves queued while a write is in flight share the next durable
   * write. Each is acknowledged only once a version containing it is on disk.
   */
  async update(id: string, patch: UpdateInput, ifMatch?: string): Promise<UpdateResult> {
    if (patch.id !== undefined && patch.id !== id) throw invalidField('id', `must match the path id '${id}' (ids cannot be changed by PUT)`);
    const entry = this.winner(id);
    if (!entry?.workflow) throw notFound(`workflow '${id}'`);
    const base = this.tips.get(id) ?? entry.workflow;
    if (ifMatch !== undefined && !etagMatches(ifMatch, etagOf(base)))
      throw conflict(`Workflow '${id}' was changed since you read it (your If-Match ${ifMatch}, current ETag ${etagOf(base)}); reload it and apply your change again`, {
        currentVersionId: base.metadata.versionId ?? '',
      });
    const next = applyUpdate(base, patch, now());
    this.assertGraph(next);
    this.tips.set(id, next);
    return new Promise<UpdateResult>((resolve, reject) => {
      const save: PendingSave = { workflow: next, baseVersionId: base.metadata.versionId, blind: ifMatch === undefined, resolve, reject };
      const queue = this.queuedSaves.get(id);
      if (queue) queue.push(save);
      else {
        this.queuedSaves.set(id, [save]);
        void this.mutex.run(id, () => this.flushSaves(id));
      }
    });
  }

  private async flushSaves(id: string): Promise<void> {
    const batch = this.queuedSaves.get(id) ?? [];
    this.queuedSaves.delete(id);
    if (batch.length === 0) return;
    const last = batch[batch.length - 1].workflow;
    try {
      const entry = this.winner(id);
      if (!entry?.workflow) throw notFound(`workflow '${id}'`);
      const diskText = await this.assertDiskUnchanged(entry);
      // A reload from disk between the save and this write means the save was based on a stale version.
      if (this.winner(id)?.workflow?.metadata.versionId !== batch[0].baseVersionId)
        throw conflict(`Workflow '${id}' changed on disk while your save was queued; reload it and apply your change again`);
      const replacesDiskEdit = entry.error !== undefined || (entry.changedOnDisk && batch.some((s) => s.blind));
      const backup = replacesDiskEdit && diskText !== undefined ? await this.backUp(entry, id, diskText) : undefined;
      await this.persist(entry.rel, last);
      if (this.tips.get(id) === last) this.tips.delete(id);
      for (const save of batch) {
        const json = save.workflow === last ? this.get(id)!.json : JSON.stringify(save.workflow);
        save.resolve({ workflow: save.workflow, json, file: entry.rel, etag: etagOf(save.workflow), backup });
      }
    } catch (err) {
      // Saves queued behind this batch were built on top of it: they cannot land either.
      const behind = this.queuedSaves.get(id) ?? [];
      this.queuedSaves.delete(id);
      this.tips.delete(id);
      for (const save of batch) save.reject(err);
      for (const save of behind) save.reject(conflict(`An earlier save to workflow '${id}' failed, so this one, built on it, was not written; reload and retry`));
    }
  }

  async delete(id: string): Promise<void> {
    await this.mutex.run(id, async () => {
      const entry = this.winner(id);
      if (!entry) throw notFound(`workflow '${id}'`);
      await unlink(join(this.dir, entry.rel)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      this.forget(entry.rel);
    });
  }

  /** Stops the watcher and waits for in-flight writes (graceful shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    await this.watcher?.close();
    await this.mutex.drain();
  }

  // ---------- internals ----------

  private assertGraph(workflow: Workflow): void {
    const errors = graphErrors(workflow, this.options.checkConfig);
    if (errors.length > 0) throw graphInvalid(errors);
  }

  private winner(id: string): FileEntry | undefined {
    const files = this.filesById.get(id);
    if (!files || files.size === 0) return undefined;
    let best: string | undefined;
    for (const rel of files) if (best === undefined || compareRel(rel, best) < 0) best = rel;
    return this.entries.get(best!);
  }

  private async persist(rel: string, workflow: Workflow): Promise<void> {
    const text = stableStringify(workflow);
    const hash = sha256(text);
    // The watcher's echo of this write must be recognised as ours, even if it arrives before the index update.
    this.pendingWrites.set(rel, hash);
    try {
      await writeFileAtomic(join(this.dir, rel), text);
      this.index({ rel, hash, workflow, changedOnDisk: false });
    } finally {
      if (this.pendingWrites.get(rel) === hash) this.pendingWrites.delete(rel);
    }
  }

  /**
   * A file changed behind our back (no watcher, or its event not here yet) is never overwritten unseen.
   * Returns the disk text, so a broken hand edit can be backed up before a save replaces it.
   */
  private async assertDiskUnchanged(entry: FileEntry): Promise<string | undefined> {
    const text = await readFile(join(this.dir, entry.rel), 'utf8').catch(() => undefined);
    if (text === undefined || sha256(text) === entry.hash) return text;
    this.load(entry.rel, text, true);
    throw conflict(`The file ${entry.rel} changed on disk since it was loaded; the server now serves the disk version. Reload the workflow and apply your change again`);
  }

  private async backUp(entry: FileEntry, id: string, diskText: string): Promise<string> {
    const stamp = now().replace(/[:.]/g, '-');
    const rel = toPosix(join(INTERNAL_DIR, 'backups', `${id}.${stamp}.json`));
    await mkdir(join(this.dir, INTERNAL_DIR, 'backups'), { recursive: true });
    await writeFileAtomic(join(this.dir, rel), diskText);
    const what = entry.error ? 'an invalid version edited on disk' : 'a version edited on disk';
    this.options.logger.warn(`${entry.rel}: a save replaced ${what}; the disk version is kept in ${rel}`);
    return rel;
  }

  private index(entry: FileEntry): void {
    const before = this.entries.get(entry.rel);
    if (before?.workflow && before.workflow.id !== entry.workflow?.id) this.unlinkId(before.workflow.id, entry.rel);
    this.entries.set(entry.rel, entry);
    const id = entry.workflow?.id;
    if (id !== undefined) {
      if (!this.filesById.has(id)) this.filesById.set(id, new Set());
      this.filesById.get(id)!.add(entry.rel);
    }
  }

  private forget(rel: string): void {
    const entry = this.entries.get(rel);
    this.entries.delete(rel);
    if (entry?.workflow) this.unlinkId(entry.workflow.id, rel);
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
  private load(rel: string, text: string, fromWatcher: boolean): boolean {
    const hash = sha256(text);
    const previous = this.entries.get(rel);
    if ((previous && previous.hash === hash) || this.pendingWrites.get(rel) === hash) return false;
    const result = this.parse(rel, text);
    if ('error' in result) {
      this.options.logger.warn(formatLoadError(result.error) + (previous?.workflow ? ' (the last good version stays served)' : ''));
      this.index({ rel, hash, workflow: previous?.workflow, json: previous?.json, error: result.error, changedOnDisk: previous?.changedOnDisk ?? false });
      return true;
    }
    let workflow = result.workflow;
    const previousVersion = previous?.workflow?.metadata.versionId;
    // A hand edit that kept the old versionId must still change the ETag, or a stale If-Match would pass.
    if (!workflow.metadata.versionId || (previousVersion !== undefined && previousVersion === workflow.metadata.versionId))
      workflow = { ...workflow, metadata: { ...workflow.metadata, versionId: `disk-${hash.slice(0, 16)}` } };
    if (previous?.error && previous.workflow) this.options.logger.info(`${rel}: fixed, serving the new version`);
    this.index({ rel, hash, workflow, changedOnDisk: fromWatcher });
    return true;
  }

  private parse(rel: string, text: string): { workflow: Workflow } | { error: LoadError } {
    const parsed = parseJsonWithPosition(text);
    if (!parsed.ok) return { error: { file: rel, line: parsed.line, column: parsed.column, message: `invalid JSON: ${parsed.message}` } };
    if (!validateWorkflowFile(parsed.value)) {
      const [first, ...more] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
      const pos = pointerPosition(text, first.pointer);
      const extra = more.length > 0 ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
      return { error: { file: rel, line: pos?.line, column: pos?.column, pointer: first.pointer, message: `${first.field} ${first.message}${extra}` } };
    }
    const fileTime = safeMtime(join(this.dir, rel));
    const workflow = withMetadataDefaults(parsed.value as Workflow, fileTime);
    const problems = graphErrors(workflow, this.options.checkConfig);
    if (problems.length > 0) {
      const extra = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
      return { error: { file: rel, message: `${problems[0]}${extra}` } };
    }
    return { workflow };
  }

  private isSkipped(rel: string): boolean {
    return isSkippedPath(rel, this.options.skipDirs);
  }

  private isWorkflowPath(rel: string): boolean {
    return rel.endsWith('.json') && !this.isSkipped(rel);
  }

  /** Start-up scan. Sequential sync reads measured fastest here (limits.md) and the server is not listening yet. */
  private scan(): void {
    const files: string[] = [];
    const walk = (abs: string) => {
      for (const dirent of readdirSync(abs, { withFileTypes: true })) {
        const child = join(abs, dirent.name);
        const rel = toPosix(relative(this.dir, child));
        if (dirent.isDirectory()) {
          if (!this.isSkipped(rel)) walk(child);
        } else if (TEMP_FILE_PATTERN.test(dirent.name)) {
          try {
            unlinkSync(child); // left behind by a crash mid-write; the target file is intact
          } catch {
            /* not ours to remove */
          }
        } else if (dirent.isFile() && this.isWorkflowPath(rel)) files.push(rel);
      }
    };
    walk(this.dir);
    for (const rel of files.sort(compareRel)) {
      try {
        this.load(rel, readFileSync(join(this.dir, rel), 'utf8'), false);
      } catch (err) {
        this.index({ rel, hash: '', error: { file: rel, message: `cannot read: ${(err as Error).message}` }, changedOnDisk: false });
      }
    }
  }

  private async startWatching(): Promise<void> {
    const watcher = watch(this.dir, {
      ignoreInitial: true,
      usePolling: this.options.poll ?? false,
      interval: 100,
      // Holds an event until the file size is stable, so a half-written file is not reported as broken.
      awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
      ignored: (path, stats) => {
        const rel = toPosix(relative(this.dir, path));
        if (rel === '' || rel.startsWith('..')) return false;
        if (this.isSkipped(rel)) return true;
        return stats?.isFile() === true && !rel.endsWith('.json');
      },
    });
    watcher.on('add', (p) => void this.onEvent(p, 'add'));
    watcher.on('change', (p) => void this.onEvent(p, 'change'));
    watcher.on('unlink', (p) => void this.onEvent(p, 'unlink'));
    watcher.on('error', (err) => this.options.logger.error(`watcher: ${(err as Error).message}`));
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    this.watcher = watcher;
  }

  private async onEvent(abs: string, kind: 'add' | 'change' | 'unlink'): Promise<void> {
    if (this.closed) return;
    const rel = toPosix(relative(this.dir, abs));
    if (!this.isWorkflowPath(rel)) return;
    try {
      // Same queue as the API writes of that workflow, so a reload never interleaves with a save.
      const id = this.entries.get(rel)?.workflow?.id ?? `file:${rel}`;
      await this.mutex.run(id, async () => {
        if (kind === 'unlink') {
          if (!(await exists(abs)) && this.entries.has(rel)) {
            this.forget(rel);
            this.options.logger.info(`${rel}: removed on disk`);
            this.options.onExternalChange?.(rel, kind);
          }
          return;
        }
        const text = await readFile(abs, 'utf8');
        if (this.load(rel, text, true)) {
          const entry = this.entries.get(rel);
          if (!entry?.error) this.options.logger.info(`${rel}: ${kind === 'add' ? 'added' : 'changed'} on disk, reloaded`);
          this.options.onExternalChange?.(rel, kind);
        }
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.options.logger.error(`${rel}: ${(err as Error).message}`);
    }
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

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function safeMtime(path: string): string {
  try {
    return statSync(path).mtime.toISOString();
  } catch {
    return now();
  }
}
