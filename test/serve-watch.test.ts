// Files edited outside the server (by hand, by git checkout) are picked up by the watcher.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { eventually, type Harness } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';
import { twoNodeWorkflow } from './support/workflows.js';

let h: Harness;

/** serverTest whose every test starts with `h`: a server over the files below (closed by the fixture). */
const test = serverTest.extend<{ h: Harness }>({
  h: [
    async ({ server }, use) => {
      h = await server({ watch: true, files: { 'a.json': twoNodeWorkflow('wf-a', 'Alpha') } });
      await use(h);
    },
    { auto: true },
  ],
});

const nameOf = async (id: string) => (await h.call('GET', `/workflows/${id}`)).body?.data?.name;
const write = (rel: string, value: unknown) =>
  writeFile(join(h.dir, rel), typeof value === 'string' ? value : JSON.stringify(value, null, 2) + '\n');

describe('watch mode', () => {
  test('serves files added, changed, renamed and deleted on disk', async () => {
    await write('new.json', twoNodeWorkflow('wf-new', 'Added'));
    await eventually(async () => (await nameOf('wf-new')) === 'Added', 3000, 'added file');

    await write('new.json', twoNodeWorkflow('wf-new', 'Changed'));
    await eventually(async () => (await nameOf('wf-new')) === 'Changed', 3000, 'changed file');

    await rename(join(h.dir, 'new.json'), join(h.dir, 'renamed.json'));
    await eventually(
      async () => (await nameOf('wf-new')) === 'Changed' && h.server.context.store.get('wf-new')?.file === 'renamed.json',
      3000,
      'renamed file',
    );

    await rm(join(h.dir, 'renamed.json'));
    await eventually(async () => (await h.call('GET', '/workflows/wf-new')).status === 404, 3000, 'deleted file');
  });

  test('keeps the last good version of a malformed file and reports it with line and column', async () => {
    await write('a.json', '{\n  "id": "wf-a",\n  "name": "Broken",\n  nodes: []\n}\n');
    const config = await eventually(
      async () => {
        const res = await h.call('GET', '/system/config');
        return res.body.data.loadErrors.length > 0 ? res.body.data : undefined;
      },
      3000,
      'load error',
    );
    expect(config.loadErrors[0]).toMatchObject({ file: 'a.json', line: 4, column: 3 });
    expect(await nameOf('wf-a')).toBe('Alpha');
    expect(h.logs.some((l) => l.includes('a.json:4:3'))).toBe(true);

    await write('a.json', twoNodeWorkflow('wf-a', 'Fixed'));
    await eventually(async () => (await nameOf('wf-a')) === 'Fixed', 3000, 'fixed file');
    expect((await h.call('GET', '/system/config')).body.data.loadErrors).toEqual([]);
  });

  test('reports a schema-invalid file with the field, and keeps serving the others', async () => {
    const bad = {
      ...twoNodeWorkflow('wf-bad'),
      nodes: [{ id: 'x', type: 'universalNode', position: { x: 'left', y: 0 }, data: { label: 'x', config: {}, metadata: {} } }],
      edges: [],
    };
    await write('bad.json', bad);
    const errors = await eventually(
      async () => {
        const res = await h.call('GET', '/system/config');
        return res.body.data.loadErrors.length > 0 ? res.body.data.loadErrors : undefined;
      },
      3000,
      'schema error',
    );
    expect(errors[0].file).toBe('bad.json');
    expect(errors[0].message).toMatch(/^nodes\[0\]\.position\.x must be number/);
    expect(errors[0].line).toBeGreaterThan(1);
    expect((await h.call('GET', '/workflows/wf-bad')).status).toBe(404);
    expect(await nameOf('wf-a')).toBe('Alpha');
  });

  test('reports a file whose id no URL can name, and does not list it', async () => {
    for (const [file, id] of [
      ['slash.json', 'a/b'],
      ['up.json', '../escape'],
      ['dot.json', '.dot'],
    ])
      await write(file, { ...twoNodeWorkflow('x'), id });
    const errors = await eventually(
      async () => {
        const res = await h.call('GET', '/system/config');
        return res.body.data.loadErrors.length === 3 ? res.body.data.loadErrors : undefined;
      },
      3000,
      'three load errors',
    );
    expect(errors.map((e: { file: string; message: string }) => `${e.file}: ${e.message}`).sort()).toEqual([
      'dot.json: id ".dot" must not contain "/", "\\", "..", NUL or start with ".": wfe serve does not load it, since no URL could name it; give the workflow another id',
      'slash.json: id "a/b" must not contain "/", "\\", "..", NUL or start with ".": wfe serve does not load it, since no URL could name it; give the workflow another id',
      'up.json: id "../escape" must not contain "/", "\\", "..", NUL or start with ".": wfe serve does not load it, since no URL could name it; give the workflow another id',
    ]);
    expect(errors[0].line).toBeGreaterThan(0);
    expect((await h.call('GET', '/workflows')).body.data.map((w: { id: string }) => w.id)).toEqual(['wf-a']);
  });

  test('does not reload its own writes', async () => {
    const put = await h.call('PUT', '/workflows/wf-a', { name: 'Saved' });
    expect(put.status).toBe(200);
    const etag = put.headers.get('etag');
    // Events arrive in order: once a file written after the save is served, the save's echo was seen too.
    await write('marker.json', twoNodeWorkflow('wf-marker'));
    await eventually(async () => (await h.call('GET', '/workflows/wf-marker')).status === 200, 3000, 'the marker file');
    expect(h.logs.filter((l) => l.includes('on disk, reloaded') && !l.includes('marker.json'))).toEqual([]);
    expect((await h.call('GET', '/workflows/wf-a')).headers.get('etag')).toBe(etag);
  });

  test('a hand edit changes the ETag; a stale If-Match is refused; a save over a hand edit keeps a backup', async () => {
    const etag = (await h.call('GET', '/workflows/wf-a')).headers.get('etag')!;
    const onDisk = JSON.parse(await readFile(join(h.dir, 'a.json'), 'utf8'));
    // Two edits that keep the file's versionId: each changes the ETag, and the second does not bring back the first's.
    const etags = [etag];
    for (const description of ['hand edit 1', 'hand edit']) {
      await write('a.json', { ...onDisk, description });
      await eventually(async () => (await h.call('GET', '/workflows/wf-a')).body.data.description === description, 3000, description);
      etags.push((await h.call('GET', '/workflows/wf-a')).headers.get('etag')!);
    }
    expect(new Set(etags).size).toBe(3);
    expect((await h.call('GET', '/workflows/wf-a', undefined, { 'If-None-Match': etag })).status).toBe(200);

    for (const old of etags.slice(0, 2)) {
      const stale = await h.call('PUT', '/workflows/wf-a', { name: 'editor' }, { 'If-Match': old });
      expect(stale.status).toBe(409);
    }

    const blind = await h.call('PUT', '/workflows/wf-a', { name: 'editor' });
    expect(blind.status).toBe(200);
    const backup = blind.headers.get('x-wfe-backup')!;
    expect(backup).toMatch(/^\.wfe\/backups\/wf-a\..+\.json$/);
    expect(JSON.parse(await readFile(join(h.dir, backup), 'utf8')).description).toBe('hand edit');
  });

  test('a hand edit keeping the versionId is never served under it again: after a broken state, a delete and re-create, a move', async () => {
    const etag = (await h.call('GET', '/workflows/wf-a')).headers.get('etag')!;
    const onDisk = JSON.parse(await readFile(join(h.dir, 'a.json'), 'utf8'));
    const servedAfter = async (description: string) => {
      await eventually(async () => (await h.call('GET', '/workflows/wf-a')).body.data.description === description, 3000, description);
      return (await h.call('GET', '/workflows/wf-a')).headers.get('etag')!;
    };
    const seen = [etag];
    // A hand edit, then the file half written (a slow in-place save), then whole again.
    await write('a.json', { ...onDisk, description: 'edit 1' });
    seen.push(await servedAfter('edit 1'));
    await write('a.json', '{\n  "id": "wf-a",\n');
    await eventually(
      async () => (await h.call('GET', '/system/config')).body.data.loadErrors.length > 0,
      3000,
      'the half-written file reported',
    );
    await write('a.json', { ...onDisk, description: 'edit 2' });
    seen.push(await servedAfter('edit 2'));
    // Deleted, then written again (an editor that moves the old file away first).
    await rm(join(h.dir, 'a.json'));
    await eventually(async () => (await h.call('GET', '/workflows/wf-a')).status === 404, 3000, 'the delete');
    await write('a.json', { ...onDisk, description: 'edit 3' });
    seen.push(await servedAfter('edit 3'));
    // Moved to another name and edited there.
    await rm(join(h.dir, 'a.json'));
    await write('moved.json', { ...onDisk, description: 'edit 4' });
    seen.push(await servedAfter('edit 4'));
    expect(new Set(seen).size).toBe(seen.length);
    for (const old of seen.slice(0, -1))
      expect((await h.call('PUT', '/workflows/wf-a', { name: 'editor' }, { 'If-Match': old })).status).toBe(409);
    expect(JSON.parse(await readFile(join(h.dir, 'moved.json'), 'utf8')).description).toBe('edit 4');
    // The file as first seen, put back whole: its own versionId again.
    await rm(join(h.dir, 'moved.json'));
    await write('a.json', onDisk);
    await eventually(async () => (await h.call('GET', '/workflows/wf-a')).headers.get('etag') === etag, 3000, 'the original back');
  });

  test('a file broken by hand refuses a save with the If-Match read before, and one without it keeps a backup', async () => {
    const etag = (await h.call('GET', '/workflows/wf-a')).headers.get('etag')!;
    await write('a.json', '{\n  "id": "wf-a",\n  "name": "Half-typed",\n');
    await eventually(async () => (await h.call('GET', '/system/config')).body.data.loadErrors.length > 0, 3000, 'the broken file reported');
    // The last good version is still served under the same ETag: only the disk tells it is not the one on file.
    expect((await h.call('GET', '/workflows/wf-a')).headers.get('etag')).toBe(etag);
    const careful = await h.call('PUT', '/workflows/wf-a', { name: 'editor' }, { 'If-Match': etag });
    expect(careful.status).toBe(409);
    expect(careful.body.error).toMatch(/was changed on disk since you read it and does not load \(a\.json:4: /);
    expect(await readFile(join(h.dir, 'a.json'), 'utf8')).toContain('Half-typed');

    const blind = await h.call('PUT', '/workflows/wf-a', { name: 'editor' });
    expect(blind.status).toBe(200);
    expect(await readFile(join(h.dir, blind.headers.get('x-wfe-backup')!), 'utf8')).toContain('Half-typed');
  });

  test('If-None-Match compares weakly and * hits; If-Match compares strongly', async () => {
    const etag = (await h.call('GET', '/workflows/wf-a')).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, '*'])
      expect((await h.call('GET', '/workflows/wf-a', undefined, { 'If-None-Match': header })).status).toBe(304);
    expect((await h.call('PUT', '/workflows/wf-a', { name: 'weak' }, { 'If-Match': `W/${etag}` })).status).toBe(409);
    expect((await h.call('PUT', '/workflows/wf-a', { name: 'strong' }, { 'If-Match': etag })).status).toBe(200);
  });

  test('two files with the same id: reported, the first in path order wins, the other takes over when it goes', async () => {
    await write('z-dup.json', twoNodeWorkflow('wf-a', 'Duplicate'));
    const errors = await eventually(
      async () => {
        const res = await h.call('GET', '/system/config');
        return res.body.data.loadErrors.length > 0 ? res.body.data.loadErrors : undefined;
      },
      3000,
      'duplicate report',
    );
    expect(errors[0]).toMatchObject({ file: 'z-dup.json' });
    expect(errors[0].message).toMatch(/Duplicate workflow id 'wf-a': a\.json/);
    expect(await nameOf('wf-a')).toBe('Alpha');
    await rm(join(h.dir, 'a.json'));
    await eventually(async () => (await nameOf('wf-a')) === 'Duplicate', 3000, 'duplicate takes over');
  });
});
