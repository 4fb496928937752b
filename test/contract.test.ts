// Every body the operations return — successes and errors — checked against the schemas of FlowDrop's
// OpenAPI document (read from ../shared at test time, known faults relaxed in test/support/openapi.ts),
// over a real server on a real socket. Every response is checked as it arrives (contractChecked), and after
// the last test (afterAllTests) the file fails if any operation outside the run side (contract-runs.test.ts)
// was never called. No test depends on another having run before it (the file passes with --sequence.shuffle).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './support/harness.js';
import { afterAllTests } from './support/once.js';
import { examplesDir } from './agentspec-schema.js';
import {
  allOperations,
  assertMatchesContract,
  compileWithComponents,
  contractChecked,
  contractResponseValidator,
  errorEnvelopeProblems,
  hasOperation,
  neverExercised,
  openApiOperations,
  openApiPath,
  operationFor,
  responseValidator,
  schemaValidator,
  seedOperations,
  seedPath,
} from './support/openapi.js';
import { serverTest } from './support/server-fixture.js';
import { missingShared } from './support/shared.js';
import { edge, twoNodeWorkflow } from './support/workflows.js';

// Every test here reads the contract; those of Agent Spec also read its official examples.
const contractMissing = missingShared(openApiPath, seedPath);
const describeWithContract = describe.skipIf(contractMissing !== undefined);
const describeWithExamples = describe.skipIf(contractMissing !== undefined || missingShared(examplesDir) !== undefined);

const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const fixturesDir = join(repoRoot, 'fixtures', 'workflows');

/** The repo's example workflows (fixtures/workflows/*.json), or generated ones until those exist. */
function loadFixtures(): Record<string, { id: string }> {
  const names = existsSync(fixturesDir)
    ? readdirSync(fixturesDir)
        .filter((n) => n.endsWith('.json'))
        .sort()
    : [];
  if (names.length === 0) {
    return Object.fromEntries(['fx-1', 'fx-2', 'fx-3'].map((id) => [`${id}.json`, twoNodeWorkflow(id, `Fixture ${id}`)]));
  }
  return Object.fromEntries(names.map((n) => [n, JSON.parse(readFileSync(join(fixturesDir, n), 'utf8')) as { id: string }]));
}

const fixtures = loadFixtures();

const customNodeType = {
  id: 'sentiment',
  name: 'Sentiment',
  description: 'Scores the sentiment of a text',
  category: 'ml',
  version: '1.0.0',
  type: 'default',
  icon: 'mdi:emoticon',
  inputs: [{ id: 'text', name: 'Text', type: 'input', dataType: 'string', required: true }],
  outputs: [{ id: 'score', name: 'Score', type: 'output', dataType: 'number' }],
  configSchema: { type: 'object', properties: { threshold: { type: 'number', minimum: 0, maximum: 1, default: 0.5 } } },
  tags: ['nlp'],
};

let h: Harness;
/** The same folder on a server of its own that no test writes to: what the listing of GET /workflows counts. */
let pristine: Harness;
/** h without the contract check: for a test's own preparation, so that it exercises no operation. */
let raw: Harness;

/** Calls the server and asserts the answer matches the OAS response of (method, template, its status). */
async function callOn(server: Harness, method: string, template: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await server.call(method, path, body, headers);
  assertMatchesContract(method, template, res);
  return res;
}

function call(method: string, template: string, path: string, body?: unknown, headers?: Record<string, string>) {
  return callOn(h, method, template, path, body, headers);
}

/** A test's own preparation, unchecked and so exercising no operation; throws unless it got `status`. */
async function prepare(status: number, method: string, path: string, body?: unknown): Promise<void> {
  const res = await raw.call(method, path, body);
  if (res.status !== status) throw new Error(`preparing: ${method} ${path} answered ${res.status}, expected ${status}: ${res.text}`);
}

function expectPaginationHeaders(headers: Headers, total: number, size: number, offset: number): void {
  expect(headers.get('x-total-count')).toBe(String(total));
  expect(headers.get('x-page-size')).toBe(String(size));
  expect(headers.get('x-page-offset')).toBe(String(offset));
}

beforeAll(async () => {
  const files: Record<string, unknown> = {
    'a.json': twoNodeWorkflow('wf-a', 'Alpha'),
    'team/b.json': twoNodeWorkflow('wf-b', 'Beta'),
    'nodes/custom.json': customNodeType,
    'nodes/more.yaml':
      'id: shout\nname: Shout\ndescription: Upper-cases a text\ncategory: processing\nversion: 1.0.0\ntype: simple\ninputs:\n  - {id: text, name: Text, type: input, dataType: string}\noutputs:\n  - {id: text, name: Text, type: output, dataType: string}\n',
    'wfe.config.yaml':
      'categories:\n  - name: ml\n    label: Machine Learning\n    icon: mdi:brain\n    weight: 20\n' +
      'portDataTypes:\n  - id: tensor\n    name: Tensor\n    color: "#123456"\n' +
      'compatibilityRules:\n  - from: tensor\n    to: json\n',
  };
  for (const [name, wf] of Object.entries(fixtures)) files[`fixtures/${name}`] = wf;
  [raw, pristine] = await Promise.all([startServer({ files }), startServer({ files }).then(contractChecked)]);
  h = contractChecked(raw);
});
afterAll(async () => {
  await Promise.all([h?.close(), pristine?.close()]);
});

// The coverage check: after every test, in whatever order they ran.
afterAllTests('the check that every operation was exercised', () => {
  expect(neverExercised('rest'), 'operations outside the run side that no test called').toEqual([]);
});

describeWithContract('the validator itself', () => {
  it('rejects a wrong body (so a passing check means something)', () => {
    const getWorkflow = responseValidator('GET', '/workflows/{id}', 200);
    expect(getWorkflow.declared).toBe(true);
    expect(getWorkflow({ success: true, data: { id: 1 } })).toBe(false);
    expect(getWorkflow.errors.join('\n')).toMatch(/\/data\/id must be string/);
    expect(getWorkflow({ success: true, data: twoNodeWorkflow('ok') })).toBe(true);

    const broken = twoNodeWorkflow('bad');
    (broken.nodes[0] as { position: unknown }).position = { x: 'left' };
    expect(responseValidator('GET', '/workflows', 200)({ success: true, data: [twoNodeWorkflow('fine'), broken] })).toBe(false);
    expect(responseValidator('GET', '/nodes', 200)({ success: true, data: [{ id: 'x' }] })).toBe(false);
    expect(responseValidator('GET', '/health', 200)({ status: 'healthy', uptime: 1.5 })).toBe(false);
    expect(schemaValidator('Workflow')({ id: 'x', name: 'n', nodes: [], edges: [], metadata: { version: '1' } })).toBe(false);
    expect(compileWithComponents({ $ref: '#/components/schemas/Position' })({ x: 1, y: 2 })).toBe(true);
  });

  it('follows $ref into components.responses, falls back to ErrorResponse for undeclared errors, refuses undeclared successes', () => {
    expect(responseValidator('GET', '/workflows/{id}', 404).label).toContain('components.responses.NotFound');
    expect(responseValidator('PUT', '/workflows/{id}', 422).label).toContain('components.responses.ValidationError');
    expect(responseValidator('POST', '/workflows', 409).declared).toBe(false);
    expect(() => responseValidator('POST', '/workflows', 200)).toThrow(/declares no application\/json body/);
    expect(() => responseValidator('GET', '/no/such/path', 200)).toThrow(/not an operation/);
    // ErrorResponse requires nothing, so the envelope is checked on top of it.
    expect(() => assertMatchesContract('GET', '/workflows/{id}', { status: 404, body: { success: false, error: 'gone' } })).toThrow(
      /code must be a non-empty string/,
    );
    expect(() =>
      assertMatchesContract('GET', '/workflows/{id}', {
        status: 404,
        body: { success: true, error: 'x', message: 'x', code: 'NOT_FOUND' },
      }),
    ).toThrow(/success/);
    expect(errorEnvelopeProblems({ success: false, error: 'e', message: 'm', code: 'C' })).toEqual([]);
  });

  it('accepts the arbitrary ids the real editor emits where the OAS says format: uuid', () => {
    const wf = twoNodeWorkflow('text_input-demo');
    expect(wf.nodes[0].id).toBe('in.1');
    expect(schemaValidator('Workflow')(wf)).toBe(true);
  });
});

describeWithContract('system', () => {
  it('GET /health, /system/config, /system/version', async () => {
    const health = await call('GET', '/health', '/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('healthy');
    const config = await call('GET', '/system/config', '/system/config');
    expect(config.status).toBe(200);
    expect(config.body.success).toBe(true);
    const version = await call('GET', '/system/version', '/system/version');
    expect(version.status).toBe(200);
    expect(version.body.api_version).toBe('v1');
  });
});

describeWithContract('node types, categories, port config', () => {
  it('GET /nodes: every node type (built-ins, nodes/*.json and *.yaml) matches NodeMetadata; pagination headers', async () => {
    const all = await call('GET', '/nodes', '/nodes?limit=1000');
    expect(all.status).toBe(200);
    const ids: string[] = all.body.data.map((n: { id: string }) => n.id);
    expect(ids).toEqual(expect.arrayContaining(['sentiment', 'shout']));
    expectPaginationHeaders(all.headers, ids.length, 1000, 0);

    const page = await call('GET', '/nodes', '/nodes?limit=2&offset=1');
    expect(page.body.data).toHaveLength(2);
    expectPaginationHeaders(page.headers, ids.length, 2, 1);

    const byDefault = await call('GET', '/nodes', '/nodes?');
    expect(byDefault.headers.get('x-total-count')).toBe(String(ids.length));
  });

  it('GET /nodes answers 400 for limit=0 and other bad parameters', async () => {
    for (const query of ['limit=0', 'limit=1001', 'offset=-1', `search=${'s'.repeat(101)}`]) {
      const res = await call('GET', '/nodes', `/nodes?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details).toMatchObject({ field: expect.any(String), message: expect.any(String) });
    }
  });

  it('GET /nodes/{id}: 200 for a built-in and a folder node type, 404 for an unknown one', async () => {
    const all = (await h.call('GET', '/nodes?limit=1000')).body.data as { id: string }[];
    for (const id of [all[0].id, 'sentiment', 'shout']) {
      const res = await call('GET', '/nodes/{id}', `/nodes/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(200);
      expect(res.body.data.id).toBe(id);
    }
    const missing = await call('GET', '/nodes/{id}', '/nodes/no_such_type');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('GET /port-config and GET /categories (with the folder’s additions)', async () => {
    const ports = await call('GET', '/port-config', '/port-config');
    expect(ports.status).toBe(200);
    expect(ports.body.data.dataTypes.map((t: { id: string }) => t.id)).toContain('tensor');
    const categories = await call('GET', '/categories', '/categories');
    expect(categories.status).toBe(200);
    expect(categories.body.data.map((c: { name: string }) => c.name)).toContain('ml');
  });
});

describeWithContract('workflows', () => {
  it('serves every fixture workflow, and each GET /workflows/{id} body matches the getWorkflow 200 schema', async () => {
    const config = await h.call('GET', '/system/config');
    expect(config.body.data.loadErrors).toEqual([]);
    expect(Object.keys(fixtures).length).toBeGreaterThan(0);
    for (const [name, wf] of Object.entries(fixtures)) {
      const res = await call('GET', '/workflows/{id}', `/workflows/${encodeURIComponent(wf.id)}`);
      expect(res.status, name).toBe(200);
      expect(res.body.data.id).toBe(wf.id);
      expect(schemaValidator('WorkflowResponse')(res.body)).toBe(true);
    }
  });

  it('GET /workflows: 200 with every workflow matching Workflow and X-Total-Count; 400 for bad parameters', async () => {
    // The folder as written (the other tests add and delete workflows on h, in any order).
    const total = Object.keys(fixtures).length + 2;
    const all = await callOn(pristine, 'GET', '/workflows', '/workflows?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(total);
    expectPaginationHeaders(all.headers, total, 100, 0);

    const page = await callOn(pristine, 'GET', '/workflows', '/workflows?sort=name&order=asc&limit=1&offset=1');
    expect(page.body.data).toHaveLength(1);
    expectPaginationHeaders(page.headers, total, 1, 1);

    const none = await callOn(pristine, 'GET', '/workflows', '/workflows?search=zzz-nothing-matches');
    expect(none.body.data).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');

    for (const query of ['limit=0', 'limit=101', 'offset=x', 'sort=size', 'order=sideways']) {
      const res = await callOn(pristine, 'GET', '/workflows', `/workflows?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('POST /workflows: 201, 400, 422, 409 — and the undeclared 413 and 415 still carry the error envelope', async () => {
    const created = await call('POST', '/workflows', '/workflows', { ...twoNodeWorkflow('contract-new', 'New'), id: 'contract-new' });
    expect(created.status).toBe(201);
    expect(created.body.data.id).toBe('contract-new');

    const minimal = await call('POST', '/workflows', '/workflows', { name: 'Just a name' });
    expect(minimal.status).toBe(201);
    expect(minimal.body.data.nodes).toEqual([]);

    const missingName = await call('POST', '/workflows', '/workflows', { description: 'no name' });
    expect(missingName.status).toBe(400);
    expect(missingName.body.details).toMatchObject({ field: 'name' });
    const malformed = await call('POST', '/workflows', '/workflows', '{"name": ');
    expect(malformed.status).toBe(400);
    expect((await call('POST', '/workflows', '/workflows', [1])).status).toBe(400);

    const badGraph = twoNodeWorkflow('contract-bad-graph');
    badGraph.edges.push(edge('in.1', 'text', 'ghost', 'prompt'));
    const invalid = await call('POST', '/workflows', '/workflows', badGraph);
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    expect(invalid.body.details.errors).toEqual(expect.arrayContaining([expect.stringContaining('ghost')]));

    const duplicate = await call('POST', '/workflows', '/workflows', twoNodeWorkflow('wf-a'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('CONFLICT');

    const textPlain = await call('POST', '/workflows', '/workflows', 'name=x', { 'Content-Type': 'text/plain' });
    expect(textPlain.status).toBe(415);
  });

  serverTest('POST /workflows past --max-body answers 413 with the error envelope', async ({ server }) => {
    const small = contractChecked(await server({ maxBody: 1024 }));
    const res = await small.call('POST', '/workflows', { name: 'big', description: 'x'.repeat(4000) });
    assertMatchesContract('POST', '/workflows', res);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('GET /workflows/{id}: 404 for an unknown id, 400 for ids that could escape the folder', async () => {
    const missing = await call('GET', '/workflows/{id}', '/workflows/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    for (const id of ['..%2F..%2Fetc%2Fpasswd', '.hidden']) {
      const res = await call('GET', '/workflows/{id}', `/workflows/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body.details.field).toBe('id');
    }
  });

  it('PUT /workflows/{id}: 200 (partial and full body), 400, 404, 409, 422', async () => {
    const partial = await call('PUT', '/workflows/{id}', '/workflows/wf-a', {
      description: 'changed',
      metadata: { author: 'me', tags: ['x'] },
    });
    expect(partial.status).toBe(200);
    expect(partial.body.data.description).toBe('changed');

    // What the editor really sends: the whole workflow, response-only fields included.
    const full = structuredClone(partial.body.data);
    full.name = 'Alpha, saved by the editor';
    full.nodes[0].data.executionInfo = { status: 'idle', executionCount: 0, isExecuting: false };
    const saved = await call('PUT', '/workflows/{id}', '/workflows/wf-a', full, { 'If-Match': partial.headers.get('etag')! });
    expect(saved.status).toBe(200);

    const idChange = await call('PUT', '/workflows/{id}', '/workflows/wf-a', { id: 'other' });
    expect(idChange.status).toBe(400);
    const emptyName = await call('PUT', '/workflows/{id}', '/workflows/wf-a', { name: '' });
    expect(emptyName.status).toBe(400);
    expect(emptyName.body.details).toMatchObject({ field: 'name' });

    const missing = await call('PUT', '/workflows/{id}', '/workflows/nope', { name: 'x' });
    expect(missing.status).toBe(404);

    const stale = await call('PUT', '/workflows/{id}', '/workflows/wf-a', { name: 'late' }, { 'If-Match': partial.headers.get('etag')! });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');

    const broken = await call('PUT', '/workflows/{id}', '/workflows/wf-a', { edges: [edge('in.1', 'text', 'missing', 'prompt')] });
    expect(broken.status).toBe(422);
    expect(broken.body.details.errors.length).toBeGreaterThan(0);
  });

  it('DELETE /workflows/{id}: 200 then 404', async () => {
    await h.call('POST', '/workflows', { id: 'to-delete', name: 'Short-lived' });
    const deleted = await call('DELETE', '/workflows/{id}', '/workflows/to-delete');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Workflow deleted successfully' });
    const again = await call('DELETE', '/workflows/{id}', '/workflows/to-delete');
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it('after writes (its own: a create, an update, a create and a delete) the list still matches the contract', async () => {
    await prepare(201, 'POST', '/workflows', { id: 'list-written', name: 'Written' });
    await prepare(200, 'PUT', '/workflows/list-written', { description: 'updated' });
    await prepare(201, 'POST', '/workflows', { id: 'list-deleted', name: 'Deleted' });
    await prepare(200, 'DELETE', '/workflows/list-deleted');
    const all = await call('GET', '/workflows', '/workflows?limit=100');
    expect(all.body.data.length).toBe(Number(all.headers.get('x-total-count')));
  });
});

describeWithContract('specification-only GET /workflows/{id}/chat/messages (not in the OAS)', () => {
  it('is not an OAS operation: checked against the shape the specification gives instead', () => {
    expect(hasOperation('GET', '/workflows/{id}/chat/messages')).toBe(false);
  });

  it('answers {success:true, data:[{role, content}]} for a known workflow and the error envelope for an unknown one', async () => {
    const res = await h.call('GET', '/workflows/wf-b/chat/messages');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(Array.isArray(res.body.data)).toBe(true);
    for (const message of res.body.data as { role: unknown; content: unknown }[]) {
      expect(['user', 'assistant']).toContain(message.role);
      expect(typeof message.content).toBe('string');
    }
    const missing = await h.call('GET', '/workflows/nope/chat/messages');
    expect(missing.status).toBe(404);
    expect(errorEnvelopeProblems(missing.body)).toEqual([]);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect(schemaValidator('ErrorResponse')(missing.body)).toBe(true);
  });
});

describeWithContract('POST /workflows/validate (validateWorkflow): wfe validate on a posted workflow, nothing saved', () => {
  const summary = () => structuredClone(fixtures['agentspec-summary.json']) as ReturnType<typeof twoNodeWorkflow>;

  it('200 {valid: true} for a valid workflow, and nothing is written', async () => {
    const before = (await h.call('GET', '/workflows?limit=100')).headers.get('x-total-count');
    const candidate = { ...summary(), id: 'validate-only' };
    const res = await call('POST', '/workflows/validate', '/workflows/validate', candidate);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ valid: true, errors: [], warnings: [], suggestions: [] });
    expect((await h.call('GET', '/workflows?limit=100')).headers.get('x-total-count')).toBe(before);
    expect((await call('GET', '/workflows/{id}', '/workflows/{id}'.replace('{id}', 'validate-only'))).status).toBe(404);
  });

  it('judges the editor\'s unsaved workflow (id "" or none) as POST /workflows would take it', async () => {
    for (const id of ['', undefined]) {
      const res = await call('POST', '/workflows/validate', '/workflows/validate', { ...summary(), id });
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
      expect(res.body.data).toEqual({ valid: true, errors: [], warnings: [], suggestions: [] });
    }
  });

  it('200 {valid: false} with the errors, warnings and a suggestion per rule for a broken graph', async () => {
    const broken = summary();
    broken.edges.push(edge(broken.nodes[0].id, 'trigger', 'ghost', 'trigger'));
    const res = await call('POST', '/workflows/validate', '/workflows/validate', broken);
    expect(res.status).toBe(200);
    expect(res.body.data.valid).toBe(false);
    expect(res.body.data.errors).toEqual(expect.arrayContaining([expect.stringContaining("connects to non-existent node 'ghost'")]));
    expect(res.body.data.suggestions).toEqual(expect.arrayContaining([expect.stringMatching(/^edge-missing-node: /)]));
  });

  it('400 for broken JSON, a body that is not a workflow, or no body', async () => {
    for (const body of ['{"name": ', [1], { description: 'no name' }, 'null']) {
      const res = await call('POST', '/workflows/validate', '/workflows/validate', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('POST', '/workflows/validate', '/workflows/validate', { description: 'no name' })).body.details).toMatchObject({
      field: expect.any(String),
      message: expect.any(String),
    });
    expect((await call('POST', '/workflows/validate', '/workflows/validate')).status).toBe(400);
  });
});

describeWithContract('import and export', () => {
  it('GET /workflows/{id}/export: 200 JSON (a Workflow) and YAML (a string); 404', async () => {
    const json = await call('GET', '/workflows/{id}/export', '/workflows/wf-a/export');
    expect(json.status).toBe(200);
    expect(json.body.id).toBe('wf-a');
    const yaml = await call('GET', '/workflows/{id}/export', '/workflows/wf-a/export?format=yaml');
    expect(yaml.headers.get('content-type')).toMatch(/^application\/x-yaml/);
    expect((await call('GET', '/workflows/{id}/export', '/workflows/nope/export')).status).toBe(404);
  });

  it('POST /workflows/import: 201, 400, 422', async () => {
    const imported = await call('POST', '/workflows/import', '/workflows/import', { workflow: twoNodeWorkflow('to-import') });
    expect(imported.status).toBe(201);
    expect((await call('POST', '/workflows/import', '/workflows/import', { workflow: '{"name": ' })).status).toBe(400);
    const dangling = twoNodeWorkflow('dangling');
    dangling.edges.push(edge('in.1', 'text', 'ghost', 'prompt'));
    expect((await call('POST', '/workflows/import', '/workflows/import', dangling)).status).toBe(422);
  });
});

describeWithExamples('Agent Spec', () => {
  const summaryId = () => fixtures['agentspec-summary.json'].id;

  it('GET /workflows/{id}/export/agentspec: 200 flow and document; 422 with the validation result; 404', async () => {
    const flow = await call('GET', '/workflows/{id}/export/agentspec', `/workflows/${summaryId()}/export/agentspec`);
    expect(flow.status).toBe(200);
    expect(flow.body.component_type).toBe('Flow');
    const document = await call('GET', '/workflows/{id}/export/agentspec', `/workflows/${summaryId()}/export/agentspec?format=document`);
    expect(document.status).toBe(200);
    const refused = await call('GET', '/workflows/{id}/export/agentspec', '/workflows/wf-a/export/agentspec');
    expect(refused.status).toBe(422);
    expect(refused.body.valid).toBe(false);
    expect((await call('GET', '/workflows/{id}/export/agentspec', '/workflows/nope/export/agentspec')).status).toBe(404);
  });

  it('GET /workflows/{id}/validate/agentspec: 200 valid and invalid; 404', async () => {
    expect((await call('GET', '/workflows/{id}/validate/agentspec', `/workflows/${summaryId()}/validate/agentspec`)).body).toMatchObject({
      valid: true,
      errors: [],
    });
    expect((await call('GET', '/workflows/{id}/validate/agentspec', '/workflows/wf-a/validate/agentspec')).body.valid).toBe(false);
    expect((await call('GET', '/workflows/{id}/validate/agentspec', '/workflows/nope/validate/agentspec')).status).toBe(404);
  });

  it('POST /workflows/import/agentspec: 200; 422 with the validation result; 400 without a body', async () => {
    const official = JSON.parse(readFileSync(join(examplesDir, 'howto_summary_flow.json'), 'utf8'));
    expect((await call('POST', '/workflows/import/agentspec', '/workflows/import/agentspec', official)).status).toBe(200);
    const agent = await call(
      'POST',
      '/workflows/import/agentspec',
      '/workflows/import/agentspec',
      JSON.parse(readFileSync(join(examplesDir, 'howto_agents.json'), 'utf8')),
    );
    expect(agent.status).toBe(422);
    expect(agent.body.errors).toEqual([
      expect.stringMatching(/^This document is an Agent 'Helpful agent with username and tools', not a Flow: /),
    ]);
    expect((await call('POST', '/workflows/import/agentspec', '/workflows/import/agentspec')).status).toBe(400);
  });

  it('POST /agentspec/flows/validate: 200 valid and invalid; 400 for a body that is not a flow object', async () => {
    const official = JSON.parse(readFileSync(join(examplesDir, 'howto_summary_flow.json'), 'utf8'));
    expect((await call('POST', '/agentspec/flows/validate', '/agentspec/flows/validate', official)).body).toMatchObject({
      valid: true,
      errors: [],
    });
    expect(
      (
        await call('POST', '/agentspec/flows/validate', '/agentspec/flows/validate', {
          ...official,
          start_node: { $component_ref: 'nowhere' },
        })
      ).body.valid,
    ).toBe(false);
    expect((await call('POST', '/agentspec/flows/validate', '/agentspec/flows/validate', [1])).status).toBe(400);
  });

  it('GET /agentspec/agents, /agentspec/tools, /agentspec/health: 200', async () => {
    expect((await call('GET', '/agentspec/agents', '/agentspec/agents')).status).toBe(200);
    expect((await call('GET', '/agentspec/tools', '/agentspec/tools')).status).toBe(200);
    expect((await call('GET', '/agentspec/health', '/agentspec/health')).body.status).toBe('healthy');
  });
});

describeWithContract('the faults of the document (relaxed in test/support/openapi.ts, and only there)', () => {
  it('Agent Spec oneOf: a correct dialect flow matches both AgentSpecFlow and AgentSpecDocument, so the strict oneOf refuses it', () => {
    const dialect = { component_type: 'flow', name: 'f', start_node: 'start', nodes: [], control_flow_connections: [] };
    const strictExport = responseValidator('GET', '/workflows/{id}/export/agentspec', 200);
    expect(strictExport(dialect)).toBe(false);
    expect(strictExport.errors.join('\n')).toMatch(/must match exactly one schema in oneOf/);
    expect(schemaValidator('AgentSpecFlow')(dialect) && schemaValidator('AgentSpecDocument')(dialect)).toBe(true);
    expect(contractResponseValidator('GET', '/workflows/{id}/export/agentspec', 200)(dialect)).toBe(true);
  });

  it('the stream is a WebSocket in the document (101, a 200 without a body); ETag/If-Match/409 are not in it', () => {
    expect(() => responseValidator('GET', '/agentspec/executions/{id}/stream', 200)).toThrow(/declares no application\/json body.*101/);
    expect(responseValidator('PUT', '/workflows/{id}', 409).declared).toBe(false);
    expect(contractResponseValidator('PUT', '/workflows/{id}', 409).declared).toBe(true);
  });
});

describeWithContract('coverage', () => {
  it('knows the 52 operations of the document and the 2 of the specification, and maps request paths to them', () => {
    expect(openApiOperations()).toHaveLength(52);
    expect(seedOperations()).toEqual(['GET /workflows/{id}/chat/messages', 'POST /execute']);
    expect(allOperations()).toHaveLength(54);
    expect(operationFor('POST', '/workflows/validate')).toBe('POST /workflows/validate');
    expect(operationFor('GET', '/workflows/import%2Fx?format=yaml')).toBe('GET /workflows/{id}');
    expect(operationFor('POST', '/workflows/import/agentspec')).toBe('POST /workflows/import/agentspec');
  });
});
