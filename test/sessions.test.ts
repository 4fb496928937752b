// Playground sessions on disk, in process: what a session cut off by a crash shows when it is loaded again.
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Sessions } from '../src/engine/sessions.js';
import { silentLogger } from '../src/util/logger.js';
import { systemClock } from '../src/util/clock.js';
import { tempDir } from './support/harness.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const open = () => new Sessions(dir, silentLogger, () => {}, systemClock);

describe('Sessions.recover', () => {
  it('closes the prompts of a run cut off while it waited for an answer, and only those', async () => {
    const before = open();
    const session = before.create('review', undefined);
    session.lastRunId = 'run-2';
    const waiting = (interruptId: string) => ({
      status: 'pending' as const,
      metadata: { type: 'interrupt_request', interrupt_id: interruptId },
    });
    const earlier = before.addMessage(session, 'assistant', 'OK?', { executionId: 'run-1', ...waiting('i-1') });
    const cutOff = before.addMessage(session, 'assistant', 'OK?', { executionId: 'run-2', ...waiting('i-2') });
    const user = before.addMessage(session, 'user', 'x', { executionId: 'run-2', status: 'pending' });
    await before.flush();

    const after = open();
    after.recover(() => true);
    const messages = after.get(session.id).messages;
    expect(messages.find((m) => m.id === cutOff.id)).toMatchObject({
      status: 'completed',
      metadata: { interrupt_id: 'i-2', interrupt_status: 'cancelled', response_value: null },
    });
    // Another run's prompt, and a message that is no prompt, are not this run's to close.
    expect(messages.find((m) => m.id === earlier.id)).toMatchObject({ status: 'pending', metadata: { interrupt_id: 'i-1' } });
    expect(messages.find((m) => m.id === user.id)?.status).toBe('pending');
    expect(after.get(session.id).status).toBe('failed');
  });
});
