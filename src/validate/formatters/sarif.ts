// SARIF 2.1.0, the format GitHub code scanning shows inline (upload-sarif).
import { allProblems, type Formatter } from './options.js';

export const sarif: Formatter = (report, { version }) => {
  const rules = report.rules.filter((r) => r.severity !== 'off');
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results = allProblems(report).map((p) => ({
    ruleId: p.ruleId,
    ...(index.has(p.ruleId) ? { ruleIndex: index.get(p.ruleId) } : {}),
    level: p.severity,
    message: { text: p.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: p.file.split('\\').join('/'), uriBaseId: '%SRCROOT%' },
          // Code scanning needs a region; a file-level problem points at its first line.
          region: { startLine: p.line ?? 1, startColumn: p.column ?? 1 },
        },
      },
    ],
    ...(p.pointer !== undefined ? { properties: { jsonPointer: p.pointer } } : {}),
  }));
  return (
    JSON.stringify(
      {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [
          {
            tool: {
              driver: {
                name: 'wfe',
                version,
                informationUri: 'https://github.com/flowdrop-io/flowdrop',
                rules: rules.map((r) => ({ id: r.id, name: r.id, shortDescription: { text: r.description }, defaultConfiguration: { level: r.severity } })),
              },
            },
            originalUriBaseIds: { '%SRCROOT%': { uri: `file://${process.cwd().split('\\').join('/')}/` } },
            results,
          },
        ],
      },
      null,
      2,
    ) + '\n'
  );
};
