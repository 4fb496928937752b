import type { Report } from '../types.js';

export interface FormatOptions {
  /** ANSI colours (stylish only). */
  color: boolean;
  version: string;
}

export type Formatter = (report: Report, options: FormatOptions) => string;

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const allProblems = (report: Report) => report.files.flatMap((f) => f.problems);
