// `wfe validate` over many files checks them in worker threads (--jobs, on by default from 200 files):
// the reports, the exit code, the job summary and what is logged must be exactly those of one thread.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from './support/cli.js';
import { chatFlow, n, routerFlow } from './support/flows.js';
import { tempDir } from './support/harness.js';

let dir: string;
const FORMATS = ['json', 'sarif', 'junit', 'github', 'codeclimate', 'stylish'];

/** One run writing every format to its own file in `out`, with a GitHub job summary. */
async function validateInto(out: string, jobs: number, extra: string[] = []): Promise<CliRun> {
  await mkdir(out, { recursive: true });
  const reports = FORMATS.flatMap((format) => ['-f', format, '-o', join(out, `report.${format}`)]);
  return runCli(['validate', join(dir, 'workflows'), ...reports, '--jobs', String(jobs), ...extra], {
    env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(out, 'summary.md') },
  });
}

beforeAll(async () => {
  dir = await tempDir('wfe-threads-');
  const workflows = join(dir, 'workflows');
  await mkdir(join(workflows, 'team'), { recursive: true });
  await mkdir(join(workflows, 'nodes'));
  // Enough files that each of three threads gets several chunks of 32.
  for (let i = 0; i < 150; i++) {
    const file = i % 2 === 0 ? chatFlow(`chat-${i}`) : routerFlow(`router-${i}`);
    await writeFile(join(workflows, `wf-${String(i).padStart(3, '0')}.json`), JSON.stringify(file, null, 2));
  }
  const lonely = chatFlow('lonely');
  lonely.nodes.push(n('stray', 'text_formatter', {}, 900));
  await writeFile(join(workflows, 'team', 'lonely.json'), JSON.stringify(lonely, null, 2));
  // The id of the last file, wf-149.json: team/copy.json comes first in path order, so wf-149.json is the
  // duplicate, checked in another chunk (and thread) than the file it repeats; it is still found and drawn.
  await writeFile(join(workflows, 'team', 'copy.json'), JSON.stringify(routerFlow('router-149'), null, 2));
  await writeFile(join(workflows, 'team', 'syntax.json'), '{\n  "id": "x",\n  "name": \n}');
  await writeFile(join(workflows, 'team', 'wfe.config.yaml'), 'rules:\n  no-disconnected-node: error\n');
  // A broken node type: every thread loads this folder's catalog, and the warning must print once.
  await writeFile(join(workflows, 'nodes', 'broken.json'), JSON.stringify({ id: 'broken', name: 5 }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('wfe validate --jobs', () => {
  it('three threads write the same reports, job summary and stderr as one, byte for byte', async () => {
    const [one, three] = await Promise.all([validateInto(join(dir, 'one'), 1), validateInto(join(dir, 'three'), 3)]);
    expect(one.code).toBe(1);
    expect(three.code).toBe(1);
    for (const name of [...FORMATS.map((f) => `report.${f}`), 'summary.md']) {
      const expected = await readFile(join(dir, 'one', name), 'utf8');
      expect(expected.length, name).toBeGreaterThan(0);
      expect(await readFile(join(dir, 'three', name), 'utf8'), name).toBe(expected);
    }
    const strip = (text: string) => text.replace(/^\S+Z /gm, '');
    expect(strip(three.stderr)).toBe(strip(one.stderr));

    const report = JSON.parse(await readFile(join(dir, 'three', 'report.json'), 'utf8')) as {
      files: Array<{ file: string; problems: Array<{ ruleId: string }> }>;
    };
    expect(report.files).toHaveLength(153);
    const rulesOf = (suffix: string) => report.files.find((f) => f.file.endsWith(suffix))?.problems.map((m) => m.ruleId);
    expect(rulesOf('team/syntax.json')).toEqual(['json-syntax']);
    expect(rulesOf('team/lonely.json')).toContain('no-disconnected-node');
    // The duplicate and its picture in the summary, though the first file with its id was another thread's.
    const duplicates = report.files.filter((f) => f.problems.some((m) => m.ruleId === 'duplicate-workflow-id'));
    expect(duplicates.map((f) => f.file.split('/').pop())).toEqual(['wf-149.json']);
    const summary = await readFile(join(dir, 'three', 'summary.md'), 'utf8');
    expect(summary).toContain(duplicates[0].file.split('/').pop());
    expect(summary).toContain('```mermaid');
  });

  it('a broken node type is reported once, not once per thread', async () => {
    const run = await runCli(['validate', join(dir, 'workflows'), '-f', 'compact', '--jobs', '3']);
    const lines = run.stderr.split('\n').filter((line) => line.includes('nodes/broken.json'));
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((line) => line.replace(/^\S+Z /, ''))).size).toBe(lines.length);
  });

  it('a broken wfe.config.yaml is the same usage error (exit 2) in threads', async () => {
    const config = join(dir, 'workflows', 'team', 'wfe.config.yaml');
    const before = await readFile(config, 'utf8');
    await writeFile(config, 'rules:\n  no-such-rule: error\n');
    try {
      const [one, three] = await Promise.all([
        runCli(['validate', join(dir, 'workflows'), '--jobs', '1']),
        runCli(['validate', join(dir, 'workflows'), '--jobs', '3']),
      ]);
      expect(one.code).toBe(2);
      expect(three.code).toBe(2);
      expect(three.stderr).toContain('unknown rule "no-such-rule"');
      expect(three.stdout).toBe(one.stdout);
    } finally {
      await writeFile(config, before);
    }
  });

  it('refuses a --jobs that is not a whole number from 1 to 64', async () => {
    for (const jobs of ['0', 'two', '65']) {
      const run = await runCli(['validate', join(dir, 'workflows'), '--jobs', jobs]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--jobs must be a whole number from 1 to 64');
    }
  });
});
