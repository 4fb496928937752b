// Requests over kept-alive connections (node:http with an Agent), as the editor and scripts send them: every
// request of the in-process server tests (harness.ts), and those of the race, crash and stop tests, which need
// the connection reused, as fetch does not let them see or control.
import { type Agent, request } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The headers as they came, name and value in turn. */
  rawHeaders: string[];
  /** The parsed JSON body (undefined when it is not JSON). */
  body: any;
  text: string;
}

/**
 * One request. A body other than a string is sent as JSON, with its type unless `headers` name one; a response
 * that ends before its whole body rejects.
 */
export function send(agent: Agent, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((done, fail) => {
    const data = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const sent: Record<string, string | number> = { ...headers };
    if (data) {
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) sent['content-type'] = 'application/json';
      sent['content-length'] = data.length;
    }
    const req = request(url, { method, agent, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) return fail(new Error('response cut off'));
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        done({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: parsed, text });
      });
    });
    req.on('error', fail);
    req.end(data);
  });
}
