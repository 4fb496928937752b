// The contract's error envelope {success:false, error, message, code, details?} and the error that carries
// it with a real status. Nothing throws one: domain errors become one in server/errors.ts.

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

export interface ApiErrorParts {
  details?: ErrorDetails;
  headers?: Record<string, string>;
  /** Fields sent beside the envelope's own, for a reader that expects them at the top (the Agent Spec verdict's). */
  besideEnvelope?: Record<string, unknown>;
}

export class ApiError extends Error {
  readonly details?: ErrorDetails;
  readonly headers?: Record<string, string>;
  readonly besideEnvelope?: Record<string, unknown>;
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    { details, headers, besideEnvelope }: ApiErrorParts = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.details = details;
    this.headers = headers;
    this.besideEnvelope = besideEnvelope;
  }
}

export function errorBody(err: ApiError): Record<string, unknown> {
  const body: Record<string, unknown> = { success: false, error: err.message, message: err.message, code: err.code };
  if (err.details !== undefined) body.details = err.details;
  return { ...body, ...err.besideEnvelope };
}
