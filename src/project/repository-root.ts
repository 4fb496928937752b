// The repository a run's files are in, and each file's path from its root: GitHub (annotations, code scanning,
// the job summary) and GitLab (Code Quality, test reports) read a report's paths from the root of the
// checkout, whichever of its folders the run started in.
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { isWithin } from '../util/cwd-path.js';
import { readFile, realpath, stat } from '../util/fs-calls.js';

export interface RepositoryPaths {
  /** The root (its real path). */
  root: string;
  /** Each file name given → its path from the root, with forward slashes; its absolute path when it lies outside. */
  names: ReadonlyMap<string, string>;
}

/** A `.git` folder, or the `.git` file of a worktree or a submodule (`gitdir: <path>`). */
async function isGitEntry(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) return true;
  if (!info?.isFile()) return false;
  const text = await readFile(path, 'utf8').catch(() => '');
  return text.startsWith('gitdir:');
}

/**
 * The root of the repository `cwd` is in, as git finds it: the nearest folder at or above the real path of
 * `cwd` (git resolves symbolic links) that holds a `.git`. Failing that, GitHub Actions' checkout
 * (GITHUB_WORKSPACE) when `cwd` is inside it: actions/checkout without git downloads the files and no `.git`.
 * Undefined outside any.
 */
export async function repositoryRoot(cwd: string, env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  const start = await realpath(resolve(cwd)).catch(() => resolve(cwd));
  for (let dir = start; ; dir = dirname(dir)) {
    if (await isGitEntry(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) break;
  }
  const workspace = env.GITHUB_WORKSPACE ? await realpath(resolve(cwd, env.GITHUB_WORKSPACE)).catch(() => undefined) : undefined;
  return workspace !== undefined && isWithin(start, workspace) ? workspace : undefined;
}

/**
 * Each of `files` (as a report names them: relative to `cwd`, or absolute) as a path from `root`. A file is
 * placed by the real path of its folder, so a working directory reached through a symbolic link names the
 * files the repository has; the file's own name is kept, a linked file being where its link is. A folder that
 * does not exist (a --stdin-filename) is placed by the nearest one above it that does.
 */
export async function pathsFromRoot(files: Iterable<string>, { cwd, root }: { cwd: string; root: string }): Promise<RepositoryPaths> {
  const realFolders = new Map<string, Promise<string | undefined>>();
  const realLocation = async (path: string): Promise<string> => {
    const folder = dirname(path);
    if (folder === path) return path;
    let real = realFolders.get(folder);
    if (!real) realFolders.set(folder, (real = realpath(folder).catch(() => undefined)));
    return join((await real) ?? (await realLocation(folder)), basename(path));
  };
  const names = new Map<string, string>();
  for (const file of new Set(files)) {
    const path = resolve(cwd, file);
    const real = await realLocation(path);
    names.set(file, (isWithin(real, root) ? relative(root, real) : path).split(sep).join('/'));
  }
  return { root, names };
}
