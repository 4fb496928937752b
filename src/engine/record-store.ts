// Run and session records as one JSON file each under <dir>/.wfe/<kind>/. Saves are coalesced: the
// engine mutates a record freely and calls save(); the latest state is written (atomically) soon after,
// and flush() waits until what was saved is on disk.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { StorageError } from '../util/domain-errors.js';
import type { Logger } from '../util/logger.js';
import { errorMessage } from '../util/narrow.js';

interface WriteState {
  dirty: boolean;
  writing?: Promise<void>;
}

export class RecordStore<T extends { id: string }> {
  private readonly writes = new Map<string, WriteState>();

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
    private readonly current: (id: string) => T | undefined,
  ) {
    mkdirSync(dir, { recursive: true });
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
    const state = this.writes.get(id) ?? { dirty: false };
    this.writes.set(id, state);
    state.dirty = true;
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
      await writeFileAtomic(target, JSON.stringify(record, null, 2) + '\n');
    } catch (err) {
      throw new StorageError('write', target, err);
    }
  }

  /** Resolves once every save of this record (or of all records) made so far is durable. */
  async flush(id?: string): Promise<void> {
    const ids = id === undefined ? [...this.writes.keys()] : [id];
    await Promise.all(ids.map((i) => this.writes.get(i)?.writing));
  }

  async remove(id: string): Promise<void> {
    await this.flush(id);
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
        await writeFileAtomic(this.path(id), JSON.stringify(record, null, 2) + '\n');
      }
    } catch (err) {
      this.logger.error(`${this.path(id)}: ${errorMessage(err)}`);
    } finally {
      state.writing = undefined;
      if (state.dirty) this.save(id);
    }
  }
}
