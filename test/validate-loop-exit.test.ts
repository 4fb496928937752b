// `wfe validate` rule loop-exit-into-body: a loop's exit (done/results) wired back into its own body
// makes every exit start the loop over. The real CLI reports it with the edge's pointer; a well-wired
// loop passes; saving such a workflow through the API still works (it is a lint, not an integrity rule).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import { loopExitsIntoBody } from '../src/graph/loops.js';
import { runCli } from './support/cli.js';
import { e, flow, n } from './support/flows.js';
import { tempDir } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';

const loop = (id: string, exitEdges: string[]): Workflow =>
  flow(
    id,
    [
      n('start', 'start'),
      n('in', 'chat_input'),
      n('parse', 'json_parser'),
      n('each', 'for_each'),
      n('fmt', 'text_formatter'),
      n('join', 'text_formatter'),
      n('out', 'text_output'),
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
      e('fmt.trigger -> join.trigger'),
      e('fmt.text -> join.text'),
      e('join.trigger -> each.loop_back'),
      e('out.trigger -> end.trigger'),
      ...exitEdges.map((spec) => e(spec)),
    ],
  );

const wellWired = loop('good-loop', ['each.done -> out.trigger', 'each.results -> out.text']);
const resultsIntoBody = loop('results-into-body', ['each.done -> out.trigger', 'each.results -> join.data']);
const doneIntoBody = loop('done-into-body', ['each.done -> fmt.trigger', 'each.results -> out.text']);

let dir: string;
beforeAll(async () => {
  dir = await tempDir('wfe-loop-rule-');
  await mkdir(join(dir, 'bad'));
  await mkdir(join(dir, 'good'));
  await writeFile(join(dir, 'bad', 'results-into-body.json'), JSON.stringify(resultsIntoBody, null, 2));
  await writeFile(join(dir, 'bad', 'done-into-body.json'), JSON.stringify(doneIntoBody, null, 2));
  await writeFile(join(dir, 'good', 'loop.json'), JSON.stringify(wellWired, null, 2));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loopExitsIntoBody (pure)', () => {
  it('finds the exit edge into the body, by index, and nothing in a well-wired loop', () => {
    expect(loopExitsIntoBody(wellWired)).toEqual([]);
    const found = loopExitsIntoBody(resultsIntoBody);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      headId: 'each',
      port: 'results',
      targetId: 'join',
      edgeIndex: resultsIntoBody.edges.findIndex((x) => x.id === 'e:each.results-join.data'),
    });
    expect(loopExitsIntoBody(doneIntoBody).map((p) => [p.port, p.targetId])).toEqual([['done', 'fmt']]);
  });

  it('an exit edge to a node that does not lead back to the loop is not reported', () => {
    const after = loop('after', ['each.done -> out.trigger', 'each.results -> out.text', 'each.results -> end.trigger']);
    expect(loopExitsIntoBody(after)).toEqual([]);
  });
});

describe('wfe validate: loop-exit-into-body', () => {
  it('fails each file that wires an exit into the body, as an error pointing at the edge', async () => {
    const run = await runCli(['validate', join(dir, 'bad'), '-f', 'json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as {
      files: Array<{
        file: string;
        problems: Array<{ ruleId: string; severity: string; message: string; pointer?: string; line?: number }>;
      }>;
    };
    for (const [file, workflow, edgeId] of [
      ['results-into-body.json', resultsIntoBody, 'e:each.results-join.data'],
      ['done-into-body.json', doneIntoBody, 'e:each.done-fmt.trigger'],
    ] as const) {
      const problems = report.files.find((f) => f.file.endsWith(`/${file}`))!.problems.filter((p) => p.ruleId === 'loop-exit-into-body');
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ severity: 'error', pointer: `/edges/${workflow.edges.findIndex((x) => x.id === edgeId)}` });
      expect(problems[0].message).toContain(`Loop 'each' (each): its exit`);
      expect(problems[0].message).toContain(`edge '${edgeId}'`);
      expect(problems[0].line).toBeGreaterThan(1);
    }
  });

  it('a well-wired loop has no loop-exit-into-body problem', async () => {
    const run = await runCli(['validate', join(dir, 'good'), '-f', 'json']);
    const report = JSON.parse(run.stdout) as { files: Array<{ problems: Array<{ ruleId: string }> }> };
    expect(report.files[0].problems.map((p) => p.ruleId)).not.toContain('loop-exit-into-body');
  });

  it('is listed by --list-rules and can be turned off', async () => {
    const listed = await runCli(['validate', '--list-rules']);
    expect(listed.stdout).toMatch(/loop-exit-into-body\s+error/);
    const off = await runCli(['validate', join(dir, 'bad'), '-f', 'json', '--rule', 'loop-exit-into-body=off']);
    const report = JSON.parse(off.stdout) as { files: Array<{ problems: Array<{ ruleId: string }> }> };
    expect(report.files.flatMap((f) => f.problems.map((p) => p.ruleId))).not.toContain('loop-exit-into-body');
  });

  serverTest('does not stop the workflow from being saved through the API', async ({ server }) => {
    const h = await server({ stepDelayMs: 0 });
    const saved = await h.call('POST', '/workflows', resultsIntoBody);
    expect(saved.status).toBe(201);
  });
});
