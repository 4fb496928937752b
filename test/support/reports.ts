// A validate report of one file with one problem, for the formatters' tests.
import type { Problem, Report } from '../../src/validate/types.js';

export function oneProblemReport(file: string, problem: Omit<Problem, 'file'>): Report {
  const error = problem.severity === 'error';
  return {
    files: [{ file, durationMs: 0, problems: [{ ...problem, file }] }],
    errorCount: error ? 1 : 0,
    warningCount: error ? 0 : 1,
    rules: [],
    durationMs: 0,
  };
}
