// One watcher over the served folder, shared by the store and the catalog, that lists no folder
// on an event and does not re-read the server's own writes. The watcher's counters and the files the store
// reads because of an event (its onEventRead observer) tell what each did; markers written after the
// writes under test prove their events were handled, and an edit of a file made last, once served, that
// every earlier event of that file was (no sleeps).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkflowStore } from '../src/store/workflow-store.js';
import { FolderWatcher, type FolderEvent } from '../src/util/folder-watcher.js';
import { createLogger } from '../src/util/logger.js';
import { eventually, replaceFile, tempDir, writeFiles, type Harness } from './support/harness.js';
import { serverTest, type StartServer } from './support/server-fixture.js';
import { customNodeType, twoNodeWorkflow } from './support/workflows.js';

const TEMP_FILE = /(^|\/)\..+\.wfe-\d+-\d+\.tmp$/;
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A watching server over `files`, closed by the fixture when the test ends. */
const serve = (server: StartServer, files: Record<string, unknown>): Promise<Harness> => server({ watch: true, files });

/** A store over a folder of `files`, watched as serve watches it, that lists each file it reads because of an event. */
async function watchedStore(files: Record<string, unknown>) {
  const dir = await tempDir();
  await writeFiles(dir, files);
  const logs: string[] = [];
  const eventReads: string[] = [];
  const poll = process.env.CHOKIDAR_USEPOLLING === '1' || process.env.CHOKIDAR_USEPOLLING === 'true';
  const watcher = await FolderWatcher.open(dir, { poll });
  const store = await WorkflowStore.open(dir, {
    watch: true,
    watcher,
    logger: createLogger('debug', (line) => logs.push(line)),
    onEventRead: (file) => eventReads.push(file),
  });
  watcher.release();
  cleanup.push(async () => {
    await store.close();
    await watcher.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, store, watcher, logs, eventReads };
}

/**
 * Edits each file by hand and waits until every edit is served. The events of one file are handled one
 * after another, so every event of these files before the edits has then been handled too.
 */
async function handledInTurn(dir: string, store: WorkflowStore, files: string[]): Promise<void> {
  const servedFrom = (rel: string) => [...store.workflows()].find((served) => served.file === rel)?.workflow;
  for (const rel of files) {
    const workflow = servedFrom(rel);
    if (!workflow) throw new Error(`${rel} is not served`);
    await replaceFile(dir, rel, { ...workflow, description: 'edited by hand' });
  }
  await eventually(() => files.every((rel) => servedFrom(rel)?.description === 'edited by hand'), 5000, 'the edits by hand');
}

describe('one watcher for the served folder', () => {
  serverTest('is shared by the store and the catalog, and both react to it', async ({ server }) => {
    const h = await serve(server, { 'a.json': twoNodeWorkflow('wf-a') });
    const watcher = h.server.context.watcher!;
    expect(watcher).toBeInstanceOf(FolderWatcher);
    expect(watcher.subscriberCount).toBe(2);

    await mkdir(join(h.dir, 'nodes'));
    await replaceFile(h.dir, 'nodes/custom.json', customNodeType('custom_node'));
    await replaceFile(h.dir, 'b.json', twoNodeWorkflow('wf-b', 'Added on disk'));
    await eventually(
      () => h.server.context.catalog.getNodeType('custom_node') !== undefined,
      5000,
      'the catalog to load nodes/custom.json',
    );
    await eventually(
      async () => (await h.call('GET', '/workflows/wf-b')).body?.data?.name === 'Added on disk',
      5000,
      'the store to load b.json',
    );
    // A node-type file is not a workflow: the store did not take it.
    expect((await h.call('GET', '/workflows')).body.data.map((w: { id: string }) => w.id).sort()).toEqual(['wf-a', 'wf-b']);
  });

  it("drops the temp files of the server's own writes by name, does not re-read its renames, and lists no folder", async () => {
    const { dir, store, watcher, logs, eventReads } = await watchedStore({
      'a.json': twoNodeWorkflow('wf-a'),
      'team/b.json': twoNodeWorkflow('wf-b'),
    });
    const delivered: FolderEvent[] = [];
    watcher.subscribe((event) => delivered.push(event));
    const listingsAtStart = watcher.counters.folderListings;

    for (let i = 0; i < 5; i++) {
      await store.update('wf-a', { description: `save ${i}` });
      await store.update('wf-b', { description: `save ${i}` });
    }
    // Events arrive in order: once the marker is served, the echoes of the saves have arrived too.
    await replaceFile(dir, 'marker.json', twoNodeWorkflow('marker'));
    await eventually(() => store.get('marker'), 5000, 'the marker');
    await watcher.settled();

    const rels = delivered.map((e) => e.rel);
    expect(rels).toContain('a.json'); // the renames were seen...
    expect(rels).toContain('team/b.json');
    expect(rels.filter((rel) => TEMP_FILE.test(rel))).toEqual([]); // ...their temp files never were
    expect(watcher.counters.ignored).toBeGreaterThan(0);
    expect(watcher.counters.folderListings).toBe(listingsAtStart);
    expect(store.get('wf-a')?.workflow.description).toBe('save 4');

    await handledInTurn(dir, store, ['a.json', 'team/b.json']);
    // The marker and the edits made to be sure every echo had been handled: no echo was read back.
    expect([...eventReads].sort(), `read: ${eventReads.join(', ')}`).toEqual(['a.json', 'marker.json', 'team/b.json']);
    const reloaded = logs.filter((l) => l.includes('on disk, reloaded'));
    expect(reloaded).toHaveLength(3);
    expect(reloaded).toEqual(
      expect.arrayContaining([
        expect.stringContaining('a.json: changed on disk'),
        expect.stringContaining('marker.json: added on disk'),
        expect.stringContaining('team/b.json: changed on disk'),
      ]),
    );
  });

  it('knows its own file by its identity when the modification time falls on a whole second', async () => {
    // A 4 ms kernel clock puts 1 write in 250 on a whole second: that is no sign of a coarse file system
    // once this folder has shown times with a fraction (CI once read an echo back because of it).
    const { dir, store, watcher, eventReads } = await watchedStore({ 'a.json': twoNodeWorkflow('wf-a') });
    await store.update('wf-a', { description: 'saved' });
    // A whole second other than the file's time, so that the event of this change reads the file.
    const wholeSecond = new Date((Math.floor((await stat(join(dir, 'a.json'))).mtimeMs / 1000) - 1) * 1000);
    await utimes(join(dir, 'a.json'), wholeSecond, wholeSecond);
    await eventually(() => eventReads.includes('a.json'), 5000, 'the store to look at a.json again');
    const readsBefore = eventReads.length;

    await chmod(join(dir, 'a.json'), 0o600); // an event on a.json, whose identity (time included) is unchanged
    await replaceFile(dir, 'marker-2.json', twoNodeWorkflow('marker-2'));
    await eventually(() => store.get('marker-2'), 5000, 'the second marker');
    await watcher.settled();
    await handledInTurn(dir, store, ['a.json']);
    // The marker, and the edit made to be sure the event of the chmod had been handled.
    expect(eventReads.slice(readsBefore), `read: ${eventReads.join(', ')}`).toEqual(['marker-2.json', 'a.json']);
  });

  serverTest('still reloads a hand edit that lands right after a save', async ({ server }) => {
    const h = await serve(server, { 'a.json': twoNodeWorkflow('wf-a') });
    expect((await h.call('PUT', '/workflows/wf-a', { description: 'saved' })).status).toBe(200);
    await replaceFile(h.dir, 'a.json', { ...twoNodeWorkflow('wf-a'), description: 'by hand' });
    await eventually(async () => (await h.call('GET', '/workflows/wf-a')).body.data.description === 'by hand', 5000, 'the hand edit');
  });

  serverTest(
    'follows folders: files in a folder that appears are added, a folder that goes away takes its workflows along',
    async ({ server }) => {
      const h = await serve(server, { 'a.json': twoNodeWorkflow('wf-a') });
      const outside = await tempDir('wfe-folder-');
      cleanup.push(() => rm(outside, { recursive: true, force: true }));
      await mkdir(join(outside, 'team', 'deep'), { recursive: true });
      await writeFile(join(outside, 'team', 'b.json'), JSON.stringify(twoNodeWorkflow('wf-b')));
      await writeFile(join(outside, 'team', 'deep', 'c.json'), JSON.stringify(twoNodeWorkflow('wf-c')));
      await rename(join(outside, 'team'), join(h.dir, 'team'));
      await eventually(async () => (await h.call('GET', '/workflows/wf-c')).status === 200, 5000, 'a workflow in a moved-in folder');
      expect(h.server.context.store.get('wf-b')?.file).toBe('team/b.json');

      // A file added to the new folder is seen: it is watched too.
      await replaceFile(h.dir, 'team/deep/d.json', twoNodeWorkflow('wf-d'));
      await eventually(async () => (await h.call('GET', '/workflows/wf-d')).status === 200, 5000, 'a file in the new folder');

      await rename(join(h.dir, 'team'), join(h.dir, 'crew'));
      await eventually(async () => h.server.context.store.get('wf-c')?.file === 'crew/deep/c.json', 5000, 'the renamed folder');
      await rm(join(h.dir, 'crew'), { recursive: true });
      await eventually(async () => (await h.call('GET', '/workflows')).body.data.length === 1, 5000, 'the removed folder');
      expect((await h.call('GET', '/workflows/wf-b')).status).toBe(404);
    },
  );
});

describe('the served folder replaced by another at its path', () => {
  it('is watched again, even when the new folder is there before the old one is noticed gone', async () => {
    const dir = await tempDir('wfe-replaced-root-');
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const watcher = await FolderWatcher.open(dir);
    cleanup.push(() => watcher.close());
    const events: FolderEvent[] = [];
    watcher.subscribe((event) => events.push(event));
    watcher.release();
    // Deleted and made again in one synchronous run: the watcher handles the deletion only afterwards,
    // when a folder already stands at the path (a branch switch can do the same).
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    writeFileSync(join(dir, 'b.json'), '{}');
    await eventually(async () => events.some((e) => e.rel === 'b.json' && e.present), 5000, 'b.json in the new folder');
    // And the new folder is watched: a later file is seen as it comes.
    writeFileSync(join(dir, 'c.json'), '{}');
    await eventually(async () => events.some((e) => e.rel === 'c.json' && e.present), 5000, 'c.json in the new folder');
  });
});
