// System, node-type, category and port-config routes over a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './support/harness.js';
import { twoNodeWorkflow } from './support/workflows.js';

let h: Harness;

beforeAll(async () => {
  h = await startServer({
    files: {
      'nodes/custom.json': {
        id: 'sentiment',
        name: 'Sentiment',
        description: 'Scores the sentiment of a text',
        category: 'ai',
        version: '1.0.0',
        type: 'default',
        inputs: [{ id: 'text', name: 'Text', type: 'input', dataType: 'string' }],
        outputs: [{ id: 'score', name: 'Score', type: 'output', dataType: 'number' }],
      },
      'nodes/broken.json': '{ "id": ',
      // Loads, but its second node names a type no catalog of this folder defines.
      'odd.json': {
        ...twoNodeWorkflow('odd'),
        nodes: twoNodeWorkflow('odd').nodes.map((n, i) =>
          i === 1 ? { ...n, data: { ...n.data, metadata: { ...n.data.metadata, id: 'no_such_type' } } } : n,
        ),
      },
      'wfe.config.yaml': 'categories:\n  - name: ml\n    label: Machine Learning\n    weight: 20\n',
    },
  });
});
afterAll(async () => {
  await h.close();
});

describe('system routes', () => {
  it('GET /health answers healthy, both unwrapped and enveloped', async () => {
    const res = await h.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'healthy', service: 'wfe', success: true, data: { status: 'healthy' } });
    expect(typeof res.body.uptime).toBe('number');
  });

  it('GET /system/version carries version and api_version', async () => {
    const res = await h.call('GET', '/system/version');
    expect(res.body).toMatchObject({ api_version: 'v1', success: true });
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('GET /system/config lists features, limits and load errors with file and position', async () => {
    const res = await h.call('GET', '/system/config');
    expect(res.status).toBe(200);
    expect(res.body.data.features.watch).toBe(false);
    expect(res.body.data.limits.maxWorkflowNodes).toBeGreaterThan(0);
    const broken = res.body.data.loadErrors.find((e: { file: string }) => e.file === 'nodes/broken.json');
    expect(broken).toBeDefined();
    expect(broken.line).toBe(1);
    expect(res.body.data.loadWarnings).toEqual([
      expect.objectContaining({
        file: 'odd.json',
        rule: 'unknown-node-type',
        pointer: '/nodes/1/data/metadata/id',
        message: expect.stringContaining("'no_such_type'"),
      }),
    ]);
  });
});

describe('node types', () => {
  it('GET /nodes lists built-ins and the folder’s own types, with X-Total-Count', async () => {
    const res = await h.call('GET', '/nodes');
    expect(res.status).toBe(200);
    const ids: string[] = res.body.data.map((n: { id: string }) => n.id);
    expect(ids).toContain('sentiment');
    expect(ids).toContain('agentspec.llm_node');
    expect(ids.length).toBeLessThan(100);
    expect(Number(res.headers.get('x-total-count'))).toBe(ids.length);
    expect(res.body.message).toMatch(/^Found \d+ node types$/);
  });

  it('filters by category and search, and pages with limit/offset', async () => {
    const models = await h.call('GET', '/nodes?category=models');
    expect(models.body.data.length).toBeGreaterThan(0);
    expect(models.body.data.every((n: { category: string }) => n.category === 'models')).toBe(true);
    const search = await h.call('GET', '/nodes?search=sentiment');
    expect(search.body.data.map((n: { id: string }) => n.id)).toEqual(['sentiment']);
    const all = Number((await h.call('GET', '/nodes')).headers.get('x-total-count'));
    const page = await h.call('GET', '/nodes?limit=2&offset=1');
    expect(page.body.data).toHaveLength(2);
    expect(page.headers.get('x-total-count')).toBe(String(all));
    expect(page.headers.get('x-page-size')).toBe('2');
    expect(page.headers.get('x-page-offset')).toBe('1');
    expect((await h.call('GET', '/nodes?limit=1001')).status).toBe(400);
  });

  it('GET /nodes/{id} returns one type or 404', async () => {
    const res = await h.call('GET', '/nodes/sentiment');
    expect(res.body.data.name).toBe('Sentiment');
    const missing = await h.call('GET', '/nodes/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('GET /categories returns the 17 defaults plus the folder’s, sorted by weight', async () => {
    const res = await h.call('GET', '/categories');
    const names: string[] = res.body.data.map((c: { name: string }) => c.name);
    expect(names.slice(0, 3)).toEqual(['triggers', 'inputs', 'outputs']);
    expect(names).toHaveLength(18);
    expect(names[names.length - 1]).toBe('ml');
  });

  it('GET /port-config returns the 22 default data types', async () => {
    const res = await h.call('GET', '/port-config');
    expect(res.body.message).toBe('Port configuration loaded successfully');
    const ids: string[] = res.body.data.dataTypes.map((t: { id: string }) => t.id);
    for (const id of ['trigger', 'string', 'number', 'boolean', 'array', 'string[]', 'json', 'tool', 'datetime', 'time'])
      expect(ids).toContain(id);
    expect(ids.length).toBeGreaterThanOrEqual(22);
    expect(res.body.data.defaultDataType).toBe('string');
  });
});
