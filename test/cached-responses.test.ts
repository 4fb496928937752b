// Responses serialised once per version. The catalog's /nodes, /categories and /port-config
// carry an ETag and answer If-None-Match with a 304 until the catalog changes; the workflow list is kept
// in order as workflows are created, saved, deleted and edited on disk, and always equals a full sort.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OrderedList, type ListOrder } from '../src/store/ordered-list.js';
import type { Workflow } from '../src/contract/types.js';
import { eventually, replaceFile, type Harness } from './support/harness.js';
import { serverTest, type StartServer } from './support/server-fixture.js';
import { twoNodeWorkflow } from './support/workflows.js';

/** A watching server over `files`, closed by the fixture when the test ends. */
const serve = (server: StartServer, files: Record<string, unknown>): Promise<Harness> => server({ watch: true, files });

describe('catalog responses: ETag and 304', () => {
  serverTest.for(['/nodes', '/nodes?category=inputs&limit=5', '/categories', '/port-config'])(
    '%s: 304 for its ETag, a new ETag and body once the catalog changes',
    async (path, { server }) => {
      const h = await serve(server, { 'a.json': twoNodeWorkflow('wf-a') });
      const first = await h.call('GET', path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await h.call('GET', path)).headers.get('etag')).toBe(etag);

      const unchanged = await h.call('GET', path, undefined, { 'If-None-Match': etag });
      expect(unchanged.status).toBe(304);
      expect(unchanged.text).toBe('');
      expect(unchanged.headers.get('etag')).toBe(etag);
      expect((await h.call('GET', path, undefined, { 'If-None-Match': '"something-else"' })).status).toBe(200);

      // One change that touches every one of these responses: a category, a data type and an input node type.
      await replaceFile(
        h.dir,
        'wfe.config.yaml',
        'categories:\n  - { name: inputs, label: Inputs renamed, weight: 0 }\nportDataTypes:\n  - { id: embedding, name: Embedding, color: "#8b5cf6" }\n',
      );
      await mkdir(join(h.dir, 'nodes'));
      await replaceFile(h.dir, 'nodes/aa-input.json', {
        id: 'aa_input',
        name: 'AA Input',
        description: 'sorts first among inputs',
        category: 'inputs',
        version: '1.0.0',
        type: 'default',
        inputs: [],
        outputs: [{ id: 'text', name: 'Text', type: 'output', dataType: 'string' }],
      });
      const changed = await eventually(
        async () => {
          const res = await h.call('GET', path, undefined, { 'If-None-Match': etag });
          return res.status === 200 && h.server.context.catalog.getNodeType('aa_input') ? res : undefined;
        },
        5000,
        'a new version after the catalog changed',
      );
      expect(changed!.headers.get('etag')).not.toBe(etag);
      expect(changed!.text).not.toBe(first.text);
      expect(changed!.body.success).toBe(true);
    },
  );
});

type Summary = { id: string; name: string; createdAt: string; updatedAt: string };

/** The order the API promises: by the key, ties by id, descending the exact reverse; computed here from scratch. */
function expectedOrder(all: Summary[], sort: string, order: string): string[] {
  const key = (w: Summary) => (sort === 'name' ? w.name.toLowerCase() : sort === 'created_at' ? w.createdAt : w.updatedAt);
  const sorted = [...all].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (order === 'desc') sorted.reverse();
  return sorted.map((w) => w.id);
}

async function assertListsInOrder(h: Harness): Promise<void> {
  const all: Summary[] = [];
  for (const id of h.server.context.store.list().map((s) => s.workflow.id)) {
    const w = (await h.call('GET', `/workflows/${id}`)).body.data;
    all.push({ id: w.id, name: w.name, createdAt: w.metadata.createdAt, updatedAt: w.metadata.updatedAt });
  }
  for (const sort of ['updated_at', 'created_at', 'name'])
    for (const order of ['asc', 'desc']) {
      const expected = expectedOrder(all, sort, order);
      const res = await h.call('GET', `/workflows?limit=100&sort=${sort}&order=${order}`);
      expect(
        res.body.data.map((w: { id: string }) => w.id),
        `${sort} ${order}`,
      ).toEqual(expected);
      expect(res.headers.get('x-total-count')).toBe(String(expected.length));
      const page = await h.call('GET', `/workflows?limit=2&offset=1&sort=${sort}&order=${order}`);
      expect(
        page.body.data.map((w: { id: string }) => w.id),
        `${sort} ${order} page`,
      ).toEqual(expected.slice(1, 3));
    }
  const searched = await h.call('GET', '/workflows?search=zeta&sort=name&order=asc');
  expect(searched.body.data.map((w: { id: string }) => w.id)).toEqual(
    expectedOrder(
      all.filter((w) => w.name.toLowerCase().includes('zeta')),
      'name',
      'asc',
    ),
  );
}

describe('the workflow list stays in order', () => {
  serverTest('after creates, saves, deletes and edits on disk', async ({ server }) => {
    const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
    const wf = (id: string, name: string, created: number, updated: number): Workflow => {
      const base = twoNodeWorkflow(id, name);
      return { ...base, metadata: { ...base.metadata, createdAt: at(created), updatedAt: at(updated) } };
    };
    const h = await serve(server, {
      'a.json': wf('wf-a', 'Zeta', 1, 5),
      'b.json': wf('wf-b', 'alpha', 2, 5),
      'c.json': wf('wf-c', 'Mu', 3, 4),
      'team/d.json': wf('wf-d', 'beta zeta', 3, 9),
    });
    await assertListsInOrder(h);

    expect((await h.call('POST', '/workflows', { ...wf('wf-e', 'Epsilon', 1, 1) })).status).toBe(201);
    await assertListsInOrder(h);
    expect((await h.call('PUT', '/workflows/wf-b', { name: 'Omega' })).status).toBe(200); // moves in name and updated_at
    await assertListsInOrder(h);
    expect((await h.call('DELETE', '/workflows/wf-c')).status).toBe(200);
    await assertListsInOrder(h);

    await replaceFile(h.dir, 'a.json', wf('wf-a', 'Aardvark', 1, 12));
    await eventually(async () => (await h.call('GET', '/workflows/wf-a')).body.data.name === 'Aardvark', 5000, 'the hand edit');
    await assertListsInOrder(h);
    await rm(join(h.dir, 'team/d.json'));
    await eventually(async () => (await h.call('GET', '/workflows/wf-d')).status === 404, 5000, 'the removal on disk');
    await assertListsInOrder(h);
    // A second file with an id already served does not change what is listed; when the first goes, it does.
    await replaceFile(h.dir, 'z-dup.json', wf('wf-a', 'Duplicate', 1, 20));
    await eventually(async () => (await h.call('GET', '/system/config')).body.data.loadErrors.length === 1, 5000, 'the duplicate');
    await assertListsInOrder(h);
    await rm(join(h.dir, 'a.json'));
    await eventually(
      async () => (await h.call('GET', '/workflows/wf-a')).body?.data?.name === 'Duplicate',
      5000,
      'the duplicate taking over',
    );
    await assertListsInOrder(h);
  });

  it('OrderedList equals a full sort after any sequence of changes', () => {
    let seed = 12;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const names = ['a', 'B', 'b', 'c', 'C', 'd'];
    for (const order of ['updatedAt', 'createdAt', 'name'] as ListOrder[]) {
      const current = new Map<string, Workflow>();
      const make = (id: string): Workflow => {
        const base = twoNodeWorkflow(id, names[Math.floor(random() * names.length)]);
        const day = () => `2026-01-0${1 + Math.floor(random() * 4)}T00:00:00.000Z`;
        return { ...base, metadata: { ...base.metadata, createdAt: day(), updatedAt: day() } };
      };
      for (let i = 0; i < 8; i++) current.set(`w${i}`, make(`w${i}`));
      const list = new OrderedList(order, current.values());
      for (let step = 0; step < 400; step++) {
        const id = `w${Math.floor(random() * 12)}`;
        if (random() < 0.25) {
          current.delete(id);
          list.set(id, undefined);
        } else {
          const next = make(id);
          current.set(id, next);
          list.set(id, next);
        }
        const summaries = [...current.values()].map((w) => ({
          id: w.id,
          name: w.name,
          createdAt: w.metadata.createdAt,
          updatedAt: w.metadata.updatedAt,
        }));
        const sort = order === 'name' ? 'name' : order === 'createdAt' ? 'created_at' : 'updated_at';
        const expected = expectedOrder(summaries, sort, 'asc');
        expect(Array.from({ length: list.size }, (_, i) => list.idAt(i, false))).toEqual(expected);
        expect(Array.from({ length: list.size }, (_, i) => list.idAt(i, true))).toEqual([...expected].reverse());
      }
    }
  });
});
