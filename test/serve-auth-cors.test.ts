// Auth and CORS on the real server: credentials gate the workflow routes, never the editor's public ones.
import { SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { serverTest } from './support/server-fixture.js';
import { twoNodeWorkflow } from './support/workflows.js';

const secret = 'a-long-test-secret-for-hs256-signing';
const jwt = (scope: string, expiresIn = '5m') =>
  new SignJWT({ scope })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('dev')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));

describe('auth on the real server', () => {
  serverTest('--token: 401 without it, 200 with it; the editor’s unauthenticated routes stay public', async ({ server }) => {
    const h = await server({ auth: { token: 'tok' }, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const anonymous = await h.call('GET', '/workflows/wf-a');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await h.call('PUT', '/workflows/wf-a', { name: 'x' })).status).toBe(401);
    expect((await h.call('GET', '/workflows/wf-a', undefined, { Authorization: 'Bearer tok' })).status).toBe(200);
    for (const path of ['/port-config', '/categories', '/health', '/system/version'])
      expect((await h.call('GET', path)).status, path).toBe(200);
    expect((await h.call('GET', '/nodes')).status).toBe(401);
  });

  serverTest('--read-token and a JWT without the write scope read but get 403 FORBIDDEN on writes; nothing changes', async ({ server }) => {
    const h = await server({
      auth: { token: 'rw', readToken: 'ro', jwtSecret: secret },
      files: { 'a.json': twoNodeWorkflow('wf-a', 'Alpha') },
    });
    const ro = { Authorization: 'Bearer ro' };
    expect((await h.call('GET', '/workflows/wf-a', undefined, ro)).status).toBe(200);
    const denied = await h.call('PUT', '/workflows/wf-a', { name: 'x' }, ro);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    expect((await h.call('POST', '/workflows', { name: 'new' }, ro)).status).toBe(403);
    expect((await h.call('DELETE', '/workflows/wf-a', undefined, ro)).status).toBe(403);

    const reader = { Authorization: `Bearer ${await jwt('read')}` };
    expect((await h.call('GET', '/workflows', undefined, reader)).status).toBe(200);
    expect((await h.call('PUT', '/workflows/wf-a', { name: 'x' }, reader)).status).toBe(403);
    const writer = { Authorization: `Bearer ${await jwt('read write')}` };
    expect((await h.call('PUT', '/workflows/wf-a', { name: 'by jwt' }, writer)).status).toBe(200);
    const expired = { Authorization: `Bearer ${await jwt('write', '-1m')}` };
    expect((await h.call('GET', '/workflows', undefined, expired)).status).toBe(401);
    expect((await h.call('GET', '/workflows/wf-a', undefined, { Authorization: 'Bearer rw' })).body.data.name).toBe('by jwt');
  });

  serverTest('accepts a SESS* session cookie with --session', async ({ server }) => {
    const h = await server({ auth: { session: 'abc' } });
    expect((await h.call('GET', '/workflows', undefined, { Cookie: 'SESS1f2e=abc' })).status).toBe(200);
    expect((await h.call('GET', '/workflows', undefined, { Cookie: 'SESS1f2e=zzz' })).status).toBe(401);
  });
});

describe('CORS on the real server', () => {
  serverTest('answers the editor’s preflight before auth, and exposes ETag and pagination headers', async ({ server }) => {
    const h = await server({ auth: { token: 'tok' }, files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const preflight = await fetch(`${h.base}/workflows/wf-a`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization,content-type,if-match',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PUT/);

    const get = await fetch(`${h.base}/workflows`, { headers: { Origin: 'http://localhost:5173', Authorization: 'Bearer tok' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(get.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    expect(get.headers.get('access-control-expose-headers')).toMatch(/X-Total-Count/);
  });

  serverTest(
    '--cors-origin adds an origin; any other gets no CORS headers and cannot write, even with a valid token',
    async ({ server }) => {
      const h = await server({
        auth: { token: 'tok' },
        corsOrigins: ['https://editor.example'],
        files: { 'a.json': twoNodeWorkflow('wf-a', 'Alpha') },
      });
      const token = { Authorization: 'Bearer tok' };
      const allowed = await h.call('GET', '/workflows', undefined, { ...token, Origin: 'https://editor.example' });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://editor.example');
      expect(
        (await h.call('PUT', '/workflows/wf-a', { name: 'from the editor' }, { ...token, Origin: 'https://editor.example' })).status,
      ).toBe(200);
      const other = await h.call('GET', '/workflows', undefined, { ...token, Origin: 'https://evil.example' });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
      const write = await h.call('PUT', '/workflows/wf-a', { name: 'hijacked' }, { ...token, Origin: 'https://evil.example' });
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect((await h.call('GET', '/workflows/wf-a', undefined, token)).body.data.name).toBe('from the editor');
    },
  );
});
