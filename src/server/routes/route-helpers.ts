// What the routes share: finding the record a path id names, and loading a module on first use.
import { NotFoundError } from '../../util/domain-errors.js';
import type { Engine } from '../../engine/engine.js';
import { assertSafeId } from '../../store/paths.js';
import type { AppContext } from '../context.js';

/** What `id` names, found by `lookup`: a path-unsafe id is a 400 naming `field`, a missing one a 404 naming `what`. */
export function findById<T>(id: string, lookup: (id: string) => T | undefined, what: string, field = 'id'): T {
  assertSafeId(id, field);
  const found = lookup(id);
  if (found === undefined) throw new NotFoundError(`${what} '${id}'`);
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
