// Machine-readable: the WorkflowDiff itself. Its arrays are sorted and its values' keys canonical,
// so the same two files give the same bytes on every run.
import type { DiffFormatter } from './format-diff-options.js';

export const formatDiffJson: DiffFormatter = (diff, options = {}) =>
  JSON.stringify(options.title !== undefined ? { title: options.title, ...diff } : diff, null, 2) + '\n';
