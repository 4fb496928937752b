// One error type for the whole request pipeline. Routes throw ApiError; the app's onError turns it
// into the contract's envelope {success:false, error, message, code, details?} with a real status.

export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'NOT_FOUND'
  | 'INTERNAL_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'METHOD_NOT_ALLOWED'
  | 'PRECONDITION_FAILED'
  | 'INSUFFICIENT_STORAGE'
  | 'SERVICE_UNAVAILABLE'
  | 'STORAGE_ERROR';

export type ErrorDetails = { field: string; message: string } | { errors: string[] } | Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 400: one bad request field (or malformed JSON, field "body"). */
export const invalidField = (field: string, message: string): ApiError =>
  new ApiError(400, 'VALIDATION_ERROR', `Invalid request parameters: ${field}: ${message}`, { field, message });

/** 422: the request is well-formed but the graph it describes is not. */
export const graphInvalid = (errors: string[]): ApiError =>
  new ApiError(422, 'VALIDATION_ERROR', `Validation failed: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`, {
    errors,
  });

export const notFound = (what: string): ApiError => new ApiError(404, 'NOT_FOUND', `Resource not found: ${what}`);

export const conflict = (message: string, details?: ErrorDetails): ApiError => new ApiError(409, 'CONFLICT', message, details);

export const unauthorized = (message = 'Authentication required'): ApiError =>
  new ApiError(401, 'UNAUTHORIZED', message, undefined, { 'WWW-Authenticate': 'Bearer' });

export const forbidden = (message = 'Permission denied: this credential cannot modify resources'): ApiError =>
  new ApiError(403, 'FORBIDDEN', message);

export const payloadTooLarge = (limit: number): ApiError =>
  new ApiError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds the limit of ${limit} bytes (raise it with --max-body)`);

export const unsupportedMediaType = (got: string): ApiError =>
  new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `Unsupported Content-Type "${got}": send application/json`);

export const internalError = (): ApiError => new ApiError(500, 'INTERNAL_ERROR', 'Internal server error');

export function errorBody(err: ApiError): Record<string, unknown> {
  const body: Record<string, unknown> = { success: false, error: err.message, message: err.message, code: err.code };
  if (err.details !== undefined) body.details = err.details;
  return body;
}
