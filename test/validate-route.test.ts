// POST /workflows/validate is `wfe validate` on one posted workflow: the same rules, the same rule
// settings (the served folder's wfe.config.yaml), the same node types (nodes/), the same messages, and
// nothing written. Needs dist/ (npm run build) for the CLI side.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import { runCli } from './support/cli.js';
import { chatFlow, e, routerFlow } from './support/flows.js';
import { startServer, tempDir, writeFiles, type Harness } from './support/harness.js';

const clone = (w: Workflow): Workflow => structuredClone(w);

const CASES: Record<string, Workflow> = {
  valid: chatFlow('valid'),
  'valid router': routerFlow('router'),
  'dangling edge': (() => {
    const w = clone(chatFlow('dangling'));
    w.edges.push(e('model.response -> ghost.message'));
    return w;
  })(),
  'incompatible ports': (() => {
    const w = clone(chatFlow('ports'));
    w.edges.push(e('in.history -> model.system'));
    return w;
  })(),
  'bad node config': (() => {
    const w = clone(chatFlow('config'));
    w.nodes[2].data.config.temperature = 'hot';
    return w;
  })(),
  // no-cycle is off in the folder's config below: no error for this one, in either place.
  cycle: (() => {
    const w = clone(chatFlow('cycle'));
    w.edges.push(e('out.trigger -> in.trigger'));
    return w;
  })(),
  // gateway-branches is raised to an error in the folder's config.
  'gateway without branches': (() => {
    const w = clone(routerFlow('no-branches'));
    w.nodes.find((n) => n.id === 'route')!.data.config.branches = [];
    return w;
  })(),
  'disconnected node': (() => {
    const w = clone(chatFlow('lonely'));
    w.nodes.push({ ...clone(chatFlow('x')).nodes[2], id: 'lonely', position: { x: 0, y: 500 } });
    return w;
  })(),
};

let h: Harness;
let dir: string;
const fromRoute = new Map<string, { valid: boolean; errors: string[]; warnings: string[]; suggestions: string[] }>();
let filesBefore: string[];
let filesAfter: string[];

async function listing(root: string): Promise<string[]> {
  return (await readdir(root, { recursive: true })).map(String).sort();
}

beforeAll(async () => {
  dir = await tempDir('wfe-validate-route-');
  await writeFiles(dir, { 'wfe.config.yaml': 'rules:\n  no-cycle: off\n  gateway-branches: error\n  lossy-export: warning\n' });
  h = await startServer({ dir });
  filesBefore = await listing(dir);
  for (const [name, workflow] of Object.entries(CASES)) {
    const res = await h.call('POST', '/workflows/validate', workflow);
    expect(res.status, name).toBe(200);
    fromRoute.set(name, res.body.data);
  }
  filesAfter = await listing(dir);
});

afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('POST /workflows/validate and wfe validate', () => {
  it('writes nothing: the folder and the workflow list are as before', async () => {
    expect(filesAfter).toEqual(filesBefore);
    expect((await h.call('GET', '/workflows')).body.data).toEqual([]);
  });

  it('gives the errors and warnings wfe validate gives for the same workflow in the same folder', async () => {
    await mkdir(join(dir, 'cases'));
    const files = Object.keys(CASES).map((_, i) => join(dir, 'cases', `case-${i}.json`));
    await Promise.all(Object.values(CASES).map((workflow, i) => writeFile(files[i], JSON.stringify(workflow, null, 2))));
    const cli = await runCli(['validate', ...files, '-f', 'json']);
    expect([0, 1], cli.stderr).toContain(cli.code);
    const report = JSON.parse(cli.stdout) as { files: Array<{ file: string; problems: Array<{ severity: string; message: string }> }> };
    const sorted = (list: string[]) => [...list].sort();
    for (const [i, name] of Object.keys(CASES).entries()) {
      const { problems } = report.files.find((f) => f.file === files[i])!;
      const route = fromRoute.get(name)!;
      const errors = problems.filter((p) => p.severity === 'error').map((p) => p.message);
      expect(sorted(route.errors), name).toEqual(sorted(errors));
      expect(sorted(route.warnings), name).toEqual(sorted(problems.filter((p) => p.severity === 'warning').map((p) => p.message)));
      expect(route.valid, name).toBe(errors.length === 0);
    }
  });

  it('follows the folder rules and says what to do', () => {
    expect(fromRoute.get('valid')).toMatchObject({ valid: true, errors: [] });
    expect(fromRoute.get('cycle')!.errors).not.toContain('Cycle detected');
    expect(fromRoute.get('gateway without branches')!.errors).toEqual(
      expect.arrayContaining([expect.stringContaining('has no branches defined')]),
    );
    expect(fromRoute.get('dangling edge')).toMatchObject({
      valid: false,
      suggestions: expect.arrayContaining([expect.stringMatching(/^edge-missing-node: /)]),
    });
    expect(fromRoute.get('incompatible ports')!.suggestions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^port-compatibility: .*compatibilityRules/)]),
    );
    expect(fromRoute.get('bad node config')!.errors).toEqual(
      expect.arrayContaining([expect.stringContaining("Node 'model' has invalid configuration")]),
    );
  });
});
