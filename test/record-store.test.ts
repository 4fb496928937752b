// Run and session records on disk (src/engine/record-store.ts), in process on a real folder: a write that
// fails is tried again, not dropped.
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordStore } from '../src/engine/record-store.js';
import type { Logger } from '../src/util/logger.js';
import { eventually, tempDir } from './support/harness.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

function recordingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: string) => void lines.push(`${level} ${message}`);
  return { logger: { debug() {}, info: record('info'), warn: record('warn'), error: record('error') }, lines };
}

/** The records folder replaced by a file, as the QA pass did: every write fails with ENOTDIR until it is back. */
async function breakFolder(folder: string): Promise<() => Promise<void>> {
  await rename(folder, `${folder}.away`);
  await writeFile(folder, 'not a folder');
  return async () => {
    await rm(folder);
    await rename(`${folder}.away`, folder);
  };
}

describe('RecordStore', () => {
  it('keeps a record it could not write and writes it when flushed once the folder is back, saying so once', async () => {
    const folder = join(dir, 'runs');
    const records = new Map([['r1', { id: 'r1', status: 'running' }]]);
    const { logger, lines } = recordingLogger();
    const store = new RecordStore(folder, logger, (id) => records.get(id));
    const repair = await breakFolder(folder);
    records.get('r1')!.status = 'completed';
    store.save('r1');
    await store.flush('r1');
    await store.flush('r1'); // a second failure, not said again
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([expect.stringMatching(/r1\.json: .*; trying again$/)]);
    await repair();
    await store.flush('r1');
    expect(JSON.parse(await readFile(join(folder, 'r1.json'), 'utf8'))).toEqual({ id: 'r1', status: 'completed' });
    expect(lines.at(-1)).toMatch(/^info .*r1\.json: written after 2 failed attempts$/);
  });

  it("never writes through a symbolic link made in the folder's place while serving", async () => {
    const folder = join(dir, 'runs');
    const outside = join(dir, 'outside');
    await mkdir(outside);
    const { logger, lines } = recordingLogger();
    const store = new RecordStore(folder, logger, () => ({ id: 'r1', status: 'completed' }));
    await rename(folder, `${folder}.away`);
    await symlink(outside, folder);
    store.save('r1');
    await store.flush('r1');
    expect(await readdir(outside)).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(/^error .*runs\/r1\.json: .*runs is no longer the folder it was at start .*; trying again$/),
    ]);
    await rm(folder);
    await rename(`${folder}.away`, folder);
    await store.flush('r1');
    expect(JSON.parse(await readFile(join(folder, 'r1.json'), 'utf8'))).toEqual({ id: 'r1', status: 'completed' });
  });

  it('tries again by itself, without a flush or another save', async () => {
    const folder = join(dir, 'sessions');
    await mkdir(folder, { recursive: true });
    const store = new RecordStore(folder, recordingLogger().logger, () => ({ id: 's1', messages: 1 }));
    const repair = await breakFolder(folder);
    store.save('s1');
    await store.flush('s1'); // the first try, failed: a retry is set
    await repair();
    await eventually(() => readFile(join(folder, 's1.json'), 'utf8').then(JSON.parse, () => undefined), 5000, 'the retry');
  });
});
