// GitHub Actions workflow commands: inline annotations on the pull request. GitHub keeps at most 10
// errors and 10 warnings per step and drops the rest silently, so the rest are counted in a notice.
import type { Workflow } from '../../contract/types.js';
import { toMermaid } from '../../review/mermaid.js';
import type { FileResult, Report } from '../types.js';
import { allProblems, plural, type Formatter, type FormatOptions } from './options.js';

const LIMIT = 10;
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export const github: Formatter = (report) => {
  const lines: string[] = [];
  const shown = { error: 0, warning: 0 };
  let hidden = 0;
  for (const p of allProblems(report)) {
    if (shown[p.severity] >= LIMIT) {
      hidden++;
      continue;
    }
    shown[p.severity]++;
    const props = [
      `file=${escapeProperty(p.file)}`,
      ...(p.line !== undefined ? [`line=${p.line}`, `col=${p.column ?? 1}`] : []),
      `title=${escapeProperty(`wfe ${p.ruleId}`)}`,
    ];
    lines.push(`::${p.severity} ${props.join(',')}::${escapeData(p.message)}`);
  }
  if (hidden > 0)
    lines.push(
      `::notice title=wfe validate::${escapeData(`${plural(hidden, 'more problem')} not annotated (GitHub shows at most ${LIMIT} errors and ${LIMIT} warnings per step); see the job summary or another report format`)}`,
    );
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
};

const PICTURES = 10;

/** Nodes an error points at: `/nodes/3/…` is that node, `/edges/5/…` both ends of that edge. */
function failingNodeIds(result: FileResult, workflow: Workflow): string[] {
  const ids: unknown[] = [];
  for (const p of result.problems) {
    if (p.severity !== 'error' || !p.pointer) continue;
    const [, list, index] = /^\/(nodes|edges)\/(\d+)(?:\/|$)/.exec(p.pointer) ?? [];
    if (list === 'nodes') ids.push(workflow.nodes[Number(index)]?.id);
    if (list === 'edges') ids.push(workflow.edges[Number(index)]?.source, workflow.edges[Number(index)]?.target);
  }
  return ids.filter((id): id is string => typeof id === 'string');
}

// Drawn from the workflow the check parsed (FileResult.workflow): no file is read again, and stdin has a picture too.
function pictures(results: FileResult[]): string {
  const failing = results.filter((r) => r.problems.some((p) => p.severity === 'error'));
  const blocks: string[] = [];
  for (const result of failing.slice(0, PICTURES)) {
    const workflow = result.workflow;
    if (!workflow) continue;
    try {
      blocks.push(
        `\n#### ${result.file.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`)}\n\n\`\`\`mermaid\n${toMermaid(workflow, { highlight: failingNodeIds(result, workflow) })}\`\`\`\n`,
      );
    } catch {
      // A file too broken to draw still has its rows in the table above.
    }
  }
  if (failing.length > PICTURES) blocks.push(`\n${plural(failing.length - PICTURES, 'more failing workflow')} not drawn.\n`);
  return blocks.join('');
}

/** The job summary ($GITHUB_STEP_SUMMARY): every problem, in Markdown, and a picture of each failing workflow. */
export const githubSummary = (report: Report, _options?: FormatOptions): string => {
  const problems = allProblems(report);
  // Warnings alone pass the run (unless --max-warnings says otherwise): a red cross would say it failed.
  const mark = report.errorCount > 0 ? '❌' : '⚠️';
  const head = `### wfe validate: ${problems.length === 0 ? '✅ no problems' : `${mark} ${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}`} in ${plural(report.files.length, 'file')}\n`;
  if (problems.length === 0) return head;
  // A label is the user's text: HTML in it (an <img> that loads a URL) stays text in the summary.
  const cell = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = problems.map(
    (p) => `| ${cell(p.file)}:${p.line ?? 1}:${p.column ?? 1} | ${p.severity} | ${cell(p.message)} | \`${p.ruleId}\` |`,
  );
  return `${head}\n| where | severity | problem | rule |\n|---|---|---|---|\n${rows.join('\n')}\n${pictures(report.files)}`;
};
