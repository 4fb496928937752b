// JUnit XML: one testcase per file, failing when the file has errors (GitLab's test report, Jenkins).
import { plural, rootPath, type Formatter } from './options.js';

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
    // Not characters of XML 1.0 either (§2.2): a parser refuses the whole report over one.
    .replace(/[\uFFFE\uFFFF]/g, '\uFFFD')
    // A parser reads a raw CR as a line end (XML 1.0 §2.11): only a reference keeps it.
    .replace(/\r/g, '&#13;');

/** In an attribute a raw line break or tab would be read as a space (XML 1.0 §3.3.3): references keep them. */
const attr = (s: string) => xml(s).replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');

const line = (p: { line?: number; column?: number; severity: string; message: string; ruleId: string }) =>
  `${p.line ?? 1}:${p.column ?? 1} ${p.severity} ${p.message} [${p.ruleId}]`;

export const junit: Formatter = (report, options) => {
  const { timings } = options;
  const failures = report.files.filter((f) => f.problems.some((p) => p.severity === 'error')).length;
  // time is optional in JUnit XML; without --timings it is left out, so that reports compare byte for byte.
  const time = (ms: number) => (timings ? ` time="${(ms / 1000).toFixed(3)}"` : '');
  const cases = report.files.map((f) => {
    const errors = f.problems.filter((p) => p.severity === 'error');
    const warnings = f.problems.filter((p) => p.severity === 'warning');
    const body = [
      errors.length > 0
        ? `      <failure message="${attr(`${plural(errors.length, 'error')}: ${errors[0].message}`)}" type="${attr(errors[0].ruleId)}">${xml(errors.map(line).join('\n'))}</failure>`
        : '',
      warnings.length > 0 ? `      <system-out>${xml(warnings.map(line).join('\n'))}</system-out>` : '',
    ].filter(Boolean);
    // GitLab's test report shows `file` as a path of the project: from the repository root, as the name.
    const file = attr(rootPath(f.file, options));
    const open = `    <testcase classname="wfe.validate" name="${file}" file="${file}"${time(f.durationMs)}`;
    return body.length === 0 ? `${open}/>` : `${open}>\n${body.join('\n')}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="wfe validate" tests="${report.files.length}" failures="${failures}" errors="0"${time(report.durationMs)}>`,
    `  <testsuite name="wfe validate" tests="${report.files.length}" failures="${failures}" errors="0" skipped="0"${time(report.durationMs)}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};
