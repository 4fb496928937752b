// What `wfe serve` prints: a dashboard under a terminal, log lines (plain or JSON) anywhere else.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, diesWithRunner, serveInProcess } from './support/cli.js';
import { chatFlow } from './support/flows.js';
import { eventually } from './support/harness.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-out-'));
  await writeFile(join(dir, 'chat.json'), JSON.stringify(chatFlow('chat')));
  await writeFile(join(dir, 'broken.json'), '{"id": "b",\n  "name": }\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const strip = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

describe('wfe serve output', () => {
  it('without a terminal: the start-up report on stdout, one plain line per request and file change on stderr', async () => {
    const served = await serveInProcess([dir, '--step-delay', '0']);
    try {
      await fetch(`${served.url}/workflows/chat`);
      await fetch(`${served.url}/workflows/nope`);
      await writeFile(join(dir, 'chat.json'), JSON.stringify({ ...chatFlow('chat'), name: 'renamed' }));
      await eventually(() => /chat\.json: changed on disk/.test(served.stderr()), 5000, 'file line');
      expect(served.stderr().match(/chat\.json: .*on disk.*/g)).toEqual(['chat.json: changed on disk, reloaded']);
      // broken.json, said at start, is not said again at each change of another file.
      expect(served.stderr()).not.toMatch(/not loaded|every file loads/);
      expect(served.stdout()).toMatch(/broken\.json:2:11: invalid JSON/);
      expect(served.stderr()).toMatch(/INFO {2}GET \/api\/flowdrop\/workflows\/chat 200 [\d.]+ ms/);
      expect(served.stderr()).toMatch(/WARN {2}GET \/api\/flowdrop\/workflows\/nope 404 /);
      expect(served.stdout()).not.toMatch(/\x1b\[/);
      expect(served.stderr()).not.toMatch(/\x1b\[/);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('--log-format json: a ready object on stdout, one JSON object per line on stderr, runs by status', async () => {
    const served = await serveInProcess([dir, '--log-format', 'json', '--step-delay', '0', '--no-watch']);
    const err = () => served.stderr();
    try {
      const firstLine = () => (served.stdout().includes('\n') ? JSON.parse(served.stdout().split('\n')[0]) : undefined);
      const ready = await eventually(firstLine, 10_000, 'ready line');
      expect(ready).toMatchObject({ type: 'ready', workflows: 1, watch: false, auth: false });
      expect(ready.loadErrors[0]).toMatchObject({ file: 'broken.json', line: 2 });
      const run = (await (
        await fetch(`${ready.url}/workflows/chat/execute`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
      ).json()) as { success: boolean };
      expect(run.success).toBe(true);
      await eventually(() => err().includes('"status":"completed"'), 5000, 'completed run line');
      const lines = err()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.find((l) => l.type === 'request')).toMatchObject({ level: 'info', method: 'POST', status: 202 });
      const runLines = lines.filter((l) => l.type === 'run');
      expect(runLines.map((l) => l.run.status)).toEqual(['running', 'completed']);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('under a terminal: renders the dashboard, and q quits cleanly', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, COLUMNS: '110', LINES: '40', NO_COLOR: '1' };
    delete env.CI;
    delete env.CONTINUOUS_INTEGRATION;
    // `script` gives the child a pseudo-terminal; its stdin is forwarded as keystrokes. Killed with the runner
    // (a server left serving otherwise): the pseudo-terminal's hangup then ends the server.
    const child = spawn(
      ...diesWithRunner('script', ['-qfec', `${process.execPath} ${BIN} serve ${dir} --port 0 --no-watch`, '/dev/null']),
      {
        env,
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    await eventually(() => strip(out).includes('q quit · c clear · o open in browser'), 15_000, 'dashboard');
    const screen = strip(out);
    expect(screen).toMatch(/wfe serve http:\/\/127\.0\.0\.1:\d+\/api\/flowdrop/);
    expect(screen).toContain('1 workflows · 39 node types · watch off');
    expect(screen).toContain('broken.json:2:11: invalid JSON');
    // NO_COLOR is set: on a terminal, where ink would colour, no colour or text style.
    expect(out).not.toMatch(/\x1b\[[0-9;]*m/);
    child.stdin.write('q');
    expect(await exited).toBe(0);
    expect(strip(out)).toContain('q: finishing in-flight writes, then exiting');
  });
});

describe('a reader that does not read', () => {
  it('keeps the server answering when nobody reads its log lines: they wait in memory, not in the event loop', async () => {
    // The pipe of stderr is never read: a few hundred KB of log lines fill it. A write that waited for room
    // (as a one-shot command's does) would stop every request from then on.
    const child = spawn(...diesWithRunner(process.execPath, [BIN, 'serve', dir, '--port', '0', '--no-watch']), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    child.stderr.pause();
    try {
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const url = await eventually(() => /(http:\/\/\S+)/.exec(out)?.[1], 15_000, 'the URL');
      const long = 'x'.repeat(8000);
      for (let i = 0; i < 60; i++) {
        // Each is refused (an id that long is no id) with a warn line of about 8 KB on stderr; 60 of them
        // overfill the pipe's buffer.
        const res = await fetch(`${url}/workflows/${long}${i}`, { signal: AbortSignal.timeout(10_000) });
        expect(res.status).toBe(400);
      }
      const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(200);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
