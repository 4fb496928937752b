// The one place that knows which HTTP status and envelope code each domain error gets.
import { ApiError, conflict, graphInvalid, invalidField, notFound } from '../contract/errors.js';
import {
  ConflictError,
  GraphInvalidError,
  InvalidInputError,
  LimitError,
  NotFoundError,
  StaleVersionError,
  StorageError,
  UnavailableError,
} from '../util/domain-errors.js';

const STORAGE_STATUS = { 'no-space': 507, 'read-only': 503, permission: 503, 'too-long': 400, 'missing-folder': 503, other: 500 } as const;

/** ApiError passes through; a domain error gets its status and code; anything else is undefined (a bug: 500). */
export function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof NotFoundError) return notFound(err.what);
  if (err instanceof ConflictError) return conflict(err.message, err.details);
  if (err instanceof StaleVersionError)
    return new ApiError(412, 'PRECONDITION_FAILED', err.message, err.current ? { current: err.current } : undefined);
  if (err instanceof InvalidInputError) return invalidField(err.field, err.reason);
  if (err instanceof GraphInvalidError) return graphInvalid(err.errors);
  if (err instanceof LimitError) return invalidField(err.field, `${err.what} exceeds the limit of ${err.limit}`);
  if (err instanceof UnavailableError) return new ApiError(503, 'SERVICE_UNAVAILABLE', err.message);
  if (err instanceof StorageError) {
    const status = STORAGE_STATUS[err.failure];
    const code = status === 507 ? 'INSUFFICIENT_STORAGE' : status === 400 ? 'VALIDATION_ERROR' : 'STORAGE_ERROR';
    return new ApiError(status, code, err.message, {
      file: err.file,
      operation: err.operation,
      cause: err.failure,
      ...(err.errno ? { errno: err.errno } : {}),
    });
  }
  return undefined;
}
