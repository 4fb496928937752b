// Requests over kept-alive connections (node:http with an Agent), as the editor and scripts send them: the
// race, crash and stop tests need the connection reused, which fetch does not let them see or control.
import { type Agent, request } from 'node:http';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when it is not JSON). */
  body: any;
}

export function send(agent: Agent, method: string, url: string, body?: unknown): Promise<Reply> {
  return new Promise((done, fail) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      url,
      { method, agent, headers: data ? { 'content-type': 'application/json', 'content-length': data.length } : {} },
      (res) => {
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
          done({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', fail);
    req.end(data);
  });
}
