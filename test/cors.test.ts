import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import polka, { type Polka } from 'polka';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorBody } from '../src/contract/errors.js';
import { createAuth } from '../src/server/auth.js';
import { createCors, isLoopback } from '../src/server/cors.js';
import type { AuthOptions } from '../src/server/options.js';

const BASE = '/api/flowdrop';
const ORIGIN = 'http://localhost:5173';
let app: Polka | undefined;

async function start(cors: { origins?: string[]; host: string }, auth: AuthOptions = {}): Promise<string> {
  app = polka({
    onError: (err, _req, res) => {
      const e = err instanceof ApiError ? err : new ApiError(500, 'INTERNAL_ERROR', String(err));
      res.writeHead(e.status, { 'Content-Type': 'application/json', ...e.headers });
      res.end(JSON.stringify(errorBody(e)));
    },
  });
  const ok = (_req: unknown, res: ServerResponse) => {
    res.setHeader('ETag', '"1"');
    res.end('{"success":true}');
  };
  app
    .use(createCors(cors), await createAuth(auth, BASE))
    .get(`${BASE}/workflows`, ok)
    .put(`${BASE}/workflows/:id`, ok);
  // Always listen on loopback; `cors.host` only tells the middleware what the server is bound to.
  await new Promise<void>((r) => app!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${BASE}`;
}

afterEach(async () => {
  if (app) await new Promise((r) => app!.server.close(r));
  app = undefined;
});

const preflight = (url: string, origin: string, extra: Record<string, string> = {}) =>
  fetch(`${url}/workflows/w1`, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': 'authorization,content-type,x-api-key,if-match',
      ...extra,
    },
  });

describe('isLoopback', () => {
  it('recognises loopback hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.2', '10.0.0.1', 'example.com', '128.0.0.1']) expect(isLoopback(h), h).toBe(false);
  });
});

describe('CORS', () => {
  it('answers a preflight with 204 before auth, reflecting origin and headers', async () => {
    const url = await start({ host: '127.0.0.1' }, { token: 's3cret' });
    const res = await preflight(url, ORIGIN);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type,x-api-key,if-match');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,PUT,PATCH,DELETE,OPTIONS');
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('vary')).toMatch(/Origin/);
    expect(res.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('allows Chrome private network access when asked', async () => {
    const url = await start({ host: 'localhost' });
    const res = await preflight(url, 'https://editor.example.com', { 'Access-Control-Request-Private-Network': 'true' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('exposes the pagination and ETag headers on a normal response', async () => {
    const url = await start({ host: '::1' });
    const res = await fetch(`${url}/workflows`, { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const exposed = res.headers.get('access-control-expose-headers')?.split(',') ?? [];
    expect(exposed).toEqual(expect.arrayContaining(['ETag', 'Location', 'X-Total-Count', 'X-Page-Size', 'X-Page-Offset', 'Content-Disposition']));
  });

  it('with an origin list, allows only listed origins', async () => {
    const url = await start({ host: '127.0.0.1', origins: ['https://editor.example.com/'] });
    const listed = await fetch(`${url}/workflows`, { headers: { Origin: 'https://editor.example.com' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://editor.example.com');
    const unlisted = await fetch(`${url}/workflows`, { headers: { Origin: ORIGIN } });
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(url, ORIGIN, { 'Access-Control-Request-Private-Network': 'true' });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('"*" in the list reflects any origin (credentials allowed)', async () => {
    const url = await start({ host: '0.0.0.0', origins: ['*'] });
    const res = await fetch(`${url}/workflows`, { headers: { Origin: 'https://anything.test' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anything.test');
  });

  it('bound to a non-loopback host without origins, allows no cross-origin but still ends preflights', async () => {
    const url = await start({ host: '0.0.0.0' }, { token: 's3cret' });
    const res = await fetch(`${url}/workflows`, { headers: { Origin: ORIGIN, Authorization: 'Bearer s3cret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(url, ORIGIN);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });
});
