// Grouped by file, aligned columns, a summary line: the terminal format (ESLint's stylish, in spirit).
import { printable } from '../../util/printable.js';
import { allProblems, plural, type Formatter } from './options.js';

const paint = (on: boolean, code: number, text: string) => (on ? `\x1b[${code}m${text}\x1b[0m` : text);

export const stylish: Formatter = (report, { color }) => {
  const out: string[] = [];
  for (const file of report.files) {
    if (file.problems.length === 0) continue;
    out.push('', paint(color, 4, printable(file.file)));
    // A reduce, not Math.max(...): a file can have more problems than a call takes arguments.
    const width = file.problems.reduce((widest, p) => Math.max(widest, `${p.line ?? 0}:${p.column ?? 0}`.length), 0);
    for (const p of file.problems) {
      const where = p.line !== undefined ? `${p.line}:${p.column ?? 1}` : '-';
      const level = p.severity === 'error' ? paint(color, 31, 'error  ') : paint(color, 33, 'warning');
      out.push(`  ${paint(color, 2, where.padEnd(width))}  ${level}  ${printable(p.message)}  ${paint(color, 2, p.ruleId)}`);
    }
  }
  const total = allProblems(report).length;
  const checked = plural(report.files.length, 'file');
  if (total === 0) out.push(paint(color, 32, `✔ ${checked} checked, no problems`));
  else
    out.push(
      '',
      paint(
        color,
        report.errorCount > 0 ? 31 : 33,
        `✖ ${plural(total, 'problem')} (${plural(report.errorCount, 'error')}, ${plural(report.warningCount, 'warning')}) in ${checked}`,
      ),
    );
  return out.join('\n').replace(/^\n/, '') + '\n';
};
