import type { Workflow } from '../contract/types.js';
import type { RuleId } from '../contract/rules.js';
import type { NodesAt } from '../agentspec/node-places.js';

export type ProblemSeverity = 'error' | 'warning';

export interface Problem {
  ruleId: RuleId;
  severity: ProblemSeverity;
  message: string;
  /** Path as given or found (relative to the working directory when possible), '-' or the stdin name. */
  file: string;
  /** JSON pointer of the value concerned, when there is one. */
  pointer?: string;
  line?: number;
  column?: number;
}

export interface FileResult {
  file: string;
  problems: Problem[];
  /** Milliseconds spent checking the file (JUnit's testcase time). */
  durationMs: number;
  /**
   * The parsed workflow of a file with an error (the Agent Spec flow as imported), which the GitHub job
   * summary draws; kept for failing files only, so a report of 10,000 files holds no 10,000 parsed values.
   */
  workflow?: Workflow;
  /**
   * With the `workflow` of an Agent Spec document: the nodes each place in the document concerns. Its problems
   * point into the document, not into the workflow it imports as.
   */
  nodesAt?: NodesAt;
}

export interface Report {
  files: FileResult[];
  errorCount: number;
  warningCount: number;
  /** The rules that ran, with their effective severity (SARIF lists them). */
  rules: Array<{ id: string; severity: 'error' | 'warning' | 'off'; description: string }>;
  durationMs: number;
}

export const sortProblems = (problems: Problem[]): Problem[] =>
  [...problems].sort(
    (a, b) =>
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.ruleId.localeCompare(b.ruleId) ||
      a.message.localeCompare(b.message),
  );
