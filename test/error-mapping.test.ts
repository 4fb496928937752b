// server/errors.ts in process: the status, code and envelope each domain error kind gets, and the answer to
// what is not a domain error (a library's own refusal, a bug).
import { describe, expect, it } from 'vitest';
import { ApiError, errorBody } from '../src/contract/errors.js';
import { answerTo, apiErrorOf } from '../src/server/errors.js';
import {
  AgentSpecInvalidError,
  asDomainError,
  BodyTooLargeError,
  ConflictError,
  ForbiddenError,
  GraphInvalidError,
  InvalidInputError,
  LimitError,
  NotFoundError,
  StaleVersionError,
  StorageError,
  UnauthorizedError,
  UnavailableError,
  UnsupportedMediaTypeError,
  WrongDocumentError,
  type AnyDomainError,
  type DomainErrorKind,
} from '../src/util/domain-errors.js';

interface Expected {
  error: AnyDomainError;
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const failure = (message: string, code: string, extra: Record<string, unknown> = {}) => ({
  success: false,
  error: message,
  message,
  code,
  ...extra,
});

const errno = (code: string) => Object.assign(new Error(`${code}: the system says no`), { code });

// One entry per kind, with an error of that kind: a kind added to the domain errors without one here does not compile.
const BY_KIND: { [K in DomainErrorKind]: Expected & { error: Extract<AnyDomainError, { kind: K }> } } = {
  'not-found': {
    error: new NotFoundError("workflow 'abc'"),
    status: 404,
    body: failure("Resource not found: workflow 'abc'", 'NOT_FOUND'),
  },
  conflict: {
    error: new ConflictError("Workflow 'abc' already exists", { id: 'abc' }),
    status: 409,
    body: failure("Workflow 'abc' already exists", 'CONFLICT', { details: { id: 'abc' } }),
  },
  stale: {
    error: new StaleVersionError('The workflow changed since you read it', '"v2"'),
    status: 412,
    body: failure('The workflow changed since you read it', 'PRECONDITION_FAILED', { details: { current: '"v2"' } }),
  },
  invalid: {
    error: new InvalidInputError('options.timeout', 'must be a number'),
    status: 400,
    body: failure('Invalid request parameters: options.timeout: must be a number', 'VALIDATION_ERROR', {
      details: { field: 'options.timeout', message: 'must be a number' },
    }),
  },
  'wrong-document': {
    error: new WrongDocumentError('workflow', [
      { field: 'workflow.nodes', message: 'is required' },
      { field: 'workflow.edges', message: 'must be array' },
    ]),
    status: 400,
    body: failure('Not a workflow: workflow.nodes is required', 'VALIDATION_ERROR', {
      details: { field: 'workflow.nodes', message: 'is required', errors: ['workflow.nodes is required', 'workflow.edges must be array'] },
    }),
  },
  'graph-invalid': {
    error: new GraphInvalidError(['Edge e1 points to a missing node', 'Node n2 has no type', 'Cycle detected']),
    status: 422,
    body: failure('Validation failed: Edge e1 points to a missing node (and 2 more)', 'VALIDATION_ERROR', {
      details: { errors: ['Edge e1 points to a missing node', 'Node n2 has no type', 'Cycle detected'] },
    }),
  },
  'agentspec-invalid': {
    error: new AgentSpecInvalidError(["reference 'nowhere' is not defined"], ['the note n1 is not exported']),
    status: 422,
    body: failure("Agent Spec validation failed: reference 'nowhere' is not defined", 'VALIDATION_ERROR', {
      details: { errors: ["reference 'nowhere' is not defined"], warnings: ['the note n1 is not exported'] },
      valid: false,
      errors: ["reference 'nowhere' is not defined"],
      warnings: ['the note n1 is not exported'],
    }),
  },
  limit: {
    error: new LimitError('id', 'its length in UTF-8 bytes (300)', 240),
    status: 400,
    body: failure('Invalid request parameters: id: its length in UTF-8 bytes (300) exceeds the limit of 240', 'VALIDATION_ERROR', {
      details: { field: 'id', message: 'its length in UTF-8 bytes (300) exceeds the limit of 240' },
    }),
  },
  'body-too-large': {
    error: new BodyTooLargeError(1024),
    status: 413,
    body: failure('Request body exceeds the limit of 1024 bytes (raise it with --max-body)', 'PAYLOAD_TOO_LARGE'),
  },
  'unsupported-media-type': {
    error: new UnsupportedMediaTypeError('text/plain'),
    status: 415,
    body: failure('Unsupported Content-Type "text/plain": send application/json', 'UNSUPPORTED_MEDIA_TYPE'),
  },
  unavailable: {
    error: new UnavailableError('The run history cannot be written'),
    status: 503,
    body: failure('The run history cannot be written', 'SERVICE_UNAVAILABLE'),
  },
  unauthorized: {
    error: new UnauthorizedError('Invalid token'),
    status: 401,
    body: failure('Invalid token', 'UNAUTHORIZED'),
    headers: { 'WWW-Authenticate': 'Bearer' },
  },
  forbidden: {
    error: new ForbiddenError(),
    status: 403,
    body: failure('Permission denied: this credential cannot modify resources', 'FORBIDDEN'),
  },
  storage: {
    error: new StorageError('write', 'a.json', errno('ENOSPC')),
    status: 507,
    body: failure('Could not write a.json: the disk is full; free some space and try again', 'INSUFFICIENT_STORAGE', {
      details: { file: 'a.json', operation: 'write', cause: 'no-space', errno: 'ENOSPC' },
    }),
  },
};

describe('apiErrorOf: each domain error kind', () => {
  it.each(Object.entries(BY_KIND))('%s', (kind, { error, status, body, headers }) => {
    expect(error.kind).toBe(kind);
    const apiError = apiErrorOf(error);
    expect(apiError.status).toBe(status);
    expect(errorBody(apiError)).toEqual(body);
    expect(apiError.headers).toEqual(headers);
  });

  it('a stale version without a current one has no details', () => {
    expect(errorBody(apiErrorOf(new StaleVersionError('changed')))).toEqual(failure('changed', 'PRECONDITION_FAILED'));
  });

  it('a conflict without details has none', () => {
    expect(errorBody(apiErrorOf(new ConflictError('Session is already executing')))).toEqual(
      failure('Session is already executing', 'CONFLICT'),
    );
  });

  it.each([
    ['EROFS', 503, 'STORAGE_ERROR', 'read-only', 'the folder is on a read-only file system'],
    ['EACCES', 503, 'STORAGE_ERROR', 'permission', 'permission denied; check the owner and mode of the file and its folder'],
    ['ENAMETOOLONG', 400, 'VALIDATION_ERROR', 'too-long', 'the file name is too long for this file system'],
    [
      'ENOENT',
      503,
      'STORAGE_ERROR',
      'missing-folder',
      'its folder no longer exists on disk (was the served folder moved or deleted?); recreate it',
    ],
    ['EIO', 500, 'STORAGE_ERROR', 'other', 'the file system refused the operation (EIO)'],
  ])('a storage failure of %s: %i %s', (code, status, envelopeCode, cause, text) => {
    const apiError = apiErrorOf(new StorageError('write', 'a.json', errno(code)));
    expect(apiError.status).toBe(status);
    expect(errorBody(apiError)).toEqual(
      failure(`Could not write a.json: ${text}`, envelopeCode, { details: { file: 'a.json', operation: 'write', cause, errno: code } }),
    );
  });

  it('a storage failure without an errno names no errno', () => {
    expect(apiErrorOf(new StorageError('read', 'b.json', new Error('odd'))).details).toEqual({
      file: 'b.json',
      operation: 'read',
      cause: 'other',
    });
  });
});

describe('asDomainError', () => {
  it('knows every domain error, and nothing else', () => {
    for (const { error } of Object.values(BY_KIND)) expect(asDomainError(error)).toBe(error);
    expect(asDomainError(new Error('plain'))).toBeUndefined();
    expect(asDomainError(new ApiError(401, 'UNAUTHORIZED', 'Invalid token'))).toBeUndefined();
    expect(asDomainError('a string')).toBeUndefined();
  });
});

describe('answerTo: anything a request handler threw', () => {
  const request = { url: '/api/flowdrop/workflows/x?y=1' };

  it('a domain error: its mapping, expected', () => {
    const { apiError, unexpected } = answerTo(new NotFoundError("workflow 'x'"), request);
    expect(unexpected).toBe(false);
    expect(errorBody(apiError)).toEqual(failure("Resource not found: workflow 'x'", 'NOT_FOUND'));
  });

  it("a request guard's refusal: mapped like any domain error, with its headers", () => {
    const { apiError, unexpected } = answerTo(new UnauthorizedError('Invalid token'), request);
    expect(unexpected).toBe(false);
    expect(apiError.status).toBe(401);
    expect(apiError.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it("a library's 404: not found, naming the URL", () => {
    const { apiError, unexpected } = answerTo(Object.assign(new Error('nope'), { status: 404 }), request);
    expect(unexpected).toBe(false);
    expect(apiError.status).toBe(404);
    expect(errorBody(apiError)).toEqual(failure('Resource not found: /api/flowdrop/workflows/x?y=1', 'NOT_FOUND'));
  });

  it("a library's other 4xx: its status and message, as a validation error", () => {
    const { apiError, unexpected } = answerTo(Object.assign(new Error('Malformed URI'), { status: 400 }), request);
    expect(unexpected).toBe(false);
    expect(apiError.status).toBe(400);
    expect(errorBody(apiError)).toEqual(failure('Malformed URI', 'VALIDATION_ERROR'));
  });

  it.each([
    ['an Error', new TypeError('x is undefined')],
    ['a string', 'broken'],
    ['an error with a 5xx status', Object.assign(new Error('upstream'), { status: 502 })],
  ])('%s: a 500 that says nothing more, unexpected', (_what, thrown) => {
    const { apiError, unexpected } = answerTo(thrown, request);
    expect(unexpected).toBe(true);
    expect(apiError).toBeInstanceOf(ApiError);
    expect(apiError.status).toBe(500);
    expect(errorBody(apiError)).toEqual(failure('Internal server error', 'INTERNAL_ERROR'));
  });
});
