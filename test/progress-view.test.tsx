// The progress bar of the batch commands on a terminal (src/cli/ui/progress.tsx), in process: what the
// screen shows once a run said what it had to say above the bar.
import { describe, expect, it, vi } from 'vitest';
import { inkProgress } from '../src/cli/ui/progress.js';
import type { InkTarget } from '../src/cli/ui/render-ink.js';
import { withInkColours } from './support/ink-colours.js';
import { screenOf } from './support/screen.js';
import { terminalStream } from './support/terminal-stream.js';

describe('the progress bar', () => {
  it('keeps every line said above it, each once, and ends with the summary', async () => {
    const { stream, written } = terminalStream();
    const progress = inkProgress('export', 5, { stream, env: {} });
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

  it('fits a narrow terminal, and cuts a long name by characters, never inside an emoji', async () => {
    const { stream, written } = terminalStream({ columns: 40 });
    const progress = inkProgress('validate', 3, { stream, env: {} });
    // The first tick and the last are drawn (the ones between wait for the bar's 50 ms): the name is the last.
    for (const item of ['a.json', 'b.json', `${'😀'.repeat(30)}.json`]) {
      progress.tick(item);
      await new Promise((resolve) => setImmediate(resolve));
    }
    progress.finish([['checked', 3]]);
    await new Promise((resolve) => setImmediate(resolve));
    const frames = written().split('\x1b[2K');
    expect(written()).not.toContain('\uFFFD');
    expect(frames.every((frame) => frame.split('\n').every((line) => [...line.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')].length <= 40))).toBe(
      true,
    );
    // One bar left on the screen at most, then the summary: no line of an earlier frame stays behind.
    expect(screenOf(written()).filter((line) => line.startsWith('validate '))).toHaveLength(0);
  });

  it('draws no empty summary when a run ends without one (a usage error)', async () => {
    const { stream, written } = terminalStream();
    const progress = inkProgress('validate', 2, { stream, env: {} });
    progress.finish([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(screenOf(written()).join('\n')).not.toMatch(/[╭╰]/);
  });
});

describe('the progress bar under NO_COLOR', () => {
  /** What a short export draws with `env`, ink colouring when nothing says otherwise. */
  const drawn = (env: InkTarget['env']) =>
    withInkColours(async () => {
      const { stream, written } = terminalStream();
      const progress = inkProgress('export', 2, { stream, env });
      progress.tick('flows/a.json');
      progress.finish([['exported', 2]]);
      await vi.waitFor(() => expect(screenOf(written()).join('\n')).toMatch(/exported\s+2/));
      return written();
    });
  const STYLE = /\x1b\[[0-9;]*m/;

  it('has no colour or text style when NO_COLOR is set and not empty, whatever FORCE_COLOR says; the same text', async () => {
    const coloured = await drawn({});
    expect(coloured).toMatch(STYLE);
    expect(await drawn({ NO_COLOR: '' })).toMatch(STYLE);
    for (const env of [{ NO_COLOR: '1' }, { NO_COLOR: 'true', FORCE_COLOR: '3' }]) {
      const plain = await drawn(env);
      expect(plain, JSON.stringify(env)).not.toMatch(STYLE);
      expect(screenOf(plain)).toEqual(screenOf(coloured));
    }
  });
});
