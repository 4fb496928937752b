// Optional authentication for the dev server. Off unless a credential option is configured; then
// every route except a few public GETs needs one credential, and mutating methods need write
// permission. Mount AFTER the CORS middleware so preflights are answered before they get here.
import { nodeCrypto } from '../util/lazy-module.js';
import { readFile } from 'node:fs/promises';
import type * as Jose from 'jose';
import type { Middleware, Request } from 'polka';
import { ForbiddenError, UnauthorizedError } from '../util/domain-errors.js';
import { errnoCode, errorMessage, isRecord } from '../util/narrow.js';
import type { AuthOptions } from './options.js';
import { originPolicy } from './guard.js';

/** What the middleware attaches to `req.auth` once a request is authenticated. */
interface AuthInfo {
  /** "token", "read-token", "session", or the JWT `sub` claim. */
  subject?: string;
  canWrite: boolean;
}

/** Paths (relative to the base path) that GET/HEAD may reach without a credential. */
const PUBLIC_PATHS = ['/port-config', '/categories', '/health', '/system/version', '/agentspec/health'];

/**
 * GET/HEAD `/pipeline/{runId}` is public too: the editor's node-status overlay and its PipelineStatus
 * view fetch it with no headers at all. Only a UUID-shaped id qualifies: run ids are random UUIDs, so
 * the URL itself is the capability, and every list of runs (which would reveal ids) stays protected.
 */
const PUBLIC_RUN_PATH = /^\/pipeline\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

/** Whether a GET/HEAD of `path` (relative to the base path) may go without a credential. */
function isPublicRead(path: string): boolean {
  return PUBLIC_PATHS.some((p) => path === p || path === p + '/') || PUBLIC_RUN_PATH.test(path);
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HMAC_ALGS = ['HS256', 'HS384', 'HS512'];
const ASYMMETRIC_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

export function authEnabled(auth: AuthOptions): boolean {
  return [auth.token, auth.readToken, auth.jwtSecret, auth.jwks, auth.session].some((v) => v !== undefined);
}

/** Constant-time string comparison: hash both sides so the buffers always have equal length. */
function safeEqual(a: string, b: string): boolean {
  const { createHash, timingSafeEqual } = nodeCrypto();
  const h = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(h(a), h(b));
}

/** Cookie values of every cookie named SESS… or SSESS… (Drupal's http and https session cookies). */
function sessionCookies(header: string | undefined): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name.startsWith('SESS') || name.startsWith('SSESS')) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** True when the JWT grants `writeScope` via `scope` (space-separated) or `scp`/`scopes` (array or string). */
export function hasScope(claims: Jose.JWTPayload, writeScope: string): boolean {
  const scopes: string[] = [];
  for (const claim of [claims.scope, claims.scp, claims.scopes]) {
    if (typeof claim === 'string') scopes.push(...claim.split(/\s+/));
    else if (Array.isArray(claim)) scopes.push(...claim.filter((s): s is string => typeof s === 'string'));
  }
  return scopes.includes(writeScope);
}

/** "Invalid token", and why when known. */
const invalidToken = (why?: string): UnauthorizedError =>
  new UnauthorizedError(why === undefined ? 'Invalid token' : `Invalid token: ${why}`);

function jwtFailure(err: unknown): UnauthorizedError {
  switch (errnoCode(err)) {
    case 'ERR_JWT_EXPIRED':
      return new UnauthorizedError('Token expired');
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return invalidToken('signature verification failed');
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return invalidToken('no key in the JWKS matches its "kid"/"alg"');
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return invalidToken('algorithm not allowed');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return invalidToken(`"${isRecord(err) ? String(err.claim) : undefined}" claim check failed`);
    default:
      return invalidToken('malformed JWT');
  }
}

async function loadJwks(file: string, { createLocalJWKSet }: typeof Jose): Promise<Jose.JWTVerifyGetKey> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read JWKS file "${file}": ${errorMessage(err)}`);
  }
  try {
    const jwks: unknown = JSON.parse(text);
    if (!isKeySet(jwks)) throw new Error('expected a JSON object with a "keys" array');
    return createLocalJWKSet(jwks);
  } catch (err) {
    throw new Error(`Invalid JWKS file "${file}": ${errorMessage(err)}`);
  }
}

/** A JWKS in shape: an object with a "keys" array (jose checks each key when it is used). */
const isKeySet = (value: unknown): value is Jose.JSONWebKeySet => isRecord(value) && Array.isArray(value.keys);

/** The keys JWTs are checked with, and jose, loaded only when one is configured. */
interface JwtKeys {
  jose: typeof Jose;
  secret?: Uint8Array;
  jwks?: Jose.JWTVerifyGetKey;
}

async function jwtKeys(auth: AuthOptions): Promise<JwtKeys | undefined> {
  if (auth.jwtSecret === undefined && auth.jwks === undefined) return undefined;
  const jose = await import('jose');
  return {
    jose,
    secret: auth.jwtSecret !== undefined ? new TextEncoder().encode(auth.jwtSecret) : undefined,
    jwks: auth.jwks !== undefined ? await loadJwks(auth.jwks, jose) : undefined,
  };
}

export interface AuthPlacement {
  basePath: string;
  /** --cors-origin: a session cookie is honoured only from a loopback origin or one listed here, never by "*". */
  corsOrigins?: string[];
}

export async function createAuth(auth: AuthOptions, { basePath, corsOrigins }: AuthPlacement): Promise<Middleware> {
  if (!authEnabled(auth)) return (_req, _res, next) => next();

  for (const [flag, value] of [
    ['--token', auth.token],
    ['--read-token', auth.readToken],
    ['--jwt-secret', auth.jwtSecret],
    ['--session', auth.session],
  ] as const) {
    if (value !== undefined && value.trim() === '') throw new Error(`${flag} must not be empty`);
  }
  const writeScope = auth.writeScope ?? 'write';
  const origins = originPolicy(corsOrigins);
  // jose loads only for JWTs: a server with tokens, sessions or no auth at all starts without it.
  const jwt = await jwtKeys(auth);

  const base = basePath.replace(/\/+$/, '');

  const accepted = [
    auth.token !== undefined || auth.readToken !== undefined || jwt ? 'Authorization: Bearer <token>' : '',
    auth.session !== undefined ? 'a SESS… session cookie' : '',
  ].filter(Boolean);
  const missing = `Authentication required: send ${accepted.join(' or ')}`;

  async function verifyBearer(token: string): Promise<AuthInfo> {
    if (auth.token !== undefined && safeEqual(token, auth.token)) return { subject: 'token', canWrite: true };
    if (auth.readToken !== undefined && safeEqual(token, auth.readToken)) return { subject: 'read-token', canWrite: false };
    if (!jwt) throw invalidToken();
    const { jose, secret, jwks } = jwt;
    let alg: string;
    try {
      alg = jose.decodeProtectedHeader(token).alg ?? '';
    } catch {
      throw invalidToken();
    }
    const verify = alg.startsWith('HS')
      ? secret && (() => jose.jwtVerify(token, secret, { algorithms: HMAC_ALGS }))
      : jwks && (() => jose.jwtVerify(token, jwks, { algorithms: ASYMMETRIC_ALGS }));
    if (!verify) throw invalidToken(`${alg || 'unsigned'} JWTs are not accepted by this server`);
    try {
      const { payload } = await verify();
      return { subject: payload.sub, canWrite: hasScope(payload, writeScope) };
    } catch (err) {
      throw jwtFailure(err);
    }
  }

  async function authenticate(req: Request): Promise<AuthInfo> {
    const header = req.headers.authorization;
    if (header !== undefined) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!m) throw new UnauthorizedError('Unsupported Authorization header: use "Bearer <token>"');
      return verifyBearer(m[1]);
    }
    const apiKey = req.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey !== '') return verifyBearer(apiKey);
    const cookies = sessionCookies(req.headers.cookie);
    const session = auth.session;
    if (session !== undefined && cookies.length > 0) {
      // A browser sends the cookie with whatever page makes the request: "*" lets any page send requests,
      // not act on the user's session (a page of any site could otherwise write here, CSRF).
      const origin = req.headers.origin;
      if (origin !== undefined && !origins.trusted(origin))
        throw new UnauthorizedError(
          `A session cookie is not accepted from origin "${origin}": --cors-origin "*" allows any origin without credentials; list this one with --cors-origin ${origin}, or send a token`,
        );
      if (cookies.some((v) => safeEqual(v, session))) return { subject: 'session', canWrite: true };
      throw new UnauthorizedError('Invalid session cookie');
    }
    throw new UnauthorizedError(missing);
  }

  return async (req, _res, next) => {
    if (req.method === 'OPTIONS') return next();
    const path = (req.originalUrl ?? req.url).split('?')[0];
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (isRead && path.startsWith(base + '/') && isPublicRead(path.slice(base.length))) return next();
    const info = await authenticate(req);
    if (!info.canWrite && MUTATING.has(req.method)) throw new ForbiddenError();
    Object.assign(req, { auth: info });
    return next();
  };
}
