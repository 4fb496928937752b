// Responses serialised once and sent as bytes until what they were built from changes: the list pages
// (per query, per store generation) and the catalog's /nodes, /categories and /port-config (per catalog
// revision, with an ETag). A cached response costs what sending its bytes costs.
import { ifNoneMatchHits } from '../util/etag-match.js';
import { nodeCrypto } from '../util/lazy-module.js';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CachedResponse {
  body: Buffer;
  headers: Record<string, string>;
  /** Only for responses sent with an ETag (If-None-Match then gets a 304). */
  etag?: string;
}

/** A strong ETag naming the bytes, so it stays right across restarts. */
const contentEtag = (body: Buffer): string => `"${nodeCrypto().createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

export function cachedJson(json: string, headers: Record<string, string> = {}, withEtag = false): CachedResponse {
  const body = Buffer.from(json, 'utf8');
  const etag = withEtag ? contentEtag(body) : undefined;
  return {
    body,
    etag,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      ...headers,
      ...(etag ? { ETag: etag } : {}),
    },
  };
}

/** Sends a cached response; a matching If-None-Match gets a 304 with the ETag and no body. */
export function sendCached(req: IncomingMessage, res: ServerResponse, cached: CachedResponse): void {
  if (cached.etag && ifNoneMatchHits(req.headers['if-none-match'], cached.etag)) {
    res.writeHead(304, { ETag: cached.etag });
    res.end();
    return;
  }
  res.writeHead(200, cached.headers);
  res.end(cached.body);
}

/**
 * Responses by key, all built from one version of their source: a new version empties it. Bounded, so
 * many different queries cannot grow it without end (the oldest goes first).
 */
export class VersionedCache {
  private readonly entries = new Map<string, CachedResponse>();
  private version: number | undefined;

  constructor(private readonly maxEntries = 64) {}

  get(version: number, key: string, build: () => CachedResponse): CachedResponse {
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    let found = this.entries.get(key);
    if (!found) {
      found = build();
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, found);
    }
    return found;
  }
}
