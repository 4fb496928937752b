// The GitHub job summary formatter, in process: its exact Markdown for a report.
import { describe, expect, it } from 'vitest';
import { githubSummary } from '../src/validate/formatters/github.js';
import type { Report } from '../src/validate/types.js';

const report = (message: string, file = 'flows/a.json'): Report => ({
  files: [{ file, durationMs: 0, problems: [{ ruleId: 'no-disconnected-node', severity: 'warning', message, file, line: 3, column: 5 }] }],
  errorCount: 0,
  warningCount: 1,
  rules: [],
  durationMs: 0,
});

describe('githubSummary', () => {
  it('a row per problem; the text of a cell cannot end the cell, the row or become HTML', () => {
    expect(githubSummary(report('Disconnected node: <img src=https://example.com/x.png> | a & b\nnext', 'flows/<b>.json'))).toBe(
      '### wfe validate: ⚠️ 0 errors, 1 warning in 1 file\n\n' +
        '| where | severity | problem | rule |\n|---|---|---|---|\n' +
        '| flows/&lt;b&gt;.json:3:5 | warning | Disconnected node: &lt;img src=https://example.com/x.png&gt; \\| a &amp; b next | `no-disconnected-node` |\n',
    );
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
