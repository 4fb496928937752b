// The Agent Spec runtime API on the built-in engine: execute a posted flow, poll it by node name,
// stream its node statuses, read its results, cancel it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { eventually, type Harness } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';
import { assertMatchesContract } from './support/openapi.js';
import { missingShared, openApiPath } from './support/shared.js';
import { agentSpecMissing, examplesDir } from './agentspec-schema.js';

const example = async (name: string) => JSON.parse(await readFile(join(examplesDir, name), 'utf8'));

async function exportedFixture(h: Harness, file: string) {
  const fixture = JSON.parse(await readFile(new URL(`../fixtures/workflows/${file}`, import.meta.url), 'utf8'));
  await h.call('POST', '/workflows', fixture);
  const res = await h.call('GET', `/workflows/${fixture.id}/export/agentspec`);
  expect(res.status).toBe(200);
  return res.body;
}

describe.skipIf(agentSpecMissing !== undefined || missingShared(openApiPath) !== undefined)('Agent Spec runtime API', () => {
  serverTest('runs a posted flow; status by node name, results once completed', async ({ server }) => {
    const h = await server({ stepDelayMs: 0 });
    const flow = await exportedFixture(h, 'agentspec-summary.json');
    const started = await h.call('POST', '/agentspec/flows/execute', { flow, inputs: { user_input: 'The API was down for 20 minutes.' } });
    expect(started.status).toBe(200);
    assertMatchesContract('post', '/agentspec/flows/execute', started);
    expect(started.body).toMatchObject({ status: 'running' });
    const id = started.body.execution_id;
    expect(started.body.id).toBe(id);
    const done = await eventually(async () => {
      const s = await h.call('GET', `/agentspec/executions/${id}`);
      return s.body.status === 'completed' ? s.body : undefined;
    });
    expect(done.execution_id).toBe(id);
    assertMatchesContract('get', '/agentspec/executions/{id}', await h.call('GET', `/agentspec/executions/${id}`));
    expect(Object.keys(done.node_statuses)).toContain('Summarise');
    expect(done.node_statuses.Summarise).toMatchObject({ status: 'completed', execution_count: 1 });
    const results = await h.call('GET', `/agentspec/executions/${id}/results`);
    expect(results.status).toBe(200);
    assertMatchesContract('get', '/agentspec/executions/{id}/results', results);
    expect(results.body).toMatchObject({ execution_id: id, status: 'completed' });
    // By the Flow's output names, as an Agent Spec runtime answers (the export names its one output "result").
    expect(Object.keys(results.body.results)).toEqual(['result']);
    expect(results.body.results.result).toContain('Summarise the following text');
    expect((await h.call('POST', `/agentspec/executions/${id}/cancel`)).status).toBe(409);
  });

  serverTest('an official example flow runs too; a non-Flow is refused with 422; unknown ids are 404', async ({ server }) => {
    const h = await server({ stepDelayMs: 0 });
    const started = await h.call('POST', '/agentspec/flows/execute', { flow: await example('howto_summary_flow.json'), inputs: {} });
    expect(started.status).toBe(200);
    await eventually(async () => (await h.call('GET', `/agentspec/executions/${started.body.execution_id}`)).body.status === 'completed');
    // Oracle's example declares its output "summary": the results are keyed so.
    const results = await h.call('GET', `/agentspec/executions/${started.body.execution_id}/results`);
    expect(Object.keys(results.body.results)).toEqual(['summary']);
    const agent = await h.call('POST', '/agentspec/flows/execute', { flow: await example('howto_agents.json') });
    expect(agent.status).toBe(422);
    expect(agent.body.details.errors[0]).toMatch(/^This document is an Agent '.+', not a Flow: /);
    expect((await h.call('POST', '/agentspec/flows/execute', {})).status).toBe(400);
    const missing = await h.call('GET', '/agentspec/executions/nope');
    expect(missing.status).toBe(404);
    assertMatchesContract('get', '/agentspec/executions/{id}', missing);
  });

  serverTest('streams node statuses as server-sent events, then execution_complete', async ({ server }) => {
    const h = await server({ stepDelayMs: 30 });
    const flow = await exportedFixture(h, 'agentspec-summary.json');
    const id = (await h.call('POST', '/agentspec/flows/execute', { flow, inputs: { user_input: 'x' } })).body.execution_id;
    const res = await fetch(`${h.base}/agentspec/executions/${id}/stream`);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    const events = text
      .trim()
      .split('\n\n')
      .map((block) => ({ event: /^event: (.+)$/m.exec(block)![1], data: JSON.parse(/^data: (.+)$/m.exec(block)![1]) }));
    expect(
      events.filter((e) => e.event === 'node_status').some((e) => e.data.node === 'Summarise' && e.data.status.status === 'running'),
    ).toBe(true);
    expect(
      events.filter((e) => e.event === 'node_status').some((e) => e.data.node === 'Summarise' && e.data.status.status === 'completed'),
    ).toBe(true);
    expect(events[events.length - 1].event).toBe('execution_complete');
    expect(Object.keys(events[events.length - 1].data.results)).toEqual(['result']);
  });

  serverTest('cancels a running flow; its results stay 404', async ({ server }) => {
    const h = await server({ stepDelayMs: 300 });
    const flow = await exportedFixture(h, 'agentspec-summary.json');
    const id = (await h.call('POST', '/agentspec/flows/execute', { flow, inputs: {} })).body.execution_id;
    const cancelled = await h.call('POST', `/agentspec/executions/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    assertMatchesContract('post', '/agentspec/executions/{id}/cancel', cancelled);
    expect(cancelled.body.success).toBe(true);
    expect((await h.call('GET', `/agentspec/executions/${id}`)).body.status).toBe('cancelled');
    expect((await h.call('GET', `/agentspec/executions/${id}/results`)).status).toBe(404);
  });
});
