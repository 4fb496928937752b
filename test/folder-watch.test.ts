// One watcher over the served folder, shared by the store and the catalog, that lists no folder
// on an event and does not re-read the server's own writes. Counters of the watcher and the store are the
// test hooks; markers written after the writes under test prove their events were handled (no sleeps).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderWatcher, type FolderEvent } from '../src/util/folder-watcher.js';
import { eventually, replaceFile, startServer, tempDir, type Harness } from './support/harness.js';
import { customNodeType, twoNodeWorkflow } from './support/workflows.js';

const TEMP_FILE = /(^|\/)\..+\.wfe-\d+-\d+\.tmp$/;
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function serve(files: Record<string, unknown>): Promise<Harness> {
  const h = await startServer({ watch: true, files });
  cleanup.push(() => h.close());
  return h;
}

describe('one watcher for the served folder', () => {
  it('is shared by the store and the catalog, and both react to it', async () => {
    const h = await serve({ 'a.json': twoNodeWorkflow('wf-a') });
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
    const h = await serve({ 'a.json': twoNodeWorkflow('wf-a'), 'team/b.json': twoNodeWorkflow('wf-b') });
    const watcher = h.server.context.watcher!;
    const store = h.server.context.store;
    const delivered: FolderEvent[] = [];
    watcher.subscribe((event) => delivered.push(event));
    const listingsAtStart = watcher.counters.folderListings;
    const readsAtStart = store.counters.eventReads;

    for (let i = 0; i < 5; i++) {
      expect((await h.call('PUT', '/workflows/wf-a', { description: `save ${i}` })).status).toBe(200);
      expect((await h.call('PUT', '/workflows/wf-b', { description: `save ${i}` })).status).toBe(200);
    }
    // Events arrive in order: once the marker is served, the echoes of the saves have arrived too.
    await replaceFile(h.dir, 'marker.json', twoNodeWorkflow('marker'));
    await eventually(async () => (await h.call('GET', '/workflows/marker')).status === 200, 5000, 'the marker');
    await watcher.settled();
    await store.settled();

    const rels = delivered.map((e) => e.rel);
    expect(rels).toContain('a.json'); // the renames were seen...
    expect(rels).toContain('team/b.json');
    expect(rels.filter((rel) => TEMP_FILE.test(rel))).toEqual([]); // ...their temp files never were
    expect(watcher.counters.ignored).toBeGreaterThan(0);
    // The marker only: no echo was read back.
    expect(store.counters.eventReads - readsAtStart, `read: ${store.counters.lastEventReads.join(', ')}`).toBe(1);
    expect(watcher.counters.folderListings).toBe(listingsAtStart);
    expect(h.logs.filter((l) => l.includes('on disk, reloaded') && !l.includes('marker.json'))).toEqual([]);
    expect((await h.call('GET', '/workflows/wf-a')).body.data.description).toBe('save 4');
  });

  it('knows its own file by its identity when the modification time falls on a whole second', async () => {
    // A 4 ms kernel clock puts 1 write in 250 on a whole second: that is no sign of a coarse file system
    // once this folder has shown times with a fraction (CI once read an echo back because of it).
    const h = await serve({ 'a.json': twoNodeWorkflow('wf-a') });
    const store = h.server.context.store;
    expect((await h.call('PUT', '/workflows/wf-a', { description: 'saved' })).status).toBe(200);
    const wholeSecond = new Date(Math.floor(Date.now() / 1000) * 1000);
    await utimes(join(h.dir, 'a.json'), wholeSecond, wholeSecond);
    await replaceFile(h.dir, 'marker-1.json', twoNodeWorkflow('marker-1'));
    await eventually(async () => (await h.call('GET', '/workflows/marker-1')).status === 200, 5000, 'the first marker');
    await store.settled();
    const readsBefore = store.counters.eventReads;

    await chmod(join(h.dir, 'a.json'), 0o600); // an event on a.json, whose identity (time included) is unchanged
    await replaceFile(h.dir, 'marker-2.json', twoNodeWorkflow('marker-2'));
    await eventually(async () => (await h.call('GET', '/workflows/marker-2')).status === 200, 5000, 'the second marker');
    await h.server.context.watcher!.settled();
    await store.settled();
    expect(store.counters.eventReads - readsBefore, `read: ${store.counters.lastEventReads.join(', ')}`).toBe(1); // the marker only
  });

  it('still reloads a hand edit that lands right after a save', async () => {
    const h = await serve({ 'a.json': twoNodeWorkflow('wf-a') });
    expect((await h.call('PUT', '/workflows/wf-a', { description: 'saved' })).status).toBe(200);
    await replaceFile(h.dir, 'a.json', { ...twoNodeWorkflow('wf-a'), description: 'by hand' });
    await eventually(async () => (await h.call('GET', '/workflows/wf-a')).body.data.description === 'by hand', 5000, 'the hand edit');
  });

  it('follows folders: files in a folder that appears are added, a folder that goes away takes its workflows along', async () => {
    const h = await serve({ 'a.json': twoNodeWorkflow('wf-a') });
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
  });
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
