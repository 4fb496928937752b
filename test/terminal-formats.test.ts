// The stylish and compact formatters, in process: their exact text, and what a workflow's own text can do to it.
import { describe, expect, it } from 'vitest';
import { compact } from '../src/validate/formatters/compact.js';
import { stylish } from '../src/validate/formatters/stylish.js';
import { oneProblemReport } from './support/reports.js';

const options = { color: false, version: '0.0.0', cwd: '/' };
const hostile = 'Node "\u001b[31mred\u0007" is\r\nnot connected';
const report = (file: string, message: string) =>
  oneProblemReport(file, { ruleId: 'no-disconnected-node', severity: 'warning', message, line: 3, column: 5 });

describe('compact', () => {
  it('one line per problem, whatever the file name and message hold', () => {
    expect(compact(report('flows/a\nb.json', hostile), options)).toBe(
      'flows/a\\nb.json:3:5: warning: Node "\\u001b[31mred\\u0007" is\\r\\nnot connected [no-disconnected-node]\n',
    );
  });
});

describe('stylish', () => {
  it('grouped by file, with no control character of the workflow reaching the terminal', () => {
    expect(stylish(report('flows/\u202eevil.json', hostile), options)).toBe(
      'flows/\\u202eevil.json\n' +
        '  3:5  warning  Node "\\u001b[31mred\\u0007" is\\r\\nnot connected  no-disconnected-node\n' +
        '\n✖ 1 problem (0 errors, 1 warning) in 1 file\n',
    );
  });
});

describe('stylish and compact paths', () => {
  it('stay from the working directory, where a person and an editor read them, in a repository too', () => {
    const repository = { root: '/repo', names: new Map([['a.json', 'flows/a.json']]) };
    const inFlows = { ...options, cwd: '/repo/flows', repository };
    expect(compact(report('a.json', 'x'), inFlows)).toBe('a.json:3:5: warning: x [no-disconnected-node]\n');
    expect(stylish(report('a.json', 'x'), inFlows)).toBe(
      'a.json\n  3:5  warning  x  no-disconnected-node\n\n✖ 1 problem (0 errors, 1 warning) in 1 file\n',
    );
  });
});

describe('the lines of serve, export and import', () => {
  it("show a workflow's control characters instead of obeying them", async () => {
    const { formatLoadError } = await import('../src/contract/load-error.js');
    const { problemLine } = await import('../src/cli/report.js');
    const { prettyLine } = await import('../src/cli/ui/event-lines.js');
    const { createLogger } = await import('../src/util/logger.js');
    const evil = 'a\u001b]0;TITLE\u0007b';
    expect(formatLoadError({ file: `${evil}.json`, line: 2, column: 1, message: evil })).toBe(
      'a\\u001b]0;TITLE\\u0007b.json:2:1: a\\u001b]0;TITLE\\u0007b',
    );
    expect(problemLine(`${evil}.json`, 'warning', evil)).toBe('a\\u001b]0;TITLE\\u0007b.json: warning: a\\u001b]0;TITLE\\u0007b');
    const at = '2026-01-01T00:00:00.000Z';
    expect(prettyLine({ type: 'file', at, file: `${evil}.json`, change: 'change' })).toBe(
      `${at} INFO  a\\u001b]0;TITLE\\u0007b.json: changed on disk`,
    );
    expect(prettyLine({ type: 'log', at, level: 'warn', message: evil })).toBe(`${at} WARN  a\\u001b]0;TITLE\\u0007b`);
    const written: string[] = [];
    createLogger('info', (line) => written.push(line)).warn(evil);
    expect(written[0]).toMatch(/ WARN {2}a\\u001b\]0;TITLE\\u0007b$/);
  });
});
