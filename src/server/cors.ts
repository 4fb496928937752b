// CORS for the dev server, built on the `cors` package. Mount it FIRST: preflights (OPTIONS) are
// answered here with 204 and never reach auth or the routes.
import { BlockList, isIP } from 'node:net';
import cors from 'cors';
import type { Middleware } from 'polka';

export interface CorsConfig {
  /** Allowed origins ("*" = any). Undefined: any origin while `host` is loopback, none otherwise. */
  origins?: string[];
  /** The address the server binds to. */
  host: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const EXPOSED = ['ETag', 'Location', 'X-Total-Count', 'X-Page-Size', 'X-Page-Offset', 'Content-Disposition'];

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for localhost, 127.0.0.0/8 and ::1 (brackets and IPv4-mapped forms included). */
export function isLoopback(host: string): boolean {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h.startsWith('::ffff:') && isIP(h.slice(7)) === 4) h = h.slice(7);
  const family = isIP(h);
  return family !== 0 && loopback.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

export function createCors(opts: CorsConfig): Middleware {
  // `origin` in the cors package's terms: true = reflect any Origin, string[] = reflect only listed
  // ones, false = send no CORS headers at all.
  let origin: boolean | string[];
  if (opts.origins === undefined) origin = isLoopback(opts.host);
  else if (opts.origins.includes('*')) origin = true; // reflect rather than "*": credentials are allowed
  else origin = opts.origins.map((o) => o.trim().replace(/\/+$/, ''));

  const allowed = (requestOrigin: string | undefined): boolean =>
    requestOrigin !== undefined && (origin === true || (Array.isArray(origin) && origin.includes(requestOrigin)));

  const handler = cors({
    origin,
    methods: METHODS,
    // allowedHeaders left unset: the package reflects Access-Control-Request-Headers (and adds Vary).
    credentials: true,
    exposedHeaders: EXPOSED,
    maxAge: 600,
    preflightContinue: false,
    optionsSuccessStatus: 204,
  });

  return (req, res, next) => {
    const preflight = req.method === 'OPTIONS';
    // Chrome Private Network Access: a page on a public origin asking to reach a local server.
    if (preflight && req.headers['access-control-request-private-network'] === 'true' && allowed(req.headers.origin)) {
      res.setHeader('Access-Control-Allow-Private-Network', 'true');
    }
    handler(req, res, (err?: unknown) => {
      if (err) return next(err as Error);
      // The package passes OPTIONS through when `origin` is false; answer it here anyway so that
      // no preflight ever reaches auth (which would 401) or the router (which would 404/405).
      if (preflight) {
        res.statusCode = 204;
        res.setHeader('Content-Length', '0');
        res.end();
        return;
      }
      next();
    });
  };
}
