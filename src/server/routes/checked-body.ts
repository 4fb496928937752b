// The one reader of a request body that a schema checks: JSON (http.ts reads the bytes), an object, and
// conforming to the route's schema, or a 400 that names the first field in the way.
import type { Request } from 'polka';
import { conformsTo, describeAjvErrors, type Validator } from '../../contract/validators.js';
import { InvalidInputError } from '../../util/domain-errors.js';
import { isRecord } from '../../util/narrow.js';
import type { AppContext } from '../context.js';
import { readJsonBody } from '../http.js';

export interface BodyExpectations {
  /** The schema the body must meet. */
  schema: Validator;
  /** The route's own wording of what a field must be, where the schema's would not help the editor's user. */
  fieldMessages?: Record<string, string>;
  /** The reason of the 400 a request without a body gets; without one, a missing body reads as {}. */
  emptyBodyRefusal?: string;
}

export async function readCheckedBody<T>(
  req: Request,
  ctx: AppContext,
  { schema, fieldMessages = {}, emptyBodyRefusal }: BodyExpectations,
): Promise<T> {
  const read = await readJsonBody(req, ctx.options.maxBody);
  if (read === undefined && emptyBodyRefusal !== undefined) throw new InvalidInputError('body', emptyBodyRefusal);
  // Only no body at all reads as {}: a body of `null` is a JSON value, and not an object.
  const body: unknown = read === undefined ? {} : read;
  if (!isRecord(body)) throw new InvalidInputError('body', 'must be a JSON object');
  if (!conformsTo<T>(schema)(body)) {
    const [first] = describeAjvErrors(schema.errors);
    throw new InvalidInputError(first.field, fieldMessages[first.field] ?? first.message);
  }
  return body;
}
