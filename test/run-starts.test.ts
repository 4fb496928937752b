// Starting a run writes its record to disk first, without holding the event loop: requests that arrive while
// that write is under way are judged as if it had finished. Each case sends its requests at once, so that
// most of them land during another's write.
import { describe, expect } from 'vitest';
import { MAX_CONCURRENT_RUNS } from '../src/engine/engine.js';
import { chatFlow } from './support/flows.js';
import { serverTest } from './support/server-fixture.js';

const statusesOf = (replies: Array<{ status: number }>) => replies.map((r) => r.status).sort((a, b) => a - b);

describe('starts that arrive together', () => {
  serverTest(`no more than ${MAX_CONCURRENT_RUNS} runs at once, however many are asked for in the same moment`, async ({ server }) => {
    // Runs that take minutes: none ends during the test; the fixture's close cancels them.
    const h = await server({ stepDelayMs: 60_000, files: { 'chat.json': chatFlow('chat') } });
    const asked = MAX_CONCURRENT_RUNS + 5;
    const [replies, health] = await Promise.all([
      Promise.all(Array.from({ length: asked }, () => h.call('POST', '/workflows/chat/execute', {}))),
      h.call('GET', '/health'),
    ]);
    expect(health.status).toBe(200);
    const statuses = statusesOf(replies);
    expect(statuses.filter((s) => s === 409)).toHaveLength(asked - MAX_CONCURRENT_RUNS);
    expect(statuses.filter((s) => s !== 409)).toEqual(Array.from({ length: MAX_CONCURRENT_RUNS }, () => 202));
    const refused = replies.find((r) => r.status === 409)!;
    expect(refused.body.error).toMatch(new RegExp(`^${MAX_CONCURRENT_RUNS} runs are already in progress`));
  });

  serverTest('a pipeline run again by several requests at once runs once; the others are 409', async ({ server }) => {
    const h = await server({ stepDelayMs: 0, files: { 'chat.json': chatFlow('chat') } });
    const first = await h.call('POST', '/workflows/chat/execute', {});
    const id = first.body.data.execution_id as string;
    await expect.poll(async () => (await h.call('GET', `/pipeline/${id}`)).body.status).toBe('completed');
    const replies = await Promise.all(Array.from({ length: 5 }, () => h.call('POST', `/pipeline/${id}/execute`, {})));
    expect(statusesOf(replies)).toEqual([202, 409, 409, 409, 409]);
    expect(replies.find((r) => r.status === 409)!.body.error).toMatch(new RegExp(`^Pipeline '${id}' is already running; stop it first`));
    await expect.poll(async () => (await h.call('GET', `/pipeline/${id}`)).body.status).toBe('completed');
  });

  serverTest('two messages sent to a session at once: one runs, the other is 409 and is not kept', async ({ server }) => {
    const h = await server({ stepDelayMs: 0, files: { 'chat.json': chatFlow('chat') } });
    const session = (await h.call('POST', '/workflows/chat/playground/sessions', {})).body.data.id as string;
    const replies = await Promise.all(
      ['one', 'two'].map((content) => h.call('POST', `/playground/sessions/${session}/messages`, { content })),
    );
    expect(statusesOf(replies)).toEqual([200, 409]);
    const sent = replies.find((r) => r.status === 200)!.body.data.content as string;
    await expect.poll(async () => (await h.call('GET', `/playground/sessions/${session}`)).body.data.status).not.toBe('running');
    const messages = (await h.call('GET', `/playground/sessions/${session}/messages`)).body.data as Array<{
      role: string;
      content: string;
    }>;
    expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([sent]);
  });
});
