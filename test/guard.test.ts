// A web page must not drive the dev server: foreign origins cannot change workflows (CSRF) and foreign
// Host names are refused while bound to loopback (DNS rebinding). Raw node:http requests on a real
// socket, so the test controls Host and Origin exactly as a browser (or an attacker) would send them.
import { request, type IncomingHttpHeaders } from 'node:http';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveInProcess } from './support/cli.js';
import { tempDir, writeFiles, type Harness } from './support/harness.js';
import { serverTest } from './support/server-fixture.js';
import { twoNodeWorkflow } from './support/workflows.js';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: { success?: boolean; code?: string; message?: string } | undefined;
}

function send(h: Harness, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  const base = new URL(h.base);
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path: base.pathname + path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const port = (h: Harness) => new URL(h.base).port;
const json = { 'Content-Type': 'application/json' };

async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f, await readFile(join(dir, f), 'utf8')] as const)));
}

describe('origins', () => {
  serverTest(
    'a foreign origin gets no CORS headers on reads, and 403 on every state-changing method; no file changes',
    async ({ server }) => {
      const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a', 'Alpha') } });
      const before = await snapshot(h.dir);
      const evil = { Origin: 'https://evil.example' };

      const read = await send(h, 'GET', '/workflows', evil);
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();

      // A form post or a no-cors fetch: a "simple" request, no preflight ever happened.
      const post = await send(h, 'POST', '/workflows', { ...evil, 'Content-Type': 'text/plain' }, JSON.stringify({ name: 'planted' }));
      expect(post.status).toBe(403);
      expect(post.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      expect(post.body?.message).toContain('"https://evil.example"');
      expect(post.body?.message).toContain('--cors-origin https://evil.example');
      for (const method of ['PUT', 'PATCH'])
        expect((await send(h, method, '/workflows/wf-a', { ...evil, ...json }, JSON.stringify({ name: 'hijacked' }))).status, method).toBe(
          403,
        );
      expect((await send(h, 'DELETE', '/workflows/wf-a', evil)).status).toBe(403);

      expect(await snapshot(h.dir)).toEqual(before);
      expect((await send(h, 'GET', '/workflows/wf-a')).status).toBe(200);
    },
  );

  serverTest('Origin "null" (sandboxed iframe, file://) is refused by default', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const before = await snapshot(h.dir);
    const read = await send(h, 'GET', '/workflows', { Origin: 'null' });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const del = await send(h, 'DELETE', '/workflows/wf-a', { Origin: 'null' });
    expect(del.status).toBe(403);
    expect(del.body?.message).toMatch(/"null".*sandboxed iframe/);
    expect(await snapshot(h.dir)).toEqual(before);
  });

  serverTest('loopback origins on any port are trusted with credentials; look-alike names are not', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a', 'Alpha') } });
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'http://[::1]:1',
      'https://localhost',
      'http://app.localhost:3000',
      'http://127.0.0.2:4000',
    ]) {
      const res = await send(h, 'GET', '/workflows', { Origin: origin });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers['access-control-allow-credentials'], origin).toBe('true');
    }
    const put = await send(h, 'PUT', '/workflows/wf-a', { Origin: 'http://localhost:5173', ...json }, JSON.stringify({ name: 'Renamed' }));
    expect(put.status).toBe(200);
    expect(JSON.parse(await readFile(join(h.dir, 'a.json'), 'utf8')).name).toBe('Renamed');

    for (const origin of [
      'http://localhost.evil.example:5173',
      'http://127.0.0.1.evil.example',
      'http://evil-localhost:5173',
      'ftp://localhost',
    ]) {
      const res = await send(h, 'GET', '/workflows', { Origin: origin });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect((await send(h, 'PUT', '/workflows/wf-a', { Origin: origin, ...json }, JSON.stringify({ name: 'x' }))).status, origin).toBe(
        403,
      );
    }
  });

  serverTest('--cors-origin adds an origin (with credentials); loopback ones stay allowed, others stay refused', async ({ server }) => {
    const h = await server({ corsOrigins: ['https://Editor.example.com/'], files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const listed = await send(h, 'GET', '/workflows', { Origin: 'https://editor.example.com' });
    expect(listed.headers['access-control-allow-origin']).toBe('https://editor.example.com');
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    const put = await send(
      h,
      'PUT',
      '/workflows/wf-a',
      { Origin: 'https://editor.example.com', ...json },
      JSON.stringify({ name: 'From the editor' }),
    );
    expect(put.status).toBe(200);

    expect((await send(h, 'GET', '/workflows', { Origin: 'http://localhost:5173' })).headers['access-control-allow-origin']).toBe(
      'http://localhost:5173',
    );
    expect((await send(h, 'GET', '/workflows', { Origin: 'https://evil.example' })).headers['access-control-allow-origin']).toBeUndefined();
    expect((await send(h, 'DELETE', '/workflows/wf-a', { Origin: 'https://evil.example' })).status).toBe(403);
    expect(JSON.parse(await readFile(join(h.dir, 'a.json'), 'utf8')).name).toBe('From the editor');
  });

  serverTest('"*" answers any other origin with Access-Control-Allow-Origin: * and never with credentials', async ({ server }) => {
    const h = await server({ corsOrigins: ['*'], files: { 'a.json': twoNodeWorkflow('wf-a') } });
    const any = await send(h, 'GET', '/workflows', { Origin: 'https://anything.example' });
    expect(any.headers['access-control-allow-origin']).toBe('*');
    expect(any.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await send(h, 'OPTIONS', '/workflows/wf-a', {
      Origin: 'https://anything.example',
      'Access-Control-Request-Method': 'PUT',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // An explicit choice: the listed wildcard lets other origins write (without cookies).
    expect(
      (await send(h, 'PUT', '/workflows/wf-a', { Origin: 'https://anything.example', ...json }, JSON.stringify({ name: 'y' }))).status,
    ).toBe(200);
    // Loopback origins keep their credentials.
    expect((await send(h, 'GET', '/workflows', { Origin: 'http://localhost:5173' })).headers['access-control-allow-credentials']).toBe(
      'true',
    );
  });

  serverTest('answers Chrome’s private-network preflight only for allowed origins', async ({ server }) => {
    const h = await server();
    const ask = (origin: string) =>
      send(h, 'OPTIONS', '/workflows', {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Private-Network': 'true',
      });
    const local = await ask('http://localhost:5173');
    expect(local.status).toBe(204);
    expect(local.headers['access-control-allow-private-network']).toBe('true');
    const foreign = await ask('https://evil.example');
    expect(foreign.status).toBe(204);
    expect(foreign.headers['access-control-allow-private-network']).toBeUndefined();
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('Host', () => {
  serverTest('bound to loopback, a Host that is not a loopback name gets 403 (DNS rebinding); loopback forms pass', async ({ server }) => {
    const h = await server({ files: { 'a.json': twoNodeWorkflow('wf-a') } });
    for (const host of [
      `evil.example:${port(h)}`,
      'evil.example',
      `localhost.evil.example:${port(h)}`,
      `127.0.0.1.nip.io:${port(h)}`,
      `0.0.0.0:${port(h)}`,
    ]) {
      const res = await send(h, 'GET', '/workflows/wf-a', { Host: host });
      expect(res.status, host).toBe(403);
      expect(res.body?.code, host).toBe('FORBIDDEN');
      expect(res.body?.message, host).toContain(`"${host}"`);
      expect(res.body?.message, host).toContain('--allowed-host');
    }
    for (const host of [
      `localhost:${port(h)}`,
      `127.0.0.1:${port(h)}`,
      `[::1]:${port(h)}`,
      `localhost.:${port(h)}`,
      `app.localhost:${port(h)}`,
      'LOCALHOST',
    ])
      expect((await send(h, 'GET', '/workflows/wf-a', { Host: host })).status, host).toBe(200);
  });

  serverTest('--allowed-host adds a name, and with a leading dot its subdomains', async ({ server }) => {
    const h = await server({ allowedHosts: ['wfe.test', '.dev.test'] });
    for (const host of [`wfe.test:${port(h)}`, 'WFE.test', `dev.test:${port(h)}`, `a.b.dev.test:${port(h)}`, `localhost:${port(h)}`])
      expect((await send(h, 'GET', '/workflows', { Host: host })).status, host).toBe(200);
    for (const host of [`evil.test:${port(h)}`, `wfe.test.evil:${port(h)}`, `xdev.test:${port(h)}`, `sub.wfe.test:${port(h)}`])
      expect((await send(h, 'GET', '/workflows', { Host: host })).status, host).toBe(403);
  });

  serverTest('bound beyond loopback, the Host is free unless --allowed-host names some; then addresses still pass', async ({ server }) => {
    let h = await server({ host: '0.0.0.0' });
    expect((await send(h, 'GET', '/workflows', { Host: 'mybox.lan:3000' })).status).toBe(200);
    await h.close();
    h = await server({ host: '0.0.0.0', allowedHosts: ['mybox.lan'] });
    for (const host of ['mybox.lan:3000', '192.168.1.20:3000', '[fe80::1]:3000', 'localhost:3000'])
      expect((await send(h, 'GET', '/workflows', { Host: host })).status, host).toBe(200);
    expect((await send(h, 'GET', '/workflows', { Host: 'evil.example:3000' })).status).toBe(403);
  });
});

describe('wfe serve beyond loopback', () => {
  async function stderrOf(args: string[]): Promise<string> {
    const dir = await tempDir();
    await writeFiles(dir, { 'a.json': twoNodeWorkflow('wf-a') });
    try {
      const served = await serveInProcess([dir, '--host', '0.0.0.0', '--no-watch', ...args]);
      expect(await served.stop()).toBe(0);
      return served.stderr();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('without auth, warns on stderr that anyone on the network can read, change and delete every workflow', async () => {
    expect(await stderrOf([])).toMatch(
      /WARN +listening on 0\.0\.0\.0 without --token.*anyone on the network can read, change and delete every workflow/,
    );
    const json = (await stderrOf(['--log-format', 'json'])).split('\n').find((line) => line.includes('anyone on the network'));
    expect(JSON.parse(json ?? 'null')).toMatchObject({ type: 'log', level: 'warn' });
    expect(await stderrOf(['--token', 's3cret'])).not.toMatch(/anyone on the network/);
  });
});
