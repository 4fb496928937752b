// The progress bar of the batch commands on a terminal (src/cli/ui/progress.tsx), in process: what the
// screen shows once a run said what it had to say above the bar.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inkProgress } from '../src/cli/ui/progress.js';
import { screenOf } from './support/screen.js';

/** A terminal's stream: what is written is kept. */
function terminalStream(): { stream: NodeJS.WriteStream; written: () => string } {
  let written = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  Object.assign(stream, { isTTY: true, columns: 100, rows: 30 });
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written };
}

describe('the progress bar', () => {
  it('keeps every line said above it, each once, and ends with the summary', async () => {
    const { stream, written } = terminalStream();
    const progress = inkProgress('export', 5, stream);
    for (let i = 1; i <= 5; i++) {
      progress.log(`flows/w${i}.json: error: out/w${i}.agentspec.json already exists; use --force to overwrite it`);
      progress.tick(`flows/w${i}.json`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    progress.finish([
      ['exported', 0],
      ['failed', 5],
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    const screen = screenOf(written());
    const said = screen.filter((line) => line.includes('already exists'));
    expect(said).toEqual(
      [1, 2, 3, 4, 5].map((i) => `flows/w${i}.json: error: out/w${i}.agentspec.json already exists; use --force to overwrite it`),
    );
    expect(screen.some((line) => /failed\s+5/.test(line))).toBe(true);
  });
});
