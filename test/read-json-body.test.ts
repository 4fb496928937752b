import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readJsonBody } from '../src/server/http.js';

/** A request whose body arrives in the given chunks; `cut` ends it by closing before the end. */
function request(chunks: Array<string | Buffer>, { cut = false, type = 'application/json' } = {}): IncomingMessage {
  const stream = new PassThrough();
  const req = Object.assign(stream, { headers: { 'content-type': type } });
  setImmediate(() => {
    for (const chunk of chunks) stream.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (cut) stream.destroy();
    else stream.end();
  });
  // Enough of an IncomingMessage for the reader: a readable stream with headers.
  return req as unknown as IncomingMessage;
}

describe('readJsonBody', () => {
  it('reads a body in one chunk or in many, and an empty one as undefined', async () => {
    expect(await readJsonBody(request(['{"a":[1,2]}']), 1000)).toEqual({ a: [1, 2] });
    expect(await readJsonBody(request(['{"a"', ':"é', '"}']), 1000)).toEqual({ a: 'é' });
    expect(await readJsonBody(request([]), 1000)).toBeUndefined();
  });

  it('refuses a body past the limit with 413, reads the rest into nothing so the answer gets through, and stops past a bound', async () => {
    const req = request(['{"a":"', 'x'.repeat(600), '"}']);
    await expect(readJsonBody(req, 500)).rejects.toMatchObject({ kind: 'body-too-large' });
    await finished(req);
    expect(req.readableEnded).toBe(true);

    // A body that goes on: past the limit and a mebibyte more, the socket is closed.
    const endless = request(['{"a":"', ...Array.from({ length: 40 }, () => 'x'.repeat(64 * 1024))]);
    await expect(readJsonBody(endless, 500)).rejects.toMatchObject({ kind: 'body-too-large' });
    await expect(finished(endless)).rejects.toThrow(/premature close/i);
    expect(endless.destroyed).toBe(true);
  });

  it('rejects a request closed or aborted before its body ended as a bad request, not as a fault of the server', async () => {
    const reason = 'the request was closed before its body ended';
    await expect(readJsonBody(request(['{"a":'], { cut: true }), 1000)).rejects.toMatchObject({ kind: 'invalid', field: 'body', reason });
    // The client gone mid-upload: Node's request emits 'error' (aborted) first.
    const aborted = new PassThrough();
    const req = Object.assign(aborted, { headers: { 'content-type': 'application/json' } }) as unknown as IncomingMessage;
    setImmediate(() => aborted.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    await expect(readJsonBody(req, 1000)).rejects.toMatchObject({ kind: 'invalid', field: 'body', reason });
  });

  it('reads UTF-8 only: another charset is 415, bytes that are not UTF-8 are 400 with where', async () => {
    expect(await readJsonBody(request(['{"a":"é"}'], { type: 'application/json; charset=UTF-8' }), 1000)).toEqual({ a: 'é' });
    await expect(readJsonBody(request(['{"a":"x"}'], { type: 'application/json; charset=iso-8859-1' }), 1000)).rejects.toMatchObject({
      kind: 'unsupported-media-type',
      message: 'Unsupported Content-Type "application/json; charset=iso-8859-1": send JSON as UTF-8 (charset=utf-8, or no charset)',
    });
    const latin1 = Buffer.from('{\n"name": "caf\xe9"}', 'latin1');
    await expect(readJsonBody(request([latin1]), 1000)).rejects.toMatchObject({
      kind: 'invalid',
      field: 'body',
      reason: 'not UTF-8 (first at line 2, column 13): send JSON as UTF-8',
    });
  });

  it('names line and column of malformed JSON', async () => {
    await expect(readJsonBody(request(['{\n"a": }']), 1000)).rejects.toThrow(/line 2, column 6/);
  });

  it('refuses a number past the range of a double, which a save would write as null', async () => {
    await expect(readJsonBody(request(['{"position": {"x": 1e400, "y": 0}}']), 1000)).rejects.toMatchObject({
      kind: 'invalid',
      field: 'body',
      reason:
        'malformed JSON at line 1, column 20: number 1e400 is out of range (a JSON number here is at most about 1.8e308): write it as a string',
    });
  });
});
