// wfe serve skips what wfe validate skips: the default non-workflow files, --ignore globs and ignore: of
// wfe.config.yaml; none of them is served or reported as a broken workflow.
import { describe, expect } from 'vitest';
import { serverTest } from './support/server-fixture.js';
import { twoNodeWorkflow } from './support/workflows.js';

describe('wfe serve: files that are not workflows', () => {
  serverTest('skips package manifests, tsconfig, ignore: globs and --ignore globs; serves the rest', async ({ server }) => {
    const h = await server({
      ignore: ['*.schema.json'],
      files: {
        'wfe.config.yaml': 'ignore:\n  - drafts/\n',
        'package.json': { name: 'x', version: '1.0.0' },
        'tsconfig.json': { compilerOptions: {} },
        'drafts/half.json': '{ "id": "half", ',
        'types/workflow.schema.json': { $schema: 'http://json-schema.org/draft-07/schema#' },
        'team/kept.json': twoNodeWorkflow('kept'),
      },
    });
    const ids = (await h.call('GET', '/workflows')).body.data.map((w: { id: string }) => w.id);
    expect(ids).toEqual(['kept']);
    const loadErrors = (await h.call('GET', '/system/config')).body.data.loadErrors as Array<{ file: string }>;
    expect(loadErrors.map((e) => e.file)).toEqual([]);
  });

  serverTest('refuses to create a workflow whose file it would skip, and creates one it would load', async ({ server }) => {
    const h = await server({ ignore: ['*.schema.json'] });
    for (const id of ['package', 'tsconfig.build', 'renovate', 'types.schema']) {
      const res = await h.call('POST', '/workflows', { ...twoNodeWorkflow(id), id });
      expect(res.status, id).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', details: { field: 'id' } });
      expect(res.body.details.message).toContain(`the folder skips ${id}.json when it loads`);
    }
    expect((await h.call('POST', '/workflows', { ...twoNodeWorkflow('packages'), id: 'packages' })).status).toBe(201);
    expect((await h.call('GET', '/workflows')).body.data.map((w: { id: string }) => w.id)).toEqual(['packages']);
  });

  serverTest('without the ignores, the same files are reported (the test can fail)', async ({ server }) => {
    const h = await server({ files: { 'drafts/half.json': '{ "id": "half", ', 'team/kept.json': twoNodeWorkflow('kept') } });
    const loadErrors = (await h.call('GET', '/system/config')).body.data.loadErrors as Array<{ file: string }>;
    expect(loadErrors.map((e) => e.file)).toEqual(['drafts/half.json']);
  });
});
