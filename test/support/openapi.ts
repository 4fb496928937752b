// Response validation against FlowDrop's OpenAPI 3.0.3 document, read at test time from the shared
// reference folder (../shared relative to the repo root; WFE_SHARED_DIR overrides it). Nothing of the
// document is copied into the repo: the schemas are compiled from the YAML on every run.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const sharedDir = process.env.WFE_SHARED_DIR ?? join(repoRoot, '..', 'shared');
export const openApiPath = join(sharedDir, 'contract', 'flowdrop-openapi-v1.yaml');

const doc = parse(readFileSync(openApiPath, 'utf8')) as {
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; responses: Record<string, JsonObject> };
};

// ajv-formats ships CJS with a default export; under NodeNext the callable sits on .default.
type AddFormats = (ajv: Ajv, formats?: string[]) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

// strict:false: OAS 3.0 annotations (example, examples, xml, discriminator without the ajv option) are
// ignored instead of failing compilation. ajv 8 implements OAS `nullable` natively.
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
// The OAS marks node, edge and workflow ids `format: uuid`, but the real editor emits arbitrary strings
// (`text_input.1`, `e-a-b`, "" for an unsaved workflow) and contract.md §7 row 6 decides that wfe accepts
// any id. So `uuid` here means "a non-empty string".
ajv.addFormat('uuid', { type: 'string', validate: (value: string) => value.length > 0 });
// Used only in OAS examples/config schemas (`format: hidden`, `format: csv` in example payloads); never a
// constraint on a response.
ajv.addFormat('hidden', true);

const OAS_ID = 'oas';
// Every component schema, addressable as `oas#/components/schemas/<Name>`; refs inside it are relative to
// this root, so `#/components/schemas/X` resolves within it unchanged.
ajv.addSchema({ $id: OAS_ID, components: { schemas: doc.components.schemas } });

/** Copies a schema taken from outside components.schemas, pointing its local refs at the registered root. */
function rewriteRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/') ? `${OAS_ID}${child}` : rewriteRefs(child);
  }
  return out;
}

export interface ResponseValidator {
  /** True when the body matches; otherwise `errors` describes why. */
  (body: unknown): boolean;
  errors: string[];
  /** False when the OAS declares no JSON body for this status and ErrorResponse was used instead. */
  declared: boolean;
  /** e.g. "GET /workflows/{id} 404 (components.responses.NotFound)" */
  label: string;
}

const cache = new Map<string, ResponseValidator>();

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
}

function wrap(validate: ValidateFunction, declared: boolean, label: string): ResponseValidator {
  const fn = ((body: unknown) => {
    const ok = validate(body) as boolean;
    fn.errors = ok ? [] : formatErrors(validate.errors);
    return ok;
  }) as ResponseValidator;
  fn.errors = [];
  fn.declared = declared;
  fn.label = label;
  return fn;
}

/** A validator for one of components.schemas, e.g. schemaValidator('Workflow'). */
export function schemaValidator(name: string): ResponseValidator {
  const key = `schema:${name}`;
  let found = cache.get(key);
  if (!found) {
    if (!doc.components.schemas[name]) throw new Error(`components.schemas.${name} is not in ${openApiPath}`);
    found = wrap(ajv.compile({ $ref: `${OAS_ID}#/components/schemas/${name}` }), true, `components.schemas.${name}`);
    cache.set(key, found);
  }
  return found;
}

/** Compiles an arbitrary schema that may use `#/components/schemas/...` refs (for sanity tests). */
export function compileWithComponents(schema: JsonObject, label = 'ad-hoc schema'): ResponseValidator {
  return wrap(ajv.compile(rewriteRefs(schema) as JsonObject), true, label);
}

/** Is there an operation for this method and path template in the OAS? */
export function hasOperation(method: string, pathTemplate: string): boolean {
  return doc.paths[pathTemplate]?.[method.toLowerCase()] !== undefined;
}

/**
 * The validator for `paths[pathTemplate][method].responses[status]`, following `$ref` into
 * components.responses. A status the operation does not declare (409, 413, 415 on most operations) is
 * validated against components.schemas.ErrorResponse, but only for 4xx/5xx: an undeclared success status
 * is itself a contract violation and throws.
 */
export function responseValidator(method: string, pathTemplate: string, status: number): ResponseValidator {
  const key = `${method.toUpperCase()} ${pathTemplate} ${status}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const operation = doc.paths[pathTemplate]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method.toUpperCase()} ${pathTemplate} is not an operation of the OpenAPI document`);
  const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
  let response: JsonObject | undefined = responses[String(status)];
  let via = '';
  const seen = new Set<string>();
  while (response && typeof response.$ref === 'string') {
    const ref = response.$ref;
    if (seen.has(ref)) throw new Error(`${key}: $ref cycle at ${ref}`);
    seen.add(ref);
    const match = /^#\/components\/responses\/(.+)$/.exec(ref);
    if (!match) throw new Error(`${key}: unsupported response $ref ${ref}`);
    via = ` (components.responses.${match[1]})`;
    response = doc.components.responses[match[1]];
    if (!response) throw new Error(`${key}: ${ref} does not exist`);
  }
  const content = response?.content as Record<string, JsonObject> | undefined;
  const schema = content?.['application/json']?.schema as JsonObject | undefined;
  let validator: ResponseValidator;
  if (schema) {
    validator = wrap(ajv.compile(rewriteRefs(schema) as JsonObject), true, `${key}${via}`);
  } else if (status >= 400) {
    validator = wrap(ajv.compile({ $ref: `${OAS_ID}#/components/schemas/ErrorResponse` }), false, `${key} (not declared: components.schemas.ErrorResponse)`);
  } else {
    const declaredStatuses = Object.keys(responses).join(', ');
    throw new Error(`${key}: the OpenAPI document declares no JSON body for this status (declared: ${declaredStatuses})`);
  }
  cache.set(key, validator);
  return validator;
}

/** The envelope every wfe error carries (contract.md §2.3 rule): a real status plus these four fields. */
export function errorEnvelopeProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['error body is not a JSON object'];
  const b = body as Record<string, unknown>;
  if (b.success !== false) problems.push(`success is ${JSON.stringify(b.success)}, expected false`);
  for (const field of ['error', 'message', 'code'] as const) {
    if (typeof b[field] !== 'string' || (b[field] as string).length === 0) problems.push(`${field} must be a non-empty string, got ${JSON.stringify(b[field])}`);
  }
  return problems;
}

/**
 * Throws a readable error unless `body` matches the OAS response of (method, pathTemplate, status); for
 * statuses ≥ 400 the wfe error envelope is required as well, declared or not.
 */
export function assertMatchesContract(method: string, pathTemplate: string, res: { status: number; body: unknown }): void {
  const validate = responseValidator(method, pathTemplate, res.status);
  const problems = validate(res.body) ? [] : validate.errors;
  if (res.status >= 400) problems.push(...errorEnvelopeProblems(res.body));
  if (problems.length > 0) {
    const shown = JSON.stringify(res.body);
    throw new Error(`${validate.label}: response does not match the contract:\n  ${problems.join('\n  ')}\nbody: ${shown && shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}`);
  }
}

// ---------- A patched copy of the document, for OAS defects a test documents explicitly ----------

export interface PatchedContract {
  schemaValidator(name: string): ResponseValidator;
  responseValidator(method: string, pathTemplate: string, status: number): ResponseValidator;
  assertMatchesContract(method: string, pathTemplate: string, res: { status: number; body: unknown }): void;
}

/**
 * The same three checks as above, over a deep copy of components.schemas that `patch` may change (e.g. a
 * `oneOf` the document gets wrong). It compiles in its own ajv instance, so the strict validators above
 * never see the patch. Only components.schemas is patched; inline response schemas are used as written.
 */
export function patchedContract(label: string, patch: (schemas: Record<string, JsonObject>) => void): PatchedContract {
  const schemas = structuredClone(doc.components.schemas);
  patch(schemas);
  const own = new Ajv({ allErrors: true, strict: false });
  addFormats(own);
  own.addFormat('uuid', { type: 'string', validate: (value: string) => value.length > 0 });
  own.addFormat('hidden', true);
  own.addSchema({ $id: OAS_ID, components: { schemas } });
  const compiled = new Map<string, ResponseValidator>();

  const schemaValidatorOf = (name: string): ResponseValidator => {
    const key = `schema:${name}`;
    let found = compiled.get(key);
    if (!found) {
      if (!schemas[name]) throw new Error(`components.schemas.${name} is not in ${openApiPath}`);
      found = wrap(own.compile({ $ref: `${OAS_ID}#/components/schemas/${name}` }), true, `components.schemas.${name} [${label}]`);
      compiled.set(key, found);
    }
    return found;
  };

  const responseValidatorOf = (method: string, pathTemplate: string, status: number): ResponseValidator => {
    const key = `${method.toUpperCase()} ${pathTemplate} ${status}`;
    const cached = compiled.get(key);
    if (cached) return cached;
    const operation = doc.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${key}: not an operation of the OpenAPI document`);
    let response: JsonObject | undefined = ((operation.responses ?? {}) as Record<string, JsonObject>)[String(status)];
    let via = '';
    for (let hops = 0; response && typeof response.$ref === 'string'; hops++) {
      const match = /^#\/components\/responses\/(.+)$/.exec(response.$ref);
      if (!match || hops > 10) throw new Error(`${key}: unsupported response $ref ${response.$ref}`);
      via = ` (components.responses.${match[1]})`;
      response = doc.components.responses[match[1]];
    }
    const schema = (response?.content as Record<string, JsonObject> | undefined)?.['application/json']?.schema as JsonObject | undefined;
    let validator: ResponseValidator;
    if (schema) validator = wrap(own.compile(rewriteRefs(schema) as JsonObject), true, `${key}${via} [${label}]`);
    else if (status >= 400) validator = wrap(own.compile({ $ref: `${OAS_ID}#/components/schemas/ErrorResponse` }), false, `${key} (not declared: components.schemas.ErrorResponse) [${label}]`);
    else throw new Error(`${key}: the OpenAPI document declares no JSON body for this status`);
    compiled.set(key, validator);
    return validator;
  };

  return {
    schemaValidator: schemaValidatorOf,
    responseValidator: responseValidatorOf,
    assertMatchesContract(method, pathTemplate, res) {
      const validate = responseValidatorOf(method, pathTemplate, res.status);
      const problems = validate(res.body) ? [] : validate.errors;
      if (res.status >= 400) problems.push(...errorEnvelopeProblems(res.body));
      if (problems.length > 0) {
        const shown = JSON.stringify(res.body);
        throw new Error(`${validate.label}: response does not match the contract:\n  ${problems.join('\n  ')}\nbody: ${shown && shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}`);
      }
    },
  };
}
