// A run is refused (503) when its history cannot be written, not accepted with 202 and
// lost. The runs folder is replaced by a plain file (chmod would not stop root), then put back.
import { readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { eventually, tempDir } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';
import { chatFlow } from './support/flows.js';

/** Moves the runs folder aside (one rename, so no write in flight can race it) and puts a file there. */
async function breakRunsFolder(dir: string): Promise<() => Promise<void>> {
  const runs = join(dir, '.wfe', 'runs');
  await rename(runs, `${runs}.aside`);
  await writeFile(runs, 'not a folder\n');
  return async () => {
    await rm(runs, { force: true });
    await rename(`${runs}.aside`, runs);
  };
}

describe('a run whose record cannot be written', () => {
  serverTest(
    'POST /workflows/{id}/execute is 503 with the contract envelope; nothing is left running; it works again once the folder is back',
    async ({ server }) => {
      const h = await server({ files: { 'chat.json': chatFlow('chat') }, stepDelayMs: 0 });
      const repair = await breakRunsFolder(h.dir);

      const refused = await h.call('POST', '/workflows/chat/execute', { inputs: { message: 'hello' } });
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(refused.body.error).toMatch(/run history/);
      expect(refused.body.error).toContain(join(h.dir, '.wfe', 'runs'));
      expect((await h.call('GET', '/executions')).body.data).toEqual([]);
      expect((await h.call('GET', '/health')).status).toBe(200);

      await repair();
      const accepted = await h.call('POST', '/workflows/chat/execute', { inputs: { message: 'hello' } });
      expect(accepted.status).toBe(202);
      const id = accepted.body.data.execution_id as string;
      const done = await eventually(async () => {
        const p = (await h.call('GET', `/pipeline/${id}`)).body;
        return p.status === 'completed' ? p : undefined;
      });
      expect(done.status).toBe('completed');
    },
  );

  serverTest('a playground message is refused with 503 and leaves the session as it was', async ({ server }) => {
    const h = await server({ files: { 'chat.json': chatFlow('chat') }, stepDelayMs: 0 });
    const session = (await h.call('POST', '/workflows/chat/playground/sessions', {})).body.data.id as string;
    const repair = await breakRunsFolder(h.dir);

    const refused = await h.call('POST', `/playground/sessions/${session}/messages`, { content: 'hello' });
    expect(refused.status).toBe(503);
    const after = (await h.call('GET', `/playground/sessions/${session}/messages`)).body;
    expect(after.sessionStatus).toBe('idle');
    expect(after.data).toEqual([]);

    await repair();
    const sent = await h.call('POST', `/playground/sessions/${session}/messages`, { content: 'hello' });
    expect(sent.status).toBe(200);
  });

  serverTest('re-running a pipeline in place is refused with 503 and the old record is kept as it was', async ({ server }) => {
    const h = await server({ files: { 'chat.json': chatFlow('chat') }, stepDelayMs: 0 });
    const id = (await h.call('POST', '/workflows/chat/execute', { inputs: { message: 'first' } })).body.data.execution_id as string;
    const first = await eventually(async () => {
      const p = (await h.call('GET', `/pipeline/${id}`)).body;
      return p.status === 'completed' ? p : undefined;
    });
    const repair = await breakRunsFolder(h.dir);

    const refused = await h.call('POST', `/pipeline/${id}/execute`, {});
    expect(refused.status).toBe(503);
    const kept = (await h.call('GET', `/pipeline/${id}`)).body;
    expect(kept.status).toBe('completed');
    expect(kept.jobs).toEqual(first.jobs);
    await repair();
  });
});

describe('a run history folder that is a symbolic link', () => {
  serverTest(
    'is never written or read through: runs and sessions are refused with 503 naming the link, and nothing lands outside',
    async ({ server }) => {
      const dir = await tempDir();
      const outside = await tempDir();
      try {
        await writeFile(join(dir, 'chat.json'), JSON.stringify(chatFlow('chat')));
        await symlink(outside, join(dir, '.wfe'));
        const h = await server({ dir, stepDelayMs: 0 });
        const run = await h.call('POST', '/workflows/chat/execute', { inputs: { message: 'hello' } });
        expect(run.status).toBe(503);
        expect(run.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
        expect(run.body.error).toMatch(
          /^The run history cannot be written, so the run was not started: \.wfe\/runs is a symbolic link \(or lies under one\).*\(\.wfe is the link\)/,
        );
        expect((await h.call('POST', '/workflows/chat/playground/sessions', {})).status).toBe(503);
        expect((await h.call('GET', '/workflows/chat')).status).toBe(200);
        expect(await readdir(outside)).toEqual([]);
      } finally {
        await rm(outside, { recursive: true, force: true });
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
