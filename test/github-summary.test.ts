// The GitHub job summary formatter, in process: its exact Markdown for a report, and the pictures of failing
// Agent Spec flows as `wfe validate` draws them (the CLI in process, the documents in a temp folder).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObject, type AsObject } from '../src/agentspec/types.js';
import { github, githubSummary } from '../src/validate/formatters/github.js';
import type { Report } from '../src/validate/types.js';
import { nested, ref, root, str } from './support/agentspec-rule-documents.js';
import { runCli } from './support/cli.js';
import { flow, n } from './support/flows.js';
import { oneProblemReport } from './support/reports.js';

const report = (message: string, file = 'flows/a.json') =>
  oneProblemReport(file, { ruleId: 'no-disconnected-node', severity: 'warning', message, line: 3, column: 5 });

describe('githubSummary', () => {
  it('a row per problem; the text of a cell cannot end the cell, the row or become HTML, Markdown or a mention', () => {
    expect(
      githubSummary(
        report('Disconnected: <img src=x.png> | a & b\nnext\r![t](https://example.com/p.png) `c` *d* @octocat', 'flows/<b>.json'),
      ),
    ).toBe(
      '### wfe validate: ⚠️ 0 errors, 1 warning in 1 file\n\n' +
        '| where | severity | problem | rule |\n|---|---|---|---|\n' +
        '| flows/\\<b\\>.json:3:5 | warning | Disconnected: \\<img src=x.png\\> \\| a \\& b\\\\nnext\\\\r!\\[t\\](https://example.com/p.png) \\`c\\` \\*d\\* @&#8203;octocat | `no-disconnected-node` |\n',
    );
  });

  it('stays under the 1 MiB GitHub keeps: rows past the budget are counted, not listed', () => {
    const many: Report = { ...report('x'), warningCount: 20_000 };
    many.files[0].problems = Array.from({ length: 20_000 }, (_, i) => ({
      ...many.files[0].problems[0],
      message: `Node ${i} ${'is not connected '.repeat(4)}`,
    }));
    const summary = githubSummary(many);
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1_000_000);
    const listed = summary.split('\n').filter((line) => line.startsWith('| flows/')).length;
    expect(listed).toBeGreaterThan(1_000);
    expect(
      summary.endsWith(`\n${20_000 - listed} more problems not listed (GitHub drops a summary over 1 MiB); see another report format.\n`),
    ).toBe(true);
  });

  it('marks a run that --max-warnings failed with a cross', () => {
    expect(githubSummary(report('x'), { maxWarnings: 0 })).toMatch(/^### wfe validate: ❌ 0 errors, 1 warning in 1 file\n/);
    expect(githubSummary(report('x'), { maxWarnings: 1 })).toMatch(/^### wfe validate: ⚠️ 0 errors, 1 warning in 1 file\n/);
  });

  it('marks a run with errors with a cross, and one with warnings only (which passes) with a warning sign', () => {
    const failing = report('x');
    failing.files[0].problems[0].severity = 'error';
    expect(githubSummary({ ...failing, errorCount: 1, warningCount: 0 })).toMatch(/^### wfe validate: ❌ 1 error, 0 warnings in 1 file\n/);
    expect(githubSummary(report('x'))).toMatch(/^### wfe validate: ⚠️ 0 errors, 1 warning in 1 file\n/);
  });

  it('says when there is nothing to report', () => {
    expect(githubSummary({ ...report('x'), files: [{ file: 'a.json', durationMs: 0, problems: [] }], warningCount: 0 })).toBe(
      '### wfe validate: ✅ no problems in 1 file\n',
    );
  });
});

describe('paths from the repository root, where GitHub reads them from', () => {
  const repository = { root: '/repo', names: new Map([['a.json', 'packages/flows/a.json']]) };
  const options = { color: false, version: '0.0.0', cwd: '/repo/packages/flows', repository };

  it('annotations name the file from the root', () => {
    expect(github(report('x', 'a.json'), options)).toBe(
      '::warning file=packages/flows/a.json,line=3,col=5,title=wfe no-disconnected-node::x\n',
    );
  });

  it('the summary lists and draws the file by its path from the root', () => {
    const failing = oneProblemReport('a.json', { ruleId: 'no-disconnected-node', severity: 'error', message: 'x', pointer: '/nodes/0' });
    failing.files[0].workflow = flow('w', [n('lonely', 'text_formatter')], []);
    expect(githubSummary(failing, options)).toBe(
      '### wfe validate: ❌ 1 error, 0 warnings in 1 file\n\n| where | severity | problem | rule |\n|---|---|---|---|\n' +
        '| packages/flows/a.json:1:1 | error | x | `no-disconnected-node` |\n' +
        '\n#### packages/flows/a.json\n\n```mermaid\nflowchart LR\n  n_lonely["lonely"]\n' +
        '  classDef failing fill:#ffebe9,stroke:#d1242f,stroke-width:2px,color:#82071e\n  class n_lonely failing\n```\n',
    );
  });
});

describe('the picture of a failing Agent Spec flow', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wfe-summary-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The job summary of `wfe validate <name>` run in the folder, as GitHub Actions runs it. */
  async function summaryOf(name: string, document: AsObject): Promise<string> {
    await writeFile(join(dir, name), JSON.stringify(document, null, 2));
    const summary = join(dir, `${name}.md`);
    const run = await runCli(['validate', name, '-f', 'compact'], {
      cwd: dir,
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });
    expect(run.code, run.stderr).toBe(1);
    return readFile(summary, 'utf8');
  }

  const RED = '  classDef failing fill:#ffebe9,stroke:#d1242f,stroke-width:2px,color:#82071e\n';
  const HEAD = '### wfe validate: ❌ 1 error, 0 warnings in 1 file\n\n| where | severity | problem | rule |\n|---|---|---|---|\n';
  /** Start → summarize → End, as the summary flow (agentspec-rule-documents.ts) imports. */
  const SUMMARY_FLOW =
    'flowchart LR\n  n_start(["start"])\n  n_llm_node["summarize"]\n  n_end(["end"])\n  n_start --> n_llm_node\n  n_llm_node --> n_end\n';

  it('marks a node defined in $referenced_components that an error points into', async () => {
    const document = root();
    const refs = document.$referenced_components;
    if (!isObject(refs) || !isObject(refs.llm_node)) throw new Error('no llm_node');
    delete refs.llm_node.llm_config;
    expect(await summaryOf('node.agentspec.json', document)).toBe(
      HEAD +
        "| node.agentspec.json:103:5 | error | LlmNode 'summarize' has no llm\\_config, which an LlmNode requires | `agentspec-field` |\n" +
        `\n#### node.agentspec.json\n\n\`\`\`mermaid\n${SUMMARY_FLOW}${RED}  class n_llm_node failing\n\`\`\`\n`,
    );
  });

  it('marks both ends of a connection an error points into', async () => {
    const document = root();
    const edges = document.data_flow_connections;
    if (!Array.isArray(edges) || !isObject(edges[1])) throw new Error('no data edge d2');
    edges[1].source_output = 'nope';
    expect(await summaryOf('edge.agentspec.json', document)).toBe(
      HEAD +
        "| edge.agentspec.json:78:7 | error | data flow edge 'd2' reads output 'nope' of LlmNode 'summarize', which has outputs 'summary' | `agentspec-data-edge` |\n" +
        `\n#### edge.agentspec.json\n\n\`\`\`mermaid\n${SUMMARY_FLOW}${RED}  class n_llm_node,n_end failing\n\`\`\`\n`,
    );
  });

  it('marks every node that holds the LLM configuration an error points into', async () => {
    // Start → summarize → shorten → End, both LlmNodes on one referenced VllmConfig, which has no url.
    const document = root();
    const refs = document.$referenced_components;
    const control = document.control_flow_connections;
    const data = document.data_flow_connections;
    if (!isObject(refs) || !isObject(refs.llm_node) || !Array.isArray(control) || !Array.isArray(data))
      throw new Error('not the summary flow');
    const llm = refs.llm_node.llm_config;
    if (!isObject(llm)) throw new Error('no llm_config');
    delete llm.url;
    refs.llm = llm;
    refs.llm_node.llm_config = ref('llm');
    refs.second = {
      component_type: 'LlmNode',
      id: 'second',
      name: 'shorten',
      llm_config: ref('llm'),
      prompt_template: 'Shorten {{summary}}',
      inputs: [str('summary')],
      outputs: [str('summary')],
    };
    document.nodes = [ref('start'), ref('llm_node'), ref('second'), ref('end')];
    const [c1, c2, ...restControl] = control;
    const [d1, d2, ...restData] = data;
    if (!isObject(c2) || !isObject(d2)) throw new Error('no second edges');
    document.control_flow_connections = [
      c1,
      { ...c2, to_node: ref('second') },
      { ...c2, id: 'c3', name: 'c3', from_node: ref('second') },
      ...restControl,
    ];
    document.data_flow_connections = [
      d1,
      { ...d2, destination_node: ref('second') },
      { ...d2, id: 'd3', name: 'd3', source_node: ref('second') },
      ...restData,
    ];
    expect(await summaryOf('shared.agentspec.json', document)).toBe(
      HEAD +
        "| shared.agentspec.json:169:5 | error | VllmConfig 'llm' has no url, which a VllmConfig requires | `agentspec-field` |\n" +
        '\n#### shared.agentspec.json\n\n```mermaid\n' +
        'flowchart LR\n  n_start(["start"])\n  n_llm_node["summarize"]\n  n_second["shorten"]\n  n_end(["end"])\n' +
        '  n_start --> n_llm_node\n  n_llm_node --> n_second\n  n_second --> n_end\n' +
        `${RED}  class n_llm_node,n_second failing\n\`\`\`\n`,
    );
  });

  it('marks the FlowNode whose subflow an error points into', async () => {
    const document = nested();
    const refs = document.$referenced_components;
    const inner = isObject(refs) ? refs.inner : undefined;
    const subflow = isObject(inner) ? inner.subflow : undefined;
    const innerRefs = isObject(subflow) ? subflow.$referenced_components : undefined;
    if (!isObject(innerRefs) || !isObject(innerRefs.in_llm_node)) throw new Error('no in_llm_node');
    delete innerRefs.in_llm_node.llm_config;
    expect(await summaryOf('nested.agentspec.json', document)).toBe(
      HEAD +
        "| nested.agentspec.json:226:11 | error | LlmNode 'in\\_summarize' has no llm\\_config, which an LlmNode requires | `agentspec-field` |\n" +
        '\n#### nested.agentspec.json\n\n```mermaid\n' +
        'flowchart LR\n  n_start(["start"])\n  n_inner["inner"]\n  n_end(["end"])\n  n_start --> n_inner\n  n_inner --> n_end\n' +
        `${RED}  class n_inner failing\n\`\`\`\n`,
    );
  });

  it("marks a node written inline in the flow's nodes that an error points at", async () => {
    const document = root();
    const nodes = document.nodes;
    if (!Array.isArray(nodes)) throw new Error('no nodes');
    // The end node listed twice is one node: the inline one is the document's fifth entry and the workflow's fourth node.
    nodes.push(ref('end'), { component_type: 'EndNode', id: 'end2', name: 'end2', inputs: [str('summary')], outputs: [str('summary')] });
    expect(await summaryOf('inline.agentspec.json', document)).toBe(
      HEAD +
        "| inline.agentspec.json:33:5 | error | EndNode 'end2' of Flow 'summary' has no incoming control flow edge: connect it, or remove it | `agentspec-end-node` |\n" +
        '\n#### inline.agentspec.json\n\n```mermaid\n' +
        'flowchart LR\n  n_start(["start"])\n  n_llm_node["summarize"]\n  n_end(["end"])\n  n_end2(["end2"])\n' +
        '  n_start --> n_llm_node\n  n_llm_node --> n_end\n' +
        `${RED}  class n_end2 failing\n\`\`\`\n`,
    );
  });
});
