import { StorageError } from '../util/domain-errors.js';
import { errnoCode } from '../util/narrow.js';

/** Failures a person can act on (a full disk, a read-only folder, no permission, a name too long, a file in a folder's place). */
const NAMED_CAUSES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENAMETOOLONG', 'ENOTDIR']);

/** A file-system failure a person can act on, as a StorageError naming the file; anything else as it is (a 500). */
export const namedStorageError = (operation: string, rel: string, err: unknown): unknown =>
  NAMED_CAUSES.has(errnoCode(err) ?? '') ? new StorageError(operation, rel, err) : err;
