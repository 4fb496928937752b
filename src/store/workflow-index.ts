// The served folder in memory: one entry per workflow file, the files that define each id, and the list
// orders asked for so far. Reads are answered from here and never touch the disk. When two files define
// the same id, the first in path order serves it and the others are reported as load errors.
import type { LoadError, Workflow } from '../contract/types.js';
import { OrderedList, type ListOrder } from './ordered-list.js';
import type { FileIdentity } from './store-fs.js';
import type { TextStyle } from './text-style.js';
import { VersionTexts } from './version-texts.js';

export interface FileEntry {
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
  /**
   * The versionId the file itself holds, where the workflow is served under another (`disk-<hash>`, for a hand
   * edit that kept an old one): the next hand edit is compared with this, not with the one served.
   */
  versionIdOnDisk?: string;
}

export interface StoredWorkflow {
  workflow: Workflow;
  json: string;
  file: string;
  etag: string;
}

/** One page of the served workflows: `keep`, when given, says which count. */
export interface PageQuery {
  order: ListOrder;
  descending: boolean;
  offset: number;
  limit: number;
  keep?: (workflow: Workflow) => boolean;
}

export const etagOf = (workflow: Workflow): string => `"${workflow.metadata.versionId ?? ''}"`;

/** The order of paths that decides which of two files defining one id is served. */
export const pathOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class WorkflowIndex {
  private readonly entries = new Map<string, FileEntry>();
  private readonly filesById = new Map<string, Set<string>>();
  private readonly orders = new Map<ListOrder, OrderedList>();
  private changes = 0;
  private readonly onIdentity?: (identity: FileIdentity) => void;
  /** The text each versionId was first served for (disk-sync serves a hand edit that kept one under another). */
  readonly versions = new VersionTexts();

  /** `onIdentity` sees the identity of every entry put in (what it tells of the file system's clock). */
  constructor({ onIdentity }: { onIdentity?: (identity: FileIdentity) => void } = {}) {
    this.onIdentity = onIdentity;
  }

  /** The entry of the file `rel`, served or not. */
  entry(rel: string): FileEntry | undefined {
    return this.entries.get(rel);
  }

  /** The paths of every file indexed, a load error included. */
  files(): string[] {
    return [...this.entries.keys()];
  }

  /** The entry whose workflow is served for `id`: of the files that define it, the first in path order. */
  servedFileOf(id: string): FileEntry | undefined {
    let first: string | undefined;
    for (const rel of this.filesById.get(id) ?? []) if (first === undefined || pathOrder(rel, first) < 0) first = rel;
    return first === undefined ? undefined : this.entries.get(first);
  }

  /** Every served workflow with its file, without serialising any (list() serialises each on first use). */
  *workflows(): Generator<{ workflow: Workflow; file: string }> {
    for (const id of this.filesById.keys()) {
      const entry = this.servedFileOf(id);
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
    const entry = this.servedFileOf(id);
    if (!entry?.workflow) return undefined;
    entry.json ??= JSON.stringify(entry.workflow);
    return { workflow: entry.workflow, json: entry.json, file: entry.rel, etag: etagOf(entry.workflow) };
  }

  /**
   * A workflow that is served: one a list order holds, or one just written. Not finding it is a bug of the
   * index (servedChanged keeps every order's list in step with it), not a missing workflow.
   */
  servedEntry(id: string): StoredWorkflow {
    const found = this.get(id);
    if (!found) throw new Error(`workflow store: '${id}' should be served but is not in the index`);
    return found;
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
  page({ order, descending, offset, limit, keep }: PageQuery): { total: number; items: StoredWorkflow[] } {
    let list = this.orders.get(order);
    if (!list) {
      list = new OrderedList(order, this.servedWorkflows());
      this.orders.set(order, list);
    }
    const items: StoredWorkflow[] = [];
    if (!keep) {
      for (let i = offset; i < Math.min(list.size, offset + limit); i++) items.push(this.servedEntry(list.idAt(i, descending)));
      return { total: list.size, items };
    }
    let total = 0;
    for (let i = 0; i < list.size; i++) {
      const found = this.servedEntry(list.idAt(i, descending));
      if (!keep(found.workflow)) continue;
      if (total >= offset && items.length < limit) items.push(found);
      total++;
    }
    return { total, items };
  }

  /** Files that failed to parse or validate, and ids defined twice. */
  errors(): LoadError[] {
    const out: LoadError[] = [];
    for (const entry of [...this.entries.values()].sort((a, b) => pathOrder(a.rel, b.rel))) {
      if (entry.error) out.push(entry.error);
      const id = entry.workflow?.id;
      if (id !== undefined) {
        const first = this.servedFileOf(id);
        if (first && first !== entry)
          out.push({
            file: entry.rel,
            message: `Duplicate workflow id '${id}': ${first.rel} defines it too and wins (first in path order); this file is not served`,
          });
      }
    }
    return out;
  }

  /** Puts the entry of `entry.rel` in place of the one it had. */
  set(entry: FileEntry): void {
    const before = this.entries.get(entry.rel);
    const versionId = entry.workflow?.metadata.versionId;
    if (versionId !== undefined && !entry.error) this.versions.served(versionId, entry.hash);
    if (entry.identity) this.onIdentity?.(entry.identity);
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

  /** Takes the file `rel` out: its workflow is no longer served from it. */
  forget(rel: string): void {
    const entry = this.entries.get(rel);
    this.entries.delete(rel);
    if (entry?.workflow) {
      this.unlinkId(entry.workflow.id, rel);
      this.servedChanged(entry.workflow.id);
    }
  }

  private *servedWorkflows(): Iterable<Workflow> {
    for (const id of this.filesById.keys()) {
      const workflow = this.servedFileOf(id)?.workflow;
      if (workflow) yield workflow;
    }
  }

  /** What is served for `id` may have changed: the list orders follow, cached responses go stale. */
  private servedChanged(id: string): void {
    this.changes++;
    const workflow = this.servedFileOf(id)?.workflow;
    for (const list of this.orders.values()) list.set(id, workflow);
  }

  private unlinkId(id: string, rel: string): void {
    const files = this.filesById.get(id);
    files?.delete(rel);
    if (files?.size === 0) this.filesById.delete(id);
  }
}
