// src/util/http-stop.ts on a real node:http server: the connections a stop closes at once, and those it
// leaves to finish. A browser opens connections ahead of need; one that has sent nothing must not hold a
// stopping server until its connections are cut.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { stoppable } from '../src/util/http-stop.js';
import { rawConnection } from './support/raw-connection.js';

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function listening(): Promise<{ port: number; stop: ReturnType<typeof stoppable> }> {
  server = createServer((_req, res) => res.end('ok'));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, stop: stoppable(server) };
}

/** A raw connection, open; what it receives is kept. */
async function opened(port: number) {
  const connection = rawConnection(`http://127.0.0.1:${port}`);
  sockets.push(connection.socket);
  const closed = connection.ended.then(() => true);
  await once(connection.socket, 'connect');
  return { ...connection, closed };
}

/** Sends a GET on `connection` and resolves once its whole answer is in. */
async function answered(connection: Awaited<ReturnType<typeof opened>>): Promise<string> {
  const before = connection.received().length;
  connection.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  while (!/\r\n\r\nok$/.test(connection.received().slice(before))) await once(connection.socket, 'data');
  return connection.received().slice(before);
}

describe('closeUnused', () => {
  it('closes a connection that never sent a byte, and leaves one that has served a request', async () => {
    const { port, stop } = await listening();
    const unused = await opened(port);
    const used = await opened(port);
    expect(await answered(used)).toMatch(/^HTTP\/1\.1 200 /);
    // The server has taken both connections once it has answered on the second, opened after the first.
    stop.closeUnused();
    expect(await unused.closed).toBe(true);
    expect(used.socket.destroyed).toBe(false);
    expect(await answered(used)).toMatch(/^HTTP\/1\.1 200 /);
  });
});
