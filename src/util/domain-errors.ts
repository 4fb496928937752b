// Errors the domain (store, engine, catalog, agentspec, validate) throws. They say what went wrong in the
// domain's own words and know nothing of HTTP: server/errors.ts maps them to a status and the contract's
// envelope, and the CLI turns them into a sentence and an exit code.
import { errnoCode } from './narrow.js';

export abstract class DomainError extends Error {
  abstract readonly kind: 'not-found' | 'conflict' | 'stale' | 'invalid' | 'graph-invalid' | 'limit' | 'storage' | 'unavailable';
}

/** The thing asked for does not exist. `what` reads like "workflow 'abc'". */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
  constructor(readonly what: string) {
    super(`Resource not found: ${what}`);
    this.name = 'NotFoundError';
  }
}

/** The request cannot be applied to the current state (already running, already resolved, id taken…). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ConflictError';
  }
}

/** A precondition the caller stated (If-Match) no longer holds: the resource changed since it was read. */
export class StaleVersionError extends DomainError {
  readonly kind = 'stale';
  constructor(
    message: string,
    readonly current?: string,
  ) {
    super(message);
    this.name = 'StaleVersionError';
  }
}

/** One input field is wrong; `field` names it (a JSON path such as `options.timeout`, or `body`). */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid';
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`Invalid request parameters: ${field}: ${reason}`);
    this.name = 'InvalidInputError';
  }
}

/** The input is well-formed, but the workflow graph it describes is not valid. */
export class GraphInvalidError extends DomainError {
  readonly kind = 'graph-invalid';
  constructor(readonly errors: string[]) {
    super(`Validation failed: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`);
    this.name = 'GraphInvalidError';
  }
}

/** A size, depth or count limit was passed; `limit` is the number, `what` says of what. */
export class LimitError extends DomainError {
  readonly kind = 'limit';
  constructor(
    readonly field: string,
    readonly what: string,
    readonly limit: number,
  ) {
    super(`${field}: ${what} exceeds the limit of ${limit}`);
    this.name = 'LimitError';
  }
}

/** A service the operation needs is not there right now (a run history that cannot be written, say). */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
  constructor(message: string) {
    super(message);
    this.name = 'UnavailableError';
  }
}

export type StorageCause = 'no-space' | 'read-only' | 'permission' | 'too-long' | 'missing-folder' | 'other';

/** A file operation failed. Names the file, the operation and the cause in words a person can act on. */
export class StorageError extends DomainError {
  readonly kind = 'storage';
  readonly failure: StorageCause;
  readonly errno?: string;
  constructor(
    readonly operation: string,
    readonly file: string,
    error: unknown,
  ) {
    const errno = errnoCode(error);
    const cause = storageCause(errno);
    super(`Could not ${operation} ${file}: ${CAUSE_TEXT[cause]}${errno && cause === 'other' ? ` (${errno})` : ''}`);
    this.name = 'StorageError';
    this.failure = cause;
    this.errno = errno;
  }
}

const CAUSE_TEXT: Record<StorageCause, string> = {
  'no-space': 'the disk is full; free some space and try again',
  'read-only': 'the folder is on a read-only file system',
  permission: 'permission denied; check the owner and mode of the file and its folder',
  'too-long': 'the file name is too long for this file system',
  'missing-folder': 'its folder no longer exists on disk (was the served folder moved or deleted?); recreate it',
  other: 'the file system refused the operation',
};

function storageCause(errno: string | undefined): StorageCause {
  switch (errno) {
    case 'ENOSPC':
    case 'EDQUOT':
      return 'no-space';
    case 'EROFS':
      return 'read-only';
    case 'EACCES':
    case 'EPERM':
      return 'permission';
    case 'ENAMETOOLONG':
      return 'too-long';
    case 'ENOENT':
      return 'missing-folder';
    default:
      return 'other';
  }
}
