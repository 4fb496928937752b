// Oracle's reference loader (pyagentspec, through ../shared/pyagentspec/load) on what wfe writes: the
// export of every bundled fixture, the export of every Agent Spec example after import → export with
// default flags, and the export of each hand-written reference-style case (agentspec-reference-cases.ts),
// whose originals must load too. Skips, saying why, where the loader is not on the machine (CI).
// When a file does not load, the test output shows pyagentspec's real cause: its
// "'error' required in context" hides the validator message, which CAUSES_PY digs out of the traceback.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentSpecToWorkflow,
  exportToAgentSpec,
  importDocument,
  parseText,
  readComponentsFiles,
  toJson,
  toYaml,
} from '../src/agentspec/index.js';
import type { Workflow } from '../src/contract/types.js';
import { examplesDir } from './agentspec-schema.js';
import { loaderTempDir, referenceLoaderMissing, runReferenceLoader } from './support/reference-loader.js';
import { DECLARED_OUTPUTS, referenceCases } from './agentspec-reference-cases.js';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'fixtures', 'workflows');

// Loads each file; on failure prints the messages of the validators that failed (the hidden cause).
const CAUSES_PY = String.raw`
import sys, warnings
warnings.filterwarnings("ignore")
from pyagentspec.serialization import AgentSpecDeserializer

def causes(exc):
    found = []
    tb = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame.f_locals
        errors = frame.get("validation_errors")
        component = frame.get("serialized_component")
        if isinstance(errors, list):
            where = f"{component.get('component_type')} '{component.get('name')}'" if isinstance(component, dict) else "?"
            for item in errors:
                message = getattr(item, "msg", None) or (item.get("msg") if isinstance(item, dict) else str(item))
                line = f"{where}: {message}"
                if line not in found:
                    found.append(line)
        tb = tb.tb_next
    return found

for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    try:
        loader = AgentSpecDeserializer()
        loader.from_yaml(text) if path.endswith((".yaml", ".yml")) else loader.from_json(text)
    except Exception as error:
        print(f"{path}: {type(error).__name__}: {' '.join(str(error).split())[:300]}")
        for cause in causes(error):
            print(f"    caused by {' '.join(cause.split())[:400]}")
`;

// pyagentspec loads a disaggregated config with the components file as its components registry: the
// components through its loader, plain values (a prompt, a URL) as they are.
const REGISTRY_PY = String.raw`
import sys, json, warnings
warnings.filterwarnings("ignore")
from pyagentspec.serialization import AgentSpecDeserializer
main, components = sys.argv[1], sys.argv[2]
entries = json.load(open(components))["$referenced_components"]
parts = {k: v for k, v in entries.items() if isinstance(v, dict)}
registry = AgentSpecDeserializer().from_json(json.dumps({"$referenced_components": parts}), import_only_referenced_components=True) if parts else {}
registry.update({k: v for k, v in entries.items() if not isinstance(v, dict)})
print(type(AgentSpecDeserializer().from_json(open(main).read(), components_registry=registry)).__name__)
`;

/** Where `load` puts pyagentspec (PYAGENTSPEC_PATH, or the cache it builds from AGENTSPEC_GIT). */
function pythonPath(): string | undefined {
  if (process.env.PYAGENTSPEC_PATH) return process.env.PYAGENTSPEC_PATH;
  const git = process.env.AGENTSPEC_GIT;
  if (!git) return undefined;
  const rev = spawnSync('git', ['--git-dir', git, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
  const cache = join(loaderTempDir(), `pyagentspec-${rev}`);
  return `${cache}/pyagentspec/src:${cache}/site`;
}

interface LoadResult {
  available: boolean;
  why?: string;
  failures: string;
}

/** Runs `load` on the files; on failure adds pyagentspec's real causes. */
function load(files: string[]): LoadResult {
  const run = runReferenceLoader(files);
  if (run.status === 3) return { available: false, why: run.stderr.trim(), failures: '' };
  if (run.status === 0) return { available: true, failures: '' };
  const failed = run.stdout
    .split('\n')
    .filter((l) => l.startsWith('FAIL'))
    .map((l) => l.split('\t')[1]);
  const causes = spawnSync('python3', ['-c', CAUSES_PY, ...failed], {
    encoding: 'utf8',
    env: { ...process.env, PYTHONPATH: pythonPath() ?? '' },
  });
  return { available: true, failures: `${run.stdout}\n${causes.stdout}${causes.stderr}` };
}

const loaderMissing = referenceLoaderMissing();
const withLoader = loaderMissing ? describe.skip : describe;

// Made when the loader's tests run: hooks of a file whose tests are all skipped never run, so a folder made at
// load time would be left behind on every machine without the loader.
let dir: string;

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Workflow;
// A null from_branch is the node's default branch: `default` for a BranchingNode, which the import names.
const controlEdgesOf = (flow: Record<string, any>) =>
  (flow.control_flow_connections as Array<Record<string, any>>).map((e) => {
    const from = e.from_node.$component_ref !== undefined ? flow.$referenced_components?.[e.from_node.$component_ref] : e.from_node;
    const branch = e.from_branch ?? (from?.component_type === 'BranchingNode' ? 'default' : null);
    return [e.from_node.$component_ref ?? e.from_node.id, branch, e.to_node.$component_ref ?? e.to_node.id];
  });

withLoader("Oracle's loader (pyagentspec) on wfe's exports", () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wfe-conformance-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('loads the export of every bundled fixture, as JSON and as YAML', () => {
    const files: string[] = [];
    for (const file of readdirSync(FIXTURES).filter((f) => f.endsWith('.json'))) {
      const result = exportToAgentSpec(readJson(join(FIXTURES, file)));
      expect(result.errors, file).toEqual([]);
      const base = join(dir, `fixture-${basename(file, '.json')}`);
      writeFileSync(`${base}.json`, toJson(result.document));
      writeFileSync(`${base}.yaml`, toYaml(result.document));
      files.push(`${base}.json`, `${base}.yaml`);
    }
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(load(files).failures).toBe('');
  });

  it('loads every Agent Spec example after import → export with default flags, with its edges and declared outputs', () => {
    const files: string[] = [];
    for (const file of readdirSync(examplesDir).filter((f) => /\.(json|ya?ml)$/.test(f))) {
      const parsed = parseText(readFileSync(join(examplesDir, file), 'utf8'), file);
      if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
      const original = parsed.value as Record<string, any>;
      if (original.component_type !== 'Flow') continue;
      const result = exportToAgentSpec(agentSpecToWorkflow(original));
      expect(result.errors, file).toEqual([]);
      const exported = result.document as Record<string, any>;
      expect(controlEdgesOf(exported).sort(), file).toEqual(controlEdgesOf(original).sort());
      if (Array.isArray(original.outputs)) expect(exported.outputs, file).toEqual(original.outputs);
      const out = join(dir, `example-${file}.json`);
      writeFileSync(out, toJson(exported));
      files.push(out);
    }
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(load(files).failures).toBe('');
  });

  it('loads each reference-style case, as written and after import → export', async () => {
    const originals: string[] = [];
    const exports: string[] = [];
    for (const c of referenceCases()) {
      const [main, components] = Object.keys(c.files).map((name) => {
        const path = join(dir, `${c.name.replace(/\W+/g, '-')}-${name}`);
        writeFileSync(path, c.files[name]);
        return path;
      });
      if (components) {
        // The case itself must be valid Agent Spec: pyagentspec loads it with its components registry.
        const run = spawnSync('python3', ['-c', REGISTRY_PY, main, components], {
          encoding: 'utf8',
          env: { ...process.env, PYTHONPATH: pythonPath() ?? '' },
        });
        expect(`${run.stdout}${run.stderr}`.trim(), c.name).toBe('Flow');
      } else originals.push(main);
      const parsed = parseText(readFileSync(main, 'utf8'), main);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const registry = components ? await readComponentsFiles([components], process.cwd()) : undefined;
      const { workflow } = importDocument(parsed.value, { registry });
      const result = exportToAgentSpec(workflow);
      expect(result.errors, c.name).toEqual([]);
      expect(result.document!.outputs, c.name).toEqual(DECLARED_OUTPUTS);
      const out = join(dir, `${c.name.replace(/\W+/g, '-')}-export.json`);
      writeFileSync(out, toJson(result.document));
      exports.push(out);
    }
    expect(load(originals).failures).toBe('');
    expect(load(exports).failures).toBe('');
  });
});
