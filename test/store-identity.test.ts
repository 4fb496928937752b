// A save checks that the file is still the indexed one by its identity (inode, size,
// modification time) instead of reading it back, where the file system's clock makes that safe. The
// store's guarantees must hold on that path too: a hand edit made before a save, or while it is being
// written, is never replaced. Pauses come from an injected file layer that keeps fstat, never from timing.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { Harness } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';
import { twoNodeWorkflow } from './support/workflows.js';
import { pausingLayer } from './support/pausing-fs.js';

const diskJson = async (h: Harness, rel: string) => JSON.parse(await readFile(join(h.dir, rel), 'utf8'));

async function handEdit(h: Harness, rel: string, description: string, byRename: boolean): Promise<void> {
  const text = JSON.stringify({ ...(await diskJson(h, rel)), description }, null, 2) + '\n';
  if (!byRename) return writeFile(join(h.dir, rel), text);
  await writeFile(join(h.dir, `.edit-${description.length}`), text);
  await rename(join(h.dir, `.edit-${description.length}`), join(h.dir, rel));
}

describe('saves checked by the file identity', () => {
  serverTest('does not read the file back when it is the one indexed (where the clock allows it)', async ({ server }) => {
    const layer = pausingLayer({ withStat: true });
    const h = await server({ storeFs: layer.fs, files: { 'a.json': twoNodeWorkflow('wf-a'), 'team/b.json': twoNodeWorkflow('wf-b') } });
    const store = h.server.context.store;
    for (let i = 0; i < 5; i++) {
      expect((await h.call('PUT', '/workflows/wf-a', { description: `save ${i}` })).status).toBe(200);
      expect((await h.call('PUT', '/workflows/wf-b', { description: `save ${i}` })).status).toBe(200);
    }
    // Either the identity stood in for the bytes, or (a coarse clock) every save read the file twice.
    expect(layer.counts.reads).toBe((await store.identityTrusted()) ? 0 : 20);
    expect((await diskJson(h, 'team/b.json')).description).toBe('save 4');
  });

  serverTest('an edit made before a save (watch off, so not seen) refuses it with 409 and is served from then on', async ({ server }) => {
    const layer = pausingLayer({ withStat: true });
    const h = await server({ storeFs: layer.fs, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    expect((await h.call('PUT', '/workflows/wf-a', { description: 'saved' })).status).toBe(200);
    for (const [round, byRename] of [
      [0, false],
      [1, true],
    ] as const) {
      await handEdit(h, 'a.json', `by hand ${round}`, byRename);
      const res = await h.call('PUT', '/workflows/wf-a', { description: 'from the editor' });
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/a\.json changed on disk since it was loaded/);
      expect((await diskJson(h, 'a.json')).description).toBe(`by hand ${round}`);
      expect((await h.call('GET', '/workflows/wf-a')).body.data.description).toBe(`by hand ${round}`);
    }
  });

  serverTest('an edit landing while the write is in flight refuses the PUT with 409 and stays on disk (20 rounds)', async ({ server }) => {
    const layer = pausingLayer({ withStat: true });
    const h = await server({ watch: true, storeFs: layer.fs, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    for (let round = 0; round < 20; round++) {
      // A save first, so the file's identity is the store's own write.
      expect((await h.call('PUT', '/workflows/wf-a', { name: `saved ${round}` })).status).toBe(200);
      const gate = layer.pauseNextWrite();
      const put = h.call('PUT', '/workflows/wf-a', { description: `from the editor ${round}` });
      await Promise.race([gate.reached, put.then(() => Promise.reject(new Error('the PUT did not go through the layer')))]);
      // Same length as the save's own text would have, where possible: only the identity tells them apart.
      await handEdit(h, 'a.json', `hand edit ${String(round).padStart(2, '0')}`, round % 2 === 1);
      gate.release();
      const res = await put;
      expect(res.status, `round ${round}`).toBe(409);
      expect(res.body.message).toMatch(/a\.json.*changed on disk/);
      expect((await diskJson(h, 'a.json')).description).toBe(`hand edit ${String(round).padStart(2, '0')}`);
      expect((await h.call('GET', '/workflows/wf-a')).body.data.description).toBe(`hand edit ${String(round).padStart(2, '0')}`);
    }
  });
});
