// What the run-side routes share: reading a request body checked by its schema, and finding the
// record a path id names.
import type { Request } from 'polka';
import { invalidField, notFound } from '../../contract/errors.js';
import { conformsTo, describeAjvErrors, type Validator } from '../../contract/validators.js';
import type { Engine } from '../../engine/engine.js';
import { assertSafeId } from '../../store/paths.js';
import { isRecord } from '../../util/narrow.js';
import type { AppContext } from '../context.js';
import { readJsonBody } from '../http.js';

/**
 * The JSON body (an empty one reads as {}), checked by `validate`: the first problem is a 400 naming its
 * field, with the route's own wording for that field when `messages` has one.
 */
export async function readCheckedBody<T>(
  req: Request,
  ctx: AppContext,
  validate: Validator,
  messages: Record<string, string> = {},
): Promise<T> {
  const body: unknown = (await readJsonBody(req, ctx.options.maxBody)) ?? {};
  if (!isRecord(body)) throw invalidField('body', 'must be a JSON object');
  if (!conformsTo<T>(validate)(body)) {
    const [first] = describeAjvErrors(validate.errors);
    throw invalidField(first.field, messages[first.field] ?? first.message);
  }
  return body;
}

/** What `id` names, found by `lookup`: a path-unsafe id is a 400 naming `field`, a missing one a 404 naming `what`. */
export function findById<T>(id: string, lookup: (id: string) => T | undefined, what: string, field = 'id'): T {
  assertSafeId(id, field);
  const found = lookup(id);
  if (found === undefined) throw notFound(`${what} '${id}'`);
  return found;
}

/**
 * What `id` names in the started engine, with that engine. Before the engine has started there is no run,
 * session or interrupt to find: a 404, as for any missing id.
 */
export function findInEngine<T>(
  ctx: AppContext,
  id: string,
  lookup: (engine: Engine, id: string) => T | undefined,
  what: string,
  field = 'id',
): { engine: Engine; found: T } {
  return findById(
    id,
    (i) => {
      const engine = ctx.startedEngine();
      const found = engine && lookup(engine, i);
      return engine && found !== undefined ? { engine, found } : undefined;
    },
    what,
    field,
  );
}

/**
 * A module a route needs, loaded on the route's first request rather than at start (the route itself is
 * registered at start, so none is missing): `const verdict = lazy(() => import('…'))`, then `await verdict()`.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
