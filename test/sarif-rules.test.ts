// The SARIF formatter, in process: the rules it describes.
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
