// The folder is a boundary, hostile bodies get a 4xx, what is acknowledged is kept, faults are
// named. A real server on a real socket over real temp folders; file-system faults and pauses come from a
// file layer injected into the store, never from timing.
import { once } from 'node:events';
import * as nodeFs from 'node:fs/promises';
import { chmod, mkdir, open, readFile, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeStoreFs, type StoreFs } from '../src/store/store-fs.js';
import { stableStringify } from '../src/util/stable-json.js';
import { eventually, writeFiles, type Harness } from './support/harness.js';
import { testFolder, serverTest } from './support/server-fixture.js';
import { twoNodeWorkflow } from './support/workflows.js';
import { pausingLayer, TEMP_FILE } from './support/pausing-fs.js';

const cleanup: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const outsideDir = () => testFolder('wfe-outside-');

/** The folder's entries, without .wfe/ (the run engine creates it at start-up). */
const entriesOf = async (dir: string): Promise<string[]> => (await readdir(dir)).filter((name) => name !== '.wfe').sort();
const loadErrors = async (h: Harness): Promise<Array<{ file: string; message: string }>> =>
  (await h.call('GET', '/system/config')).body.data.loadErrors;
const diskJson = async (h: Harness, rel: string) => JSON.parse(await readFile(join(h.dir, rel), 'utf8'));

/** Nested arrays `depth` levels deep, as text (JSON.stringify itself would overflow building it). */
const deepArrayText = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

// ---------- an injectable file layer ----------

function errnoError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: simulated failure, ${syscall} '${path}'`), { code, syscall, path });
}

/** node:fs/promises, except that every write (open for writing, rename, unlink, mkdir) fails with `code`. */
function failingWrites(code: string): StoreFs {
  return {
    open: async (path, flags, mode) => {
      if (flags !== 'r') throw errnoError(code, 'open', path);
      return nodeFs.open(path, flags, mode);
    },
    readFile: (path) => nodeFs.readFile(path),
    rename: async (from) => {
      throw errnoError(code, 'rename', from);
    },
    unlink: async (path) => {
      throw errnoError(code, 'unlink', path);
    },
    mkdir: async (path) => {
      throw errnoError(code, 'mkdir', path);
    },
    lstat: (path) => nodeFs.lstat(path),
    realpath: (path) => nodeFs.realpath(path),
    lstatSync: (path) => nodeStoreFs.lstatSync(path),
    openSync: (path, flags) => nodeStoreFs.openSync(path, flags),
    fstatSync: (fd) => nodeStoreFs.fstatSync(fd),
    closeSync: (fd) => nodeStoreFs.closeSync(fd),
    chmodSync: (path) => {
      throw errnoError(code, 'chmod', path);
    },
    linkSync: (existingPath) => {
      throw errnoError(code, 'link', existingPath);
    },
    renameSync: (from) => {
      throw errnoError(code, 'rename', from);
    },
    unlinkSync: (path) => {
      throw errnoError(code, 'unlink', path);
    },
  };
}

/** Fails when `request` settles before the paused write was reached (the layer was not used). */
async function untilPaused(reached: Promise<void>, request: Promise<unknown>): Promise<void> {
  await Promise.race([
    reached,
    request.then(() => Promise.reject(new Error('the request finished without going through the injected file layer'))),
  ]);
}

// ---------- the folder is a boundary ----------

describe('the folder is a boundary: symbolic links are never followed', () => {
  serverTest('a link to a file outside, created while serving, is reported and not served', async ({ server }) => {
    const outside = await outsideDir();
    await writeFiles(outside, {
      'secret.json': twoNodeWorkflow('secret', 'Outside the folder'),
      'dir/other.json': twoNodeWorkflow('other', 'Outside too'),
    });
    const h = await server({ watch: true, files: { 'a.json': twoNodeWorkflow('wf-a') } });

    await symlink(join(outside, 'secret.json'), join(h.dir, 'evil.json'));
    await symlink(join(outside, 'dir'), join(h.dir, 'linked-dir'));
    const errors = await eventually(async () => (await loadErrors(h)).find((e) => e.file === 'evil.json'), 5000, 'the link reported');
    expect(errors?.message).toMatch(/symbolic link/);
    // A marker written after the links proves the watcher has handled everything before it.
    await writeFiles(h.dir, { 'marker.json': twoNodeWorkflow('marker') });
    await eventually(async () => (await h.call('GET', '/workflows/marker')).status === 200, 5000, 'marker served');

    expect((await h.call('GET', '/workflows/secret')).status).toBe(404);
    expect((await h.call('GET', '/workflows/other')).status).toBe(404);
    const ids = (await h.call('GET', '/workflows')).body.data.map((w: { id: string }) => w.id).sort();
    expect(ids).toEqual(['marker', 'wf-a']);
  });

  serverTest('a link present at start-up is reported the same way', async ({ server }) => {
    const outside = await outsideDir();
    await writeFiles(outside, { 'secret.json': twoNodeWorkflow('secret') });
    const dir = await testFolder();
    await writeFiles(dir, { 'a.json': twoNodeWorkflow('wf-a') });
    await symlink(join(outside, 'secret.json'), join(dir, 'evil.json'));
    const h = await server({ dir });
    expect((await h.call('GET', '/workflows/secret')).status).toBe(404);
    expect((await loadErrors(h)).find((e) => e.file === 'evil.json')?.message).toMatch(/symbolic link/);
  });

  serverTest('a workflow file replaced by a link to an outside file is neither written nor deleted through it', async ({ server }) => {
    const outside = await outsideDir();
    await writeFiles(outside, { 'secret.json': twoNodeWorkflow('wf-a', 'Outside') });
    const secretBefore = await readFile(join(outside, 'secret.json'), 'utf8');
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    await rm(join(h.dir, 'a.json'));
    await symlink(join(outside, 'secret.json'), join(h.dir, 'a.json'));

    const put = await h.call('PUT', '/workflows/wf-a', { description: 'through the link' });
    expect(put.status).toBe(409);
    expect(put.body.message).toMatch(/a\.json.*symbolic link/);
    const del = await h.call('DELETE', '/workflows/wf-a');
    expect([404, 409]).toContain(del.status);
    expect(await readFile(join(outside, 'secret.json'), 'utf8')).toBe(secretBefore);
    expect(await readdir(outside)).toEqual(['secret.json']);
  });

  serverTest.for([{ poll: false }, { poll: true }])(
    'links to / and to the folder itself, created while serving, are not walked: the server keeps answering (poll: $poll)',
    { timeout: 20_000 },
    async ({ poll }, { server }) => {
      const h = await server({ watch: true, poll, files: { 'a.json': twoNodeWorkflow('wf-a') } });
      await symlink('/', join(h.dir, 'root-link'));
      await symlink('/', join(h.dir, 'root-link.json'));
      await symlink(h.dir, join(h.dir, 'loop'));
      await writeFiles(h.dir, { 'after.json': twoNodeWorkflow('after', 'After the links') });
      await eventually(async () => (await h.call('GET', '/workflows/after')).status === 200, 10_000, 'a file added after the links');
      expect((await h.call('GET', '/health')).status).toBe(200);
      expect((await h.call('GET', '/workflows')).body.data.map((w: { id: string }) => w.id).sort()).toEqual(['after', 'wf-a']);
      // Walking the loop would have found loop/a.json and loop/after.json: the same ids twice. (Polling
      // reports files in no set order: wait for the link's report too.)
      const errors =
        (await eventually(
          async () => {
            const found = await loadErrors(h);
            return found.some((e) => e.file === 'root-link.json') ? found : undefined;
          },
          10_000,
          'the link to be reported',
        )) ?? [];
      expect(errors.filter((e) => /Duplicate/.test(e.message))).toEqual([]);
      expect(errors.map((e) => e.file)).toEqual(['root-link.json']);
    },
  );
});

// ---------- hostile bodies ----------

describe('a file too large to read', () => {
  serverTest('is a load error found by its size, unread, at start-up and when it appears; the others are served', async ({ server }) => {
    const sparse = async (path: string) => {
      const handle = await open(path, 'w');
      await handle.truncate(600 * 1024 ** 2); // more than the ~512 MiB a string can hold; no disk space used
      await handle.close();
    };
    const dir = await testFolder('wfe-huge-');
    await writeFiles(dir, { 'a.json': twoNodeWorkflow('wf-a') });
    await sparse(join(dir, 'huge.json'));
    const h = await server({ dir, watch: true });
    expect((await h.call('GET', '/workflows/wf-a')).status).toBe(200);
    expect((await loadErrors(h)).find((e) => e.file === 'huge.json')?.message).toMatch(/^not read: 629145600 bytes, more than the 512 MiB/);

    await sparse(join(dir, 'huge-later.json'));
    const later = await eventually(async () => (await loadErrors(h)).find((e) => e.file === 'huge-later.json'), 5000, 'the file reported');
    expect(later?.message).toMatch(/^not read: 629145600 bytes/);
    expect((await h.call('GET', '/workflows')).status).toBe(200);
  });
});

describe("a save keeps the file's own line endings and byte order mark", () => {
  serverTest('CRLF with a BOM stays CRLF with a BOM, save after save; LF stays LF', async ({ server }) => {
    const windows = '\ufeff' + JSON.stringify(twoNodeWorkflow('wf-win'), null, 2).replace(/\n/g, '\r\n') + '\r\n';
    const h = await server({ watch: true, files: { 'b.json': twoNodeWorkflow('wf-unix') } });
    await writeFile(join(h.dir, 'win.json'), windows);
    await eventually(async () => (await h.call('GET', '/workflows/wf-win')).status === 200, 5000, 'win.json served');
    for (const name of ['first', 'second']) {
      const saved = await h.call('PUT', '/workflows/wf-win', { name });
      expect(saved.status).toBe(200);
      // The answer carries the file's bytes: still one JSON document, the BOM left out, CR LF as whitespace.
      expect(saved.text.charCodeAt(0)).toBe('{'.charCodeAt(0));
      expect(saved.text).toContain('\r\n');
      expect(saved.body.data).toEqual((await h.call('GET', '/workflows/wf-win')).body.data);
      expect(saved.body.data.name).toBe(name);
      const text = await readFile(join(h.dir, 'win.json'), 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text.split('\r\n').length).toBeGreaterThan(10);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(JSON.parse(text.slice(1)).name).toBe(name);
    }
    expect((await h.call('PUT', '/workflows/wf-unix', { name: 'unix' })).status).toBe(200);
    const unix = await readFile(join(h.dir, 'b.json'), 'utf8');
    expect(unix).not.toMatch(/\r|\ufeff/);
    expect(JSON.parse(unix).name).toBe('unix');
  });

  serverTest('and its permissions: a private file stays private, a group-writable one group-writable', async ({ server }) => {
    const h = await server({
      watch: true,
      files: { 'private.json': twoNodeWorkflow('wf-private'), 'shared.json': twoNodeWorkflow('wf-shared') },
    });
    await chmod(join(h.dir, 'private.json'), 0o600);
    await chmod(join(h.dir, 'shared.json'), 0o664);
    for (const id of ['wf-private', 'wf-shared']) expect((await h.call('PUT', `/workflows/${id}`, { name: 'saved' })).status).toBe(200);
    const modeOf = async (rel: string) => ((await stat(join(h.dir, rel))).mode & 0o777).toString(8);
    expect([await modeOf('private.json'), await modeOf('shared.json')]).toEqual(['600', '664']);
    expect(JSON.parse(await readFile(join(h.dir, 'private.json'), 'utf8')).name).toBe('saved');
    // A new file gets the mode new files get.
    expect((await h.call('POST', '/workflows', twoNodeWorkflow('wf-new'))).status).toBe(201);
    expect(await modeOf('wf-new.json')).toBe((0o644 & ~process.umask()).toString(8));
  });
});

describe('concurrent saves of one workflow', () => {
  serverTest('each PUT answers with its own version; the one written last is the file', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    // Saves queued behind a write are folded into one write; each still answers with what it saved.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => h.call('PUT', '/workflows/wf-a', { description: `save ${i}` })));
    answers.forEach((answer, i) => {
      expect(answer.status).toBe(200);
      expect(answer.body.data.description).toBe(`save ${i}`);
      expect(answer.headers.get('etag')).toBeTruthy();
    });
    const onDisk = await diskJson(h, 'a.json');
    const last = answers.find((a) => a.body.data.description === onDisk.description);
    expect(last?.body.data).toEqual(onDisk);
    expect(last?.text).toBe(
      `{"success":true,"data":${await readFile(join(h.dir, 'a.json'), 'utf8')},"message":"Workflow updated successfully"}`,
    );
    expect((await h.call('GET', '/workflows/wf-a')).body.data).toEqual(onDisk);
  });
});

describe('the served folder deleted while serving', () => {
  serverTest('creating is a 503 that says the folder is gone, not a 500; saving is the 409 of a deleted file', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    await rm(h.dir, { recursive: true, force: true });
    const created = await h.call('POST', '/workflows', { name: 'new', nodes: [], edges: [] });
    expect(created.status).toBe(503);
    expect(created.body.code).toBe('STORAGE_ERROR');
    expect(created.body.details.cause).toBe('missing-folder');
    expect(created.body.message).toMatch(/its folder no longer exists on disk .*recreate it/);
    const saved = await h.call('PUT', '/workflows/wf-a', { name: 'renamed' });
    expect(saved.status).toBe(409);
    expect(saved.body.message).toMatch(/was deleted on disk/);
  });

  serverTest('with watch on, a folder deleted and created again (a branch switch) is served again', async ({ server }) => {
    const h = await server({ watch: true, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    await rm(h.dir, { recursive: true, force: true });
    await eventually(async () => (await h.call('GET', '/workflows/wf-a')).status === 404, 5000, 'wf-a gone with its folder');
    await mkdir(h.dir);
    await writeFile(join(h.dir, 'b.json'), JSON.stringify(twoNodeWorkflow('wf-b')));
    await eventually(async () => (await h.call('GET', '/workflows/wf-b')).status === 200, 5000, 'wf-b served from the new folder');
    expect((await h.call('POST', '/workflows', { name: 'new', nodes: [], edges: [] })).status).toBe(201);
    await writeFile(join(h.dir, 'c.json'), JSON.stringify(twoNodeWorkflow('wf-c')));
    await eventually(
      async () => (await h.call('GET', '/workflows/wf-c')).status === 200,
      5000,
      'a later file seen: the new folder is watched',
    );
  });
});

describe('a workflow file replaced by a folder of its name', () => {
  serverTest('unseen (watch off): a save is the 409 of a deleted file and a delete a 404, not a 500', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    await rm(join(h.dir, 'a.json'));
    await mkdir(join(h.dir, 'a.json'));
    const saved = await h.call('PUT', '/workflows/wf-a', { name: 'renamed' });
    expect([saved.status, saved.body.code]).toEqual([409, 'CONFLICT']);
    expect(saved.body.message).toMatch(/^The file a\.json was deleted on disk since it was loaded/);
    expect((await h.call('DELETE', '/workflows/wf-a')).status).toBe(404);
    expect((await stat(join(h.dir, 'a.json'))).isDirectory()).toBe(true);
  });

  serverTest('seen (watch on): the workflow is no longer served', async ({ server }) => {
    const h = await server({ watch: true, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    await rm(join(h.dir, 'a.json'));
    await mkdir(join(h.dir, 'a.json'));
    await eventually(async () => (await h.call('GET', '/workflows/wf-a')).status === 404, 5000, 'wf-a gone');
    expect(await loadErrors(h)).toEqual([]);
  });
});

describe('a file the server may not read', () => {
  serverTest(
    'seen by the watcher, it is a load error of the API naming the file, and its last good version stays served',
    async ({ server }) => {
      let locked = false;
      const lockable: StoreFs = {
        ...nodeStoreFs,
        readFile: async (path, sizeHint) => {
          if (locked && basename(path) === 'a.json') throw errnoError('EACCES', 'open', path);
          return nodeStoreFs.readFile(path, sizeHint);
        },
      };
      const h = await server({ watch: true, storeFs: lockable, files: { 'a.json': twoNodeWorkflow('wf-a', 'Alpha') } });
      locked = true;
      await writeFile(join(h.dir, 'a.json'), JSON.stringify(twoNodeWorkflow('wf-a', 'Edited')));
      const errors = await eventually(async () => ((await loadErrors(h)).length > 0 ? loadErrors(h) : undefined), 5000, 'the load error');
      expect(errors).toEqual([
        { file: 'a.json', message: 'Could not read a.json: permission denied; check the owner and mode of the file and its folder' },
      ]);
      expect((await h.call('GET', '/workflows/wf-a')).body.data.name).toBe('Alpha');
      locked = false;
      await writeFile(join(h.dir, 'a.json'), JSON.stringify(twoNodeWorkflow('wf-a', 'Readable')));
      await eventually(async () => (await h.call('GET', '/workflows/wf-a')).body.data.name === 'Readable', 5000, 'the file read again');
      expect(await loadErrors(h)).toEqual([]);
    },
  );
});

describe('a file that is not UTF-8', () => {
  serverTest('is a load error with where, never served mangled nor written over', async ({ server }) => {
    const latin1 = (id: string) => Buffer.from(JSON.stringify({ ...twoNodeWorkflow(id), description: 'Café crème' }, null, 2), 'latin1');
    const h = await server({ watch: true, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    await writeFile(join(h.dir, 'latin.json'), latin1('latin'));
    const found = await eventually(async () => (await loadErrors(h)).find((e) => e.file === 'latin.json'), 5000, 'latin.json reported');
    expect(found?.message).toMatch(/not UTF-8 \(first at line 4, column \d+\): save the file as UTF-8/);
    expect((await h.call('GET', '/workflows/latin')).status).toBe(404);

    // A served workflow edited on disk into Latin-1: the last good version stays served, and a save is
    // refused rather than writing U+FFFD over the edit.
    const edited = latin1('wf-a');
    await writeFile(join(h.dir, 'a.json'), edited);
    await eventually(async () => (await loadErrors(h)).some((e) => e.file === 'a.json'), 5000, 'a.json reported');
    expect((await h.call('GET', '/workflows/wf-a')).status).toBe(200);
    const save = await h.call('PUT', '/workflows/wf-a', { name: 'renamed' });
    expect(save.status).toBe(409);
    expect(save.body.message).toMatch(/a\.json on disk was not read \(not UTF-8/);
    expect(await readFile(join(h.dir, 'a.json'))).toEqual(edited);
  });
});

describe('nesting depth has a limit', () => {
  serverTest('a 100,000-deep body is a 400 naming the limit, for POST and PUT', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const deep = `{"name":"deep","config":{"x":${deepArrayText(100_000)}}}`;
    for (const [method, path] of [
      ['POST', '/workflows'],
      ['PUT', '/workflows/wf-a'],
    ]) {
      const res = await h.call(method, path, deep);
      expect(res.status, method).toBe(400);
      expect(res.body.details.field).toBe('body');
      expect(res.body.message).toMatch(/nest.*limit of 256/);
    }
    expect(await entriesOf(h.dir)).toEqual(['a.json']);
  });

  serverTest('a 100,000-deep file is a reported load error, not a crash, at start-up and when it appears', async ({ server }) => {
    const deepWorkflow = (id: string) => JSON.stringify(twoNodeWorkflow(id)).replace(/}$/, `,"config":{"x":${deepArrayText(100_000)}}}`);
    const h = await server({ watch: true, files: { 'a.json': twoNodeWorkflow('wf-a'), 'deep.json': deepWorkflow('deep') } });
    expect((await h.call('GET', '/workflows')).status).toBe(200);
    expect((await h.call('GET', '/workflows/deep')).status).toBe(404);
    expect((await loadErrors(h)).find((e) => e.file === 'deep.json')?.message).toMatch(/256/);

    await writeFile(join(h.dir, 'deep-later.json'), deepWorkflow('deep-later'));
    const later = await eventually(
      async () => (await loadErrors(h)).find((e) => e.file === 'deep-later.json'),
      5000,
      'the deep file reported',
    );
    expect(later?.message).toMatch(/256/);
    expect((await h.call('GET', '/workflows')).status).toBe(200);
  });

  serverTest('a 100,000-deep YAML node type is a reported catalog error, not a crash', async ({ server }) => {
    const deepYaml = `id: deep\nname: Deep\nconfigSchema: ${deepArrayText(100_000)}\n`;
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a'), 'nodes/deep.yaml': deepYaml } });
    const error = (await loadErrors(h)).find((e) => e.file.endsWith('deep.yaml'));
    expect(error?.message).toMatch(/256/);
    expect((await h.call('GET', '/nodes/deep')).status).toBe(404);
  });

  it('stable serialisation does not overflow the stack', async () => {
    // The test workers' threads have a stack deep enough for a recursive writer to get through thousands of
    // levels: this runs the built writer (dist/, from the global setup) in a thread whose stack a recursive
    // writer overflows at this depth, and shows that it does.
    const DEPTH = 2_000;
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      const nested = () => { let value = 'leaf'; for (let i = 0; i < workerData.depth; i++) value = [value]; return { deep: value }; };
      const recursive = (value) => (Array.isArray(value) ? '[' + value.map(recursive).join(',') + ']' : JSON.stringify(value));
      let recursiveOverflows = false;
      try { recursive(nested().deep); } catch (err) { recursiveOverflows = err instanceof RangeError; }
      import(workerData.module).then(({ stableStringify }) => {
        const text = stableStringify(nested());
        parentPort.postMessage({ recursiveOverflows, start: text.slice(0, 19), lines: text.split('\\n').length });
      });
    `;
    const module = new URL('../dist/util/stable-json.js', import.meta.url).href;
    const worker = new Worker(code, { eval: true, workerData: { depth: DEPTH, module }, resourceLimits: { stackSizeMb: 0.5 } });
    const [result] = (await once(worker, 'message')) as [{ recursiveOverflows: boolean; start: string; lines: number }];
    expect(result).toEqual({ recursiveOverflows: true, start: '{\n  "deep": [\n    [', lines: 2 * DEPTH + 4 });
  });

  it('stable serialisation matches JSON.stringify with two spaces, keys ordered', () => {
    const value = {
      b: [1, 'two', null, true, {}, [], { z: 1, id: 'x' }, undefined],
      a: { nested: { x: -0.5 } },
      name: 'n',
      id: 'i',
      skip: undefined,
    };
    const expected =
      JSON.stringify(
        { id: 'i', name: 'n', a: { nested: { x: -0.5 } }, b: [1, 'two', null, true, {}, [], { id: 'x', z: 1 }, null] },
        null,
        2,
      ) + '\n';
    expect(stableStringify(value)).toBe(expected);
  });
});

describe('"__proto__" keys are kept faithfully', () => {
  serverTest('round-trips through the disk and a restart, at the top level, in metadata and in a node config', async ({ server }) => {
    const dir = await testFolder();
    let h = await server({ dir });
    const base = twoNodeWorkflow('proto');
    const body = JSON.stringify({ ...base, metadata: { author: 'me' } })
      .replace(/^\{/, '{"__proto__":{"top":1},')
      .replace('"author":"me"', '"author":"me","__proto__":{"meta":2}')
      .replace('"placeholder":""', '"placeholder":"","__proto__":{"config":3}');
    const created = await h.call('POST', '/workflows', body);
    expect(created.status).toBe(201);
    const hasOwnProto = (o: object) => Object.prototype.hasOwnProperty.call(o, '__proto__');
    const check = (wf: any) => {
      expect(hasOwnProto(wf)).toBe(true);
      expect(wf['__proto__']).toEqual({ top: 1 });
      expect(wf.metadata['__proto__']).toEqual({ meta: 2 });
      expect(wf.nodes[0].data.config['__proto__']).toEqual({ config: 3 });
    };
    check(created.body.data);
    check(JSON.parse(await readFile(join(dir, 'proto.json'), 'utf8')));

    const put = await h.call('PUT', '/workflows/proto', '{"__proto__":{"top":4},"description":"changed"}');
    expect(put.status).toBe(200);
    expect(put.body.data['__proto__']).toEqual({ top: 4 });
    expect(JSON.parse(await readFile(join(dir, 'proto.json'), 'utf8'))['__proto__']).toEqual({ top: 4 });

    await h.server.close();
    h = await server({ dir });
    const reloaded = (await h.call('GET', '/workflows/proto')).body.data;
    expect(reloaded['__proto__']).toEqual({ top: 4 });
    expect(reloaded.metadata['__proto__']).toEqual({ meta: 2 });
    expect(reloaded.nodes[0].data.config['__proto__']).toEqual({ config: 3 });
    await h.server.close();
  });
});

describe('ids that cannot be file names', () => {
  serverTest('a 200-character non-ASCII id is a 400 naming the byte limit, and nothing is written', async ({ server }) => {
    const h = await server();
    const res = await h.call('POST', '/workflows', { id: 'é'.repeat(200), name: 'long' });
    expect(res.status).toBe(400);
    expect(res.body.details.field).toBe('id');
    expect(res.body.message).toMatch(/bytes.*limit of 200/);
    expect(await entriesOf(h.dir)).toEqual([]);
    const ascii = await h.call('POST', '/workflows', { id: 'a'.repeat(200), name: 'long ascii' });
    expect(ascii.status).toBe(201);
  });

  serverTest('an id that is no file name on Windows is a 400; letters with combining marks are letters', async ({ server }) => {
    const h = await server();
    const refused: Record<string, string> = {};
    for (const id of ['CON', 'nul', 'Lpt1', 'com9.backup', 'aux.x.y', 'a:b', 'a<b', 'a"b', 'a|b', 'a?b', 'a*b']) {
      const res = await h.call('POST', '/workflows', { id, name: 'x' });
      if (res.status !== 400) refused[id] = `answered ${res.status}`;
    }
    expect(refused).toEqual({});
    const message = (await h.call('POST', '/workflows', { id: 'CON', name: 'x' })).body.details.message;
    expect(message).toBe(
      'is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9), which no file there can be named; give the workflow another id',
    );
    expect((await h.call('POST', '/workflows', { id: 'a:b', name: 'x' })).body.details.message).toBe(
      'may contain only letters, digits and . _ ~ @ + = -',
    );
    expect(await entriesOf(h.dir)).toEqual([]);
    // é typed as e and a combining accent (NFD, as macOS writes names), and Devanagari with its vowel signs.
    for (const id of ['cafe\u0301', 'नमस्ते', 'CONSOLE', 'con-1'])
      expect((await h.call('POST', '/workflows', { id, name: 'x' })).status, id).toBe(201);
  });
});

describe('DELETE', () => {
  serverTest('honours If-Match: a stale one is 412 and keeps the file; a current one deletes', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const etag = (await h.call('GET', '/workflows/wf-a')).headers.get('etag')!;
    const put = await h.call('PUT', '/workflows/wf-a', { description: 'newer' });
    expect(put.status).toBe(200);
    const fileBefore = await readFile(join(h.dir, 'a.json'), 'utf8');

    const stale = await h.call('DELETE', '/workflows/wf-a', undefined, { 'If-Match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('PRECONDITION_FAILED');
    expect(await readFile(join(h.dir, 'a.json'), 'utf8')).toBe(fileBefore);
    expect((await h.call('GET', '/workflows/wf-a')).status).toBe(200);

    const current = await h.call('DELETE', '/workflows/wf-a', undefined, { 'If-Match': put.headers.get('etag')! });
    expect(current.status).toBe(200);
    await expect(stat(join(h.dir, 'a.json'))).rejects.toThrow();
  });

  serverTest('moves the last version to .wfe/trash; moving it back restores the workflow', async ({ server }) => {
    const h = await server({ watch: true, files: { 'a.json': twoNodeWorkflow('wf-a'), 'team/b.json': twoNodeWorkflow('wf-b') } });
    const put = await h.call('PUT', '/workflows/wf-b', { description: 'last version' });
    expect(put.status).toBe(200);
    const lastVersion = await readFile(join(h.dir, 'team/b.json'), 'utf8');

    expect((await h.call('DELETE', '/workflows/wf-b')).status).toBe(200);
    await expect(stat(join(h.dir, 'team/b.json'))).rejects.toThrow();
    const trashed = await readdir(join(h.dir, '.wfe/trash/team'));
    expect(trashed).toHaveLength(1);
    expect(trashed[0]).toMatch(/^b\.\d{4}-\d{2}-\d{2}T.+\.json$/);
    expect(await readFile(join(h.dir, '.wfe/trash/team', trashed[0]), 'utf8')).toBe(lastVersion);
    expect((await h.call('GET', '/workflows/wf-b')).status).toBe(404);

    await rename(join(h.dir, '.wfe/trash/team', trashed[0]), join(h.dir, 'team/b.json'));
    const restored = await eventually(async () => (await h.call('GET', '/workflows/wf-b')).body?.data, 5000, 'restored workflow');
    expect(restored.description).toBe('last version');
  });
});

// ---------- what is acknowledged is kept ----------

describe('a hand edit during a PUT is never lost', () => {
  serverTest('an edit landing while the write is in flight refuses the PUT with 409 and stays on disk (20 rounds)', async ({ server }) => {
    const layer = pausingLayer({ withStat: false });
    const h = await server({ watch: true, storeFs: layer.fs, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    for (let round = 0; round < 20; round++) {
      const gate = layer.pauseNextWrite();
      const put = h.call('PUT', '/workflows/wf-a', { description: `from the editor ${round}` });
      await untilPaused(gate.reached, put);
      const handEdit = { ...(await diskJson(h, 'a.json')), description: `hand edit ${round}` };
      const text = JSON.stringify(handEdit, null, 2) + '\n';
      // Half the rounds edit in place, half replace the file by a rename (as git and many editors do).
      if (round % 2 === 0) await writeFile(join(h.dir, 'a.json'), text);
      else {
        await writeFile(join(h.dir, `.edit-${round}`), text);
        await rename(join(h.dir, `.edit-${round}`), join(h.dir, 'a.json'));
      }
      gate.release();
      const res = await put;
      expect(res.status, `round ${round}`).toBe(409);
      expect(res.body.message).toMatch(/a\.json.*changed on disk/);
      expect((await diskJson(h, 'a.json')).description).toBe(`hand edit ${round}`);
      expect((await h.call('GET', '/workflows/wf-a')).body.data.description).toBe(`hand edit ${round}`);
    }
    expect(h.logs.filter((l) => l.includes('WARN') && l.includes('a.json') && l.includes('changed on disk while'))).toHaveLength(20);
    expect((await readdir(h.dir)).filter((n) => TEMP_FILE.test(n))).toEqual([]);
  });

  serverTest('a file deleted on disk while a PUT is in flight is not written again (409), and is no longer served', async ({ server }) => {
    const layer = pausingLayer({ withStat: false });
    const h = await server({ storeFs: layer.fs, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const gate = layer.pauseNextWrite();
    const put = h.call('PUT', '/workflows/wf-a', { description: 'queued' });
    await untilPaused(gate.reached, put);
    await rm(join(h.dir, 'a.json'));
    gate.release();
    const res = await put;
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/a\.json.*deleted on disk/);
    await expect(stat(join(h.dir, 'a.json'))).rejects.toThrow();
    expect((await h.call('GET', '/workflows/wf-a')).status).toBe(404);
  });

  serverTest('a file deleted on disk before a PUT (watch off) is not resurrected', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    await rm(join(h.dir, 'a.json'));
    const res = await h.call('PUT', '/workflows/wf-a', { description: 'too late' });
    expect(res.status).toBe(409);
    await expect(stat(join(h.dir, 'a.json'))).rejects.toThrow();
    expect((await h.call('GET', '/workflows/wf-a')).status).toBe(404);
  });
});

// ---------- faults are named ----------

describe('file-system faults are named', () => {
  serverTest.for([
    { code: 'ENOSPC', status: 507, envelope: 'INSUFFICIENT_STORAGE', reason: /disk is full/ },
    { code: 'EROFS', status: 503, envelope: 'STORAGE_ERROR', reason: /read-only/ },
    { code: 'EACCES', status: 503, envelope: 'STORAGE_ERROR', reason: /permission denied/ },
  ])(
    '$code → $status naming the file, for POST, PUT and DELETE, and nothing changes',
    async ({ code, status, envelope, reason }, { server }) => {
      const h = await server({ storeFs: failingWrites(code), files: { 'a.json': twoNodeWorkflow('wf-a') } });
      const before = await readFile(join(h.dir, 'a.json'), 'utf8');
      const cases: Array<[string, string, unknown, string]> = [
        ['PUT', '/workflows/wf-a', { description: 'x' }, 'a.json'],
        ['POST', '/workflows', twoNodeWorkflow('wf-new'), 'wf-new.json'],
        ['DELETE', '/workflows/wf-a', undefined, 'a.json'],
      ];
      for (const [method, path, body, file] of cases) {
        const res = await h.call(method, path, body);
        expect(res.status, method).toBe(status);
        expect(res.body.code, method).toBe(envelope);
        expect(res.body.message, method).toContain(file);
        expect(res.body.message, method).toMatch(reason);
        expect(res.body.details, method).toMatchObject({ file, errno: code });
      }
      expect(await readFile(join(h.dir, 'a.json'), 'utf8')).toBe(before);
      expect(await entriesOf(h.dir)).toEqual(['a.json']);
      await expect(stat(join(h.dir, '.wfe/trash'))).rejects.toThrow();
      expect((await h.call('GET', '/workflows/wf-a')).status).toBe(200);
    },
  );

  serverTest(
    'a file made unreadable since it was read (mode 000): a save that cannot pin it is refused, and it stays',
    async ({ server }) => {
      // As root, mode 000 does not stop the server: the refusal to open what the save replaced is simulated.
      const unreadableReplaced: StoreFs = {
        ...nodeStoreFs,
        openSync: (path, flags) => {
          if (TEMP_FILE.test(basename(path))) throw errnoError('EACCES', 'open', path);
          return nodeStoreFs.openSync(path, flags);
        },
      };
      const h = await server({ storeFs: unreadableReplaced, files: { 'a.json': twoNodeWorkflow('wf-a') } });
      const before = await readFile(join(h.dir, 'a.json'), 'utf8');
      const res = await h.call('PUT', '/workflows/wf-a', { description: 'x' });
      expect([res.status, res.body.code]).toEqual([503, 'STORAGE_ERROR']);
      expect(res.body.message).toMatch(/^Could not write a\.json: permission denied/);
      expect(await readFile(join(h.dir, 'a.json'), 'utf8')).toBe(before);
      expect(await entriesOf(h.dir)).toEqual(['a.json']);
    },
  );

  serverTest(
    '.wfe that is a file, not a folder: a save that backs up and a delete are 503 naming it, and nothing changes',
    async ({ server }) => {
      const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
      await rm(join(h.dir, '.wfe'), { recursive: true, force: true });
      await writeFile(join(h.dir, '.wfe'), 'not a folder');
      // A hand edit, seen by the first save (409, watch off): the next copies it to .wfe/backups/ first.
      const edited = JSON.stringify({ ...twoNodeWorkflow('wf-a'), description: 'by hand' });
      await writeFile(join(h.dir, 'a.json'), edited);
      expect((await h.call('PUT', '/workflows/wf-a', { description: 'x' })).status).toBe(409);
      for (const [method, body, operation] of [
        ['PUT', { description: 'x' }, 'write the backup'],
        ['DELETE', undefined, 'delete'],
      ] as const) {
        const res = await h.call(method, '/workflows/wf-a', body);
        expect([res.status, res.body.code], method).toEqual([503, 'STORAGE_ERROR']);
        expect(res.body.details, method).toMatchObject({ operation, cause: 'not-a-folder', errno: 'ENOTDIR' });
        expect(res.body.message, method).toMatch(/: a part of its path is a file, not a folder; move that file away$/);
      }
      expect(await readFile(join(h.dir, 'a.json'), 'utf8')).toBe(edited);
      expect(await readFile(join(h.dir, '.wfe'), 'utf8')).toBe('not a folder');
    },
  );
});

describe('--poll', () => {
  serverTest(
    'converges to the disk state after a burst of 1,000 external edits',
    async ({ server }) => {
      const h = await server({ watch: true, poll: true, files: { 'a.json': twoNodeWorkflow('wf-a') } });
      await mkdir(join(h.dir, 'burst'));
      const FILES = 100;
      // 1,010 edits: every file is created and rewritten nine times, then one in ten is deleted.
      let edits = 0;
      for (let round = 0; round < 10; round++) {
        await Promise.all(
          Array.from({ length: FILES }, async (_, i) => {
            await writeFile(
              join(h.dir, 'burst', `f${i}.json`),
              JSON.stringify(twoNodeWorkflow(`f${i}`, `file ${i} round ${round}`), null, 2) + '\n',
            );
            edits++;
          }),
        );
      }
      for (let i = 0; i < FILES; i += 10) {
        await rm(join(h.dir, 'burst', `f${i}.json`));
        edits++;
      }
      expect(edits).toBe(1010);

      const diskState = async () => {
        const state: Record<string, string> = { 'wf-a': twoNodeWorkflow('wf-a').name };
        for (const name of await readdir(join(h.dir, 'burst'))) {
          const wf = JSON.parse(await readFile(join(h.dir, 'burst', name), 'utf8'));
          state[wf.id] = wf.name;
        }
        return state;
      };
      const servedState = async () => {
        const state: Record<string, string> = {};
        for (let offset = 0; ; offset += 100) {
          const page = (await h.call('GET', `/workflows?limit=100&offset=${offset}`)).body.data as Array<{ id: string; name: string }>;
          for (const wf of page) state[wf.id] = wf.name;
          if (page.length < 100) return state;
        }
      };
      const expected = await diskState();
      expect(Object.keys(expected)).toHaveLength(91);
      let served: Record<string, string> = {};
      const sorted = (state: Record<string, string>) => JSON.stringify(Object.entries(state).sort());
      await eventually(
        async () => {
          served = await servedState();
          return sorted(served) === sorted(expected);
        },
        20_000,
        'the served state to equal the disk state',
      ).catch((err: Error) => {
        expect(served).toEqual(expected);
        throw err;
      });
    },
    40_000,
  );
});
