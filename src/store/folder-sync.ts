// The fsync of a folder that makes a save's rename durable, shared by the saves waiting for it: a sync that
// begins after a save's rename covers that rename, so the saves renamed while one sync runs all wait for the
// next one, and one fsync (with its open and close) serves them all instead of one each.
import { syncDirectory } from './atomic-write.js';
import type { StoreFs } from './store-fs.js';

interface FolderState {
  running?: Promise<void>;
  /** The sync that begins once the running one ends, shared by everyone who asked meanwhile. */
  next?: Promise<void>;
}

export class SharedFolderSync {
  private readonly folders = new Map<string, FolderState>();

  constructor(private readonly fs: StoreFs) {}

  /** Resolves once an fsync of `dir` that began after this call has ended. */
  sync(dir: string): Promise<void> {
    let state = this.folders.get(dir);
    if (!state) this.folders.set(dir, (state = {}));
    if (!state.running) return this.start(dir, state);
    const after = () => {
      state.next = undefined;
      return this.start(dir, state);
    };
    // The running sync may have begun before the caller's rename: it does not count for it.
    return (state.next ??= state.running.then(after, after));
  }

  private start(dir: string, state: FolderState): Promise<void> {
    const run = syncDirectory(dir, this.fs).finally(() => {
      if (state.running !== run) return;
      state.running = undefined;
      if (!state.next) this.folders.delete(dir);
    });
    state.running = run;
    return run;
  }
}
