// One line per problem, "file:line:col: severity: message [rule]", the form editors and grep understand.
import { allProblems, type Formatter } from './options.js';

export const compact: Formatter = (report) =>
  allProblems(report)
    .map((p) => `${p.file}:${p.line ?? 1}:${p.column ?? 1}: ${p.severity}: ${p.message} [${p.ruleId}]`)
    .join('\n') + (allProblems(report).length > 0 ? '\n' : '');
