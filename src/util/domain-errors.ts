// Errors the code below the HTTP layer throws (store, engine, catalog, agentspec, validate, and the routes,
// request readers and request guards too). Each message is written once: here, or at the one place that
// throws an error taking a message. None carries a status: server/errors.ts maps each `kind` to a status and
// the contract's envelope, and the CLI turns them into a sentence.
import { errnoCode } from './narrow.js';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
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

/** What a schema found wrong in a document: the field (a JSON path) and what is wrong with it. */
export interface SchemaFinding {
  field: string;
  message: string;
}

/** The input parses, but is not the kind of document asked for (`what`, e.g. "workflow"); the first finding leads. */
export class WrongDocumentError extends DomainError {
  readonly kind = 'wrong-document';
  constructor(
    readonly what: string,
    readonly findings: readonly [SchemaFinding, ...SchemaFinding[]],
  ) {
    super(`Not a ${what}: ${findings[0].field} ${findings[0].message}`);
    this.name = 'WrongDocumentError';
  }
}

/** The input is well-formed, but the workflow graph it describes is not valid. */
export class GraphInvalidError extends DomainError {
  readonly kind = 'graph-invalid';
  constructor(readonly errors: string[]) {
    super(`Validation failed: ${firstAndCount(errors)}`);
    this.name = 'GraphInvalidError';
  }
}

/** An Agent Spec flow or document fails the verdict (`errors`); `warnings` are the verdict's too. */
export class AgentSpecInvalidError extends DomainError {
  readonly kind = 'agentspec-invalid';
  constructor(
    readonly errors: string[],
    readonly warnings: string[],
  ) {
    super(`Agent Spec validation failed: ${firstAndCount(errors)}`);
    this.name = 'AgentSpecInvalidError';
  }
}

/** "the first (and 2 more)": a list of problems in one line. */
function firstAndCount(errors: string[]): string {
  return `${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`;
}

/** A size, depth or count limit was passed; `limit` is the number, `what` says of what. */
export class LimitError extends DomainError {
  readonly kind = 'limit';
  /** What is wrong with `field`, as an InvalidInputError's reason would say it. */
  readonly reason: string;
  constructor(
    readonly field: string,
    readonly what: string,
    readonly limit: number,
  ) {
    const reason = `${what} exceeds the limit of ${limit}`;
    super(`${field}: ${reason}`);
    this.name = 'LimitError';
    this.reason = reason;
  }
}

/** A request body is longer than the server was started to accept (--max-body); `limit` is in bytes. */
export class BodyTooLargeError extends DomainError {
  readonly kind = 'body-too-large';
  constructor(readonly limit: number) {
    super(`Request body exceeds the limit of ${limit} bytes (raise it with --max-body)`);
    this.name = 'BodyTooLargeError';
  }
}

/** A request body comes in a media type that is not read (only JSON is). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly kind = 'unsupported-media-type';
  constructor(
    readonly mediaType: string,
    fix = 'send application/json',
  ) {
    super(`Unsupported Content-Type "${mediaType}": ${fix}`);
    this.name = 'UnsupportedMediaTypeError';
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

/**
 * The request carries no credential the server accepts (none, a malformed one, an expired or unverifiable
 * token); the message says which, and what to send instead.
 */
export class UnauthorizedError extends DomainError {
  readonly kind = 'unauthorized';
  constructor(message: string) {
    super(message);
    this.name = 'UnauthorizedError';
  }
}

/**
 * The request is refused whoever sends it: a read-only credential asking to change something (the default
 * message), or a Host name or page origin the server does not answer to (the message names it).
 */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'Permission denied: this credential cannot modify resources') {
    super(message);
    this.name = 'ForbiddenError';
  }
}

export type StorageCause = 'no-space' | 'read-only' | 'permission' | 'too-long' | 'missing-folder' | 'not-a-folder' | 'other';

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
  'not-a-folder': 'a part of its path is a file, not a folder; move that file away',
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
    case 'ENOTDIR':
      return 'not-a-folder';
    default:
      return 'other';
  }
}

// Every domain error class. `kind` tells their instances apart, so a `switch` on it knows the class in each
// case; server/errors.ts has one, which stops compiling when a class added here brings a kind it does not map.
const DOMAIN_ERRORS = [
  NotFoundError,
  ConflictError,
  StaleVersionError,
  InvalidInputError,
  WrongDocumentError,
  GraphInvalidError,
  AgentSpecInvalidError,
  LimitError,
  BodyTooLargeError,
  UnsupportedMediaTypeError,
  UnavailableError,
  UnauthorizedError,
  ForbiddenError,
  StorageError,
] as const;

export type AnyDomainError = InstanceType<(typeof DOMAIN_ERRORS)[number]>;

export type DomainErrorKind = AnyDomainError['kind'];

/** `err` as the domain error it is, or undefined when it is none. */
export function asDomainError(err: unknown): AnyDomainError | undefined {
  for (const type of DOMAIN_ERRORS) if (err instanceof type) return err;
  return undefined;
}
