// What the CLI prints for an error: a sentence that names the file, never a raw errno text
// ("ENOENT: no such file or directory, open …") and never the HTTP envelope's wording.
import { isAbsolute, relative } from 'node:path';
import { DomainError, GraphInvalidError, InvalidInputError, NotFoundError } from '../util/domain-errors.js';
import { errnoCode, errorMessage } from '../util/narrow.js';

const CAUSES: Record<string, string> = {
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied; check the owner and mode of the file and its folder',
  EPERM: 'the operation is not permitted',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'it already exists',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EMFILE: 'too many files are open; raise the limit (ulimit -n) and try again',
  ENFILE: 'too many files are open; raise the limit (ulimit -n) and try again',
  ENAMETOOLONG: 'the file name is too long',
  ELOOP: 'too many symbolic links in the path',
  EBUSY: 'the file is busy',
  ENOTEMPTY: 'the folder is not empty',
  EXDEV: 'it cannot be moved across file systems',
};

const VERBS: Record<string, string> = {
  open: 'open',
  read: 'read',
  scandir: 'list the folder',
  opendir: 'list the folder',
  stat: 'read',
  lstat: 'read',
  mkdir: 'create the folder',
  write: 'write',
  rename: 'write',
  unlink: 'delete',
  rmdir: 'delete',
  fsync: 'write',
  copyfile: 'copy',
};

/** An error of a system call: Node's errno name and the call that failed are both there. */
interface SystemCallError extends NodeJS.ErrnoException {
  code: string;
  syscall: string;
  /** A rename's or a copy's target. */
  dest?: string;
}

const isErrno = (err: unknown): err is SystemCallError =>
  err instanceof Error && 'code' in err && typeof err.code === 'string' && 'syscall' in err && typeof err.syscall === 'string';

/** A path as a person typed it: relative to the working directory `cwd` when it is below it. */
export function displayPath(path: string, cwd: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/**
 * One sentence for any error the CLI reports; `file` names the file when the error itself does not, and a path
 * the error names is shown relative to the working directory `cwd`.
 */
export function errorText(err: unknown, { file, cwd }: { file?: string; cwd: string }): string {
  if (isErrno(err)) {
    // A rename names its source first: for an atomic write that is the temp file, and the target is what failed.
    const named = err.syscall === 'rename' && err.dest ? err.dest : err.path;
    const path = named ? displayPath(named, cwd) : file;
    // mkdir -p over an existing file reports EEXIST: the file is in the way, not the folder there.
    const cause =
      err.code === 'EEXIST' && err.syscall === 'mkdir'
        ? 'a file of that name is in the way'
        : (CAUSES[err.code] ?? `the system refused (${err.code})`);
    const verb = VERBS[err.syscall] ?? 'access';
    return path ? `cannot ${verb} ${path}: ${cause}` : `cannot ${verb}: ${cause}`;
  }
  if (errnoCode(err) === 'ERR_FS_FILE_TOO_LARGE') return `cannot read${file ? ` ${file}` : ''}: ${errorMessage(err)}`;
  if (err instanceof InvalidInputError) return `${err.field}: ${err.reason}`;
  if (err instanceof NotFoundError) return `${err.what} does not exist`;
  if (err instanceof GraphInvalidError) return err.errors.join('; ');
  if (err instanceof DomainError) return err.message;
  if (err instanceof RangeError) return `too large or deeply nested to process: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}
