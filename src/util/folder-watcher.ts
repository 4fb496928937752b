// One watcher over a served folder, shared by everything that reacts to edits made outside the server
// (the workflow store, the node-type catalog). It watches folders, not files: one native watch per folder
// (inotify, FSEvents, ReadDirectoryChangesW), so an event costs one lstat of the path it names and
// nothing else: no re-listing of the folder, no stat of its other files. Names that start with a dot
// (the temp files of atomic writes, .wfe/, .git/) and node_modules are dropped by name, before any stat.
// A symbolic link is reported as itself and never entered. With `poll`, chokidar polls instead (Docker
// bind mounts, WSL, network folders, where native events do not arrive).
import { existsSync, readdirSync, realpathSync, statSync, watch as watchNative, type FSWatcher as NativeWatcher } from 'node:fs';
import { mkdir } from './fs-calls.js';
import { lstat } from './fs-calls.js';
import { basename, join, relative, sep } from 'node:path';
import { errnoCode, errorMessage } from './narrow.js';

export interface FolderEvent {
  /** The path below the root, with forward slashes. */
  rel: string;
  /** Whether something (a file, or a link, never followed) is at `rel` now. Re-read it to know what. */
  present: boolean;
  /**
   * A folder that went away (everything that was under it is gone too), or that appeared or was listed again:
   * what a subscriber knew at or under `rel` is to be looked at again.
   */
  directory?: boolean;
  /**
   * What an lstat of `rel` said after the change that caused this event (native watching only). Any later
   * change is an event of its own, so a subscriber that finds here the file it already knows can stop.
   */
  stats?: { ino: number; size: number; mtimeMs: number; mtime: Date; isSymbolicLink(): boolean };
}

export type FolderListener = (event: FolderEvent) => void;

export interface FolderWatcherOptions {
  /** Poll instead of native events. */
  poll?: boolean;
  onError?: (message: string) => void;
}

/** What the watcher did, for tests: how often it listed a folder, dropped an event by name, looked at a path. */
export interface FolderWatcherCounters {
  /** Folders listed: at start and when a folder appears, never because of an event on a file. */
  folderListings: number;
  /** Native events dropped by name (temp files, hidden paths) without a stat. */
  ignored: number;
  /** Paths looked at (one lstat each). */
  lookups: number;
  delivered: number;
}

/** Paths no subscriber ever wants: hidden names (temp files, .wfe, .git) and node_modules. Decided by name. */
const isIgnoredName = (name: string): boolean => name.startsWith('.') || name === 'node_modules';

const isIgnoredRel = (rel: string): boolean => rel.split('/').some(isIgnoredName);

/** How often a deleted root is looked for. */
const ROOT_WAIT_MS = 500;

/** The kinds of files poll mode keeps an eye on (workflows, node types, the config); others are not polled. */
const POLLED_FILE = /\.(json|ya?ml)$/;

export class FolderWatcher {
  readonly counters: FolderWatcherCounters = { folderListings: 0, ignored: 0, lookups: 0, delivered: 0 };
  private readonly listeners = new Set<FolderListener>();
  /** Watched folders by path ('' is the root), with the inode they had, to notice one replaced by another. */
  private readonly folders = new Map<string, { watcher: NativeWatcher; ino: number | undefined }>();
  private readonly inFlight = new Set<string>();
  private readonly again = new Set<string>();
  private held: FolderEvent[] | undefined = [];
  private idleWaiters: Array<() => void> = [];
  private closed = false;
  private closePoller?: () => Promise<void>;
  /** Set while the root itself is gone (deleted or moved away): looks for it to come back. */
  private rootWait?: NodeJS.Timeout;

  private constructor(
    /** The folder's real path. */
    readonly root: string,
    private readonly options: FolderWatcherOptions,
  ) {}

  /**
   * Starts watching at once (creating the folder when missing); events are held until release(), so
   * owners can subscribe and then read the folder without missing an edit made in between.
   */
  static async open(dir: string, options: FolderWatcherOptions = {}): Promise<FolderWatcher> {
    await mkdir(dir, { recursive: true });
    const watcher = new FolderWatcher(realpathSync(dir), options);
    if (options.poll) await watcher.startPolling();
    else watcher.walk('', { reportFiles: false });
    return watcher;
  }

  subscribe(listener: FolderListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** Delivers the events held since open(), and every later one as it comes. */
  release(): void {
    const held = this.held;
    this.held = undefined;
    for (const event of held ?? []) this.deliver(event);
  }

  /** Resolves once no path is being looked at (tests: everything seen so far has been delivered). */
  settled(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.rootWait);
    for (const { watcher } of this.folders.values()) watcher.close();
    this.folders.clear();
    await this.closePoller?.();
    this.listeners.clear();
  }

  // ---------- native ----------

  /** Watches `rel` and the folders below it; with `reportFiles`, every file found is an event (a folder that just appeared). */
  private walk(rel: string, { reportFiles, ino }: { reportFiles: boolean; ino?: number }): void {
    // Watch first, then list: a file created in between is both listed and reported, never missed.
    if (!this.watchFolder(rel, ino)) return;
    let entries;
    try {
      entries = readdirSync(this.abs(rel), { withFileTypes: true });
      this.counters.folderListings++;
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT' && errnoCode(err) !== 'ENOTDIR')
        this.options.onError?.(`cannot list ${rel || '.'}: ${errorMessage(err)}`);
      return;
    }
    for (const entry of entries) {
      if (isIgnoredName(entry.name)) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) this.walk(child, { reportFiles });
      else if (reportFiles) this.emit({ rel: child, present: true });
    }
  }

  private watchFolder(rel: string, ino: number | undefined): boolean {
    if (this.closed) return false;
    if (this.folders.has(rel)) return true;
    try {
      const watcher = watchNative(this.abs(rel), (_type, name) => this.onNative(rel, name));
      watcher.on('error', () => this.unwatch(rel));
      this.folders.set(rel, { watcher, ino });
      return true;
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT' && errnoCode(err) !== 'ENOTDIR')
        this.options.onError?.(`cannot watch ${rel || '.'}: ${errorMessage(err)}`);
      return false;
    }
  }

  private unwatch(rel: string): void {
    const prefix = `${rel}/`;
    for (const [folder, { watcher }] of this.folders) {
      if (folder !== rel && !folder.startsWith(prefix)) continue;
      watcher.close();
      this.folders.delete(folder);
    }
  }

  private onNative(folder: string, name: string | null): void {
    if (this.closed) return;
    // No name: the kernel's queue overflowed. Only then is a folder listed again, to catch up.
    if (name === null) {
      this.relist(folder);
      return;
    }
    if (isIgnoredName(name)) {
      this.counters.ignored++;
      return;
    }
    // An event on the root that names the root itself (no file of that name is in it): the root was deleted
    // or moved away, and its watch is dead. By the time the event is handled another folder may stand at
    // its path (a branch switch, a script that deletes and recreates it): that one is watched instead.
    if (folder === '' && name === basename(this.root) && !existsSync(join(this.root, name))) {
      if (this.rootExists()) this.watchRootAgain();
      else this.rootGone();
      return;
    }
    this.lookAt(folder ? `${folder}/${name}` : name);
  }

  private rootExists(): boolean {
    try {
      return statSync(this.root).isDirectory();
    } catch {
      return false;
    }
  }

  /**
   * The root was deleted or moved away (a branch switch, a clean-up): everything in it is gone, and its
   * native watch is dead. Checked twice a second until a folder is there again, which is then watched and
   * reported whole.
   */
  private rootGone(): void {
    if (this.rootWait) return;
    this.options.onError?.(`${this.root} was deleted or moved away; it is served again as soon as it is back`);
    this.unwatch('');
    this.emit({ rel: '', present: false, directory: true });
    this.rootWait = setInterval(() => {
      if (this.closed || !this.rootExists()) return;
      clearInterval(this.rootWait);
      this.rootWait = undefined;
      this.watchRootAgain();
    }, ROOT_WAIT_MS);
    this.rootWait.unref();
  }

  /** A folder stands at the root's path again (back, or another one): it is watched and reported whole. */
  private watchRootAgain(): void {
    this.unwatch('');
    this.walk('', { reportFiles: true });
    this.emit({ rel: '', present: true, directory: true });
  }

  private relist(folder: string): void {
    let names: string[];
    try {
      names = readdirSync(this.abs(folder));
      this.counters.folderListings++;
    } catch {
      names = [];
    }
    for (const name of names) if (!isIgnoredName(name)) this.lookAt(folder ? `${folder}/${name}` : name);
    // Files that went away are not listed: let the subscribers check what they knew under the folder.
    this.emit({ rel: folder, present: true, directory: true });
  }

  /** Coalesces: a path changing while it is being looked at is looked at once more afterwards. */
  private lookAt(rel: string): void {
    if (this.inFlight.has(rel)) {
      this.again.add(rel);
      return;
    }
    this.inFlight.add(rel);
    void this.inspect(rel).finally(() => {
      this.inFlight.delete(rel);
      if (this.again.delete(rel)) this.lookAt(rel);
      else if (this.inFlight.size === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
  }

  private async inspect(rel: string): Promise<void> {
    this.counters.lookups++;
    let stats;
    try {
      stats = await lstat(this.abs(rel));
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT' && errnoCode(err) !== 'ENOTDIR') this.options.onError?.(`${rel}: ${errorMessage(err)}`);
    }
    if (this.closed) return;
    const known = this.folders.get(rel);
    if (stats?.isDirectory()) {
      if (known && known.ino === stats.ino) return;
      if (known) this.folderGone(rel);
      this.walk(rel, { reportFiles: true, ino: stats.ino });
      // A folder made where a file was (rm a.json, mkdir a.json) before the removal was looked at: the file's
      // own event never comes, so whoever knew a file at this path is told to look again.
      if (!known) this.emit({ rel, present: true, directory: true });
      return;
    }
    if (known) this.folderGone(rel);
    this.emit(stats ? { rel, present: true, stats } : { rel, present: false });
  }

  private folderGone(rel: string): void {
    this.unwatch(rel);
    this.emit({ rel, present: false, directory: true });
  }

  // ---------- polling ----------

  private async startPolling(): Promise<void> {
    const { watch } = await import('chokidar');
    const poller = watch(this.root, {
      ignoreInitial: true,
      followSymlinks: false,
      usePolling: true,
      interval: 100,
      // Holds an event until the file size is stable, so a half-written file is not reported as broken.
      awaitWriteFinish: { stabilityThreshold: 40, pollInterval: 10 },
      ignored: (path, stats) => {
        const rel = this.relOf(path);
        if (rel === '' || rel.startsWith('..')) return false;
        return isIgnoredRel(rel) || (stats?.isFile() === true && !POLLED_FILE.test(rel));
      },
    });
    poller.on('add', (p) => this.emit({ rel: this.relOf(p), present: true }));
    poller.on('change', (p) => this.emit({ rel: this.relOf(p), present: true }));
    poller.on('unlink', (p) => this.emit({ rel: this.relOf(p), present: false }));
    poller.on('unlinkDir', (p) => this.emit({ rel: this.relOf(p), present: false, directory: true }));
    poller.on('error', (err) => this.options.onError?.(`watcher: ${errorMessage(err)}`));
    await new Promise<void>((resolve) => poller.once('ready', () => resolve()));
    this.closePoller = () => poller.close();
  }

  // ---------- delivery ----------

  private emit(event: FolderEvent): void {
    if (this.closed) return;
    if (this.held) this.held.push(event);
    else this.deliver(event);
  }

  private deliver(event: FolderEvent): void {
    this.counters.delivered++;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.options.onError?.(`${event.rel}: ${errorMessage(err)}`);
      }
    }
  }

  private abs(rel: string): string {
    return rel ? join(this.root, rel) : this.root;
  }

  private relOf(path: string): string {
    return relative(this.root, path).split(sep).join('/');
  }
}
