// The GitHub job summary formatter, in process: its exact Markdown for a report.
import { describe, expect, it } from 'vitest';
import { githubSummary } from '../src/validate/formatters/github.js';
import type { Report } from '../src/validate/types.js';
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
