// Requests Node's HTTP parser refuses get the contract's error envelope, not Node's bare status line.
import { describe, expect } from 'vitest';
import { rawConnection } from './support/raw-connection.js';
import { serverTest } from './support/server-fixture.js';

/** Sends `bytes` on a connection of its own and resolves with what came back once the server closed it. */
async function exchange(url: string, bytes: string): Promise<{ head: string; body: unknown }> {
  const connection = rawConnection(url);
  connection.socket.write(bytes);
  await connection.ended;
  const [head, body] = connection.received().split('\r\n\r\n');
  return { head, body: JSON.parse(body) };
}

describe('a request that is not valid HTTP', () => {
  serverTest('a malformed request line or header is 400, headers past the limit 431, each in the envelope', async ({ server }) => {
    const h = await server({});
    const lowercase = await exchange(h.base, 'post /api/flowdrop/workflows HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const control = await exchange(h.base, 'GET /api/flowdrop/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad: a\x01b\r\n\r\n');
    const huge = await exchange(h.base, `GET /api/flowdrop/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const malformed = {
      success: false,
      error: 'The request is not valid HTTP/1.1',
      message: 'The request is not valid HTTP/1.1',
      code: 'VALIDATION_ERROR',
    };
    expect(lowercase.head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect([lowercase.body, control.body]).toEqual([malformed, malformed]);
    expect(huge.head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(huge.body).toEqual({ ...malformed, error: 'The request headers are too large', message: 'The request headers are too large' });
  });
});
