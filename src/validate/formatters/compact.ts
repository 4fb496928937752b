// One line per problem, "file:line:col: severity: message [rule]", the form editors and grep understand.
// A file name or message holding a line break or a terminal's control characters is written printable, so a
// problem stays one line and the terminal shows what it says.
import { printable } from '../../util/printable.js';
import { allProblems, type Formatter } from './options.js';

export const compact: Formatter = (report) =>
  allProblems(report)
    .map((p) => `${printable(p.file)}:${p.line ?? 1}:${p.column ?? 1}: ${p.severity}: ${printable(p.message)} [${p.ruleId}]`)
    .join('\n') + (allProblems(report).length > 0 ? '\n' : '');
