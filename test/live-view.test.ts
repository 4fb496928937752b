// When the batch commands and serve draw a live view (src/util/ci.ts), and what the batch commands print instead.
import { describe, expect, it } from 'vitest';
import { openProgress } from '../src/cli/batch.js';
import type { Terminal } from '../src/cli/terminal.js';
import { takesLiveView } from '../src/util/ci.js';

describe('takesLiveView', () => {
  it('is off in CI and on a dumb terminal, on elsewhere', () => {
    expect(takesLiveView({ TERM: 'xterm-256color' })).toBe(true);
    expect(takesLiveView({ TERM: 'dumb' })).toBe(false);
    expect(takesLiveView({ CI: 'true', TERM: 'xterm' })).toBe(false);
    expect(takesLiveView({ CI: 'false' })).toBe(true);
  });

  it('on a dumb terminal, a batch prints its lines plainly, with no escape code', async () => {
    let written = '';
    const stream = Object.assign(Object.create(process.stderr) as NodeJS.WriteStream, { write: () => true });
    const terminal = {
      stdout: { write: () => {}, isTTY: true },
      stderr: { write: (text: string) => void (written += text), isTTY: true, stream },
      env: { TERM: 'dumb' },
      cwd: '/',
    } as unknown as Terminal;
    const progress = await openProgress('validate', 10, terminal);
    progress.log('flows/a.json: warning: something');
    progress.tick('flows/a.json');
    progress.finish([['checked', 10]]);
    expect(written).toBe('flows/a.json: warning: something\n');
  });
});
