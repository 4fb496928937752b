// An imported workflow carries what the store serves and a save keeps (metadata.schemaVersion,
// updateNumber…), so its first save in the editor changes only the save's own stamps (updatedAt, versionId,
// updateNumber). A flow written by wfe comes back as it was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { importDocument } from '../src/agentspec/import.js';
import { parseText } from '../src/agentspec/serialize.js';
import type { Workflow } from '../src/contract/types.js';
import { applyUpdate, withMetadataDefaults } from '../src/store/workflow-model.js';
import { stableStringify } from '../src/util/stable-json.js';
import { agentSpecMissing, exampleFiles, examplesDir } from './agentspec-schema.js';
import { editorExports } from './support/editor-agentspec-exports.js';
import { serverTest } from './support/server-fixture.js';

type Json = Record<string, any>;

const NOW = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-02T10:00:00.000Z';

/** Every Oracle example Flow that imports, and every editor export. */
function imports(): Array<{ name: string; workflow: Workflow }> {
  const out: Array<{ name: string; workflow: Workflow }> = [];
  for (const file of exampleFiles()) {
    const parsed = parseText(readFileSync(join(examplesDir, file), 'utf8'), file);
    if (!parsed.ok || (parsed.value as Json).component_type !== 'Flow') continue;
    try {
      out.push({ name: file, workflow: importDocument(parsed.value, { now: NOW }).workflow });
    } catch {
      // Not a loadable flow (Oracle's illustrative configs): nothing is written.
    }
  }
  for (const { name, document } of editorExports()) out.push({ name, workflow: importDocument(document, { now: NOW }).workflow });
  return out;
}

/** The keys of a workflow (and of its metadata) whose values differ between two versions of it. */
function changedKeys(before: Json, after: Json): string[] {
  const keys = (a: Json, b: Json, prefix = '') =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !isDeepStrictEqual(a[k], b[k])).map((k) => prefix + k);
  return [
    ...keys({ ...before, metadata: null }, { ...after, metadata: null }),
    ...keys(before.metadata ?? {}, after.metadata ?? {}, 'metadata.'),
  ].sort();
}

describe('the metadata an import writes', () => {
  it('of an Agent Spec flow from another tool: what the store serves', () => {
    const { workflow } = importDocument(editorExports()[0].document, { now: NOW });
    expect(workflow.metadata).toEqual({
      version: '1.0.0',
      createdAt: NOW,
      updatedAt: NOW,
      format: 'agentspec',
      schemaVersion: '1.0.0',
      updateNumber: 0,
    });
  });

  it.skipIf(agentSpecMissing !== undefined)('needs no default the store would fill, and a save changes only its stamps', () => {
    const samples = imports();
    expect(samples.length).toBeGreaterThan(20);
    for (const { name, workflow } of samples) {
      expect(withMetadataDefaults(workflow, LATER), name).toEqual(workflow);
      const saved = applyUpdate(
        workflow,
        { name: workflow.name, nodes: workflow.nodes, edges: workflow.edges, metadata: workflow.metadata },
        LATER,
      );
      expect(changedKeys(workflow, saved), name).toEqual(['metadata.updateNumber', 'metadata.updatedAt', 'metadata.versionId']);
    }
  });
});

describe('through the server: a file `wfe import` wrote, opened and saved in the editor', () => {
  serverTest(
    'is served as written (the store adds a versionId of its own), and its first save changes only the stamps',
    async ({ server }) => {
      const { workflow } = importDocument(editorExports().find((e) => e.name === 'wfe-pipeline')!.document, { now: NOW });
      const h = await server({ files: { [`${workflow.id}.json`]: stableStringify(workflow) } });
      const opened = await h.call('GET', `/workflows/${workflow.id}`);
      expect(opened.status).toBe(200);
      expect(changedKeys(workflow, opened.body.data)).toEqual(['metadata.versionId']);
      const saved = await h.call('PUT', `/workflows/${workflow.id}`, opened.body.data);
      expect(saved.status).toBe(200);
      const reopened = (await h.call('GET', `/workflows/${workflow.id}`)).body.data;
      expect(changedKeys(opened.body.data, reopened)).toEqual(['metadata.updateNumber', 'metadata.updatedAt', 'metadata.versionId']);
    },
  );
});
