// GitHub Actions workflow commands: inline annotations on the pull request. GitHub keeps at most 10
// errors and 10 warnings per step and drops the rest silently, so the rest are counted in a notice.
import { allProblems, plural, type Formatter } from './options.js';

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
    const props = [`file=${escapeProperty(p.file)}`, ...(p.line !== undefined ? [`line=${p.line}`, `col=${p.column ?? 1}`] : []), `title=${escapeProperty(`wfe ${p.ruleId}`)}`];
    lines.push(`::${p.severity} ${props.join(',')}::${escapeData(p.message)}`);
  }
  if (hidden > 0) lines.push(`::notice title=wfe validate::${escapeData(`${plural(hidden, 'more problem')} not annotated (GitHub shows at most ${LIMIT} errors and ${LIMIT} warnings per step); see the job summary or another report format`)}`);
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
};

/** The job summary ($GITHUB_STEP_SUMMARY): every problem, in Markdown. */
export const githubSummary: Formatter = (report) => {
  const problems = allProblems(report);
  const head = `### wfe validate: ${problems.length === 0 ? '✅ no problems' : `❌ ${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}`} in ${plural(report.files.length, 'file')}\n`;
  if (problems.length === 0) return head;
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = problems.map((p) => `| ${cell(p.file)}:${p.line ?? 1}:${p.column ?? 1} | ${p.severity} | ${cell(p.message)} | \`${p.ruleId}\` |`);
  return `${head}\n| where | severity | problem | rule |\n|---|---|---|---|\n${rows.join('\n')}\n`;
};
