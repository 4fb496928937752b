// Run and session records as one JSON file each under <dir>/.wfe/<kind>/. Saves are coalesced: the
// engine mutates a record freely and calls save(); the latest state is written (atomically) soon after,
// and flush() waits until what was saved is on disk.
import { mkdirSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { realpath, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { StorageError } from '../util/domain-errors.js';
import type { Logger } from '../util/logger.js';
import { errorMessage } from '../util/narrow.js';

interface WriteState {
  dirty: boolean;
  writing?: Promise<void>;
  /** Writes that failed in a row; the next try waits longer each time (a full disk, a folder gone). */
  failures: number;
  retry?: ReturnType<typeof setTimeout>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

export class RecordStore<T extends { id: string }> {
  private readonly writes = new Map<string, WriteState>();

  /** The folder as it was at start, links resolved: a write goes there or nowhere. */
  private readonly realDir: string;

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    private readonly current: (id: string) => T | undefined,
  ) {
    mkdirSync(dir, { recursive: true });
    this.realDir = realpathSync(dir);
  }

  /**
   * The server checked at start that no symbolic link leads to this folder. One made since (`.wfe` replaced by
   * a link to another folder) would have records written outside the served folder: refused, as a write
   * that fails, so the record is tried again once the folder is back.
   */
  private async writeRecord(path: string, text: string): Promise<void> {
    const now = await realpath(this.dir).catch(() => undefined);
    if (now !== this.realDir)
      throw new Error(`${this.dir} is no longer the folder it was at start (a symbolic link on the way, or moved): not written through it`);
    await writeFileAtomic(path, text);
  }

  /** Every readable record; an unreadable file is reported and left alone. */
  loadAll(): T[] {
    const out: T[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json') || name.startsWith('.')) continue;
      try {
        out.push(JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as T);
      } catch (err) {
        this.logger.warn(`${join(this.dir, name)}: not loaded: ${errorMessage(err)}`);
      }
    }
    return out;
  }

  save(id: string): void {
    const state = this.writes.get(id) ?? { dirty: false, failures: 0 };
    this.writes.set(id, state);
    state.dirty = true;
    if (state.retry) return; // the retry writes the latest state
    state.writing ??= this.writeLoop(id, state);
  }

  /**
   * Writes a record now, atomically and durably, before anything depends on it being on disk (a run is only
   * accepted once its record is), in the thread pool: the event loop serves other requests meanwhile. Rejects
   * with StorageError when it cannot be written.
   */
  async writeNow(record: T): Promise<void> {
    const target = this.path(record.id);
    try {
      await this.writeRecord(target, JSON.stringify(record, null, 2) + '\n');
    } catch (err) {
      throw new StorageError('write', target, err);
    }
  }

  /**
   * Resolves once every save of this record (or of all records) made so far is durable, or has been tried
   * once more: a record waiting to be written again after a failure is tried now (a graceful stop flushes).
   */
  async flush(id?: string): Promise<void> {
    const ids = id === undefined ? [...this.writes.keys()] : [id];
    for (const i of ids) {
      const state = this.writes.get(i);
      if (!state?.retry) continue;
      clearTimeout(state.retry);
      state.retry = undefined;
      this.save(i);
    }
    await Promise.all(ids.map((i) => this.writes.get(i)?.writing));
  }

  async remove(id: string): Promise<void> {
    await this.flush(id);
    clearTimeout(this.writes.get(id)?.retry);
    this.writes.delete(id);
    await unlink(this.path(id)).catch(() => {});
  }

  private path(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private async writeLoop(id: string, state: WriteState): Promise<void> {
    // Yield once so a burst of changes in one tick becomes one write.
    await new Promise((r) => setImmediate(r));
    try {
      while (state.dirty) {
        state.dirty = false;
        const record = this.current(id);
        if (!record) break;
        await this.writeRecord(this.path(id), JSON.stringify(record, null, 2) + '\n');
      }
      if (state.failures > 0) this.logger.info(`${this.path(id)}: written after ${state.failures} failed attempts`);
      state.failures = 0;
    } catch (err) {
      // Not written: kept in memory and tried again, so a run that finished meanwhile is not found
      // "interrupted" at the next start. Said once per streak of failures, not at every try.
      if (state.failures === 0) this.logger.error(`${this.path(id)}: ${errorMessage(err)}; trying again`);
      state.failures++;
      state.dirty = true;
      const delay = Math.min(FIRST_RETRY_MS * 2 ** (state.failures - 1), LAST_RETRY_MS);
      state.retry = setTimeout(() => {
        state.retry = undefined;
        this.save(id);
      }, delay);
      state.retry.unref();
    } finally {
      state.writing = undefined;
      if (state.dirty && !state.retry) this.save(id);
    }
  }
}
