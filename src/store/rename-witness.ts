// What no check can close: the microseconds between a save's last look at its target and its rename
// (guarded-rename.ts). A hand edit renamed into place inside them is replaced, and nothing of it is left
// to find afterwards. The kernel still saw it: inotify queues a folder's events in the order they happened,
// so an event naming the target that comes after the save's mark (its temp file's mode set again, just
// before the look) and before its rename (the temp file moving away) is a foreign write inside the window.
//
// Linux only: other systems' native events (FSEvents, ReadDirectoryChangesW) are coalesced or unordered.
// Where events do not arrive at all (network folders), a folder is found deaf once and not asked again.
import { watch, type FSWatcher } from 'node:fs';

/** `foreign`: something named the target inside the window; `clear`: nothing did; `unknown`: events were lost or never came. */
export type WindowVerdict = 'clear' | 'foreign' | 'unknown';

export interface WindowNames {
  /** The temp file's name: its last change event is the mark, its move away (a rename event) the end. */
  temp: string;
  target: string;
}

/** How long a save's window waits for its two events before it is judged unknown. */
const WITNESS_TIMEOUT_MS = 500;

interface OpenWindow extends WindowNames {
  markSeen: boolean;
  foreign: boolean;
  close(verdict: WindowVerdict): void;
}

interface WatchedFolder {
  watcher?: FSWatcher;
  windows: Set<OpenWindow>;
  /** No event ever came for a window here: asking again would only wait. */
  deaf: boolean;
}

export class RenameWitness {
  private readonly folders = new Map<string, WatchedFolder>();
  private closed = false;

  constructor(private readonly supported = process.platform === 'linux') {}

  /** Starts listening to `dir`, once: before any mark is made in it. Where that fails, windows there are unknown. */
  listen(dir: string): void {
    if (!this.supported || this.closed || this.folders.has(dir)) return;
    const folder: WatchedFolder = { windows: new Set(), deaf: false };
    this.folders.set(dir, folder);
    try {
      folder.watcher = watch(dir, { persistent: false }, (type, name) => this.onEvent(folder, type, name));
      folder.watcher.on('error', () => this.stopListening(folder));
    } catch {
      // No native events for this folder (the inotify limit reached, or a file system without them).
    }
  }

  /** Must be called in the same turn as the rename: the window's events are delivered in a later one. */
  judge(dir: string, names: WindowNames): Promise<WindowVerdict> {
    const folder = this.folders.get(dir);
    if (!folder?.watcher || folder.deaf) return Promise.resolve('unknown');
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (!window.markSeen) folder.deaf = true;
        window.close('unknown');
      }, WITNESS_TIMEOUT_MS);
      timer.unref();
      const window: OpenWindow = {
        ...names,
        markSeen: false,
        foreign: false,
        close: (verdict) => {
          clearTimeout(timer);
          folder.windows.delete(window);
          resolve(verdict);
        },
      };
      folder.windows.add(window);
    });
  }

  close(): void {
    this.closed = true;
    for (const folder of this.folders.values()) this.stopListening(folder);
    this.folders.clear();
  }

  private onEvent(folder: WatchedFolder, type: string, name: string | null): void {
    for (const window of folder.windows) {
      // No name: the kernel's queue overflowed, and events of the window may be among those dropped.
      if (name === null) window.close('unknown');
      else if (name === window.temp) {
        // The temp file's writes are changes too: only the last change before its move away is the mark.
        if (type === 'change') {
          window.markSeen = true;
          window.foreign = false;
        } else if (window.markSeen) window.close(window.foreign ? 'foreign' : 'clear');
      } else if (name === window.target && window.markSeen) window.foreign = true;
    }
  }

  private stopListening(folder: WatchedFolder): void {
    folder.watcher?.close();
    folder.watcher = undefined;
    for (const window of folder.windows) window.close('unknown');
  }
}
