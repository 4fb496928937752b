// A TCP connection to a server with nothing of HTTP on top: the tests of a stop send requests byte by byte,
// or nothing at all, and read exactly what comes back.
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Everything received so far (latin1: one character per byte). */
  received(): string;
  /** Resolves once the connection is closed, by either side. */
  ended: Promise<void>;
}

/** Opens a connection to the host and port of `url`. */
export function rawConnection(url: string): RawConnection {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const ended = new Promise<void>((done) => socket.once('close', () => done()));
  socket.on('error', () => {});
  return { socket, received: () => received, ended };
}
