// One flow, one verdict: the same Agent Spec flow, valid or not, gets the same answer (valid, errors,
// warnings) from POST /agentspec/flows/validate, GET /workflows/{id}/validate/agentspec, POST
// /workflows/import/agentspec, POST /agentspec/flows/execute and `wfe validate` (the built CLI), under the
// served folder's wfe.config.yaml. Needs dist/ (npm run build).
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { importDocument } from '../src/agentspec/index.js';
import { agentSpecMissing, readExample } from './agentspec-schema.js';
import { runCli } from './support/cli.js';
import { startServer, tempDir, type Harness } from './support/harness.js';
import { dialectFlow } from './support/flows.js';

type Flow = Record<string, any>;

interface Verdict {
  valid: boolean;
  errors: string[];
  warnings: string[];
}

const normal = (v: Verdict): Verdict => ({ valid: v.valid, errors: [...v.errors].sort(), warnings: [...v.warnings].sort() });

const example: Flow = readExample('howto_summary_flow.json');
const summaryWorkflow = JSON.parse(readFileSync(new URL('../fixtures/workflows/agentspec-summary.json', import.meta.url), 'utf8'));
const LLM = '80b98b71-d921-4478-b661-e3f84f61bb8e';

/** The cases: name → flow. Some are built from the export of the summary fixture (its ports say which inputs are required). */
function cases(exported: Flow): Record<string, Flow> {
  const c = structuredClone;
  const branching = summaryWorkflow.nodes.find(
    (n: { data: { metadata: { id: string } } }) => n.data.metadata.id === 'agentspec.branching_node',
  ).id;
  const loose = c(example);
  loose.nodes.push({ $component_ref: 'loose' });
  loose.$referenced_components.loose = { component_type: 'OutputMessageNode', id: 'loose', name: 'loose_message', message: 'never shown' };
  return {
    'valid official example': c(example),
    'valid wfe export': c(exported),
    'valid dialect flow': dialectFlow(),
    // wfe.config.yaml below turns no-disconnected-node into a warning: valid, with one warning everywhere.
    'valid official flow with a loop': readExample('ext_ops_assistant_tutorial_flow.json'),
    'disconnected node (a warning)': loose,
    'unknown node type': (() => {
      const f = c(example);
      f.$referenced_components[LLM].component_type = 'Teleport';
      return f;
    })(),
    'dangling edge': (() => {
      const f = c(example);
      f.control_flow_connections[1].to_node = { $component_ref: 'ghost' };
      return f;
    })(),
    'missing start node': (() => {
      const f = c(example);
      delete f.start_node;
      return f;
    })(),
    'start node that is not a StartNode': { ...c(example), start_node: { $component_ref: LLM } },
    'second edge from one branch (a cycle)': (() => {
      const f = c(example);
      f.control_flow_connections.push({
        component_type: 'ControlFlowEdge',
        id: 'back',
        name: 'back',
        from_node: { $component_ref: LLM },
        from_branch: null,
        to_node: { $component_ref: LLM },
      });
      return f;
    })(),
    'missing required port': (() => {
      const f = c(exported);
      f.data_flow_connections = f.data_flow_connections.filter(
        (e: { destination_node: { $component_ref: string } }) => e.destination_node.$component_ref !== branching,
      );
      return f;
    })(),
    'bad schema': { ...c(example), control_flow_connections: 'none' },
    'not a Flow': readExample('howto_agents.json'),
  };
}

const CASES = [
  'valid official example',
  'valid wfe export',
  'valid dialect flow',
  'valid official flow with a loop',
  'disconnected node (a warning)',
  'unknown node type',
  'dangling edge',
  'missing start node',
  'start node that is not a StartNode',
  'second edge from one branch (a cycle)',
  'missing required port',
  'bad schema',
  'not a Flow',
];
// Agent Spec allows loops, and inputs left unconnected (Oracle's loader loads both): those flows are valid.
const EXPECTED_VALID = [
  'valid official example',
  'valid wfe export',
  'valid dialect flow',
  'valid official flow with a loop',
  'disconnected node (a warning)',
  'missing required port',
];
// The stored workflow a flow imported as is judged in FlowDrop's terms (the export rules): it agrees on
// validity, except where FlowDrop asks more than Agent Spec (a required input port must be connected) or less
// (an output port may lead to two nodes).
const STORED_DIFFERS = new Set(['missing required port', 'second edge from one branch (a cycle)']);
const STORED = 'GET /workflows/{id}/validate/agentspec';

let h: Harness;
let dir: string;
let flows: Record<string, Flow>;
const verdicts = new Map<string, Record<string, Verdict>>();

beforeAll(async () => {
  dir = await tempDir('wfe-verdict-');
  await writeFile(join(dir, 'summary.json'), JSON.stringify(summaryWorkflow));
  await writeFile(join(dir, 'wfe.config.yaml'), 'rules:\n  no-disconnected-node: warning\n');
  h = await startServer({ dir, stepDelayMs: 0 });
  const exported = await h.call('GET', `/workflows/${summaryWorkflow.id}/export/agentspec`);
  expect(exported.status).toBe(200);
  flows = cases(exported.body);
  // `wfe validate` of every flow in one run, with the one rule across files off (the cases share ids, which
  // it would report): each file's verdict is then its own. The YAML copy proves that Agent Spec YAML is read too.
  const names = Object.keys(flows);
  await mkdir(join(dir, 'flows'));
  const files = names.map((_, i) => join(dir, 'flows', `case-${i}.json`));
  await Promise.all(files.map((file, i) => writeFile(file, JSON.stringify(flows[names[i]], null, 2))));
  const yamlFile = join(dir, 'flows', 'example.agentspec.yaml');
  await writeFile(yamlFile, toYaml(example));
  const cli = await runCli(['validate', ...files, yamlFile, '-f', 'json', '--rule', 'duplicate-workflow-id=off']);
  expect([0, 1], cli.stderr).toContain(cli.code);
  type FileReport = { file: string; problems: Array<{ severity: string; message: string }> };
  const reports = new Map((JSON.parse(cli.stdout) as { files: FileReport[] }).files.map((f) => [f.file, f]));
  expect(reports.size).toBe(files.length + 1);
  const fromCli = (file: string): Verdict => {
    const found = reports.get(file);
    if (!found) throw new Error(`wfe validate reported nothing for ${file}`);
    const errors = found.problems.filter((p) => p.severity === 'error').map((p) => p.message);
    return { valid: errors.length === 0, errors, warnings: found.problems.filter((p) => p.severity === 'warning').map((p) => p.message) };
  };
  verdicts.set('example as YAML', { 'wfe validate': fromCli(yamlFile) });

  for (const [i, name] of names.entries()) {
    const flow = flows[name];
    const found: Record<string, Verdict> = { 'wfe validate': fromCli(files[i]) };

    const validated = await h.call('POST', '/agentspec/flows/validate', flow);
    expect(validated.status, name).toBe(200);
    found['POST /agentspec/flows/validate'] = validated.body;

    const imported = await h.call('POST', '/workflows/import/agentspec', flow);
    expect([200, 422], name).toContain(imported.status);
    found['POST /workflows/import/agentspec'] =
      imported.status === 200 ? { valid: true, errors: [], warnings: imported.body.warnings } : imported.body;

    const executed = await h.call('POST', '/agentspec/flows/execute', { flow });
    expect([200, 422], name).toContain(executed.status);
    found['POST /agentspec/flows/execute'] =
      executed.status === 200 ? { valid: true, errors: [], warnings: executed.body.warnings } : executed.body;

    // The stored workflow of this flow: the import's when it imported; otherwise the same importer's
    // result stored as a plain workflow (a flow that does not even convert has no workflow to ask about).
    let storedId: string | undefined = imported.status === 200 ? imported.body.data.id : undefined;
    if (!storedId) {
      let converted;
      try {
        converted = importDocument(flow, { from: 'agentspec' }).workflow;
      } catch {
        converted = undefined;
      }
      if (converted) {
        const created = await h.call('POST', '/workflows', { ...converted, id: `stored-${i}` });
        expect(created.status, `${name}: ${JSON.stringify(created.body)}`).toBe(201);
        storedId = created.body.data.id;
      }
    }
    if (storedId) {
      const stored = await h.call('GET', `/workflows/${encodeURIComponent(storedId)}/validate/agentspec`);
      expect(stored.status, name).toBe(200);
      found['GET /workflows/{id}/validate/agentspec'] = stored.body;
    }
    verdicts.set(name, found);
  }
});

afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(agentSpecMissing !== undefined)('one flow, one verdict', () => {
  it('covers valid and invalid flows of every kind', () => {
    expect(Object.keys(flows)).toEqual(CASES);
    // Every valid flow, and every flow that converts at all, was asked of all five paths.
    for (const name of [...EXPECTED_VALID, 'second edge from one branch (a cycle)'])
      expect(Object.keys(verdicts.get(name)!), name).toHaveLength(5);
  });

  it.each(CASES)('%s: every path gives the same valid, errors and warnings', (name) => {
    const found = verdicts.get(name)!;
    const [first, ...rest] = Object.entries(found).filter(([path]) => path !== STORED);
    for (const [path, verdict] of rest) expect(normal(verdict), `${path} vs ${first[0]}`).toEqual(normal(first[1]));
    expect(normal(first[1]).valid, `${name}: ${JSON.stringify(first[1])}`).toBe(EXPECTED_VALID.includes(name));
    const stored = found[STORED];
    if (stored)
      expect(stored.valid, `${STORED}: ${JSON.stringify(stored)}`).toBe(EXPECTED_VALID.includes(name) !== STORED_DIFFERS.has(name));
  });

  it('the verdicts say what is wrong, in the same words everywhere', () => {
    const errorsOf = (name: string) => verdicts.get(name)!['POST /agentspec/flows/validate'].errors;
    expect(errorsOf('unknown node type')).toEqual(["'Teleport' is not a component type of Agent Spec"]);
    expect(errorsOf('dangling edge')).toEqual([
      "reference 'ghost' is not defined in any $referenced_components read before it; if a separate components file defines it, pass that file too (wfe import --components <file>)",
      "EndNode 'end_node' of Flow 'Ten words summary' has no incoming control flow edge: connect it, or remove it",
    ]);
    expect(errorsOf('missing start node')).toEqual(["Flow 'Ten words summary' has no start_node, which a Flow requires"]);
    expect(errorsOf('second edge from one branch (a cycle)')).toEqual([
      "LlmNode 'summarize_node' has two control flow edges from branch 'next' ('control_edge_2' and 'back'): a branch leads to one node",
    ]);
    expect(errorsOf('bad schema')).toEqual([
      "control_flow_connections of Flow 'Ten words summary' must be a list of ControlFlowEdge components, not a string",
    ]);
    expect(errorsOf('not a Flow')).toEqual([
      "This document is an Agent 'Helpful agent with username and tools', not a Flow: an Agent runs inside a Flow through an AgentNode (StartNode → AgentNode → EndNode)",
    ]);
    expect(verdicts.get('disconnected node (a warning)')!['wfe validate'].warnings).toEqual([
      "OutputMessageNode 'loose_message' of Flow 'Ten words summary' is not reached from its StartNode by control flow edges: it never runs",
    ]);
  });

  it('wfe validate reads an Agent Spec flow written as YAML with the same importer', () => {
    expect(normal(verdicts.get('example as YAML')!['wfe validate'])).toEqual(
      normal(verdicts.get('valid official example')!['POST /agentspec/flows/validate']),
    );
  });
});

describe('the id of an imported flow', () => {
  it('is not a file name: a slash in it is no finding of wfe validate, as it is in a workflow file', async () => {
    const workflow = JSON.parse(readFileSync(new URL('../fixtures/workflows/chat-pipeline.json', import.meta.url), 'utf8')) as {
      id: string;
    };
    workflow.id = 'team/chat';
    const asWorkflow = await runCli(['validate', '-', '-f', 'compact'], { input: JSON.stringify(workflow) });
    expect(asWorkflow.code).toBe(1);
    expect(asWorkflow.stdout).toContain('id "team/chat" must not contain "/"');
    const exported = await runCli(['export', '-', '-q'], { input: JSON.stringify(workflow) });
    expect(exported.code, exported.stderr).toBe(0);
    const asFlow = await runCli(['validate', '-', '-f', 'compact'], { input: exported.stdout });
    expect(asFlow).toMatchObject({ code: 0, stdout: '' });
  });
});
