// Workflow CRUD over a real server on a real socket, with real files in a temp folder.
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { Harness } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';
import { nodeStoreFs } from '../src/store/store-fs.js';
import { edge, node, textInputType, twoNodeWorkflow } from './support/workflows.js';

let h: Harness;

/** serverTest whose every test starts with `h`: a server over the files below (closed by the fixture). */
const test = serverTest.extend<{ h: Harness }>({
  h: [
    async ({ server }, use) => {
      h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a', 'Alpha'), 'team/b.json': twoNodeWorkflow('wf-b', 'Beta') } });
      await use(h);
    },
    { auto: true },
  ],
});

const readJson = async (rel: string) => JSON.parse(await readFile(join(h.dir, rel), 'utf8'));

describe('GET /workflows', () => {
  test('lists every workflow file, nested ones included, with pagination headers', async () => {
    const res = await h.call('GET', '/workflows');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((w: { id: string }) => w.id).sort()).toEqual(['wf-a', 'wf-b']);
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(res.headers.get('x-page-size')).toBe('50');
    expect(res.headers.get('x-page-offset')).toBe('0');
  });

  test('filters by search and tags, sorts and pages', async () => {
    expect((await h.call('GET', '/workflows?search=alp')).body.data.map((w: { id: string }) => w.id)).toEqual(['wf-a']);
    expect((await h.call('GET', '/workflows?tags=nope')).body.data).toEqual([]);
    const byName = await h.call('GET', '/workflows?sort=name&order=asc&limit=1&offset=1');
    expect(byName.body.data.map((w: { name: string }) => w.name)).toEqual(['Beta']);
    expect(byName.headers.get('x-total-count')).toBe('2');
  });

  test('rejects bad query parameters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=size', 'sort'],
      ['order=up', 'order'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const res = await h.call('GET', `/workflows?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', details: { field } });
    }
  });
});

describe('POST /workflows', () => {
  test('creates <id>.json honouring the client id and metadata, pretty-printed with a final newline', async () => {
    const body = { ...twoNodeWorkflow('client-id-1', 'Created'), config: { retries: 2 } };
    body.metadata = { ...body.metadata, author: 'dev', format: 'agentspec', tags: ['x'] };
    const res = await h.call('POST', '/workflows', body);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const wf = res.body.data;
    expect(wf.id).toBe('client-id-1');
    expect(wf.config).toEqual({ retries: 2 });
    expect(wf.metadata).toMatchObject({
      author: 'dev',
      format: 'agentspec',
      tags: ['x'],
      version: '1.0.0',
      schemaVersion: '1.0.0',
      updateNumber: 0,
    });
    expect(wf.metadata.versionId).not.toBe('v-client-id-1');
    expect(res.headers.get('etag')).toBe(`"${wf.metadata.versionId}"`);
    expect(res.headers.get('location')).toBe('/api/flowdrop/workflows/client-id-1');
    const text = await readFile(join(h.dir, 'client-id-1.json'), 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "name": "Created",\n');
    expect(JSON.parse(text)).toEqual(wf);
    expect(Object.keys(JSON.parse(text))).toEqual(['id', 'name', 'description', 'config', 'edges', 'metadata', 'nodes']);
  });

  test('generates a UUID when the id is missing or empty, and defaults nodes and edges', async () => {
    const res = await h.call('POST', '/workflows', { id: '', name: 'No id' });
    expect(res.status).toBe(201);
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.nodes).toEqual([]);
    expect(res.body.data.edges).toEqual([]);
    expect((await readJson(`${res.body.data.id}.json`)).name).toBe('No id');
  });

  test('answers 400 for a missing name, a malformed body, a non-object, and 415 for another content type', async () => {
    const missing = await h.call('POST', '/workflows', { description: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', details: { field: 'name', message: 'is required' } });
    expect(missing.body.error).toBe(missing.body.message);

    const malformed = await h.call('POST', '/workflows', '{"name": "x",\n  oops}');
    expect(malformed.status).toBe(400);
    expect(malformed.body.details.field).toBe('body');
    expect(malformed.body.details.message).toMatch(/line 2, column 3/);

    expect((await h.call('POST', '/workflows', [1, 2])).status).toBe(400);
    // null is a JSON value, not the absence of a body.
    const nullBody = await h.call('PUT', '/workflows/wf-a', 'null');
    expect(nullBody.status).toBe(400);
    expect(nullBody.body.details).toMatchObject({ field: 'body', message: 'must be a JSON object' });
    expect((await h.call('POST', '/workflows')).status).toBe(400);
    const wrongType = await h.call('POST', '/workflows', 'name=x', { 'Content-Type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.success).toBe(false);

    const badNode = await h.call('POST', '/workflows', { name: 'x', nodes: [{ id: 'n', type: 't', data: {} }] });
    expect(badNode.status).toBe(400);
    expect(badNode.body.details.field).toBe('nodes[0].position');
  });

  test('answers 422 with every graph error, and writes nothing', async () => {
    const wf = twoNodeWorkflow('bad-graph');
    wf.nodes.push(node('in.1', textInputType, 600));
    wf.nodes[1].data.config.temperature = 9;
    wf.edges.push(edge('in.1', 'text', 'ghost', 'prompt'), { ...edge('in.1', 'nope', 'model.1', 'prompt'), id: 'e-bad-port' });
    const res = await h.call('POST', '/workflows', wf);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const errors: string[] = res.body.details.errors;
    expect(errors).toContain("Duplicate node id: 'in.1'");
    expect(errors.some((e) => e.includes("non-existent node 'ghost'"))).toBe(true);
    expect(errors.some((e) => e.includes("has no output port 'nope'"))).toBe(true);
    expect(errors.some((e) => e.startsWith("Node 'model.1' has invalid configuration: temperature"))).toBe(true);
    await expect(stat(join(h.dir, 'bad-graph.json'))).rejects.toThrow();
  });

  test('refuses an existing id with 409 and ids that could escape the folder with 400', async () => {
    const dup = await h.call('POST', '/workflows', twoNodeWorkflow('wf-a'));
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('CONFLICT');
    // A folder where the file would go: a conflict to clear by hand, not a server error.
    await mkdir(join(h.dir, 'taken.json'));
    const folder = await h.call('POST', '/workflows', { ...twoNodeWorkflow('taken'), id: 'taken' });
    expect(folder.status).toBe(409);
    expect(folder.body).toMatchObject({
      code: 'CONFLICT',
      error: 'taken.json in the workflow folder is a folder; rename or remove it first',
    });
    for (const id of ['../escape', 'a/b', 'x\u0000y', '.hidden']) {
      const res = await h.call('POST', '/workflows', { id, name: 'evil' });
      expect(res.status, id).toBe(400);
      expect(res.body.details.field).toBe('id');
    }
    expect((await readdir(join(h.dir, '..'))).includes('escape.json')).toBe(false);
  });

  test('answers 413 past --max-body', async ({ server }) => {
    h = await server({ maxBody: 1024 });
    const res = await h.call('POST', '/workflows', { name: 'big', description: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  test('answers 413 to a chunked body past --max-body that is still being sent, not a reset', async ({ server }) => {
    h = await server({ maxBody: 1024 });
    // No length declared: the limit is found while the client still writes, 200 KB in chunks of 8 KB.
    const answer = new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${h.base}/workflows`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      });
      req.on('error', reject);
      req.write('{"name": "big", "description": "');
      for (let i = 0; i < 25; i++) req.write('x'.repeat(8192));
      req.end('"}');
    });
    const { status, body } = await answer;
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('GET /workflows/{id}', () => {
  test('a path that is not valid URL encoding is a 400 naming it; %25 is a %', async () => {
    for (const path of ['/workflows/%ZZ', '/workflows/%', '/workflows/a%2']) {
      const res = await h.call('GET', path);
      expect([res.status, res.body.details?.field], path).toEqual([400, 'path']);
    }
    expect((await h.call('GET', '/workflows/%ZZ')).body.details.message).toBe(
      '"/api/flowdrop/workflows/%ZZ" is not valid URL encoding: a % must be followed by two hex digits (%25 for % itself)',
    );
    expect((await h.call('GET', '/workflows/%25ZZ')).status).toBe(404);
  });

  test('returns the workflow with an ETag equal to its versionId', async () => {
    const res = await h.call('GET', '/workflows/wf-b');
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Beta');
    expect(res.body.data.metadata.schemaVersion).toBe('1.0.0');
    expect(res.headers.get('etag')).toBe('"v-wf-b"');
    expect((await h.call('GET', '/workflows/wf-b', undefined, { 'If-None-Match': '"v-wf-b"' })).status).toBe(304);
  });

  test('answers 404 NOT_FOUND for unknown ids and unknown routes, 400 for traversal', async () => {
    const missing = await h.call('GET', '/workflows/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const route = await h.call('GET', '/no/such/route');
    expect(route.status).toBe(404);
    expect(route.body.code).toBe('NOT_FOUND');
    expect((await h.call('GET', '/workflows/..%2F..%2Fetc%2Fpasswd')).status).toBe(400);
  });
});

describe('PUT /workflows/{id}', () => {
  test('changes only the fields present, stamps updatedAt, bumps updateNumber and versionId', async () => {
    const before = (await h.call('GET', '/workflows/wf-a')).body.data;
    const res = await h.call('PUT', '/workflows/wf-a', {
      name: 'Alpha 2',
      metadata: { author: 'me', tags: ['t2'], versionId: 'client', updateNumber: 99 },
      config: { a: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const after = res.body.data;
    expect(after.name).toBe('Alpha 2');
    expect(after.description).toBe(before.description);
    expect(after.nodes).toEqual(before.nodes);
    expect(after.edges).toEqual(before.edges);
    expect(after.config).toEqual({ a: 1 });
    expect(after.metadata.author).toBe('me');
    expect(after.metadata.tags).toEqual(['t2']);
    expect(after.metadata.createdAt).toBe(before.metadata.createdAt);
    expect(Date.parse(after.metadata.updatedAt)).toBeGreaterThan(Date.parse(before.metadata.updatedAt));
    expect(after.metadata.updateNumber).toBe(before.metadata.updateNumber + 1);
    expect(after.metadata.versionId).not.toBe(before.metadata.versionId);
    expect(after.metadata.versionId).not.toBe('client');
    expect(res.headers.get('etag')).toBe(`"${after.metadata.versionId}"`);
    expect(await readJson('a.json')).toEqual(after);
  });

  test('saves a node whose type declares `configSchema.properties: null` (no config to check; was a 500)', async () => {
    const wf = (await h.call('GET', '/workflows/wf-a')).body.data;
    wf.nodes[0].data.metadata.configSchema = { type: 'object', properties: null };
    const res = await h.call('PUT', '/workflows/wf-a', { nodes: wf.nodes });
    expect(res.status).toBe(200);
    expect(res.body.data.nodes[0].data.metadata.configSchema).toEqual({ type: 'object', properties: null });
  });

  test('accepts the full workflow the editor sends and drops response-only executionInfo', async () => {
    const wf = (await h.call('GET', '/workflows/wf-a')).body.data;
    wf.nodes[0].data.executionInfo = { status: 'completed', executionCount: 1, isExecuting: false };
    wf.nodes[0].measured = { width: 200, height: 80 };
    const res = await h.call('PUT', '/workflows/wf-a', wf);
    expect(res.status).toBe(200);
    expect(res.body.data.nodes[0].data.executionInfo).toBeUndefined();
    expect(res.body.data.nodes[0].measured).toEqual({ width: 200, height: 80 });
  });

  test('honours If-Match: a stale one is 409 CONFLICT and changes nothing', async () => {
    const get = await h.call('GET', '/workflows/wf-a');
    const etag = get.headers.get('etag')!;
    const first = await h.call('PUT', '/workflows/wf-a', { name: 'one' }, { 'If-Match': etag });
    expect(first.status).toBe(200);
    const fileAfterFirst = await readFile(join(h.dir, 'a.json'), 'utf8');
    const stale = await h.call('PUT', '/workflows/wf-a', { name: 'two' }, { 'If-Match': etag });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await readFile(join(h.dir, 'a.json'), 'utf8')).toBe(fileAfterFirst);
    expect((await h.call('GET', '/workflows/wf-a')).body.data.name).toBe('one');
  });

  test('answers 404 for an unknown id, 400 for a changed id or bad field, 422 for a broken graph', async () => {
    expect((await h.call('PUT', '/workflows/nope', { name: 'x' })).status).toBe(404);
    const idChange = await h.call('PUT', '/workflows/wf-a', { id: 'other' });
    expect(idChange.status).toBe(400);
    expect(idChange.body.details.field).toBe('id');
    const badName = await h.call('PUT', '/workflows/wf-a', { name: '' });
    expect(badName.status).toBe(400);
    expect(badName.body.details.field).toBe('name');
    const broken = await h.call('PUT', '/workflows/wf-a', { edges: [edge('in.1', 'text', 'missing', 'prompt')] });
    expect(broken.status).toBe(422);
    expect(broken.body.details.errors[0]).toMatch(/non-existent node 'missing'/);
  });

  test('never overwrites a disk change it has not seen (watch off): 409, then serves the disk version', async () => {
    const onDisk = await readJson('a.json');
    onDisk.name = 'edited by hand';
    await writeFile(join(h.dir, 'a.json'), JSON.stringify(onDisk, null, 2));
    const res = await h.call('PUT', '/workflows/wf-a', { description: 'from the editor' });
    expect(res.status).toBe(409);
    expect((await readJson('a.json')).name).toBe('edited by hand');
    const now = await h.call('GET', '/workflows/wf-a');
    expect(now.body.data.name).toBe('edited by hand');
    expect(now.headers.get('etag')).not.toBe('"v-wf-a"');
  });

  serverTest('answers 500 INTERNAL_ERROR without a stack trace when the disk write fails unforeseen', async ({ server }) => {
    const io = () => {
      throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO', syscall: 'rename' });
    };
    const h = await server({ storeFs: { ...nodeStoreFs, exchangeSync: io, renameSync: io }, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const res = await h.call('PUT', '/workflows/wf-a', { name: 'x' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'Internal server error', message: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    expect(h.logs.some((l) => l.includes('ERROR') && l.includes('PUT'))).toBe(true);
  });
});

describe('DELETE /workflows/{id} and chat history', () => {
  test('deletes the file, then answers 404', async () => {
    const res = await h.call('DELETE', '/workflows/wf-b');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Workflow deleted successfully' });
    await expect(stat(join(h.dir, 'team/b.json'))).rejects.toThrow();
    expect((await h.call('GET', '/workflows/wf-b')).status).toBe(404);
    expect((await h.call('DELETE', '/workflows/wf-b')).status).toBe(404);
  });

  test('serves an empty chat history for a known workflow and 404 for an unknown one', async () => {
    const res = await h.call('GET', '/workflows/wf-a/chat/messages');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: [] });
    expect((await h.call('GET', '/workflows/nope/chat/messages')).status).toBe(404);
  });
});
