// The import/export and Agent Spec routes of wfe serve, checked against FlowDrop's OpenAPI document and,
// for Agent Spec bodies, the official schema (the OpenAPI describes FlowDrop's dialect, which wfe reads
// but does not write: see README "Agent Spec: export and import").
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { startServer, type Harness } from './support/harness.js';
import { assertMatchesContract } from './support/openapi.js';
import { agentSpecMissing, readExample, schemaProblems } from './agentspec-schema.js';
import { missingShared, openApiPath } from './support/shared.js';

const describeWithShared = describe.skipIf(agentSpecMissing !== undefined || missingShared(openApiPath) !== undefined);
import { dialectFlow } from './support/flows.js';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/workflows/${name}`, import.meta.url), 'utf8'));
const router = fixture('support-router.json');
const summary = fixture('agentspec-summary.json');
const cyclic = structuredClone(summary);
cyclic.id = 'cyclic';
cyclic.edges.push({
  ...cyclic.edges[1],
  id: 'back',
  source: cyclic.edges[1].target,
  target: cyclic.edges[1].source,
  sourceHandle: `${cyclic.edges[1].target}-output-trigger`,
  targetHandle: `${cyclic.edges[1].source}-input-trigger`,
});

let h: Harness;
beforeAll(async () => {
  h = await startServer({ files: { 'router.json': router, 'summary.json': summary, 'cyclic.json': cyclic } });
});
afterAll(async () => h.close());

describeWithShared('GET /workflows/{id}/export and POST /workflows/import', () => {
  it('exports the raw workflow as JSON or YAML, as a download', async () => {
    const json = await h.call('GET', `/workflows/${router.id}/export`);
    assertMatchesContract('GET', '/workflows/{id}/export', json);
    expect(json.body.id).toBe(router.id);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="Customer Support Router.json"');
    const yaml = await h.call('GET', `/workflows/${router.id}/export?format=yaml`);
    expect(yaml.headers.get('content-type')).toMatch(/^application\/x-yaml/);
    expect(parseYaml(yaml.text, { version: '1.1' })).toEqual(json.body);
    assertMatchesContract('GET', '/workflows/{id}/export', await h.call('GET', '/workflows/nope/export'));
  });

  it('names a download beyond ASCII in filename*, as UTF-8, with an ASCII filename beside it', async () => {
    const put = await h.call('PUT', `/workflows/${summary.id}`, { name: 'Ünïcødé 🚀 (v2)' });
    expect(put.status).toBe(200);
    const res = await h.call('GET', `/workflows/${summary.id}/export?format=yaml`);
    const header = res.headers.get('content-disposition')!;
    expect(header).toBe(`attachment; filename="_n_c_d_ _ _v2_.yaml"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20_%20_v2_.yaml`);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(header)![1])).toBe('Ünïcødé _ _v2_.yaml');
  });

  it('imports a raw workflow, {workflow: object} and {workflow: "<json>"} under a new id', async () => {
    for (const body of [router, { workflow: router }, { workflow: JSON.stringify(router) }]) {
      const res = await h.call('POST', '/workflows/import', body);
      assertMatchesContract('POST', '/workflows/import', res);
      expect(res.status).toBe(201);
      expect(res.body.data.id).not.toBe(router.id);
      expect(res.body.data.nodes).toEqual(router.nodes);
    }
    const bad = await h.call('POST', '/workflows/import', { workflow: '{"name": ' });
    assertMatchesContract('POST', '/workflows/import', bad);
    expect(bad.status).toBe(400);
    // YAML's .inf would be saved as null, and the file would fail its schema at the next start.
    const infinite = await h.call('POST', '/workflows/import', {
      workflow: stringifyYaml(router).replace(/^(\s+)x: [\d.]+$/m, '$1x: .inf'),
    });
    assertMatchesContract('POST', '/workflows/import', infinite);
    expect(infinite.status).toBe(400);
    // YAML that would take the server down: an alias that contains itself (out of memory), an alias bomb, too deep.
    for (const [workflow, reason] of [
      ['a: &a [*a]\n', /an alias contains itself/],
      [
        [
          'a: &a [x, x, x, x, x, x, x, x, x]',
          ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`),
        ].join('\n'),
        /aliases expand too far/,
      ],
      [
        `id: y\nname: y\nnodes: []\nedges: []\nconfig:\n  a: ${'['.repeat(300)}${']'.repeat(300)}\n`,
        /nested deeper than the limit of 256 levels/,
      ],
    ] as const) {
      const refused = await h.call('POST', '/workflows/import', { workflow });
      expect(refused.status, String(workflow).slice(0, 40)).toBe(400);
      expect(refused.body.details.message).toMatch(reason);
    }
    expect((await h.call('GET', '/health')).status).toBe(200);
    expect(infinite.body.details.message).toMatch(/^\/nodes\/0\/position\/x \(line \d+, column \d+\): \.inf \(Infinity\) has no JSON form/);
    const dangling = await h.call('POST', '/workflows/import', { ...router, edges: [{ id: 'x', source: 'a', target: 'b' }] });
    expect(dangling.status).toBe(422);
    assertMatchesContract('POST', '/workflows/import', dangling);
  });
});

describeWithShared('Agent Spec routes', () => {
  it('exports the official format, or 422 with the validation result', async () => {
    const flow = await h.call('GET', `/workflows/${summary.id}/export/agentspec`);
    expect(flow.status).toBe(200);
    expect(flow.body.component_type).toBe('Flow');
    expect(schemaProblems(flow.body)).toEqual([]);
    const document = await h.call('GET', `/workflows/${router.id}/export/agentspec?format=document`);
    expect(document.status).toBe(200);
    expect(schemaProblems(document.body.flow)).toEqual([]);
    expect(document.body.llm_configs.map((c: { model_id: string }) => c.model_id).sort()).toEqual([
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4o-mini',
      'gpt-4o-mini',
    ]);
    // The document form imports back as the flow it wraps (it was taken for FlowDrop's dialect: a 500).
    const back = await h.call('POST', '/workflows/import/agentspec', document.body);
    expect(back.status, JSON.stringify(back.body).slice(0, 300)).toBe(200);
    expect(back.body.data.nodes.map((n: { id: string }) => n.id).sort()).toEqual(router.nodes.map((n: { id: string }) => n.id).sort());
    // A dialect flow the reader cannot translate is a 422 with the reason, not a 500.
    const broken = await h.call('POST', '/workflows/import/agentspec', {
      component_type: 'flow',
      name: 'x',
      start_node: 's',
      nodes: [],
      control_flow_connections: [],
    });
    expect(broken.status).toBe(422);
    expect(broken.body.details.errors).toEqual(['/start_node: names node "s", which is not in nodes']);
    const refused = await h.call('GET', '/workflows/cyclic/export/agentspec');
    assertMatchesContract('GET', '/workflows/{id}/export/agentspec', refused);
    expect(refused.body).toMatchObject({
      valid: false,
      errors: [expect.stringMatching(/^Cycle detected: .*mark the edge that closes it as a loop/)],
    });
    assertMatchesContract('GET', '/workflows/{id}/export/agentspec', await h.call('GET', '/workflows/nope/export/agentspec'));
  });

  it('validates a stored workflow for export', async () => {
    const res = await h.call('GET', '/workflows/cyclic/validate/agentspec');
    assertMatchesContract('GET', '/workflows/{id}/validate/agentspec', res);
    expect(res.body.valid).toBe(false);
    expect(res.body.errors).toEqual([expect.stringMatching(/^Cycle detected: /)]);
    // The verdict of `wfe validate`, whose lossy-export rule is off unless wfe.config.yaml turns it on;
    // the export itself still names what it loses.
    expect(res.body.warnings).toEqual([]);
    expect((await h.call('GET', '/workflows/cyclic/export/agentspec')).body.warnings.length).toBeGreaterThan(0);
  });

  it('imports official and dialect flows (200 Env<Workflow>), refusing an Agent with 422', async () => {
    const official = readExample('howto_summary_flow.json');
    const res = await h.call('POST', '/workflows/import/agentspec', official);
    assertMatchesContract('POST', '/workflows/import/agentspec', res);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(official.id);
    expect((await h.call('GET', `/workflows/${official.id}`)).status).toBe(200);
    const twice = await h.call('POST', '/workflows/import/agentspec', official);
    expect(twice.body.data.id).not.toBe(official.id);

    const dialect = dialectFlow();
    const fromDialect = await h.call('POST', '/workflows/import/agentspec', dialect);
    assertMatchesContract('POST', '/workflows/import/agentspec', fromDialect);
    expect(fromDialect.body.data.nodes).toHaveLength(2);

    const agent = await h.call('POST', '/workflows/import/agentspec', readExample('howto_agents.json'));
    assertMatchesContract('POST', '/workflows/import/agentspec', agent);
    expect(agent.status).toBe(422);
    expect(agent.body.errors).toEqual([
      "This document is an Agent 'Helpful agent with username and tools', not a Flow: an Agent runs inside a Flow through an AgentNode (StartNode → AgentNode → EndNode)",
    ]);
  });

  it('validates flows for the runtime, and lists agents, tools and health', async () => {
    const ok = await h.call('POST', '/agentspec/flows/validate', readExample('howto_mapnode.json'));
    assertMatchesContract('POST', '/agentspec/flows/validate', ok);
    expect(ok.body).toMatchObject({ valid: true, errors: [] });
    const bad = await h.call('POST', '/agentspec/flows/validate', {
      component_type: 'Flow',
      name: 'x',
      start_node: { $component_ref: 'a' },
      nodes: [],
      control_flow_connections: [],
    });
    expect(bad.body.valid).toBe(false);
    const tools = await h.call('GET', '/agentspec/tools');
    assertMatchesContract('GET', '/agentspec/tools', tools);
    expect(tools.body.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['web_search', 'calculator', 'agentspec.tool_node']),
    );
    // human_review exports as a FlowNode (its subflow asks the question), not as a ClientTool.
    expect(tools.body.map((t: { name: string }) => t.name)).not.toContain('human_review');
    expect(tools.body.every((t: { component_type: string }) => t.component_type === 'server_tool')).toBe(true);
    const agents = await h.call('GET', '/agentspec/agents');
    assertMatchesContract('GET', '/agentspec/agents', agents);
    expect(agents.body.map((a: { name: string }) => a.name)).toEqual(['agentspec.agent_node']);
    const health = await h.call('GET', '/agentspec/health');
    assertMatchesContract('GET', '/agentspec/health', health);
    expect(health.body).toMatchObject({ status: 'healthy', runtime: 'wfe' });
  });
});
