// SIGTERM stops `wfe serve` promptly whatever its runs are doing (a long loop between
// steps, a run waiting on an interrupt with nobody to answer), and the runs it cut off are recorded as
// cancelled with the reason, not left running. The CLI runs from dist/ (npm test builds it first).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServeChild, type ServingChild } from './support/cli.js';
import { e, flow, n, reviewFlow } from './support/flows.js';
import { eventually, tempDir } from './support/harness.js';

let dir: string | undefined;
let served: ServingChild | undefined;
afterEach(async () => {
  if (served && served.child.exitCode === null && served.child.signalCode === null) served.child.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
  served = undefined;
  dir = undefined;
});

const post = async (url: string, body: unknown) =>
  (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<{
    data: Record<string, any>;
  }>;
const get = async (url: string) => (await fetch(url)).json() as Promise<Record<string, any>>;

const longLoop = flow(
  'loop',
  [
    n('start', 'start'),
    n('in', 'chat_input'),
    n('parse', 'json_parser'),
    n('each', 'for_each'),
    n('fmt', 'text_formatter'),
    n('end', 'end'),
  ],
  [
    e('start.trigger -> in.trigger'),
    e('in.trigger -> parse.trigger'),
    e('in.message -> parse.text'),
    e('parse.trigger -> each.trigger'),
    e('parse.json -> each.items'),
    e('each.each -> fmt.trigger'),
    e('each.item -> fmt.text'),
    e('fmt.trigger -> each.loop_back'),
    e('each.done -> end.trigger'),
  ],
);

describe('wfe serve on SIGTERM', () => {
  it('exits (test timeout: a few seconds) and records every cut-off run as cancelled with the reason', async () => {
    dir = await tempDir();
    await writeFile(join(dir, 'loop.json'), JSON.stringify(longLoop));
    await writeFile(join(dir, 'review.json'), JSON.stringify(reviewFlow('review', { interruptType: 'confirmation', message: 'OK?' })));
    served = await startServeChild([dir, '--no-watch', '--step-delay', '200']);
    const { url } = served;

    const loopRun = (
      await post(`${url}/workflows/loop/execute`, { inputs: { message: JSON.stringify(Array.from({ length: 500 }, (_, i) => i)) } })
    ).data.execution_id as string;
    const reviewRun = (await post(`${url}/workflows/review/execute`, { inputs: { message: 'refund' } })).data.execution_id as string;
    await eventually(
      async () => (await get(`${url}/pipelines/${reviewRun}/interrupts?status=pending`)).data.length === 1,
      10_000,
      'the review to wait',
    );
    await eventually(
      async () => (await get(`${url}/pipeline/${loopRun}`)).jobs.find((j: { node_id: string }) => j.node_id === 'fmt').execution_count >= 1,
      10_000,
      'the loop to iterate',
    );

    served.child.kill('SIGTERM');
    const code = await served.exited;
    expect(code).toBe(0);
    expect(served.stderr()).toMatch(/SIGTERM/);

    const records = await Promise.all(
      (await readdir(join(dir, '.wfe', 'runs')))
        .filter((f) => f.endsWith('.json'))
        .map(async (f) => JSON.parse(await readFile(join(dir!, '.wfe', 'runs', f), 'utf8'))),
    );
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const id of [loopRun, reviewRun]) {
      const run = byId.get(id);
      expect(run.status).toBe('cancelled');
      expect(run.error).toMatch(/server stopped \(SIGTERM\)/);
      expect(run.jobs.filter((j: { status: string }) => j.status === 'running' || j.status === 'pending')).toEqual([]);
    }
    expect(byId.get(reviewRun).interrupts.map((i: { status: string }) => i.status)).toEqual(['cancelled']);
  }, 20_000);
});
