// Real HTTP for http_request and ApiNode in a live run, only to the hosts `runs.allowHosts` of
// wfe.config.yaml lists: "host" (any port), "host:port", or ".example.com" (that domain and its
// subdomains). Redirects are not followed, so an allowed host cannot send the request on to another one.
import { errorMessage } from '../../util/narrow.js';
import { NodeFailure } from '../behaviours.js';
import { RunAborted, type HttpAnswer, type HttpCall } from '../node-runtime.js';

/** Bytes of a response body kept in the node's output. */
const MAX_BODY = 1024 * 1024;

export function isAllowedUrl(url: string, allowHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.toLowerCase();
  return allowHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    if (allowed.startsWith('.')) return host === allowed.slice(1) || host.endsWith(allowed);
    return allowed.includes(':') && !allowed.startsWith('[') ? parsed.host.toLowerCase() === allowed : host === allowed;
  });
}

export async function httpCall(call: HttpCall, options: { timeoutMs: number; signal: AbortSignal }): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...call.headers };
  let body: string | undefined;
  if (call.body !== undefined && call.method !== 'GET' && call.method !== 'HEAD') {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    if (typeof call.body !== 'string' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: call.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
    });
  } catch (err) {
    if (options.signal.aborted) throw new RunAborted();
    throw new NodeFailure(`${call.method} ${call.url} failed: ${errorMessage(err)}`);
  }
  const raw = (await res.text()).slice(0, MAX_BODY);
  let response: unknown = raw;
  if ((res.headers.get('content-type') ?? '').includes('json'))
    try {
      response = JSON.parse(raw);
    } catch {
      response = raw;
    }
  return { status: res.status, response, headers: Object.fromEntries(res.headers) };
}
