import { cwdPath } from '../../util/cwd-path.js';
import type { RepositoryPaths } from '../../project/repository-root.js';
import type { Report } from '../types.js';

export interface FormatOptions {
  /** ANSI colours (stylish only). */
  color: boolean;
  version: string;
  /** Durations in json and junit; off by default, so that the same inputs give the same bytes. */
  timings?: boolean;
  /** The working directory report paths are relative to (default: the process's). */
  cwd?: string;
  /**
   * The repository the files are in, for the reports whose readers take paths from its root (sarif,
   * codeclimate, junit, github and the job summary); outside any, they too name files from the working directory.
   */
  repository?: RepositoryPaths;
}

export type Formatter = (report: Report, options: FormatOptions) => string;

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const allProblems = (report: Report) => report.files.flatMap((f) => f.problems);

/**
 * A report's file name for the readers that take paths from the repository root (GitHub, GitLab): its path
 * from the root, else (outside any repository) from the working directory (cwdPath).
 */
export const rootPath = (file: string, { cwd, repository }: Pick<FormatOptions, 'cwd' | 'repository'>): string =>
  repository?.names.get(file) ?? cwdPath(file, cwd);
