// Keeps web pages from driving the dev server (CSRF, DNS rebinding), as the Vite and webpack dev
// servers do. Mount it before CORS, auth and the routes:
// - Host: while bound to loopback, only loopback names (or --allowed-host ones) reach the server, so a
//   DNS name rebound to 127.0.0.1 gets 403. Bound beyond loopback, the Host is not checked unless
//   --allowed-host names some (people reach the machine by whatever name or address they have).
// - Origin: a state-changing request from a page whose origin is not allowed gets 403, even when the
//   browser sent it without a preflight (a form post, a `no-cors` fetch).
// Which origins get CORS headers is decided by the same policy (originPolicy), in cors.ts.
import { isIP } from 'node:net';
import { bareHostname, isLoopback } from '../util/loopback.js';
import type { Middleware } from 'polka';
import { ForbiddenError } from '../util/domain-errors.js';

export interface BrowserAccess {
  /** The address the server binds to. */
  host: string;
  /** Extra allowed origins (--cors-origin); "*" allows any origin, without credentials. */
  origins?: string[];
  /** Extra names the Host header may carry (--allowed-host); ".example.com" also allows subdomains. */
  allowedHosts?: string[];
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The name part of a Host header value: "[::1]:3000" → "::1", "Example.com.:80" → "example.com". */
export function hostnameOf(hostHeader: string): string {
  const value = hostHeader.trim();
  if (value.startsWith('[')) {
    const close = value.indexOf(']');
    return bareHostname(close < 0 ? value : value.slice(0, close + 1));
  }
  const colon = value.indexOf(':');
  // More than one colon: an unbracketed IPv6 address, which has no port to strip.
  return bareHostname(colon >= 0 && colon === value.lastIndexOf(':') ? value.slice(0, colon) : value);
}

/** An --allowed-host value: a name or address (a port is ignored), a leading dot kept. Throws on anything else. */
export function normaliseAllowedHost(value: string): string {
  const match = /^(\.?)(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)(?::\d{1,5})?$/i.exec(value.trim());
  if (!match) throw new Error(`"${value}" is not a host name; give a name such as wfe.test, or .example.test for it and its subdomains`);
  return match[1] + bareHostname(match[2]);
}

/** A --cors-origin value as browsers send it ("https://Editor.example.com/" → "https://editor.example.com"), or "*". Throws on anything else. */
export function normaliseOrigin(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  let origin: string | undefined;
  try {
    origin = new URL(trimmed).origin;
  } catch {
    origin = undefined;
  }
  // URL gives "null" as the origin of file:, data: and other non-network URLs.
  if (origin === undefined || origin === 'null')
    throw new Error(`"${value}" is not an origin; give scheme://host[:port], e.g. https://editor.example.com, or * for any origin`);
  return origin;
}

export interface OriginPolicy {
  /** Loopback origins (any port) and listed ones: these get CORS with credentials. */
  trusted(origin: string): boolean;
  /** "*" was listed: every other origin gets `Access-Control-Allow-Origin: *`, without credentials. */
  anyOrigin: boolean;
  /** May a page of this origin make requests here (trusted, or any origin allowed)? */
  allows(origin: string): boolean;
}

function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed iframes, file:// pages) and garbage
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin && isLoopback(url.hostname);
}

export function originPolicy(origins: string[] = []): OriginPolicy {
  const normalised = origins.map(normaliseOrigin);
  const listed = new Set(normalised.filter((o) => o !== '*'));
  const anyOrigin = normalised.includes('*');
  const trusted = (origin: string) => listed.has(origin) || isLoopbackOrigin(origin);
  return { trusted, anyOrigin, allows: (origin) => anyOrigin || trusted(origin) };
}

export function createGuard(config: BrowserAccess): Middleware {
  const origins = originPolicy(config.origins);
  const extraHosts = (config.allowedHosts ?? []).map(normaliseAllowedHost);
  const boundToLoopback = isLoopback(config.host);
  const checkHost = boundToLoopback || extraHosts.length > 0;

  const hostAllowed = (name: string): boolean =>
    isLoopback(name) ||
    extraHosts.some((h) => (h.startsWith('.') ? name === h.slice(1) || name.endsWith(h) : name === h)) ||
    // Beyond loopback, people also reach the machine by its addresses; an IP literal cannot be rebound.
    (!boundToLoopback && (isIP(name) !== 0 || name === bareHostname(config.host)));

  return (req, _res, next) => {
    const host = req.headers.host;
    if (checkHost && host !== undefined) {
      const name = hostnameOf(host);
      if (!hostAllowed(name)) {
        throw new ForbiddenError(
          `Host "${host}" is not allowed: this server answers to ${boundToLoopback ? 'loopback names (localhost, 127.0.0.1, [::1])' : 'its addresses, loopback names'} and --allowed-host names; add this one with --allowed-host ${name}`,
        );
      }
    }
    const origin = req.headers.origin;
    if (origin !== undefined && STATE_CHANGING.has(req.method) && !origins.allows(origin)) {
      throw new ForbiddenError(
        origin === 'null'
          ? 'Origin "null" (a sandboxed iframe or a file:// page) may not change anything here; serve the page from a loopback or --cors-origin origin'
          : `Origin "${origin}" may not change anything here: only loopback origins and --cors-origin ones may; allow this one with --cors-origin ${origin}`,
      );
    }
    void next();
  };
}
