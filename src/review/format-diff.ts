import { formatDiffJson } from './format-diff-json.js';
import { formatDiffMarkdown } from './format-diff-markdown.js';
import type { DiffFormatter } from './format-diff-options.js';
import { formatDiffText } from './format-diff-text.js';

export const DIFF_FORMATTERS = { text: formatDiffText, json: formatDiffJson, markdown: formatDiffMarkdown } satisfies Record<
  string,
  DiffFormatter
>;
export type DiffFormat = keyof typeof DIFF_FORMATTERS;
export const DIFF_FORMATS = Object.keys(DIFF_FORMATTERS) as DiffFormat[];
export type { DiffFormatOptions, DiffFormatter } from './format-diff-options.js';
