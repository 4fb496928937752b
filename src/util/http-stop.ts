// A stop of a node:http server that takes no new work. server.close() alone stops new connections, but
// Node goes on serving new requests on kept-alive ones until they fall idle, which under a steady stream
// is never: those requests reach the handler and are acknowledged after the stop began. Here, from the stop
// on, each new request gets `refuse` instead of the handler, the requests already in the handler finish with
// `Connection: close`, and idle connections are closed.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface HttpStop {
  /** Stops taking requests (at once, idempotent); resolves once the listening socket and every connection are closed. */
  stop(refuse: RequestListener): Promise<void>;
  /**
   * Closes the connections that have not sent a byte, which Node does not count as idle: a browser opens such
   * connections ahead of need, and each would hold a stopping server until its connections are cut.
   */
  closeUnused(): void;
}

/** Call once the server listens: from then on it knows which responses are in flight. */
export function stoppable(server: Server): HttpStop {
  const inFlight = new Set<ServerResponse>();
  const track: RequestListener = (_req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  };
  server.prependListener('request', track);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  let stopped: Promise<void> | undefined;
  return {
    closeUnused() {
      for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    },
    stop: (refuse) =>
      (stopped ??= (() => {
        server.removeAllListeners('request');
        server.on('request', refuse);
        // Their answers say the connection closes, so the client sends nothing more on it.
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        const closed = server.listening ? new Promise<void>((done) => server.close(() => done())) : Promise.resolve();
        server.closeIdleConnections();
        return closed;
      })()),
  };
}
