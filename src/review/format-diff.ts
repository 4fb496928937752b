import { formatDiffJson } from './format-diff-json.js';
import { formatDiffMarkdown } from './format-diff-markdown.js';
import type { DiffFormatter } from './format-diff-options.js';
import { formatDiffText } from './format-diff-text.js';

export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];
export const DIFF_FORMATTERS = { text: formatDiffText, json: formatDiffJson, markdown: formatDiffMarkdown } satisfies Record<
  DiffFormat,
  DiffFormatter
>;
export type { DiffFormatOptions, DiffFormatter } from './format-diff-options.js';
