// The SARIF formatter, in process: the rules it describes, and where its URIs start.
import { describe, expect, it } from 'vitest';
import { sarif } from '../src/validate/formatters/sarif.js';
import type { Report } from '../src/validate/types.js';

describe('sarif rules', () => {
  it('describes a rule that a result names even when the first folder turned it off', () => {
    const report: Report = {
      files: [
        {
          file: 'b/w.json',
          durationMs: 0,
          problems: [{ ruleId: 'unknown-node-type', severity: 'error', message: 'x', file: 'b/w.json', line: 1 }],
        },
      ],
      errorCount: 1,
      warningCount: 0,
      rules: [
        { id: 'schema', severity: 'error', description: 'the file is a FlowDrop workflow' },
        { id: 'unknown-node-type', severity: 'off', description: 'node types are known' },
        { id: 'no-cycle', severity: 'off', description: 'no cycles' },
      ],
      durationMs: 0,
    };
    const run = JSON.parse(sarif(report, { color: false, version: '0.0.0', cwd: '/repo' })).runs[0];
    const rules = run.tool.driver.rules as Array<{ id: string; defaultConfiguration: { level: string } }>;
    expect(rules.map((r) => [r.id, r.defaultConfiguration.level])).toEqual([
      ['schema', 'error'],
      ['unknown-node-type', 'none'],
    ]);
    expect(run.results[0]).toMatchObject({ ruleId: 'unknown-node-type', ruleIndex: 1, level: 'error' });
  });
});

describe('sarif locations', () => {
  it('are relative to the repository root (%SRCROOT%), where code scanning reads them from; a file outside it is a file: URI', () => {
    const problem = (file: string) => ({ ruleId: 'schema' as const, severity: 'error' as const, message: 'x', file, line: 1 });
    const report: Report = {
      files: ['a b.json', '/elsewhere/c.json'].map((file) => ({ file, durationMs: 0, problems: [problem(file)] })),
      errorCount: 2,
      warningCount: 0,
      rules: [{ id: 'schema', severity: 'error', description: 'the file is a FlowDrop workflow' }],
      durationMs: 0,
    };
    const repository = {
      root: '/repo',
      names: new Map([
        ['a b.json', 'packages/flows/a b.json'],
        ['/elsewhere/c.json', '/elsewhere/c.json'],
      ]),
    };
    const run = JSON.parse(sarif(report, { color: false, version: '0.0.0', cwd: '/repo/packages/flows', repository })).runs[0];
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///repo/' } });
    expect(
      run.results.map(
        (r: { locations: Array<{ physicalLocation: { artifactLocation: unknown } }> }) => r.locations[0].physicalLocation.artifactLocation,
      ),
    ).toEqual([{ uri: 'packages/flows/a%20b.json', uriBaseId: '%SRCROOT%' }, { uri: 'file:///elsewhere/c.json' }]);
  });
});
