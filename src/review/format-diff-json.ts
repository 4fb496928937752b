// Machine-readable: the WorkflowDiff itself. Its arrays are sorted and its values' keys canonical,
// so the same two files give the same bytes on every run.
import type { DiffFormatter } from './format-diff-options.js';
import { jsonText } from '../util/json-text.js';
import { printable } from '../util/printable.js';

// JSON escapes C0 controls in strings but leaves C1 controls, the line separators and bidi overrides as they
// are: made printable line by line, the text still parses to the same values, and shows no such character.
// A number no double stands for is written as its file wrote it.
export const formatDiffJson: DiffFormatter = (diff, options = {}) =>
  (jsonText(options.title !== undefined ? { title: options.title, ...diff } : diff, 2) ?? '').split('\n').map(printable).join('\n') + '\n';
