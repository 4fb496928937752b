// Listening and stopping: the bound URL once the app listens, and the graceful stop (no new request, the
// ones in flight finish, the services close, lingering connections are cut).
import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Polka } from 'polka';
import { errorBody } from '../contract/errors.js';
import { UnavailableError } from '../util/domain-errors.js';
import { stoppable, type HttpStop } from '../util/http-stop.js';
import { apiErrorOf } from './errors.js';
import { answerMalformedRequest } from './malformed-request.js';
import { sendJson } from './http.js';

export interface Lifecycle {
  /** Resolves with the bound URL (base path included) once listening. */
  listen(port: number, host?: string): Promise<{ url: string; port: number }>;
  /**
   * Takes no new request from now on (each gets 503 with `Connection: close`), lets those in flight finish
   * and closes idle connections; resolves once every connection is closed. close() does this first too.
   */
  stopAccepting(): Promise<void>;
  /** Stops accepting requests, finishes in-flight writes, closes the services. Once, however often called. */
  close(): Promise<void>;
}

interface LifecycleNeeds {
  basePath: string;
  /** The address listen() binds to when given none. */
  host: string;
  /** Closes what the app serves, once requests are no longer taken. */
  closeServices(): Promise<void>;
}

export function lifecycleOf(app: Polka, { basePath, host: defaultHost, closeServices }: LifecycleNeeds): Lifecycle {
  let closing: Promise<void> | undefined;
  let httpStop: HttpStop | undefined;
  const stopAccepting = (): Promise<void> => httpStop?.stop(refuseWhileStopping) ?? Promise.resolve();
  return {
    stopAccepting,
    listen: (port, host = defaultHost) =>
      new Promise((resolve, reject) => {
        app.listen(port, host, () => {
          const address = app.server.address();
          // A server listening on a port (not a pipe) has an address object.
          if (address === null || typeof address === 'string') return reject(new Error(`not listening on a TCP port: ${address}`));
          if (app.server instanceof HttpServer) httpStop = stoppable(app.server);
          app.server.on('clientError', answerMalformedRequest);
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve({ url: `http://${shownHost}:${address.port}${basePath}`, port: address.port });
        });
        app.server.once('error', reject);
      }),
    close: () =>
      (closing ??= (async () => {
        // Set (by polka, to an http.Server) only once listen() was called.
        const server = app.server instanceof HttpServer ? app.server : undefined;
        const closed = stopAccepting();
        await closeServices();
        // Keep-alive sockets that finish an in-flight response become idle later: close them as they do, and
        // those that never sent a byte; whatever still hangs on after 1.5 s (a client that never reads) is cut.
        // A request whose bytes had arrived when the stop began has been read by the first sweep, 25 ms on.
        const sweep = setInterval(() => {
          server?.closeIdleConnections?.();
          httpStop?.closeUnused();
        }, 25);
        const cut = setTimeout(() => server?.closeAllConnections?.(), 1500);
        await closed;
        clearInterval(sweep);
        clearTimeout(cut);
      })()),
  };
}

/** What a request gets once the server is stopping: 503 in the contract's envelope, and the connection closes. */
function refuseWhileStopping(_req: IncomingMessage, res: ServerResponse): void {
  const refusal = apiErrorOf(new UnavailableError('The server is stopping and takes no new requests; send this one again once it is back'));
  sendJson(res, refusal.status, errorBody(refusal), { Connection: 'close' });
}
