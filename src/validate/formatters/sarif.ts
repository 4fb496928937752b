// SARIF 2.1.0, the format GitHub code scanning shows inline (upload-sarif). Checked with Microsoft's
// SARIF validator (`Sarif.Multitool validate --rule-kind "Sarif;Gh"`, test/report-formats.test.ts).
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { helpMarkdown, helpText, RULE_HELP, ruleName, RULES_DOC_URL } from '../../contract/rule-help.js';
import { allProblems, rootPath, type Formatter, type FormatOptions } from './options.js';

const sentence = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}`;

/**
 * Relative to the checkout root (%SRCROOT%) when possible: code scanning reads a relative URI from the
 * repository root. SARIF wants URIs, so segments are encoded.
 */
function artifactLocation(file: string, options: Pick<FormatOptions, 'cwd' | 'repository'>): { uri: string; uriBaseId?: string } {
  const path = rootPath(file, options);
  if (isAbsolute(path)) return { uri: pathToFileURL(path).href };
  return { uri: path.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

export const sarif: Formatter = (report, { version, cwd = process.cwd(), repository }) => {
  // A rule off where the run's first folder has its settings can be on in another folder's wfe.config.yaml:
  // every rule a result names is described, at the level it has in the first folder ("none" when off there).
  const named = new Set<string>(allProblems(report).map((p) => p.ruleId));
  const rules = report.rules.filter((r) => r.severity !== 'off' || named.has(r.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results = allProblems(report).map((p) => ({
    ruleId: p.ruleId,
    ...(index.has(p.ruleId) ? { ruleIndex: index.get(p.ruleId) } : {}),
    level: p.severity,
    message: { text: p.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(p.file, { cwd, repository }),
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
                rules: rules.map((r) => ({
                  id: r.id,
                  name: ruleName(r.id),
                  shortDescription: { text: sentence(r.description) },
                  fullDescription: { text: RULE_HELP[r.id]?.checks ?? sentence(r.description) },
                  help: { text: helpText(r.id), markdown: helpMarkdown(r.id) },
                  ...(RULES_DOC_URL ? { helpUri: `${RULES_DOC_URL}#${r.id}` } : {}),
                  defaultConfiguration: { level: r.severity === 'off' ? 'none' : r.severity },
                })),
              },
            },
            originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(repository?.root ?? cwd).href.replace(/\/?$/, '/') } },
            results,
          },
        ],
      },
      null,
      2,
    ) + '\n'
  );
};
