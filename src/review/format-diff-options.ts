import type { WorkflowDiff } from './diff.js';

interface DiffFormatOptions {
  /** First line of the report: the files compared, or the path git names. */
  title?: string;
  /** ANSI colours (text only). */
  color?: boolean;
}

export type DiffFormatter = (diff: WorkflowDiff, options?: DiffFormatOptions) => string;
