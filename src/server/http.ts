import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'polka';
import { BodyTooLargeError, InvalidInputError, LimitError, UnsupportedMediaTypeError } from '../util/domain-errors.js';
import { parseJsonWithPosition } from '../util/json-position.js';
import { NotUtf8Error, utf8Text } from '../util/utf8.js';
import { isOneOf } from '../util/narrow.js';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendRaw(res, status, JSON.stringify(body), headers);
}

/** Sends an already-serialised JSON text (cached workflow bodies skip a stringify per request). */
export function sendRaw(res: ServerResponse, status: number, json: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json), ...headers });
  res.end(json);
}

/** The same envelope around data that is already UTF-8 JSON bytes (a file as written), copied once. */
export function sendEnvelopeAround(
  res: ServerResponse,
  status: number,
  data: Buffer,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.concat([ENVELOPE_START, data, Buffer.from(`,"message":${JSON.stringify(message)}}`)]);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length), ...headers });
  res.end(body);
}

const ENVELOPE_START = Buffer.from('{"success":true,"data":');

/** `{"success":true,"data":<json>,"message":...}` around a cached data text. */
export function envelopeAround(dataJson: string, message: string): string {
  return `{"success":true,"data":${dataJson},"message":${JSON.stringify(message)}}`;
}

export const ok = (data: unknown, message: string) => ({ success: true, data, message });

/**
 * Reads a JSON request body: 415 for a non-JSON content type, 413 past the limit (the socket is not read
 * further), 400 naming line and column for malformed JSON or nesting deeper than MAX_JSON_DEPTH (checked
 * before the value is handed on, so nothing recursive ever sees such a body). An empty body reads as undefined.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) {
    drainRefusedBody(req, limit);
    throw new BodyTooLargeError(limit);
  }
  const bytes = await readBodyBytes(req, limit);
  if (bytes === undefined) return undefined;
  if (type && type !== 'application/json' && !type.endsWith('+json')) throw new UnsupportedMediaTypeError(type);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1].toLowerCase();
  // JSON is UTF-8 (RFC 8259): a body in another charset would be read wrong, and saved so.
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw new UnsupportedMediaTypeError(`${type}; charset=${charset}`, 'send JSON as UTF-8 (charset=utf-8, or no charset)');
  let text: string;
  try {
    text = utf8Text(bytes);
  } catch (err) {
    if (!(err instanceof NotUtf8Error)) throw err;
    throw new InvalidInputError('body', `not UTF-8 (first at line ${err.line}, column ${err.column}): send JSON as UTF-8`);
  }
  const parsed = parseJsonWithPosition(text);
  if (!parsed.ok && parsed.error.depthLimit)
    throw new LimitError(
      'body',
      `nesting of arrays and objects (too deep at line ${parsed.error.line}, column ${parsed.error.column})`,
      parsed.error.depthLimit,
    );
  if (!parsed.ok)
    throw new InvalidInputError(
      'body',
      `malformed JSON at line ${parsed.error.line}, column ${parsed.error.column}: ${parsed.error.message}`,
    );
  return parsed.value;
}

/**
 * After a body goes past the limit, what more of it is read (and dropped) so that the 413 reaches the client:
 * a socket closed with data unread is reset, and a client still sending (a chunked body, which declares no
 * length) would see the reset and not the answer. Past these, the socket is closed.
 */
const LINGER_MS = 5_000;
const LINGER_MIN_BYTES = 1024 * 1024;

/** Reads the rest of a refused body into nothing, for a while and up to a size, then closes the socket. */
function drainRefusedBody(req: IncomingMessage, limit: number): void {
  let drained = 0;
  const budget = Math.max(limit, LINGER_MIN_BYTES);
  const close = () => {
    clearTimeout(timer);
    req.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > budget) close();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}

/**
 * The body's bytes (undefined when empty), by the stream's events: an async iterator over the request cost a
 * save tens of microseconds more. One chunk (most bodies) is used as it is. Past `limit` the rest is drained
 * for a while (drainRefusedBody), not kept; a request cut off before its end rejects.
 */
function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (req.readableEnded) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    let first: Buffer | undefined;
    let more: Buffer[] | undefined;
    let size = 0;
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        drainRefusedBody(req, limit);
        reject(new BodyTooLargeError(limit));
        return;
      }
      if (first === undefined) first = chunk;
      else (more ??= [first]).push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(more ? Buffer.concat(more, size) : first);
    };
    // A client gone mid-upload is its own doing, not a fault of the server: a bad request, logged as one.
    const onError = () => {
      done();
      reject(new InvalidInputError('body', 'the request was closed before its body ended'));
    };
    const onClose = onError;
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** Parses an integer query parameter within bounds; absent → fallback; anything else → 400 naming it. */
export function intParam(query: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text)) throw new InvalidInputError(name, `must be an integer between ${min} and ${max}`);
  const value = Number(text);
  if (value < min || value > max) throw new InvalidInputError(name, `must be an integer between ${min} and ${max}`);
  return value;
}

export function stringParam(query: Record<string, unknown>, name: string, maxLength = 1000): string | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (typeof text !== 'string') return undefined;
  if (text.length > maxLength) throw new InvalidInputError(name, `must be at most ${maxLength} characters`);
  return text;
}

export function enumParam<T extends string>(query: Record<string, unknown>, name: string, allowed: readonly T[], fallback: T): T {
  const text = stringParam(query, name);
  if (text === undefined || text === '') return fallback;
  if (!isOneOf(allowed, text)) throw new InvalidInputError(name, `must be one of ${allowed.join(', ')}`);
  return text;
}

/** Like enumParam, but absent or empty means "no filter". */
export function optionalEnumParam<T extends string>(query: Record<string, unknown>, name: string, allowed: readonly T[]): T | undefined {
  const text = stringParam(query, name);
  return text === undefined || text === '' ? undefined : enumParam(query, name, allowed, allowed[0]);
}

export function paginationHeaders(total: number, limit: number, offset: number): Record<string, string> {
  return { 'X-Total-Count': String(total), 'X-Page-Size': String(limit), 'X-Page-Offset': String(offset) };
}

/**
 * A path polka cannot decode (a % not followed by two hex digits) reaches the routes as it was sent, and an
 * id in it would be looked up as typed: it is a 400 naming the path instead of a 404 of an id nobody sent.
 */
export const checkPathEncoding: Middleware = (req, _res, next) => {
  const path = req.url.split('?')[0];
  if (path.includes('%')) {
    try {
      decodeURIComponent(path);
    } catch {
      throw new InvalidInputError(
        'path',
        `${JSON.stringify(path)} is not valid URL encoding: a % must be followed by two hex digits (%25 for % itself)`,
      );
    }
  }
  void next();
};
