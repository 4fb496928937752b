// Logging costs nothing below its level. `wfe serve --log-level warn` prints no line per
// request; lines below the level are dropped before anything is formatted.
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { lineSink } from '../src/cli/ui/event-lines.js';
import type { ServerEvent } from '../src/server/events.js';
import { createLogger } from '../src/util/logger.js';
import { serveInProcess, type ServingInProcess } from './support/cli.js';
import { eventually, tempDir, writeFiles } from './support/harness.js';
import { twoNodeWorkflow } from './support/workflows.js';

const request = (status: number): ServerEvent => ({
  type: 'request',
  at: '2026-01-01T00:00:00.000Z',
  method: 'GET',
  path: '/x',
  status,
  durationMs: 1,
});

describe('log lines below the level', () => {
  it('a line sink at warn drops requests that succeeded and keeps failures, in both formats', () => {
    for (const format of ['pretty', 'json'] as const) {
      const lines: string[] = [];
      const sink = lineSink(format, (line) => lines.push(line), 'warn');
      sink(request(200));
      sink(request(304));
      sink({ type: 'file', at: '2026-01-01T00:00:00.000Z', file: 'a.json', change: 'change' });
      expect(lines).toEqual([]);
      sink(request(404));
      sink(request(500));
      expect(lines).toHaveLength(2);
    }
    const all: string[] = [];
    lineSink('pretty', (line) => all.push(line), 'info')(request(200));
    expect(all).toHaveLength(1);
  });

  it('a file change is a JSON object only (the store logs its own line), and "every file loads" is no warning', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const lines = { pretty: [] as string[], json: [] as string[] };
    for (const format of ['pretty', 'json'] as const) {
      const sink = lineSink(format, (line) => lines[format].push(line), 'info');
      sink({ type: 'file', at, file: 'a.json', change: 'change' });
      sink({ type: 'load-errors', at, errors: [] });
    }
    expect(lines.pretty).toEqual([`${at} INFO  every file loads`]);
    expect(lines.json.map((line) => JSON.parse(line))).toEqual([
      { level: 'info', type: 'file', at, file: 'a.json', change: 'change' },
      { level: 'info', type: 'load-errors', at, errors: [] },
    ]);
  });

  it('a logger writes nothing below its level', () => {
    const written: string[] = [];
    const logger = createLogger('warn', (line) => written.push(line));
    logger.info('info line');
    logger.debug('debug line');
    expect(written).toEqual([]);
    logger.warn('a warning');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/WARN {2}a warning$/);
  });
});

describe('wfe serve --log-level warn', () => {
  let served: ServingInProcess | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await served?.stop();
    served = undefined;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints no line per request, and one for a failed request', async () => {
    dir = await tempDir();
    await writeFiles(dir, { 'a.json': twoNodeWorkflow('wf-a') });
    served = await serveInProcess([dir, '--host', '127.0.0.1', '--log-level', 'warn', '--log-format', 'pretty']);
    for (let i = 0; i < 20; i++) {
      expect((await fetch(`${served.url}/workflows/wf-a`)).status).toBe(200);
      expect((await fetch(`${served.url}/workflows?limit=50`)).status).toBe(200);
      expect((await fetch(`${served.url}/nodes`)).status).toBe(200);
    }
    expect((await fetch(`${served.url}/workflows/missing`)).status).toBe(404);
    // Lines are written in order: the failed request's line comes after every earlier request's.
    await eventually(() => served!.stderr().includes('/workflows/missing'), 5000, 'the line of the failed request');
    const lines = served.stderr().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN {2}GET \/api\/flowdrop\/workflows\/missing 404/);
  });
});
