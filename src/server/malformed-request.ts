// A request Node's HTTP parser refuses (a malformed request line or header, headers past the limit, a request
// that took too long to arrive) never reaches the app: Node would answer a bare status with no body. This
// answers it in the contract's envelope instead, as every other refusal is.
import type { Duplex } from 'node:stream';
import { ApiError, errorBody } from '../contract/errors.js';

const REFUSALS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive' },
};
const MALFORMED = { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP/1.1' };

/** For the server's 'clientError' event: the envelope on a socket that can still take it, then the socket closes. */
export function answerMalformedRequest(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, message } = (err.code !== undefined ? REFUSALS[err.code] : undefined) ?? MALFORMED;
  const body = JSON.stringify(errorBody(new ApiError(status, 'VALIDATION_ERROR', message)));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
