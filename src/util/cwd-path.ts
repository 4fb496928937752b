// How a file is named for a person and the tools beside them: from the working directory, with forward slashes.
import { isAbsolute, relative, sep } from 'node:path';

/** Whether `path` lies in `folder` or is it, both absolute. */
export function isWithin(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * `file` as a path from the working directory `cwd`, with forward slashes; absolute when it lies outside it.
 * A relative name (as typed, or stdin's) is kept, with forward slashes.
 */
export function cwdPath(file: string, cwd: string = process.cwd()): string {
  if (!isAbsolute(file)) return file.split('\\').join('/');
  return (isWithin(file, cwd) ? relative(cwd, file) : file).split(sep).join('/');
}
