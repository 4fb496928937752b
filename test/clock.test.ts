// Every stamp the server writes comes from the injected clock: a workflow's times, a run's, its jobs'
// and its logs', a session's and its messages'.
import { describe, expect } from 'vitest';
import type { Clock } from '../src/util/clock.js';
import { chatFlow } from './support/flows.js';
import { serverTest } from './support/server-fixture.js';
import { converse } from './support/playground.js';

const PINNED = new Date('2031-05-06T07:08:09.000Z');
const pinned: Clock = { now: () => new Date(PINNED) };

describe('the injected clock', () => {
  serverTest('stamps a created and an updated workflow', async ({ server }) => {
    const h = await server({ clock: pinned });
    const created = await h.call('POST', '/workflows', { name: 'Stamped', nodes: [], edges: [] });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    expect(created.body.data.metadata).toMatchObject({ createdAt: PINNED.toISOString(), updatedAt: PINNED.toISOString() });
    const updated = await h.call('PUT', `/workflows/${id}`, { name: 'Stamped again' });
    expect(updated.body.data.metadata.updatedAt).toBe(PINNED.toISOString());
  });

  serverTest('stamps a run, its jobs, its logs, its session and its messages', async ({ server }) => {
    const h = await server({ clock: pinned, stepDelayMs: 0, files: { 'chat.json': chatFlow('chat', { mockResponse: 'hello' }) } });
    const { sessionId, messages } = await converse(h, 'chat', 'what time is it?');
    const runId = messages[0].executionId!;
    const pipeline = (await h.call('GET', `/pipeline/${runId}`)).body.data;
    const stamps: string[] = [pipeline.started, pipeline.finished ?? pipeline.completed].filter(Boolean);
    for (const job of pipeline.jobs) for (const stamp of [job.started, job.completed]) if (stamp) stamps.push(stamp);
    for (const entry of (await h.call('GET', `/pipeline/${runId}/logs`)).body.data) stamps.push(entry.timestamp);
    const session = (await h.call('GET', `/playground/sessions/${sessionId}`)).body.data;
    stamps.push(session.createdAt, session.updatedAt);
    expect(stamps.length).toBeGreaterThan(5);
    expect(new Set(stamps)).toEqual(new Set([PINNED.toISOString()]));
  });
});
