// A stop of a node:http server that takes no new work. server.close() alone stops new connections, but
// Node goes on serving new requests on kept-alive ones until they fall idle, which under a steady stream
// is never: those requests reach the handler and are acknowledged after the stop began. Here, from the stop
// on, each new request gets `refuse` instead of the handler, the requests already in the handler finish with
// `Connection: close`, and idle connections are closed.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface HttpStop {
  /** Stops taking requests (at once, idempotent); resolves once the listening socket and every connection are closed. */
  stop(refuse: RequestListener): Promise<void>;
}

/** Call once the server listens: from then on it knows which responses are in flight. */
export function stoppable(server: Server): HttpStop {
  const inFlight = new Set<ServerResponse>();
  const track: RequestListener = (_req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  };
  server.prependListener('request', track);
  let stopped: Promise<void> | undefined;
  return {
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
