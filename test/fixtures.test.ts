import { readFileSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CATEGORIES } from '../src/catalog/builtin-categories.js';
import { BUILTIN_NODE_TYPES } from '../src/catalog/builtin-node-types.js';
import { BUILTIN_PORT_CONFIG } from '../src/catalog/builtin-port-types.js';
import { isCompatible } from '../src/catalog/port-compat.js';
import type { NodePort, Workflow, WorkflowNode } from '../src/contract/types.js';
import { stableStringify } from '../src/util/stable-json.js';
import { openApiDocument } from './support/openapi.js';
import { serverTest } from './support/server-fixture.js';
import { missingShared, openApiPath } from './support/shared.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(ROOT, 'fixtures', 'workflows');
// Three tests check against FlowDrop's OpenAPI document, read from the shared folder.
const itWithOpenApi = it.skipIf(missingShared(openApiPath) !== undefined);

const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.json'))
  .sort();
const texts = new Map(files.map((f) => [f, readFileSync(path.join(FIXTURES, f), 'utf8')]));
const workflows = new Map(files.map((f) => [f, JSON.parse(texts.get(f)!) as Workflow]));
const nodeTypes = new Map(BUILTIN_NODE_TYPES.map((n) => [n.id, n]));

let openApi: Ajv | undefined;

function openApiValidator(schema: string) {
  openApi ??= loadOpenApi();
  return openApi.getSchema(`https://wfe.test/openapi.json#/components/schemas/${schema}`)!;
}

function loadOpenApi(): Ajv {
  const oas = openApiDocument() as { components: { schemas: Record<string, unknown> } };
  const ajv = new Ajv({ strict: false, allErrors: true });
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv, f: string[]) => void;
  addFormats(ajv, ['date-time', 'uri', 'email']);
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
  // The whole components.schemas under one id, so the spec's "#/components/schemas/X" refs resolve.
  ajv.addSchema({ $id: 'https://wfe.test/openapi.json', components: { schemas: oas.components.schemas } });
  return ajv;
}

const openApiWorkflowValidator = () => openApiValidator('Workflow');

const outputsOf = (n: WorkflowNode): Pick<NodePort, 'id' | 'dataType'>[] => [
  ...n.data.metadata.outputs,
  ...(n.data.config.branches ?? []).map((b) => ({ id: b.name, dataType: 'trigger' })),
  ...((n.data.config.dynamicOutputs as { name: string; dataType: string }[] | undefined) ?? []).map((p) => ({
    id: p.name,
    dataType: p.dataType,
  })),
];
const inputsOf = (n: WorkflowNode): Pick<NodePort, 'id' | 'dataType' | 'required'>[] => [
  ...n.data.metadata.inputs,
  ...((n.data.config.dynamicInputs as { name: string; dataType: string }[] | undefined) ?? []).map((p) => ({
    id: p.name,
    dataType: p.dataType,
  })),
];

describe('fixture workflows', () => {
  it('has at least five, one of them with 100+ nodes', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect([...workflows.values()].some((w) => w.nodes.length >= 100)).toBe(true);
  });

  it('are pretty-printed with two spaces and a final newline', () => {
    for (const [file, text] of texts) expect(text, file).toBe(JSON.stringify(JSON.parse(text), null, 2) + '\n');
  });

  it("are written by the store's serialiser, in its key order", () => {
    for (const [file, text] of texts) expect(text, file).toBe(stableStringify(JSON.parse(text)));
  });

  serverTest.for(files)('%s saved back unchanged through a real server changes only the save stamps on disk', async (file, { server }) => {
    const h = await server({ files: { [file]: texts.get(file)! } });
    const id = workflows.get(file)!.id;
    const loaded = await h.call('GET', `/workflows/${id}`);
    expect(loaded.status).toBe(200);
    // What the editor's save sends: the workflow it loaded, with the client's own updatedAt.
    const body = { ...loaded.body.data, metadata: { ...loaded.body.data.metadata, updatedAt: new Date().toISOString() } };
    expect((await h.call('PUT', `/workflows/${id}`, body)).status).toBe(200);
    const before = texts.get(file)!.split('\n');
    const after = (await readFile(path.join(h.dir, file), 'utf8')).split('\n');
    expect(after.length, file).toBe(before.length);
    const changed = after.flatMap((line, i) => (line === before[i] ? [] : [line.trim().replace(/:.*$/, '')]));
    expect(changed.sort(), file).toEqual(['"updateNumber"', '"updatedAt"', '"versionId"']);
  });

  itWithOpenApi('validate against the OpenAPI Workflow schema', () => {
    const validate = openApiWorkflowValidator();
    for (const [file, wf] of workflows) {
      expect(validate(wf), `${file}: ${JSON.stringify(validate.errors?.slice(0, 3), null, 2)}`).toBe(true);
    }
  });

  itWithOpenApi('are checked by a validator that does reject broken workflows', () => {
    const validate = openApiWorkflowValidator();
    const broken = structuredClone(workflows.get('chat-pipeline.json')!);
    broken.nodes[0].id = 'text_input.1';
    delete (broken.nodes[1].data.metadata as Partial<(typeof broken.nodes)[1]['data']['metadata']>).version;
    broken.edges[0].type = 'curvy';
    expect(validate(broken)).toBe(false);
    const paths = validate.errors!.map((e) => e.instancePath);
    expect(paths).toEqual(expect.arrayContaining(['/nodes/0/id', '/nodes/1/data/metadata', '/edges/0/type']));
  });

  it('use unique ids and embed the built-in node type descriptors', () => {
    const categories = new Set(BUILTIN_CATEGORIES.map((c) => c.name));
    for (const [file, wf] of workflows) {
      const ids = [...wf.nodes.map((n) => n.id), ...wf.edges.map((e) => e.id), wf.id];
      expect(new Set(ids).size, file).toBe(ids.length);
      expect(['flowdrop', 'agentspec']).toContain(wf.metadata.format);
      for (const n of wf.nodes) {
        const where = `${file} ${n.data.label}`;
        expect(n.type, where).toBe('universalNode');
        expect(n.data.nodeId, where).toBe(n.id);
        expect(n.data.metadata, where).toEqual(nodeTypes.get(n.data.metadata.id));
        expect(Object.keys(n.data.config), where).toEqual(expect.arrayContaining(Object.keys(n.data.metadata.config ?? {})));
        expect(categories.has(n.data.metadata.category), where).toBe(true);
      }
    }
  });

  it('connect existing, compatible ports and every required input', () => {
    for (const [file, wf] of workflows) {
      const byId = new Map(wf.nodes.map((n) => [n.id, n]));
      for (const e of wf.edges) {
        const source = byId.get(e.source)!;
        const target = byId.get(e.target)!;
        expect(source && target, `${file} edge ${e.id}`).toBeTruthy();
        expect(e.sourceHandle?.startsWith(`${source.id}-output-`), e.sourceHandle).toBe(true);
        expect(e.targetHandle?.startsWith(`${target.id}-input-`), e.targetHandle).toBe(true);
        const out = outputsOf(source).find((p) => e.sourceHandle === `${source.id}-output-${p.id}`);
        const inp = inputsOf(target).find((p) => e.targetHandle === `${target.id}-input-${p.id}`);
        expect(out, `${file}: ${source.data.label} has no port for ${e.sourceHandle}`).toBeDefined();
        expect(inp, `${file}: ${target.data.label} has no port for ${e.targetHandle}`).toBeDefined();
        expect(isCompatible(BUILTIN_PORT_CONFIG, out!.dataType, inp!.dataType), `${file}: ${e.sourceHandle} -> ${e.targetHandle}`).toBe(
          true,
        );
        const edgeType = out!.dataType === 'trigger' ? 'trigger' : out!.dataType === 'tool' ? 'tool' : 'data';
        expect(e.data?.metadata).toEqual({ edgeType, sourcePortDataType: out!.dataType });
      }
      for (const n of wf.nodes) {
        for (const port of inputsOf(n).filter((p) => p.required)) {
          const handle = `${n.id}-input-${port.id}`;
          expect(
            wf.edges.some((e) => e.targetHandle === handle),
            `${file}: ${n.data.label}.${port.id} is not connected`,
          ).toBe(true);
        }
      }
    }
  });

  it('marks every node of the Agent Spec workflow with its component type', () => {
    const wf = workflows.get('agentspec-summary.json')!;
    expect(wf.metadata.format).toBe('agentspec');
    for (const n of wf.nodes) {
      const componentType = n.data.metadata.id.replace(/^agentspec\./, '');
      expect(n.data.metadata.id).toMatch(/^agentspec\./);
      expect(n.data.extensions?.['agentspec:component_type']).toBe(componentType);
      expect(n.data.metadata.extensions?.['agentspec:component_type']).toBe(componentType);
    }
  });

  it('makes the large ETL workflow a DAG reachable from its start node', () => {
    const wf = [...workflows.values()].find((w) => w.nodes.length >= 100)!;
    const next = new Map<string, string[]>(wf.nodes.map((n) => [n.id, []]));
    for (const e of wf.edges) next.get(e.source)!.push(e.target);
    const starts = wf.nodes.filter((n) => n.data.metadata.id === 'start');
    expect(starts).toHaveLength(1);

    const reached = new Set<string>([starts[0].id]);
    const queue = [starts[0].id];
    while (queue.length)
      for (const t of next.get(queue.shift()!)!)
        if (!reached.has(t)) {
          reached.add(t);
          queue.push(t);
        }
    expect(reached.size).toBe(wf.nodes.length);

    // Kahn: a DAG empties completely
    const indegree = new Map(wf.nodes.map((n) => [n.id, 0]));
    for (const e of wf.edges) indegree.set(e.target, indegree.get(e.target)! + 1);
    const ready = [...indegree].filter(([, d]) => d === 0).map(([id]) => id);
    let removed = 0;
    while (ready.length) {
      removed++;
      for (const t of next.get(ready.pop()!)!) {
        indegree.set(t, indegree.get(t)! - 1);
        if (indegree.get(t) === 0) ready.push(t);
      }
    }
    expect(removed).toBe(wf.nodes.length);
  });
});

describe('built-in node types', () => {
  itWithOpenApi('validate against the OpenAPI NodeMetadata schema', () => {
    const validate = openApiValidator('NodeMetadata');
    for (const n of BUILTIN_NODE_TYPES) expect(validate(n), `${n.id}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  });
});
