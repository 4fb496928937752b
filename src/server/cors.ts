// CORS for the dev server, built on the `cors` package. Mount it after the guard and before auth:
// preflights (OPTIONS) are answered here with 204 and never reach auth or the routes.
// Which origins get headers is guard.ts's originPolicy: loopback and --cors-origin ones with
// credentials; with "*" listed, any other origin gets `*` and no credentials; the rest get nothing.
import type { CorsOptions } from 'cors';
import type { Middleware } from 'polka';
import { corsPackage } from '../util/lazy-module.js';
import { originPolicy, type BrowserAccess } from './guard.js';

export type CorsConfig = Pick<BrowserAccess, 'host' | 'origins'>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const EXPOSED = ['ETag', 'Location', 'X-Total-Count', 'X-Page-Size', 'X-Page-Offset', 'Content-Disposition'];

const shared: CorsOptions = {
  methods: METHODS,
  // allowedHeaders left unset: the package reflects Access-Control-Request-Headers (and adds Vary).
  exposedHeaders: EXPOSED,
  maxAge: 600,
  preflightContinue: false,
  optionsSuccessStatus: 204,
};
// `origin` in the cors package's terms: true = reflect the request's Origin, "*" = the literal
// wildcard, false = no CORS headers at all.
const withCredentials: CorsOptions = { ...shared, origin: true, credentials: true };
const wildcard: CorsOptions = { ...shared, origin: '*', credentials: false };
const refused: CorsOptions = { ...shared, origin: false };

export function createCors(config: CorsConfig): Middleware {
  const policy = originPolicy(config.origins);
  const optionsFor = (origin: string | undefined): CorsOptions =>
    origin === undefined ? refused : policy.trusted(origin) ? withCredentials : policy.anyOrigin ? wildcard : refused;
  const handler = corsPackage()<Parameters<Middleware>[0]>((req, callback) => callback(null, optionsFor(req.headers.origin)));

  return (req, res, next) => {
    const preflight = req.method === 'OPTIONS';
    const origin = req.headers.origin;
    // Every answer depends on the Origin, also those without CORS headers: caches must know.
    res.setHeader('Vary', 'Origin');
    // Chrome Private Network Access: a page on a public origin asking to reach a local server.
    if (preflight && req.headers['access-control-request-private-network'] === 'true' && origin !== undefined && policy.allows(origin)) {
      res.setHeader('Access-Control-Allow-Private-Network', 'true');
    }
    // The package types its callback's error `any`; it passes an Error or nothing.
    handler(req, res, (err?: Error) => {
      if (err) return next(err);
      // The package passes OPTIONS through when `origin` is false; answer it here anyway so that
      // no preflight ever reaches auth (which would 401) or the router (which would 404/405).
      if (preflight) {
        res.statusCode = 204;
        res.setHeader('Content-Length', '0');
        res.end();
        return;
      }
      void next();
    });
  };
}
