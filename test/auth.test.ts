import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import polka, { type Polka } from 'polka';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../src/contract/errors.js';
import { authEnabled, createAuth, hasScope } from '../src/server/auth.js';
import { createCors } from '../src/server/cors.js';
import { answerTo } from '../src/server/errors.js';
import type { AuthOptions } from '../src/server/options.js';
import { chatFlow } from './support/flows.js';
import { serverTest } from './support/server-fixture.js';

const BASE = '/api/flowdrop';
let app: Polka | undefined;

async function start(auth: AuthOptions, corsOrigins?: string[]): Promise<string> {
  app = polka({
    onError: (err, req, res) => {
      const e = answerTo(err, req).apiError;
      res.writeHead(e.status, { 'Content-Type': 'application/json', ...e.headers });
      res.end(JSON.stringify(errorBody(e)));
    },
  });
  const ok = (_req: unknown, res: ServerResponse) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ success: true }));
  };
  app
    .use(createCors({ host: '127.0.0.1', origins: corsOrigins }), await createAuth(auth, { basePath: BASE, corsOrigins }))
    .get(`${BASE}/workflows`, ok)
    .put(`${BASE}/workflows/:id`, ok)
    .get(`${BASE}/port-config`, ok)
    .get(`${BASE}/health`, ok);
  await new Promise<void>((r) => app!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${BASE}`;
}

afterEach(async () => {
  if (app) await new Promise((r) => app!.server.close(r));
  app = undefined;
});

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
const put = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/workflows/w1`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });

async function expectError(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { success: boolean; error: string; message: string; code: string };
  expect(body).toMatchObject({ success: false, code });
  expect(body.message).toBe(body.error);
  return body.message;
}

describe('authEnabled', () => {
  it('is off by default and on with any credential option', () => {
    expect(authEnabled({})).toBe(false);
    expect(authEnabled({ writeScope: 'x' })).toBe(false);
    for (const k of ['token', 'readToken', 'jwtSecret', 'jwks', 'session'] as const) expect(authEnabled({ [k]: 'v' })).toBe(true);
  });
});

describe('hasScope', () => {
  it('reads scope (string), scp and scopes (array or string)', () => {
    expect(hasScope({ scope: 'read write' }, 'write')).toBe(true);
    expect(hasScope({ scp: ['read', 'write'] }, 'write')).toBe(true);
    expect(hasScope({ scopes: 'wfe:write' }, 'wfe:write')).toBe(true);
    expect(hasScope({ scope: 'read writer' }, 'write')).toBe(false);
    expect(hasScope({}, 'write')).toBe(false);
  });
});

describe('no auth configured', () => {
  it('lets everything through', async () => {
    const url = await start({});
    expect((await fetch(`${url}/workflows`)).status).toBe(200);
    expect((await put(url)).status).toBe(200);
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });
});

describe('--token', () => {
  it('requires the bearer token on non-public routes', async () => {
    const url = await start({ token: 's3cret' });
    const res = await fetch(`${url}/workflows`);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await expectError(res, 401, 'UNAUTHORIZED')).toMatch(/^Authentication required: send Authorization: Bearer/);
    await expectError(await fetch(`${url}/workflows`, { headers: bearer('wrong') }), 401, 'UNAUTHORIZED');
    await expectError(await fetch(`${url}/workflows`, { headers: { Authorization: 'Basic czNjcmV0' } }), 401, 'UNAUTHORIZED');
    expect((await fetch(`${url}/workflows`, { headers: bearer('s3cret') })).status).toBe(200);
    expect((await put(url, bearer('s3cret'))).status).toBe(200);
    expect((await fetch(`${url}/workflows`, { headers: { 'X-API-Key': 's3cret' } })).status).toBe(200);
  });

  it('keeps public routes open, with or without trailing slash', async () => {
    const url = await start({ token: 's3cret' });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect((await fetch(`${url}/health/`)).status).not.toBe(401);
    expect((await fetch(`${url}/port-config?x=1`)).status).toBe(200);
    expect((await fetch(`${url}/healthz`)).status).toBe(401);
  });

  it('rejects an empty token at startup', async () => {
    await expect(createAuth({ token: '' }, { basePath: BASE })).rejects.toThrow(/--token must not be empty/);
  });
});

describe('--read-token', () => {
  it('reads but cannot write; --token still writes', async () => {
    const url = await start({ token: 'rw', readToken: 'ro' });
    expect((await fetch(`${url}/workflows`, { headers: bearer('ro') })).status).toBe(200);
    await expectError(await put(url, bearer('ro')), 403, 'FORBIDDEN');
    expect((await put(url, bearer('rw'))).status).toBe(200);
  });
});

describe('--jwt-secret (HS256)', () => {
  const secret = 'a-long-enough-hmac-secret-for-hs256-tests';
  const key = new TextEncoder().encode(secret);
  const mint = (claims: Record<string, unknown>, exp: string | number = '5m', k: Uint8Array = key) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('alice').setIssuedAt().setExpirationTime(exp).sign(k);

  it('grants write only with the write scope', async () => {
    const url = await start({ jwtSecret: secret });
    expect((await put(url, bearer(await mint({ scope: 'read write' })))).status).toBe(200);
    expect((await put(url, bearer(await mint({ scp: ['write'] })))).status).toBe(200);
    const readOnly = await mint({ scope: 'read' });
    expect((await fetch(`${url}/workflows`, { headers: bearer(readOnly) })).status).toBe(200);
    await expectError(await put(url, bearer(readOnly)), 403, 'FORBIDDEN');
  });

  it('honours a custom write scope', async () => {
    const url = await start({ jwtSecret: secret, writeScope: 'wfe:write' });
    expect((await put(url, bearer(await mint({ scope: 'wfe:write' })))).status).toBe(200);
    await expectError(await put(url, bearer(await mint({ scope: 'write' }))), 403, 'FORBIDDEN');
  });

  it('rejects expired and badly signed tokens with 401', async () => {
    const url = await start({ jwtSecret: secret });
    const expired = await mint({ scope: 'write' }, Math.floor(Date.now() / 1000) - 60);
    expect(await expectError(await fetch(`${url}/workflows`, { headers: bearer(expired) }), 401, 'UNAUTHORIZED')).toBe('Token expired');
    const forged = await mint({ scope: 'write' }, '5m', new TextEncoder().encode('another-secret-another-secret-xx'));
    expect(await expectError(await fetch(`${url}/workflows`, { headers: bearer(forged) }), 401, 'UNAUTHORIZED')).toBe(
      'Invalid token: signature verification failed',
    );
    await expectError(await fetch(`${url}/workflows`, { headers: bearer('not.a.jwt') }), 401, 'UNAUTHORIZED');
  });
});

describe('--jwks', () => {
  let dir: string;
  let jwksFile: string;
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wfe-auth-'));
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('ES256')).privateKey;
    jwksFile = join(dir, 'jwks.json');
    await writeFile(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] }));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const mint = (k: CryptoKey) =>
    new SignJWT({ scope: 'write' }).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setExpirationTime('5m').sign(k);

  it('accepts tokens signed by a key in the file, rejects others', async () => {
    const url = await start({ jwks: jwksFile });
    expect((await put(url, bearer(await mint(privateKey)))).status).toBe(200);
    expect(await expectError(await put(url, bearer(await mint(otherKey))), 401, 'UNAUTHORIZED')).toBe(
      'Invalid token: signature verification failed',
    );
  });

  it('rejects HS tokens when only a JWKS is configured', async () => {
    const url = await start({ jwks: jwksFile });
    const hs = await new SignJWT({ scope: 'write' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(32)));
    await expectError(await fetch(`${url}/workflows`, { headers: bearer(hs) }), 401, 'UNAUTHORIZED');
  });

  it('fails at startup naming a missing or invalid file', async () => {
    const missing = join(dir, 'nope.json');
    await expect(createAuth({ jwks: missing }, { basePath: BASE })).rejects.toThrow(missing);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"not":"a jwks"}');
    await expect(createAuth({ jwks: bad }, { basePath: BASE })).rejects.toThrow(/Invalid JWKS file .*bad\.json/);
  });
});

describe('--session', () => {
  it('accepts a SESS* cookie with the configured value', async () => {
    const url = await start({ session: 'abc123' });
    const cookie = (c: string) => ({ Cookie: c });
    expect((await put(url, cookie('other=1; SESSd41d8cd98f=abc123'))).status).toBe(200);
    expect((await fetch(`${url}/workflows`, { headers: cookie('SSESSabc=abc123') })).status).toBe(200);
    expect(await expectError(await fetch(`${url}/workflows`, { headers: cookie('SESSd41d8cd98f=wrong') }), 401, 'UNAUTHORIZED')).toBe(
      'Invalid session cookie',
    );
    expect(await expectError(await fetch(`${url}/workflows`, { headers: cookie('PHPSESSID=abc123') }), 401, 'UNAUTHORIZED')).toMatch(
      /SESS/,
    );
  });
});

describe('--session with --cors-origin "*"', () => {
  it('takes the cookie only from loopback and listed origins: "*" lets any page send requests, not act on the session', async () => {
    const url = await start({ session: 'abc123', token: 't0ken' }, ['*', 'https://app.example']);
    const withCookie = (origin: string) => ({ Cookie: 'SESSd41d8cd98f=abc123', Origin: origin });
    expect(await expectError(await put(url, withCookie('http://evil.example')), 401, 'UNAUTHORIZED')).toBe(
      'A session cookie is not accepted from origin "http://evil.example": --cors-origin "*" allows any origin without credentials; list this one with --cors-origin http://evil.example, or send a token',
    );
    expect((await put(url, withCookie('http://127.0.0.1:5173'))).status).toBe(200);
    expect((await put(url, withCookie('https://app.example'))).status).toBe(200);
    // No Origin (not a browser's write) and a token sent on purpose are not ambient credentials.
    expect((await put(url, { Cookie: 'SESSd41d8cd98f=abc123' })).status).toBe(200);
    expect((await put(url, { ...bearer('t0ken'), Origin: 'http://evil.example' })).status).toBe(200);
  });
});

describe('a real server under --token: the pipeline status read the editor makes without headers', () => {
  serverTest(
    'serves GET /pipeline/{runId} without a credential; lists, other reads and every write still need one',
    async ({ server: startServer }) => {
      // A long step delay keeps the run going, so stopping it below is a real write on a live run.
      const server = await startServer({ files: { 'chat.json': chatFlow('chat') }, auth: { token: 's3cret' }, stepDelayMs: 60_000 });
      const auth = bearer('s3cret');
      const started = await server.call('POST', '/workflows/chat/execute', { inputs: { message: 'hi' } }, auth);
      expect(started.status).toBe(202);
      const runId: string = started.body.data.pipeline_id;
      expect(runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

      const overlay = await server.call('GET', `/pipeline/${runId}`);
      expect(overlay.status).toBe(200);
      expect(overlay.body).toMatchObject({
        id: runId,
        status: 'running',
        jobs: expect.arrayContaining([expect.objectContaining({ node_id: 'model' })]),
      });
      expect((await server.call('GET', `/pipeline/${runId}/`)).status).not.toBe(401);
      expect((await server.call('HEAD', `/pipeline/${runId}`)).status).not.toBe(401);
      // The capability is the id: an unknown UUID is simply not found, anything else is not public.
      expect((await server.call('GET', '/pipeline/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await server.call('GET', '/pipeline/chat')).status).toBe(401);

      const protectedReads = [
        '/executions',
        `/executions?workflow_id=chat`,
        '/workflows',
        '/workflows/chat',
        '/workflow/chat/pipelines',
        `/executions/${runId}`,
        `/executions/${runId}/logs`,
        `/pipeline/${runId}/status`,
        `/pipeline/${runId}/logs`,
        `/pipelines/${runId}/interrupts`,
        `/agentspec/executions/${runId}`,
      ];
      for (const path of protectedReads) expect((await server.call('GET', path)).status, `GET ${path}`).toBe(401);
      const writes: Array<[string, string, unknown?]> = [
        ['POST', `/pipeline/${runId}`, {}],
        ['POST', `/pipeline/${runId}/stop`],
        ['POST', `/pipeline/${runId}/execute`, {}],
        ['POST', `/executions/${runId}/cancel`],
        ['PUT', `/pipeline/${runId}`, {}],
        ['DELETE', `/pipeline/${runId}`],
        ['PUT', '/workflows/chat', {}],
        ['POST', '/workflows/chat/execute', {}],
        ['POST', '/execute', { workflowId: 'chat' }],
      ];
      for (const [method, path, body] of writes) expect((await server.call(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await server.call('GET', `/pipeline/${runId}`)).body.status).toBe('running');

      expect((await server.call('POST', `/pipeline/${runId}/stop`, undefined, auth)).status).toBe(200);
      expect((await server.call('GET', `/pipeline/${runId}`)).body.status).toBe('cancelled');
    },
  );
});
