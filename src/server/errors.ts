// The one place that knows which HTTP status, code and envelope each error gets: the request guards, routes,
// request readers and the domain below them throw domain errors, and the app's error handler asks here what
// to send.
import { ApiError, type ErrorCode } from '../contract/errors.js';
import { isRecord } from '../util/narrow.js';
import {
  asDomainError,
  InvalidInputError,
  NotFoundError,
  type AnyDomainError,
  type StorageCause,
  type StorageError,
} from '../util/domain-errors.js';

const STORAGE_STATUS: Record<StorageCause, { status: number; code: ErrorCode }> = {
  'no-space': { status: 507, code: 'INSUFFICIENT_STORAGE' },
  'read-only': { status: 503, code: 'STORAGE_ERROR' },
  permission: { status: 503, code: 'STORAGE_ERROR' },
  'too-long': { status: 400, code: 'VALIDATION_ERROR' },
  'missing-folder': { status: 503, code: 'STORAGE_ERROR' },
  'not-a-folder': { status: 503, code: 'STORAGE_ERROR' },
  other: { status: 500, code: 'STORAGE_ERROR' },
};

/**
 * The status, code and envelope of a domain error. The switch covers every `kind` (the function would
 * otherwise end without a return, which does not compile), so a new kind cannot go unmapped.
 */
export function apiErrorOf(err: AnyDomainError): ApiError {
  switch (err.kind) {
    case 'not-found':
      return new ApiError(404, 'NOT_FOUND', err.message);
    case 'conflict':
      return new ApiError(409, 'CONFLICT', err.message, { details: err.details });
    case 'stale':
      return new ApiError(412, 'PRECONDITION_FAILED', err.message, { details: err.current ? { current: err.current } : undefined });
    case 'invalid':
      return new ApiError(400, 'VALIDATION_ERROR', err.message, { details: { field: err.field, message: err.reason } });
    case 'limit':
      // The client reads a passed limit as the invalid field it is.
      return apiErrorOf(new InvalidInputError(err.field, err.reason));
    case 'wrong-document': {
      const [first] = err.findings;
      return new ApiError(400, 'VALIDATION_ERROR', err.message, {
        details: { field: first.field, message: first.message, errors: err.findings.map((f) => `${f.field} ${f.message}`) },
      });
    }
    case 'graph-invalid':
      return new ApiError(422, 'VALIDATION_ERROR', err.message, { details: { errors: err.errors } });
    case 'agentspec-invalid': {
      const { errors, warnings } = err;
      // FlowDrop's Agent Spec client reads the verdict (valid, errors, warnings) at the top of the body.
      return new ApiError(422, 'VALIDATION_ERROR', err.message, {
        details: { errors, warnings },
        besideEnvelope: { valid: false, errors, warnings },
      });
    }
    case 'body-too-large':
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', err.message);
    case 'unsupported-media-type':
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', err.message);
    case 'unavailable':
      return new ApiError(503, 'SERVICE_UNAVAILABLE', err.message);
    case 'unauthorized':
      // The challenge tells a client which scheme to send its credential in.
      return new ApiError(401, 'UNAUTHORIZED', err.message, { headers: { 'WWW-Authenticate': 'Bearer' } });
    case 'forbidden':
      return new ApiError(403, 'FORBIDDEN', err.message);
    case 'storage':
      return storageApiError(err);
  }
}

function storageApiError(err: StorageError): ApiError {
  const { status, code } = STORAGE_STATUS[err.failure];
  return new ApiError(status, code, err.message, {
    details: { file: err.file, operation: err.operation, cause: err.failure, ...(err.errno ? { errno: err.errno } : {}) },
  });
}

/** What a request gets for what its handling threw; `unexpected` is a bug, which the caller logs with its stack. */
export interface ErrorAnswer {
  apiError: ApiError;
  unexpected: boolean;
}

/**
 * The answer to anything a request's handling threw: a domain error mapped, a library's own 4xx refusal (it
 * carries a `status`) passed on; anything else is a bug, a 500 that says nothing more.
 */
export function answerTo(err: unknown, request: { url: string }): ErrorAnswer {
  const domainError = asDomainError(err);
  if (domainError) return { apiError: apiErrorOf(domainError), unexpected: false };
  const status = isRecord(err) && typeof err.status === 'number' ? err.status : 500;
  if (status === 404) return { apiError: apiErrorOf(new NotFoundError(request.url)), unexpected: false };
  if (status < 500) {
    const message = String((isRecord(err) ? err.message : undefined) ?? err);
    return { apiError: new ApiError(status, 'VALIDATION_ERROR', message), unexpected: false };
  }
  return { apiError: new ApiError(500, 'INTERNAL_ERROR', 'Internal server error'), unexpected: true };
}
