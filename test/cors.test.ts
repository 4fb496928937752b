import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import polka, { type Polka } from 'polka';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody } from '../src/contract/errors.js';
import { createAuth } from '../src/server/auth.js';
import { createCors } from '../src/server/cors.js';
import { answerTo } from '../src/server/errors.js';
import { hostnameOf, normaliseAllowedHost, normaliseOrigin } from '../src/server/guard.js';
import { isLoopback } from '../src/util/loopback.js';
import type { AuthOptions } from '../src/server/options.js';

const BASE = '/api/flowdrop';
const ORIGIN = 'http://localhost:5173';
const FOREIGN = 'https://foreign.example';
let app: Polka | undefined;

async function start(cors: { origins?: string[]; host: string }, auth: AuthOptions = {}): Promise<string> {
  app = polka({
    onError: (err, req, res) => {
      const e = answerTo(err, req).apiError;
      res.writeHead(e.status, { 'Content-Type': 'application/json', ...e.headers });
      res.end(JSON.stringify(errorBody(e)));
    },
  });
  const ok = (_req: unknown, res: ServerResponse) => {
    res.setHeader('ETag', '"1"');
    res.end('{"success":true}');
  };
  app
    .use(createCors(cors), await createAuth(auth, { basePath: BASE, corsOrigins: cors.origins }))
    .get(`${BASE}/workflows`, ok)
    .put(`${BASE}/workflows/:id`, ok);
  // Always listen on loopback; `cors.host` names a bind address, which CORS answers do not depend on.
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
    for (const h of [
      'localhost',
      'LocalHost',
      'localhost.',
      'app.localhost',
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.2', '10.0.0.1', 'example.com', '128.0.0.1', 'localhost.example.com', 'notlocalhost'])
      expect(isLoopback(h), h).toBe(false);
  });

  it('takes the name out of a Host header (port, brackets, trailing dot, case)', () => {
    expect(hostnameOf('localhost:3000')).toBe('localhost');
    expect(hostnameOf('[::1]:3000')).toBe('::1');
    expect(hostnameOf('[::1]')).toBe('::1');
    expect(hostnameOf('Example.COM.:80')).toBe('example.com');
    expect(hostnameOf('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('normaliseAllowedHost', () => {
  it('keeps a name or address (and a leading dot), and refuses URLs and garbage', () => {
    expect(normaliseAllowedHost('WFE.test')).toBe('wfe.test');
    expect(normaliseAllowedHost('wfe.test.:3000')).toBe('wfe.test');
    expect(normaliseAllowedHost('.Example.test')).toBe('.example.test');
    expect(normaliseAllowedHost('[::1]:3000')).toBe('::1');
    for (const bad of ['http://wfe.test/', 'user@wfe.test', 'wfe test', '', '.', 'wfe.test:port'])
      expect(() => normaliseAllowedHost(bad), bad).toThrow(/not a host name/);
  });
});

describe('normaliseOrigin', () => {
  it('gives an origin as browsers send it, and refuses what is not one', () => {
    expect(normaliseOrigin(' https://Editor.example.com:443/ ')).toBe('https://editor.example.com');
    expect(normaliseOrigin('http://localhost:5173/app')).toBe('http://localhost:5173');
    expect(normaliseOrigin('*')).toBe('*');
    for (const bad of ['editor.example.com', 'null', 'file:///tmp/x.html', ''])
      expect(() => normaliseOrigin(bad), bad).toThrow(/not an origin/);
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

  it('allows Chrome private network access when asked, for allowed origins only', async () => {
    const url = await start({ host: 'localhost', origins: ['https://editor.example.com'] });
    for (const origin of [ORIGIN, 'https://editor.example.com']) {
      const res = await preflight(url, origin, { 'Access-Control-Request-Private-Network': 'true' });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-private-network'), origin).toBe('true');
    }
    const foreign = await preflight(url, FOREIGN, { 'Access-Control-Request-Private-Network': 'true' });
    expect(foreign.status).toBe(204);
    expect(foreign.headers.get('access-control-allow-private-network')).toBeNull();
  });

  it('exposes the pagination and ETag headers on a normal response', async () => {
    const url = await start({ host: '::1' });
    const res = await fetch(`${url}/workflows`, { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const exposed = res.headers.get('access-control-expose-headers')?.split(',') ?? [];
    expect(exposed).toEqual(
      expect.arrayContaining(['ETag', 'Location', 'X-Total-Count', 'X-Page-Size', 'X-Page-Offset', 'Content-Disposition']),
    );
  });

  it('with an origin list, allows listed origins besides loopback ones, and no others', async () => {
    const url = await start({ host: '127.0.0.1', origins: ['https://editor.example.com/'] });
    for (const origin of ['https://editor.example.com', ORIGIN]) {
      const allowed = await fetch(`${url}/workflows`, { headers: { Origin: origin } });
      expect(allowed.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(allowed.headers.get('access-control-allow-credentials'), origin).toBe('true');
    }
    const unlisted = await fetch(`${url}/workflows`, { headers: { Origin: FOREIGN } });
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers.get('access-control-allow-origin')).toBeNull();
    expect(unlisted.headers.get('access-control-allow-credentials')).toBeNull();
    expect(unlisted.headers.get('vary')).toMatch(/Origin/);
    const pre = await preflight(url, FOREIGN);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('"*" in the list answers other origins with the wildcard and no credentials', async () => {
    const url = await start({ host: '0.0.0.0', origins: ['*'] });
    const res = await fetch(`${url}/workflows`, { headers: { Origin: 'https://anything.test' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const local = await fetch(`${url}/workflows`, { headers: { Origin: ORIGIN } });
    expect(local.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(local.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('bound to a non-loopback host without origins, allows loopback origins only, and still ends preflights', async () => {
    const url = await start({ host: '0.0.0.0' }, { token: 's3cret' });
    const local = await fetch(`${url}/workflows`, { headers: { Origin: ORIGIN, Authorization: 'Bearer s3cret' } });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const res = await fetch(`${url}/workflows`, { headers: { Origin: FOREIGN, Authorization: 'Bearer s3cret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(url, FOREIGN);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends no CORS headers to requests without an Origin (curl, the CLI, same-origin reads)', async () => {
    const url = await start({ host: '127.0.0.1', origins: ['*'] });
    const res = await fetch(`${url}/workflows`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
