// The machine-readable reports of `wfe validate`: byte-stable across runs (durations only with --timings),
// SARIF that Microsoft's SARIF validator accepts with GitHub's rules, Code Climate JSON for GitLab, and a
// help text for every rule.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import { EXPORT_RULES } from '../src/agentspec/rules.js';
import { KNOWN_RULE_IDS, RULE_HELP, ruleName, rulesDocUrl } from '../src/contract/rule-help.js';
import { ALL_RULES } from '../src/validate/rules.js';
import { runCli, type CliRun } from './support/cli.js';
import { chatFlow, cycleFlow, n, routerFlow } from './support/flows.js';
import { once } from './support/once.js';

let dir: string;
const clone = (w: Workflow): Workflow => JSON.parse(JSON.stringify(w));

/** `wfe` run from `cwd`, so that report paths are relative to it as in a CI checkout. */
const runIn = (cwd: string, args: string[], input = ''): Promise<CliRun> => runCli(args, { cwd, input });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-formats-'));
  const bad = join(dir, 'repo', 'workflows', 'bad');
  const good = join(dir, 'repo', 'workflows', 'good');
  await mkdir(bad, { recursive: true });
  await mkdir(good, { recursive: true });
  await writeFile(join(good, 'chat.json'), JSON.stringify(chatFlow('good-chat'), null, 2));
  await writeFile(join(good, 'router.json'), JSON.stringify(routerFlow('good-router'), null, 2));
  await writeFile(join(bad, 'syntax.json'), '{\n  "id": "x",\n  "name": \n}');
  const lonely = clone(chatFlow('lonely'));
  lonely.nodes.push(n('lonely', 'text_formatter', {}, 900), n('lonelier', 'text_formatter', {}, 1200));
  await writeFile(join(bad, 'lonely nodes.json'), JSON.stringify(lonely, null, 2));
  const config = clone(chatFlow('config'));
  config.nodes[2].data.config.temperature = 'hot';
  await writeFile(join(bad, 'config.json'), JSON.stringify(config, null, 2));
  await writeFile(join(bad, 'cycle.json'), JSON.stringify(cycleFlow('cycle'), null, 2));
  await writeFile(join(bad, 'copy.json'), JSON.stringify(chatFlow('good-chat'), null, 2));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const repo = () => join(dir, 'repo');
const FORMATS = ['json', 'junit', 'sarif', 'codeclimate', 'github', 'compact'];

/**
 * `wfe validate workflows --rule lossy-export=warning` run twice (at once), each run writing every format of
 * FORMATS to a file of its own (-f <format> -o <file> pairs): the reports, by format, and the exit code.
 */
const twoRuns = once(async () => {
  const runs = await Promise.all(
    [1, 2].map(async (n) => {
      const out = join(dir, `run-${n}`);
      const file = (format: string) => join(out, `report.${format}`);
      const run = await runIn(repo(), [
        'validate',
        'workflows',
        '--rule',
        'lossy-export=warning',
        ...FORMATS.flatMap((format) => ['-f', format, '-o', file(format)]),
      ]);
      const reports: Record<string, string> = {};
      for (const format of FORMATS) reports[format] = await readFile(file(format), 'utf8');
      return { code: run.code, stdout: run.stdout, stderr: run.stderr, reports };
    }),
  );
  return runs as [(typeof runs)[number], (typeof runs)[number]];
});

describe('same inputs, same bytes', () => {
  for (const format of FORMATS) {
    it(`${format}: two runs over the same files print the same bytes`, async () => {
      const [first, second] = await twoRuns();
      expect(first.code).toBe(1);
      expect(second.code).toBe(1);
      expect(first.reports[format].length).toBeGreaterThan(0);
      expect(second.reports[format]).toBe(first.reports[format]);
    });
  }

  it('durations appear in json and junit only with --timings', async () => {
    const [untimed] = await twoRuns();
    const plain = JSON.parse(untimed.reports.json);
    expect(plain.summary).not.toHaveProperty('durationMs');
    expect(plain.files[0]).not.toHaveProperty('durationMs');
    const timedJson = join(dir, 'timed.json');
    const timedJunit = join(dir, 'timed.xml');
    await runIn(repo(), ['validate', 'workflows', '-f', 'json', '-o', timedJson, '-f', 'junit', '-o', timedJunit, '--timings']);
    const timed = JSON.parse(await readFile(timedJson, 'utf8'));
    expect(typeof timed.summary.durationMs).toBe('number');
    expect(typeof timed.files[0].durationMs).toBe('number');

    expect(untimed.reports.junit).not.toMatch(/ time="/);
    const junit = await readFile(timedJunit, 'utf8');
    expect(junit).toMatch(/<testsuites [^>]* time="\d+\.\d{3}">/);
    expect(junit).toMatch(/<testcase [^>]* time="\d+\.\d{3}"/);
  });
});

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string; markdown: string };
  helpUri?: string;
}
interface SarifLog {
  runs: Array<{
    tool: { driver: { rules: SarifRule[] } };
    results: Array<{
      ruleId: string;
      level?: string;
      message: { text: string };
      locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }>;
    }>;
  }>;
}

describe('sarif', () => {
  it('every rule has a PascalCase name other than its id, a full description and help', async () => {
    // The report of `wfe validate workflows -f sarif --rule lossy-export=warning`.
    const [run] = await twoRuns();
    const rules = (JSON.parse(run.reports.sarif) as SarifLog).runs[0].tool.driver.rules;
    expect(rules.map((r) => r.id)).toEqual(ALL_RULES.map((r) => r.id));
    for (const rule of rules) {
      expect(rule.name, rule.id).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(rule.name.toLowerCase(), rule.id).not.toBe(rule.id.toLowerCase());
      expect(rule.fullDescription.text, rule.id).toBe(RULE_HELP[rule.id].checks);
      expect(rule.fullDescription.text).not.toBe(rule.shortDescription.text);
      expect(rule.help.text, rule.id).toContain(RULE_HELP[rule.id].fix);
      expect(rule.help.markdown, rule.id).toContain(`docs/rules.md#${rule.id}`);
      // package.json names no repository: SARIF only takes an absolute helpUri, so there is none.
      expect(rule).not.toHaveProperty('helpUri');
    }
  });

  it('files under the working directory are relative to %SRCROOT%, others are file: URIs', async () => {
    const outside = join(dir, 'elsewhere.json');
    await writeFile(outside, '{');
    const run = await runIn(
      repo(),
      ['validate', resolve(repo(), 'workflows', 'bad'), outside, '-', '--stdin-filename', '<piped> #1.json', '-f', 'sarif'],
      '{',
    );
    const locations = (JSON.parse(run.stdout) as SarifLog).runs[0].results.map((r) => r.locations[0].physicalLocation.artifactLocation);
    expect(locations).toContainEqual({ uri: 'workflows/bad/lonely%20nodes.json', uriBaseId: '%SRCROOT%' });
    expect(locations).toContainEqual({ uri: `file://${outside.split('\\').join('/')}` });
    expect(locations).toContainEqual({ uri: '%3Cpiped%3E%20%231.json', uriBaseId: '%SRCROOT%' });
    for (const l of locations) if (l.uriBaseId) expect(l.uri).not.toMatch(/^\//);
  });

  it('helpUri points into docs/rules.md of the repository package.json names', () => {
    expect(rulesDocUrl({})).toBeUndefined();
    expect(rulesDocUrl({ repository: 'github:acme/wfe' })).toBe('https://github.com/acme/wfe/blob/HEAD/docs/rules.md');
    expect(rulesDocUrl({ repository: 'acme/wfe' })).toBe('https://github.com/acme/wfe/blob/HEAD/docs/rules.md');
    expect(rulesDocUrl({ repository: { url: 'git+https://gitlab.com/acme/wfe.git' } })).toBe(
      'https://gitlab.com/acme/wfe/blob/HEAD/docs/rules.md',
    );
    expect(rulesDocUrl({ repository: 'git@github.com:acme/wfe.git' })).toBe('https://github.com/acme/wfe/blob/HEAD/docs/rules.md');
    expect(rulesDocUrl({ homepage: 'https://wfe.example.org/#readme' })).toBe('https://wfe.example.org/docs/rules.md');
  });
});

/** Microsoft's SARIF validator, when installed here or in the folder WFE_SARIF_MULTITOOL names. */
function sarifMultitool(): string | undefined {
  const bases = [
    ...(process.env.WFE_SARIF_MULTITOOL ? [join(resolve(process.env.WFE_SARIF_MULTITOOL), 'package.json')] : []),
    import.meta.url,
  ];
  for (const base of bases) {
    try {
      return createRequire(base)('@microsoft/sarif-multitool') as string;
    } catch {
      // not installed there
    }
  }
  return undefined;
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}

describe('sarif, checked by Microsoft SARIF Multitool (--rule-kind "Sarif;Gh")', () => {
  const tool = sarifMultitool();
  const reports: Array<[string, () => string[]]> = [
    ['passing files', () => ['workflows/good']],
    ['failing files, relative paths, every rule on', () => ['workflows', '--rule', 'lossy-export=warning']],
    ['failing files, absolute paths', () => [resolve(repo(), 'workflows', 'bad')]],
  ];
  for (const [name, args] of reports) {
    it(`${name}: no errors and no warnings`, async (ctx) => {
      if (!tool)
        ctx.skip(
          '@microsoft/sarif-multitool is not installed: npm i @microsoft/sarif-multitool@5.7.0 in a folder and set WFE_SARIF_MULTITOOL to it',
        );
      const report = join(dir, `${name.replace(/\W+/g, '-')}.sarif`);
      const out = `${report}.validation.sarif`;
      await runIn(repo(), ['validate', ...args(), '-f', 'sarif', '-o', report]);
      const checked = await run(tool!, ['validate', '--rule-kind', 'Sarif;Gh', '--log', 'ForceOverwrite', '-o', out, report]);
      expect(checked.code, checked.output).toBe(0);
      const verdict = JSON.parse((await readFile(out, 'utf8')).replace(/^\uFEFF/, '')) as SarifLog;
      // A result without a level is a warning (SARIF 3.27.10).
      const findings = verdict.runs[0].results.filter((r) => (r.level ?? 'warning') === 'error' || (r.level ?? 'warning') === 'warning');
      expect(findings.map((r) => `${r.ruleId}: ${r.message.text}`)).toEqual([]);
    });
  }

  it('the validator finds what GitHub refuses (the check itself can fail)', async (ctx) => {
    if (!tool) ctx.skip('@microsoft/sarif-multitool is not installed');
    const report = join(dir, 'stripped.sarif');
    const full = JSON.parse((await runIn(repo(), ['validate', 'workflows/bad', '-f', 'sarif'])).stdout) as SarifLog;
    for (const rule of full.runs[0].tool.driver.rules) Object.assign(rule, { name: rule.id, fullDescription: undefined, help: undefined });
    await writeFile(report, JSON.stringify(full));
    const out = `${report}.validation.sarif`;
    await run(tool!, ['validate', '--rule-kind', 'Sarif;Gh', '--log', 'ForceOverwrite', '-o', out, report]);
    const ids = (JSON.parse((await readFile(out, 'utf8')).replace(/^\uFEFF/, '')) as SarifLog).runs[0].results.map((r) => r.ruleId);
    expect(ids).toContain('GH2012');
    expect(ids).toContain('SARIF1001');
  });
});

interface CodeClimateIssue {
  type: string;
  check_name: string;
  description: string;
  categories: string[];
  severity: string;
  fingerprint: string;
  location: { path: string; lines: { begin: number } };
}

describe('codeclimate (GitLab Code Quality)', () => {
  const issuesOf = async (args: string[]) =>
    JSON.parse((await runIn(repo(), ['validate', ...args, '-f', 'codeclimate'])).stdout) as CodeClimateIssue[];

  it('one issue per problem, with the fields GitLab reads', async () => {
    const issues = await issuesOf(['workflows', '--rule', 'gateway-branches=warning', '--rule', 'lossy-export=warning']);
    // The report of `wfe validate workflows -f json --rule lossy-export=warning`.
    const [run] = await twoRuns();
    const problems = JSON.parse(run.reports.json).files.flatMap((f: { problems: unknown[] }) => f.problems);
    expect(issues.length).toBe(problems.length);
    for (const issue of issues) {
      expect(issue.type).toBe('issue');
      expect(ALL_RULES.map((r) => r.id)).toContain(issue.check_name);
      expect(issue.description.length).toBeGreaterThan(0);
      expect(['info', 'minor', 'major', 'critical', 'blocker']).toContain(issue.severity);
      expect(issue.fingerprint).toMatch(/^[0-9a-f]{32}$/);
      expect(issue.location.path).toMatch(/^workflows\/.+\.json$/);
      expect(issue.location.lines.begin).toBeGreaterThanOrEqual(1);
    }
    expect(issues.find((i) => i.check_name === 'no-cycle')!.severity).toBe('major');
    expect(issues.find((i) => i.check_name === 'lossy-export')!.severity).toBe('minor');
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });

  it('fingerprints do not move with line numbers, and tell files apart', async () => {
    const file = join(repo(), 'workflows', 'bad', 'config.json');
    const text = await readFile(file, 'utf8');
    // One run over the file and a twin of it (another path), then one over the file moved down 3 lines.
    const twin = join(repo(), 'workflows', 'config-twin.json');
    await writeFile(twin, text.replace('"config"', '"config-twin"'));
    let both: CodeClimateIssue[];
    try {
      both = (await issuesOf(['workflows/bad/config.json', 'workflows/config-twin.json'])).filter((i) => i.check_name === 'node-config');
    } finally {
      await rm(twin);
    }
    const before = both.find((i) => i.location.path === 'workflows/bad/config.json')!;
    try {
      await writeFile(file, `\n\n\n${text}`);
      const after = (await issuesOf(['workflows/bad/config.json'])).find((i) => i.check_name === 'node-config')!;
      expect(after.location.lines.begin).toBe(before.location.lines.begin + 3);
      expect(after.fingerprint).toBe(before.fingerprint);
    } finally {
      await writeFile(file, text);
    }
    expect(both.length).toBe(2);
    expect(both[0].fingerprint).not.toBe(both[1].fingerprint);
  });
});

describe('rule help', () => {
  it('every rule of `wfe validate --list-rules` and of wfe export has help, and docs/rules.md a section', async () => {
    const listed = await runCli(['validate', '--list-rules']);
    const ids = listed.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    expect(ids.length).toBe(ALL_RULES.length);
    const docs = await readFile(new URL('../docs/rules.md', import.meta.url), 'utf8');
    for (const id of [...ids, ...EXPORT_RULES.map((r) => r.id)]) {
      const help = RULE_HELP[id];
      expect(help, id).toBeDefined();
      expect(help.checks.length, id).toBeGreaterThan(20);
      expect(help.fix.length, id).toBeGreaterThan(20);
      expect(help.example.message.length, id).toBeGreaterThan(0);
      expect(ruleName(id)).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(docs, id).toContain(`\n## ${id}\n`);
    }
  });

  it('help is kept for rules that exist only (KNOWN_RULE_IDS is the set of all rule ids)', () => {
    expect([...KNOWN_RULE_IDS].sort()).toEqual([...new Set([...ALL_RULES, ...EXPORT_RULES].map((r) => r.id))].sort());
  });
});
