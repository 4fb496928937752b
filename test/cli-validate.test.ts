// `wfe validate` as a child process: every rule failing and passing, every report format, exit codes,
// rule configuration, stdin.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import { ALL_RULES } from '../src/validate/rules.js';
import { BIN, diesWithRunner, runCli, runClis, type CliRun } from './support/cli.js';
import { chatFlow, e, flow, n, overNodeLimitFlow, routerFlow, cycleFlow } from './support/flows.js';
import { AGENTSPEC_RULE_IDS } from '../src/agentspec/checks/rule-ids.js';
import { mismatches } from './support/mismatches.js';

const REPO = dirname(import.meta.dirname);

let dir: string;
const clone = (w: Workflow): Workflow => JSON.parse(JSON.stringify(w));

/** Each file breaks one rule (and, where the graph leaves no choice, a close relative of it). */
function failingCases(): Record<string, { file: string; content: unknown; rule: string }> {
  const base = () => clone(chatFlow('base'));
  const withId = (w: Workflow, id: string) => ({ ...w, id });
  const cases: Record<string, { content: unknown; rule: string }> = {
    'json-syntax': { rule: 'json-syntax', content: '{\n  "id": "x",\n  "name": \n}' },
    schema: {
      rule: 'schema',
      content: (() => {
        const w = base() as Partial<Workflow>;
        delete w.name;
        return withId(w as Workflow, 'schema');
      })(),
    },
    'duplicate-node-id': {
      rule: 'duplicate-node-id',
      content: (() => {
        const w = base();
        w.nodes.push({ ...w.nodes[1], position: { x: 900, y: 0 } });
        return withId(w, 'dup-node');
      })(),
    },
    'duplicate-edge-id': {
      rule: 'duplicate-edge-id',
      content: (() => {
        const w = base();
        w.edges.push(w.edges[0]);
        return withId(w, 'dup-edge');
      })(),
    },
    'edge-missing-node': {
      rule: 'edge-missing-node',
      content: (() => {
        const w = base();
        w.edges.push(e('model.response -> ghost.message'));
        return withId(w, 'ghost');
      })(),
    },
    'edge-missing-port': {
      rule: 'edge-missing-port',
      content: (() => {
        const w = base();
        w.edges.push(e('model.response -> out.nope'));
        return withId(w, 'no-port');
      })(),
    },
    'port-compatibility': {
      rule: 'port-compatibility',
      content: (() => {
        const w = base();
        w.edges.push(e('in.history -> model.system'));
        return withId(w, 'ports');
      })(),
    },
    'node-config': {
      rule: 'node-config',
      content: (() => {
        const w = base();
        w.nodes[2].data.config.temperature = 'hot';
        return withId(w, 'config');
      })(),
    },
    'not-empty': { rule: 'not-empty', content: withId({ ...base(), nodes: [], edges: [] }, 'empty') },
    'mappable-node-type': {
      rule: 'mappable-node-type',
      content: (() => {
        const w = base();
        const meta = {
          id: 'mystery',
          name: 'Mystery',
          description: 'x',
          category: 'bundles',
          version: '1.0.0',
          inputs: [{ id: 'trigger', name: 'T', type: 'input' as const, dataType: 'trigger' }],
          outputs: [{ id: 'trigger', name: 'T', type: 'output' as const, dataType: 'trigger' }],
        };
        w.nodes.push({ id: 'm', type: 'universalNode', position: { x: 0, y: 300 }, data: { label: 'm', config: {}, metadata: meta } });
        w.edges.push(e('out.trigger -> m.trigger'));
        return withId(w, 'mystery');
      })(),
    },
    'single-start': {
      rule: 'single-start',
      content: (() => {
        const w = base();
        w.nodes.push({ ...w.nodes[0], id: 'start2', position: { x: 0, y: 400 } });
        w.edges.push(e('start2.trigger -> in.trigger'));
        return withId(w, 'two-starts');
      })(),
    },
    'end-reachable': {
      rule: 'end-reachable',
      content: (() => {
        const w = base();
        w.nodes = w.nodes.filter((x) => x.id !== 'end');
        w.edges = w.edges.filter((x) => x.target !== 'end');
        return withId(w, 'no-end');
      })(),
    },
    'branch-exists': {
      rule: 'branch-exists',
      content: (() => {
        const w = clone(routerFlow('branch'));
        const route = w.nodes.find((x) => x.id === 'route')!;
        route.data.config.branches = route.data.config.branches!.filter((b) => b.name !== 'refund');
        return w;
      })(),
    },
    'no-cycle': {
      rule: 'no-cycle',
      content: cycleFlow('cycle'),
    },
    'no-disconnected-node': {
      rule: 'no-disconnected-node',
      content: (() => {
        const w = base();
        w.nodes.push(n('lonely', 'text_formatter', {}, 900));
        return withId(w, 'lonely');
      })(),
    },
    'required-port': {
      rule: 'required-port',
      content: (() => {
        const w = base();
        w.edges = w.edges.filter((x) => !(x.target === 'model' && x.targetHandle === 'model-input-prompt'));
        return withId(w, 'required');
      })(),
    },
    'unknown-node-type': {
      rule: 'unknown-node-type',
      // A typo of a built-in id; the node still carries its own descriptor, so it loads: a warning.
      content: (() => {
        const w = base();
        w.nodes[3].data.metadata = { ...w.nodes[3].data.metadata, id: 'chat_outptu' };
        return withId(w, 'typo-type');
      })(),
    },
    'gateway-branches': {
      rule: 'gateway-branches',
      content: flow(
        'no-branches',
        [n('start', 'start'), n('in', 'chat_input'), n('route', 'conditional_router', { branches: [] }), n('end', 'end')],
        [
          e('start.trigger -> in.trigger'),
          e('in.trigger -> route.trigger'),
          e('in.message -> route.value'),
          e('in.trigger -> end.trigger'),
        ],
      ),
    },
  };
  return Object.fromEntries(Object.entries(cases).map(([name, c]) => [name, { ...c, file: `${name}.json` }]));
}

const cases = failingCases();
/**
 * One run over the bad folder (its 10,001-node file makes each run slower) writes every report the tests
 * below read, as in GitHub Actions: json, compact, github, junit and sarif to files, stylish on stdout.
 */
let bad: CliRun;
const badOut = (name: string) => join(dir, 'out', name);
interface SarifResult {
  ruleId: unknown;
  ruleIndex: number;
  level: string;
  message: { text: unknown };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
}

let report: {
  summary: { files: number; errors: number; warnings: number };
  files: Array<{
    file: string;
    problems: Array<{ file: string; ruleId: string; severity: string; message: string; line?: number; column?: number; pointer?: string }>;
  }>;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-validate-'));
  await mkdir(join(dir, 'bad'));
  for (const c of Object.values(cases))
    await writeFile(join(dir, 'bad', c.file), typeof c.content === 'string' ? c.content : JSON.stringify(c.content, null, 2));
  await writeFile(join(dir, 'bad', 'duplicate-workflow-id.json'), JSON.stringify(chatFlow('dup-node'), null, 2));
  // Over the limit and nothing else: 10,001 unconnected nodes of an unknown type gave 20,003 more problems,
  // each written in six formats, most of this file's time.
  await writeFile(join(dir, 'bad', 'too-many-nodes.json'), JSON.stringify(overNodeLimitFlow('huge')));
  await mkdir(join(dir, 'good'));
  await writeFile(join(dir, 'good', 'chat.json'), JSON.stringify(chatFlow('good-chat'), null, 2));
  await writeFile(join(dir, 'good', 'router.json'), JSON.stringify(routerFlow('good-router'), null, 2));
  bad = await runCli(
    [
      'validate',
      join(dir, 'bad'),
      ...['-f', 'json', '-o', badOut('report.json')],
      ...['-f', 'compact', '-o', badOut('compact.txt')],
      ...['-f', 'github', '-o', badOut('github.txt')],
      ...['-f', 'junit', '-o', badOut('junit.xml')],
      ...['-f', 'sarif', '-o', badOut('report.sarif')],
      ...['-f', 'stylish'],
    ],
    { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: badOut('summary.md') } },
  );
  expect(bad.code, bad.stderr).toBe(1);
  report = JSON.parse(await readFile(badOut('report.json'), 'utf8'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rulesOf = (file: string) => report.files.find((f) => f.file.endsWith(`/${file}`))!.problems.map((p) => p.ruleId);

describe('rules', () => {
  it('the good folder passes every rule (exit 0)', async () => {
    const run = await runCli(['validate', join(dir, 'good'), '-f', 'json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).summary).toMatchObject({ files: 2, errors: 0, warnings: 0 });
  });

  // Each case's whole verdict, as `wfe validate` reports it (rule, severity, message, pointer, line, column),
  // kept in __snapshots__/cli-validate.test.ts.snap, where a change of any message shows in review.
  for (const [name, c] of Object.entries(cases)) {
    it(`${c.rule}: ${name}.json fails it, with exactly these problems`, () => {
      expect(rulesOf(c.file)).toContain(c.rule);
      const problems = report.files.find((f) => f.file.endsWith(`/${c.file}`))!.problems;
      expect(problems.map(({ file, ...problem }) => ({ file: file.slice(dir.length + 1), ...problem }))).toMatchSnapshot();
    });
  }

  it('duplicate-workflow-id and too-many-nodes fail their files', () => {
    expect(rulesOf('duplicate-workflow-id.json')).toEqual(['duplicate-workflow-id']);
    expect(rulesOf('too-many-nodes.json')).toEqual(['too-many-nodes']);
  });

  it('every rule of `wfe validate --list-rules` is exercised above', async () => {
    const tested = new Set([
      ...Object.values(cases).map((c) => c.rule),
      'duplicate-workflow-id',
      'too-many-nodes',
      'lossy-export',
      'loop-exit-into-body' /* test/validate-loop-exit.test.ts */,
      ...AGENTSPEC_RULE_IDS /* test/agentspec-rules.test.ts, valid and invalid cases of each */,
    ]);
    expect(ALL_RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
    const listed = await runCli(['validate', '--list-rules']);
    expect(listed.code).toBe(0);
    for (const r of ALL_RULES) expect(listed.stdout).toContain(r.id);
    expect(listed.stdout).toMatch(/lossy-export\s+off/);
  });

  it('problems carry rule, severity, message, JSON pointer, line and column', () => {
    const syntax = report.files.find((f) => f.file.endsWith('/json-syntax.json'))!.problems[0];
    expect(syntax).toMatchObject({ ruleId: 'json-syntax', severity: 'error', line: 4, column: 1 });
    const schema = report.files.find((f) => f.file.endsWith('/schema.json'))!.problems[0];
    expect(schema).toMatchObject({ ruleId: 'schema', pointer: '/name', message: 'name is required', line: 1 });
    const config = report.files.find((f) => f.file.endsWith('/node-config.json'))!.problems.find((p) => p.ruleId === 'node-config')!;
    expect(config.pointer).toBe('/nodes/2/data/config');
    expect(config.message).toMatch(/temperature must be number/);
    expect(config.line).toBeGreaterThan(1);
    // Found across files, it still points at the file's "id" by line and column.
    const duplicate = report.files.find((f) => f.file.endsWith('/duplicate-workflow-id.json'))!.problems[0];
    expect(duplicate).toMatchObject({ ruleId: 'duplicate-workflow-id', pointer: '/id', line: 2, column: 3 });
  });

  it('lossy-export is off by default and can be turned on', async () => {
    const run = await runCli(['validate', join(dir, 'good'), '-f', 'json', '--rule', 'lossy-export=warning']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).summary.warnings).toBeGreaterThan(0);
  });
});

describe('configuration and exit codes', () => {
  it('wfe.config.yaml rules and --rule change severities; --rule wins', async () => {
    // The same file in a folder without and in a folder with a wfe.config.yaml.
    const plain = join(dir, 'config-none');
    const folder = join(dir, 'config');
    for (const f of [plain, folder]) {
      await mkdir(f);
      await writeFile(join(f, 'cycle.json'), JSON.stringify(cases['no-cycle'].content));
    }
    await writeFile(join(folder, 'wfe.config.yaml'), 'rules:\n  no-cycle: off\n');
    const [unconfigured, configured, warned, piped] = await runClis([
      ['validate', plain],
      ['validate', folder],
      ['validate', folder, '--rule', 'no-cycle=warning', '-f', 'compact'],
      // Stdin takes the settings of the file it stands for, not of the working directory.
      { args: ['validate', '-', '--stdin-filename', join(folder, 'cycle.json')], input: JSON.stringify(cases['no-cycle'].content) },
    ]);
    expect(unconfigured.code).toBe(1);
    expect(configured.code).toBe(0);
    expect(piped.code, piped.stdout).toBe(0);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toMatch(/cycle\.json:\d+:\d+: warning: Cycle detected: .* \[no-cycle\]/);
  });

  it('a node type file that wfe serve of the folder could not load fails the run, in the report and not only on stderr', async () => {
    const folder = join(dir, 'broken-node-types');
    await mkdir(join(folder, 'nodes'), { recursive: true });
    await writeFile(join(folder, 'chat.json'), JSON.stringify(chatFlow('broken-node-types-chat'), null, 2));
    await writeFile(join(folder, 'nodes', 'half.json'), '{"id": "half"}');
    await writeFile(join(folder, 'nodes', 'broken.yaml'), 'id: [\n');
    const run = await runCli(['validate', folder, '-f', 'json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout);
    expect(report.summary).toMatchObject({ files: 3, errors: 7 });
    const byFile = Object.fromEntries(
      report.files.map((f: { file: string; problems: Array<{ ruleId: string }> }) => [
        f.file.replace(/^.*broken-node-types\//, ''),
        f.problems.map((p) => p.ruleId),
      ]),
    );
    expect(byFile).toEqual({ 'chat.json': [], 'nodes/broken.yaml': ['json-syntax'], 'nodes/half.json': Array(6).fill('schema') });
  });

  it('--max-warnings fails a run with more warnings', async () => {
    const args = ['validate', join(dir, 'good'), '--rule', 'lossy-export=warning'];
    const [under, over] = await runClis([
      [...args, '--max-warnings', '1000'],
      [...args, '--max-warnings', '0'],
    ]);
    expect(under.code).toBe(0);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/more than --max-warnings 0/);
  });

  it('usage errors exit 2 with the reason', async () => {
    const cases2: Array<[string[], RegExp]> = [
      [['validate', join(dir, 'good'), '-f', 'xml'], /unknown --format "xml"/],
      [['validate', join(dir, 'good'), '--rule', 'nope=off'], /unknown rule "nope"/],
      [['validate', join(dir, 'good'), '--rule', 'schema=off'], /rule "schema" cannot be changed/],
      [['validate', join(dir, 'missing')], /no such file or folder/],
      [['validate', join(dir, 'good'), '--max-warnings', '-1'], /max-warnings/],
      // An unset CI variable ("--max-warnings $MAX") is no 0.
      [['validate', join(dir, 'good'), '--max-warnings', ''], /--max-warnings must be a whole number, got ""/],
    ];
    const runs = await runClis(cases2.map(([args]) => args));
    cases2.forEach(([args, message], i) => {
      expect(runs[i].code, args.join(' ')).toBe(2);
      expect(runs[i].stderr).toMatch(message);
    });
  });

  it('reads stdin with a name; no progress output without a terminal', async () => {
    const run = await runCli(['validate', '-', '--stdin-filename', 'piped.json', '-f', 'compact'], { input: '{"id": 1}' });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^piped\.json:1:\d+: error: .*\[schema\]/);
    expect(run.stderr).toBe('');
  });
});

describe('report formats', () => {
  it('stylish groups by file with a summary; several formats and outputs at once', async () => {
    const junitFile = badOut('junit.xml');
    const sarifFile = badOut('report.sarif');
    const run = bad;
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/\n.*bad\/edge-missing-port\.json\n\s+\d+:\d+\s+error\s+Edge .* edge-missing-port/);
    expect(run.stdout).toMatch(/✖ \d+ problems \(\d+ errors, \d+ warnings\) in 20 files\n$/);
    expect(run.stdout).not.toMatch(/\x1b\[/);

    const xml = await readFile(junitFile, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const junit = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const suite = junit.testsuites.testsuite;
    expect(suite['@_tests']).toBe('20');
    expect(Number(suite['@_failures'])).toBe(report.files.filter((f) => f.problems.some((p) => p.severity === 'error')).length);
    expect(Number(suite['@_failures'])).toBeLessThan(20);
    const testcase = suite.testcase.find((t: Record<string, string>) => t['@_name'].endsWith('json-syntax.json'));
    expect(testcase.failure['@_type']).toBe('json-syntax');

    const sarif = JSON.parse(await readFile(sarifFile, 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    const driver = sarif.runs[0].tool.driver;
    expect(driver.name).toBe('wfe');
    expect(driver.rules.map((r: { id: string }) => r.id)).toContain('no-cycle');
    const differ = mismatches();
    sarif.runs[0].results.forEach((result: SarifResult, i: number) => {
      const at = `result ${i}`;
      differ.same(`${at} ruleId type`, typeof result.ruleId, 'string');
      differ.same(`${at} level`, ['error', 'warning'].includes(result.level), true);
      differ.same(`${at} message type`, typeof result.message.text, 'string');
      differ.matches(`${at} uri`, result.locations[0].physicalLocation.artifactLocation.uri, /\.json$/);
      differ.same(`${at} startLine >= 1`, result.locations[0].physicalLocation.region.startLine >= 1, true);
      differ.same(`${at} rule at ruleIndex`, driver.rules[result.ruleIndex]?.id, result.ruleId);
    });
    expect(differ.found).toEqual([]);
    expect(sarif.runs[0].results.length).toBe(report.summary.errors + report.summary.warnings);
  });

  it('github: workflow commands with file, line, col and escaped text, capped at 10 per level', async () => {
    const summary = badOut('summary.md');
    expect(bad.code).toBe(1);
    const lines = (await readFile(badOut('github.txt'), 'utf8')).trim().split('\n');
    const annotations = lines.filter((l) => l.startsWith('::error ') || l.startsWith('::warning '));
    expect(annotations.length).toBeLessThanOrEqual(20);
    for (const l of annotations) expect(l).toMatch(/^::(error|warning) file=[^,]+\.json(,line=\d+,col=\d+)?,title=wfe [\w-]+::[^\n]+$/);
    expect(lines[lines.length - 1]).toMatch(/^::notice title=wfe validate::\d+ more problems not annotated/);
    expect(await readFile(summary, 'utf8')).toMatch(/### wfe validate: ❌/);
  });

  it('compact and json: one line per problem; the json summary counts', async () => {
    const lines = (await readFile(badOut('compact.txt'), 'utf8')).trim().split('\n');
    expect(lines.length).toBe(report.summary.errors + report.summary.warnings);
    const differ = mismatches();
    for (const l of lines) differ.matches('line', l, /^.+\.json:\d+:\d+: (error|warning): .+ \[[\w-]+\]$/);
    expect(differ.found).toEqual([]);
    expect(report.summary.files).toBe(20);
  });
});

describe('unknown-node-type', () => {
  it('is a warning by default, at the node type id, and can be made an error', async () => {
    const problem = report.files
      .find((f) => f.file.endsWith('/unknown-node-type.json'))!
      .problems.find((p) => p.ruleId === 'unknown-node-type')!;
    expect(problem).toMatchObject({ severity: 'warning', pointer: '/nodes/3/data/metadata/id' });
    expect(problem.message).toContain("Node 'out' is of type 'chat_outptu'");
    const strict = await runCli([
      'validate',
      join(dir, 'bad', 'unknown-node-type.json'),
      '-f',
      'compact',
      '--rule',
      'unknown-node-type=error',
    ]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/error: Node 'out' is of type 'chat_outptu'.*\[unknown-node-type\]/);
  });
});

describe('-f and -o: each -o writes the report of the -f before it; the others go to stdout', () => {
  // The CI snippets of the README and docs/validate.md, read from those files and run as written there
  // (after `npx wfe`): a snippet edited into something that does not work fails here.
  const checks: Record<string, (text: string) => void> = {
    '.sarif': (text) => expect(JSON.parse(text).version).toBe('2.1.0'),
    '.xml': (text) => expect(XMLValidator.validate(text)).toBe(true),
    '.json': (text) => expect(JSON.parse(text)).toEqual(expect.arrayContaining([expect.objectContaining({ check_name: 'schema' })])),
  };
  const commandLines = ['README.md', 'docs/validate.md'].flatMap((doc) =>
    [...readFileSync(join(REPO, doc), 'utf8').matchAll(/npx wfe (validate [^\n#]*)/g)].map((m) => m[1].trim()),
  );
  const snippets = [...new Set(commandLines)].map((line) => {
    const args = line.split(/\s+/);
    const files = args.flatMap((a, i) => (args[i - 1] === '-o' ? [a] : []));
    return { args, files };
  });
  it('finds the CI snippets in the docs', () => {
    expect(snippets.length).toBeGreaterThanOrEqual(2);
    expect(snippets.flatMap((s) => s.files)).toEqual(expect.arrayContaining(['wfe.sarif', 'wfe-junit.xml', 'gl-code-quality-report.json']));
  });
  for (const snippet of snippets) {
    it(`wfe ${snippet.args.join(' ')}`, async () => {
      const project = await mkdtemp(join(tmpdir(), 'wfe-snippet-'));
      try {
        await mkdir(join(project, 'workflows'));
        await writeFile(join(project, 'workflows', 'chat.json'), JSON.stringify(chatFlow('snippet-chat'), null, 2));
        await writeFile(join(project, 'workflows', 'broken.json'), JSON.stringify({ id: 'broken', nodes: [], edges: [] }));
        const run = await runCli(snippet.args, { cwd: project });
        expect(run.code).toBe(1);
        // stylish, and only stylish, on stdout
        expect(run.stdout).toMatch(/^workflows\/broken\.json\n\s+\d+:\d+\s+error\s+name is required\s+schema\n/m);
        expect(run.stdout).toMatch(/✖ 1 problem \(1 error, 0 warnings\) in 2 files\n$/);
        for (const file of snippet.files) checks[extname(file)](await readFile(join(project, file), 'utf8'));
      } finally {
        await rm(project, { recursive: true, force: true });
      }
    });
  }

  it('refuses an -o before any -f, two -o for one -f, and two reports into one file', async () => {
    const good = join(dir, 'good');
    const cases2: Array<[string[], RegExp]> = [
      [['validate', good, '-o', 'x.txt', '-f', 'json'], /-o x\.txt comes before any -f/],
      [['validate', good, '-f', 'json', '-o', 'a.json', '-o', 'b.json'], /-f json has two outputs/],
      [['validate', good, '-f', 'json', '-o', 'same', '-f', 'sarif', '-o', 'same'], /both write to same/],
    ];
    const runs = await runClis(cases2.map(([args]) => args));
    cases2.forEach(([args, message], i) => {
      expect(runs[i].code, args.join(' ')).toBe(2);
      expect(runs[i].stderr).toMatch(message);
    });
  });

  it('-o /dev/stdout with stdout redirected to a file (`> ci.log`) adds to that file, keeping what it held', async () => {
    const log = join(dir, 'ci.log');
    await writeFile(log, 'earlier CI log line\n');
    // As a shell's `>>` leaves it: the file open for appending as the process's stdout and stderr.
    const fd = openSync(log, 'a');
    try {
      const code = await new Promise<number | null>((done, fail) => {
        const child = spawn(process.execPath, [BIN, 'validate', join(dir, 'bad'), '-f', 'compact', '-o', '/dev/stdout'], {
          stdio: ['ignore', fd, fd],
          env: { ...process.env, NO_COLOR: '1' },
        });
        child.on('error', fail);
        child.on('exit', done);
      });
      expect(code).toBe(1);
      writeSync(fd, 'later CI log line\n');
    } finally {
      closeSync(fd);
    }
    const lines = (await readFile(log, 'utf8')).split('\n');
    expect(lines[0]).toBe('earlier CI log line');
    expect(lines.slice(1, -2).filter((l) => !/^\S+:\d+:\d+: (error|warning): /.test(l))).toEqual([]);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.at(-2)).toBe('later CI log line');
  });

  it('never writes a report over an input: -o naming one exits 2, and a report an earlier run left in a folder is skipped', async () => {
    const folder = join(dir, 'own-reports');
    await mkdir(folder, { recursive: true });
    const workflow = JSON.stringify(chatFlow('own-reports'));
    await writeFile(join(folder, 'chat.json'), workflow);
    const [named, first] = await runClis([
      ['validate', join(folder, 'chat.json'), '-f', 'compact', '-o', join(folder, 'chat.json')],
      ['validate', folder, '-f', 'json', '-o', join(folder, 'report.json')],
    ]);
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/-o \S*chat\.json is also an input: the report would replace it; write the report elsewhere/);
    expect(await readFile(join(folder, 'chat.json'), 'utf8')).toBe(workflow);
    expect(first.code).toBe(0);
    const second = await runCli(['validate', folder, '-f', 'json', '-o', join(folder, 'report.json')]);
    expect(second.code).toBe(0);
    expect(JSON.parse(await readFile(join(folder, 'report.json'), 'utf8')).summary).toMatchObject({ files: 1, errors: 0 });
  });

  it("an Agent Spec export or a YAML copy beside its workflow shares the workflow's id without being a duplicate", async () => {
    const folder = join(dir, 'exports-beside');
    await mkdir(join(folder, 'out'), { recursive: true });
    await writeFile(join(folder, 'support.json'), JSON.stringify(routerFlow('exports-beside')));
    expect(await runCli(['export', join(folder, 'support.json'), '-o', join(folder, 'out') + '/', '-q'])).toMatchObject({ code: 0 });
    expect(
      await runCli(['export', join(folder, 'support.json'), '-o', join(folder, 'out', 'support.yaml'), '--to', 'flowdrop', '-q']),
    ).toMatchObject({
      code: 0,
    });
    // Two JSON workflows of one id are still one too many: wfe serve loads only the first.
    await writeFile(join(folder, 'z-copy.json'), JSON.stringify(routerFlow('exports-beside')));
    // A folder is searched for *.json, as wfe serve searches it: the YAML copy is named.
    const run = await runCli(['validate', folder, join(folder, 'out', 'support.yaml'), '-f', 'json']);
    const report = JSON.parse(run.stdout) as { files: Array<{ file: string; problems: Array<{ ruleId: string; message: string }> }> };
    const duplicates = report.files.flatMap((f) =>
      f.problems.filter((p) => p.ruleId === 'duplicate-workflow-id').map((p) => `${basename(f.file)}: ${p.message}`),
    );
    expect(duplicates).toEqual([
      "z-copy.json: Workflow id 'exports-beside' is also used by " + join(folder, 'support.json') + ', which wfe serve loads instead',
    ]);
    expect(report.files.map((f) => basename(f.file)).sort()).toEqual([
      'support.agentspec.json',
      'support.json',
      'support.yaml',
      'z-copy.json',
    ]);
  });

  it('names a file the same however it was typed, so fingerprints and SARIF URIs do not change with the spelling', async () => {
    const folder = join(dir, 'spellings');
    await mkdir(join(folder, 'flows'), { recursive: true });
    const broken = { ...chatFlow('spellings'), nodes: [...chatFlow('spellings').nodes, n('lonely', 'text_input', {})] };
    await writeFile(join(folder, 'flows', 'w.json'), JSON.stringify(broken));
    const spellings = ['flows/w.json', './flows/w.json', './/flows//w.json', '../spellings/flows/w.json', join(folder, 'flows', 'w.json')];
    const runs = await runClis(spellings.map((spelling) => ({ args: ['validate', spelling, '-f', 'codeclimate'], cwd: folder })));
    const seen = runs.map((run) =>
      (JSON.parse(run.stdout) as Array<{ location: { path: string }; fingerprint: string }>).map(
        (i) => `${i.location.path} ${i.fingerprint}`,
      ),
    );
    expect(seen[0][0]).toMatch(/^flows\/w\.json [0-9a-f]{32}$/);
    expect(seen).toEqual(spellings.map(() => seen[0]));
    const piped = await runCli(['validate', '-', '--stdin-filename', './flows/w.json', '-f', 'compact'], {
      cwd: folder,
      input: JSON.stringify(broken),
    });
    expect(piped.stdout).toMatch(/^flows\/w\.json:/);
  });

  it('without -f, -o writes the default stylish report to the file; --format=x and -fx spellings pair too', async () => {
    const out = join(dir, 'out-pairs');
    const [plain, run] = await runClis([
      ['validate', join(dir, 'good'), '-o', join(out, 'stylish.txt')],
      ['validate', join(dir, 'good'), '--format=json', `-o${join(out, 'r.json')}`, '-fcompact'],
    ]);
    expect(plain).toMatchObject({ code: 0, stdout: '' });
    expect(await readFile(join(out, 'stylish.txt'), 'utf8')).toMatch(/no problems/);
    expect(run.code).toBe(0);
    expect(JSON.parse(await readFile(join(out, 'r.json'), 'utf8')).summary.files).toBe(2);
    expect(run.stdout).toBe(''); // compact: nothing to list
  });
});

describe('files that are not workflows', () => {
  it('at a repository root: manifests, lockfiles, tsconfig*, .vscode/, node_modules/ are skipped; --ignore and ignore: skip more', async () => {
    // The same repository three times: without a wfe.config.yaml, with an ignore: list, with a wrong ignore:.
    const parent = await mkdtemp(join(tmpdir(), 'wfe-root-'));
    try {
      const makeRoot = async (name: string, config?: string) => {
        const root = join(parent, name);
        const write = async (rel: string, text: string) => {
          await mkdir(join(root, rel, '..'), { recursive: true });
          await writeFile(join(root, rel), text);
        };
        for (const rel of [
          'package.json',
          'package-lock.json',
          'tsconfig.json',
          'tsconfig.build.json',
          '.vscode/settings.json',
          'node_modules/x/package.json',
          'sub/package.json',
          '.github/renovate.json',
        ])
          await write(rel, '{"name": "not a workflow"}');
        await write('flows/chat.json', JSON.stringify(chatFlow('root-chat')));
        await write('flows/drafts/half.json', '{"id": "half"}');
        await write('schemas/flow.schema.json', '{"type": "object"}');
        if (config !== undefined) await write('wfe.config.yaml', config);
        return root;
      };
      const root = await makeRoot('plain');
      const configured = await makeRoot('configured', 'ignore:\n  - flows/drafts/**\n  - schemas\n');
      const misconfigured = await makeRoot('misconfigured', 'ignore: 5\n');

      const [all, ignored, configIgnored, named, globbed, wrong] = await runClis([
        { args: ['validate', '.', '-f', 'json'], cwd: root },
        { args: ['validate', '.', '-f', 'json', '--ignore', 'drafts/', '--ignore', '*.schema.json'], cwd: root },
        { args: ['validate', '.', '-f', 'json'], cwd: configured },
        { args: ['validate', 'package.json', '-f', 'compact'], cwd: configured },
        { args: ['validate', '**/*.json', '-f', 'json'], cwd: configured },
        { args: ['validate', '.'], cwd: misconfigured },
      ]);
      const names = (run: CliRun) => ({ code: run.code, files: (JSON.parse(run.stdout) as typeof report).files.map((f) => f.file).sort() });
      expect(names(all)).toEqual({ code: 1, files: ['flows/chat.json', 'flows/drafts/half.json', 'schemas/flow.schema.json'] });
      expect(names(ignored)).toEqual({ code: 0, files: ['flows/chat.json'] });
      expect(names(configIgnored)).toEqual({ code: 0, files: ['flows/chat.json'] });
      // A file named on the command line is always checked.
      expect(named.stdout).toMatch(/^package\.json:.*\[schema\]/m);
      // Globs follow the same rules.
      expect((JSON.parse(globbed.stdout) as typeof report).files.map((f) => f.file)).toEqual(['flows/chat.json']);

      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(/wfe\.config\.yaml: ignore: expected a glob/);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('--quiet', () => {
  it('prints nothing when the check passes, the report when it fails; -o files are written either way', async () => {
    const sarif = join(dir, 'quiet', 'q.sarif');
    const [clean, failing] = await runClis([
      ['validate', join(dir, 'good'), '-q', '-f', 'stylish', '-f', 'sarif', '-o', sarif],
      ['validate', join(dir, 'bad', 'schema.json'), '--quiet'],
    ]);
    expect(clean).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse(await readFile(sarif, 'utf8')).version).toBe('2.1.0');
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/name is required/);
  });
});

describe('--watch', () => {
  it('re-checks a file when it, its wfe.config.yaml or its node types change, with the settings as they are now; Ctrl-C exits with the last result', async () => {
    const folder = join(dir, 'watched');
    await mkdir(folder);
    await writeFile(join(folder, 'chat.json'), JSON.stringify(chatFlow('watched-chat'), null, 2));
    const child = spawn(...diesWithRunner(process.execPath, [BIN, 'validate', folder, '--watch']), {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    const waiters: Array<() => void> = [];
    const onData = () => waiters.splice(0).forEach((wake) => wake());
    child.stdout.on('data', (d) => {
      stdout += d;
      onData();
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      onData();
    });
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const until = async (test: () => boolean) => {
      while (!test()) {
        if (child.exitCode !== null) throw new Error(`wfe validate --watch exited: ${stdout} ${stderr}`);
        await new Promise<void>((wake) => waiters.push(wake));
      }
    };
    try {
      await until(() => /Watching 1 file/.test(stderr));
      expect(stdout).toMatch(/✔ 1 file checked, no problems/);
      await writeFile(join(folder, 'chat.json'), JSON.stringify({ ...chatFlow('watched-chat'), name: undefined }, null, 2));
      await until(() => /name is required/.test(stdout));
      expect(stderr).toMatch(/changed: .*chat\.json/);
      // A node of a type the folder does not define: a warning by default.
      const custom = chatFlow('watched-chat');
      custom.nodes[2].data.metadata = { ...custom.nodes[2].data.metadata, id: 'whatever_type' };
      await writeFile(join(folder, 'chat.json'), JSON.stringify(custom, null, 2));
      await until(() => /warning .*unknown-node-type/.test(stdout));
      // The folder's settings change: the re-check uses them.
      await writeFile(join(folder, 'wfe.config.yaml'), 'rules:\n  unknown-node-type: error\n');
      await until(() => /error .*unknown-node-type/.test(stdout));
      expect(stderr).toMatch(/changed: .*wfe\.config\.yaml/);
      await mkdir(join(folder, 'nodes'));
      await writeFile(join(folder, 'nodes', 'whatever.json'), JSON.stringify(custom.nodes[2].data.metadata, null, 2));
      await until(() => stdout.split('no problems').length === 3);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
