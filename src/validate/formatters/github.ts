// GitHub Actions workflow commands: inline annotations on the pull request. GitHub keeps at most 10
// errors and 10 warnings per step and drops the rest silently, so the rest are counted in a notice.
import { nodesAtPointer } from '../../agentspec/node-places.js';
import type { Workflow } from '../../contract/types.js';
import { toMermaid } from '../../review/mermaid.js';
import { escapeMarkdown } from '../../util/markdown-text.js';
import type { FileResult, Report } from '../types.js';
import { allProblems, plural, rootPath, type Formatter, type FormatOptions } from './options.js';

const LIMIT = 10;
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export const github: Formatter = (report, options) => {
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
      // GitHub places an annotation by its path from the repository root.
      `file=${escapeProperty(rootPath(p.file, options))}`,
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

/**
 * Nodes an error points at: `/nodes/3/…` is that node, `/edges/5/…` both ends of that edge. An Agent Spec
 * document's errors point into the document, whose places say which nodes they concern (FileResult.nodesAt).
 */
function failingNodeIds(result: FileResult, workflow: Workflow): string[] {
  const ids: unknown[] = [];
  for (const p of result.problems) {
    if (p.severity !== 'error' || !p.pointer) continue;
    if (result.nodesAt) {
      ids.push(...nodesAtPointer(result.nodesAt, p.pointer));
      continue;
    }
    const [, list, index] = /^\/(nodes|edges)\/(\d+)(?:\/|$)/.exec(p.pointer) ?? [];
    if (list === 'nodes') ids.push(workflow.nodes[Number(index)]?.id);
    if (list === 'edges') ids.push(workflow.edges[Number(index)]?.source, workflow.edges[Number(index)]?.target);
  }
  return ids.filter((id): id is string => typeof id === 'string');
}

// Drawn from the workflow the check parsed (FileResult.workflow): no file is read again, and stdin has a picture too.
function pictures(results: FileResult[], options: Partial<FormatOptions>): string {
  const failing = results.filter((r) => r.problems.some((p) => p.severity === 'error'));
  const blocks: string[] = [];
  for (const result of failing.slice(0, PICTURES)) {
    const workflow = result.workflow;
    if (!workflow) continue;
    try {
      blocks.push(
        `\n#### ${rootPath(result.file, options).replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`)}\n\n\`\`\`mermaid\n${toMermaid(workflow, { highlight: failingNodeIds(result, workflow) })}\`\`\`\n`,
      );
    } catch {
      // A file too broken to draw still has its rows in the table above.
    }
  }
  if (failing.length > PICTURES) blocks.push(`\n${plural(failing.length - PICTURES, 'more failing workflow')} not drawn.\n`);
  return blocks.join('');
}

/**
 * GitHub shows a job summary of at most 1 MiB and drops a larger one whole: the table stops before this,
 * saying how many rows it left out, and the pictures come only while they fit.
 */
const SUMMARY_BYTES = 1_000_000;
const TABLE_BYTES = 800_000;

/**
 * The job summary ($GITHUB_STEP_SUMMARY): every problem, in Markdown, and a picture of each failing workflow.
 * `maxWarnings`: the run's --max-warnings, past which warnings alone fail it.
 */
export const githubSummary = (report: Report, options: Partial<FormatOptions> & { maxWarnings?: number } = {}): string => {
  const problems = allProblems(report);
  const failed = report.errorCount > 0 || (options.maxWarnings !== undefined && report.warningCount > options.maxWarnings);
  // Warnings alone pass the run, unless --max-warnings says otherwise: a red cross would say it failed.
  const mark = failed ? '❌' : '⚠️';
  const head = `### wfe validate: ${problems.length === 0 ? '✅ no problems' : `${mark} ${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}`} in ${plural(report.files.length, 'file')}\n`;
  if (problems.length === 0) return head;
  // A label is the user's text: it stays text in the summary (no HTML, no Markdown, no cell or row ended).
  let summary = `${head}\n| where | severity | problem | rule |\n|---|---|---|---|\n`;
  let rows = 0;
  let bytes = Buffer.byteLength(summary);
  for (const p of problems) {
    const row = `| ${escapeMarkdown(rootPath(p.file, options))}:${p.line ?? 1}:${p.column ?? 1} | ${p.severity} | ${escapeMarkdown(p.message)} | \`${p.ruleId}\` |\n`;
    bytes += Buffer.byteLength(row);
    if (bytes > TABLE_BYTES) break;
    summary += row;
    rows++;
  }
  if (rows < problems.length)
    summary += `\n${plural(problems.length - rows, 'more problem')} not listed (GitHub drops a summary over 1 MiB); see another report format.\n`;
  const drawn = pictures(report.files, options);
  return Buffer.byteLength(summary + drawn) <= SUMMARY_BYTES ? summary + drawn : summary;
};
