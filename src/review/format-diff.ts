import { formatDiffJson } from './format-diff-json.js';
import { formatDiffMarkdown } from './format-diff-markdown.js';
import type { DiffFormatter } from './format-diff-options.js';
import { formatDiffText } from './format-diff-text.js';

export type DiffFormat = 'text' | 'json' | 'markdown';
export const DIFF_FORMATTERS = { text: formatDiffText, json: formatDiffJson, markdown: formatDiffMarkdown } satisfies Record<
  DiffFormat,
  DiffFormatter
>;
export type { DiffFormatter } from './format-diff-options.js';
