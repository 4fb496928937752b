// Every operation wfe serve promises has a route: the 52 of FlowDrop's OpenAPI document (its `paths`,
// read from ../shared at test time) and the specification's two. Each is sent to a real server with its
// path parameters filled in; "routed" means any answer but the router's own 404 ("no route for …").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Harness } from './support/harness.js';
import { allOperations, openApiOperations, openApiPath, seedOperations, seedPath } from './support/openapi.js';
import { missingShared } from './support/shared.js';

// Reads the operations from the contract in the shared folder.
const describeWithContract = describe.skipIf(missingShared(openApiPath, seedPath) !== undefined);

let h: Harness;
beforeAll(async () => {
  h = await startServer({ stepDelayMs: 0 });
});
afterAll(async () => h?.close());

/** The router's 404, as opposed to a route's own 404 for an unknown id. */
async function unrouted(operation: string): Promise<boolean> {
  const [method, template] = operation.split(' ');
  const path = template.replace(/\{[^}]+\}/g, 'route-coverage-id');
  const res = await h.call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
  return res.status === 404 && typeof res.body?.message === 'string' && res.body.message.includes('no route for');
}

describeWithContract('route coverage', () => {
  it('reads 52 operations from the document and 2 from the specification', () => {
    expect(openApiOperations()).toHaveLength(52);
    expect(seedOperations()).toEqual(['GET /workflows/{id}/chat/messages', 'POST /execute']);
  });

  it('tells an unrouted operation from a routed one (the check itself can fail)', async () => {
    expect(await unrouted('GET /no-such-operation')).toBe(true);
    expect(await unrouted('PATCH /workflows/{id}')).toBe(true);
    expect(await unrouted('GET /workflows/{id}')).toBe(false);
  });

  it('every operation of the document and the specification has a route', async () => {
    const missing: string[] = [];
    for (const operation of allOperations()) if (await unrouted(operation)) missing.push(operation);
    expect(missing).toEqual([]);
  });
});
