// Response validation against FlowDrop's OpenAPI 3.0.3 document and the specification's two operations
// the document lacks, both read at test time from the shared reference folder (../shared relative to the
// repo root; WFE_SHARED_DIR overrides it). Nothing of either is copied into the repo: the schemas are
// read from the YAML on first use, so that a test file can skip when the folder is missing (missingShared in
// ./shared.ts) instead of failing as it loads; what is parsed and compiled from it is kept between runs in
// node_modules/.cache (test-cache.ts), named by the hash of everything it came from.
//
// Two views of the document:
// - strict, as written: schemaValidator and responseValidator, which the tests use to show its faults;
// - the contract: the same document with its known faults relaxed (KNOWN FAULTS below, the only place
//   that relaxes anything). assertMatchesContract and contractChecked check every response against it,
//   and remember which operations were exercised.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { _, Ajv, type ErrorObject, type Format, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { schemaProblems } from '../agentspec-schema.js';
import type { Harness } from './harness.js';
import { openApiPath, seedPath } from './shared.js';
import { cachedJson, cachedValidator, packageVersion } from './test-cache.js';

export { openApiPath, seedPath } from './shared.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface OpenApiDocument {
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; responses: Record<string, JsonObject> };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every operation of a document as "METHOD /path/{param}", in document order. */
const operationsOf = (doc: OpenApiDocument): string[] =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => HTTP_METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

/** The operations of the specification's "Known operations" table that the document lacks. */
const specificationOnlyOperations = (specification: string, documented: string[]): string[] =>
  specification
    .split('\n')
    .map((line) => /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\/[^\s|]*)\s*\|/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => `${match[1]} ${match[2]}`)
    .filter((operation) => !documented.includes(operation));

const OAS_ID = 'oas';
const requireHere = createRequire(import.meta.url);
const FORMATS_MODULE = requireHere.resolve('./openapi-formats.cjs');
const formats = requireHere(FORMATS_MODULE) as Record<string, Format>;
// strict:false: OAS 3.0 annotations (example, examples, xml, discriminator without the ajv option) are
// ignored instead of failing compilation. ajv 8 implements OAS `nullable` natively.
// Unoptimised code without inlined refs judges the same and compiles faster; the suite compiles hundreds.
const AJV_OPTIONS = { allErrors: true, strict: false, inlineRefs: false, code: { optimize: false, source: true } };

function compilerFor(schemas: Record<string, JsonObject>): Ajv {
  // The standalone code kept between runs requires the formats from their module.
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, formats: _`require(${FORMATS_MODULE})` } });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  // Every component schema, addressable as `oas#/components/schemas/<Name>`; refs inside it are relative
  // to this root, so `#/components/schemas/X` resolves within it unchanged.
  ajv.addSchema({ $id: OAS_ID, components: { schemas } });
  return ajv;
}

/**
 * The validators of one set of component schemas. ajv compiled about 1.3 s of them in each worker that checked
 * responses; the code it generates is kept between runs (test-cache.ts), named by everything it depends on,
 * and required instead, the compiler made only for a schema not seen before.
 */
function validatorsOf(schemas: Record<string, JsonObject>): (schema: JsonObject) => ValidateFunction {
  let ajv: Ajv | undefined;
  const fixed = [
    packageVersion('ajv-formats'),
    JSON.stringify(AJV_OPTIONS),
    FORMATS_MODULE,
    readFileSync(FORMATS_MODULE, 'utf8'),
    JSON.stringify(schemas),
  ];
  return (schema) =>
    cachedValidator('openapi-validator', [...fixed, JSON.stringify(schema)], () => {
      ajv ??= compilerFor(schemas);
      return { ajv, validate: ajv.compile(schema) };
    });
}

/** Copies a schema taken from outside components.schemas, pointing its local refs at the registered root. */
function rewriteRefs(value: Json): Json {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/') ? `${OAS_ID}${child}` : rewriteRefs(child);
  }
  return out;
}

// ---------- KNOWN FAULTS of the document: relaxed here, and nowhere else ----------

const asObject = (value: Json | undefined): JsonObject => value as JsonObject;

function oneOfToAnyOf(schema: JsonObject): void {
  if (!schema.oneOf) throw new Error('a known fault is no longer in the document: remove its relaxation');
  schema.anyOf = schema.oneOf;
  delete schema.oneOf;
}

/** The document with its known faults relaxed: the contract the tests hold wfe to. */
function relaxKnownFaults(doc: OpenApiDocument): OpenApiDocument {
  const contractDoc = structuredClone(doc);
  relaxInterruptConfig(contractDoc);
  relaxAgentSpecBodies(contractDoc);
  checkStreamIsWebSocket(contractDoc);
  addStaleUpdateConflict(contractDoc);
  return contractDoc;
}

// 1. `Interrupt.config` is a `oneOf` of the five *InterruptConfig schemas, which all require only
//    `message` and allow any other key: a confirmation config also matches TextInterruptConfig (a choice
//    config matches three), so no interrupt can pass. Relaxed to `anyOf`; contract-runs.test.ts checks
//    each config against the one schema its `type` names.
function relaxInterruptConfig(contractDoc: OpenApiDocument): void {
  oneOfToAnyOf(asObject(asObject(contractDoc.components.schemas.Interrupt.properties).config));
}

// 2. The Agent Spec request body of POST /workflows/import/agentspec and the 200 of GET
//    /workflows/{id}/export/agentspec are a `oneOf` of AgentSpecFlow and AgentSpecDocument. Every
//    AgentSpecDocument property is optional and extra keys are allowed, so a correct flow matches both
//    branches and the `oneOf` fails. Relaxed to `anyOf`.
const jsonSchemaOf = (holder: Json | undefined): JsonObject =>
  asObject(asObject(asObject(asObject(holder).content)['application/json']).schema);
function relaxAgentSpecBodies(contractDoc: OpenApiDocument): void {
  oneOfToAnyOf(jsonSchemaOf(asObject(contractDoc.paths['/workflows/{id}/export/agentspec'].get.responses)['200']));
  oneOfToAnyOf(jsonSchemaOf(contractDoc.paths['/workflows/import/agentspec'].post.requestBody));
}

// 3. GET /agentspec/executions/{id}/stream lists a WebSocket upgrade (101, or a 200 without a body). wfe
//    streams the frames the description names as Server-Sent Events: checked by eventStreamProblems.
function checkStreamIsWebSocket(contractDoc: OpenApiDocument): void {
  if (!asObject(contractDoc.paths['/agentspec/executions/{id}/stream'].get.responses)['101'])
    throw new Error('the stream is no longer a WebSocket in the document: revisit fault 3');
}

// 4. ETag / If-Match and the 409 of a stale update are not in the document at all: PUT /workflows/{id}
//    answers a stale If-Match with 409 and the error envelope (ErrorResponse).
function addStaleUpdateConflict(contractDoc: OpenApiDocument): void {
  const putWorkflow = asObject(contractDoc.paths['/workflows/{id}'].put.responses);
  if (putWorkflow['409']) throw new Error('PUT /workflows/{id} declares a 409 now: remove fault 4');
  putWorkflow['409'] = {
    description: 'Stale If-Match (not in the document)',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
  };
}

// ---------- wfe's own documented differences (README), checked against their intent ----------

export interface ContractResponse {
  status: number;
  body: unknown;
  headers?: Headers;
  text?: string;
}

/** The stream's frames, as the document's description lists them, sent as Server-Sent Events. */
function eventStreamProblems(res: ContractResponse): string[] {
  const type = res.headers?.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) return [`content-type is "${type}", expected text/event-stream`];
  const blocks = (res.text ?? '').trim().split('\n\n').filter(Boolean);
  if (blocks.length === 0) return ['the stream sent no event'];
  const problems: string[] = [];
  const frames = blocks.map((block) => {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    try {
      return { event, data: data === undefined ? undefined : (JSON.parse(data) as Record<string, unknown>) };
    } catch {
      problems.push(`event ${event}: data is not JSON: ${data}`);
      return { event, data: undefined };
    }
  });
  for (const { event, data } of frames) {
    if (!data || data.type !== event) problems.push(`event ${event}: data.type is ${JSON.stringify(data?.type)}`);
    else if (event === 'node_status' && (typeof data.node !== 'string' || typeof data.status !== 'object' || data.status === null))
      problems.push(`node_status without node or status: ${JSON.stringify(data)}`);
    else if (event === 'execution_complete' && (typeof data.results !== 'object' || data.results === null))
      problems.push('execution_complete without results');
    else if (event === 'execution_error' && typeof data.error !== 'string') problems.push('execution_error without error');
    else if (!['node_status', 'execution_complete', 'execution_error'].includes(String(event))) problems.push(`unknown event ${event}`);
  }
  const last = frames[frames.length - 1].event;
  if (last !== 'execution_complete' && last !== 'execution_error')
    problems.push(`the stream ended with ${last}, not execution_complete or execution_error`);
  return problems;
}

/**
 * wfe exports the official Agent Spec format (README "Difference from FlowDrop's OpenAPI document"),
 * where the document describes FlowDrop's dialect: a Flow is checked against Oracle's published schema,
 * and format=document's flow likewise. A dialect body would still pass the relaxed document schema.
 */
function officialExportProblems(res: ContractResponse, dialectProblems: string[]): string[] {
  const body = res.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return ['body is not a JSON object'];
  if (body.component_type === 'flow' || (body.flow as { component_type?: unknown } | undefined)?.component_type === 'flow')
    return dialectProblems;
  if (body.component_type !== undefined) return schemaProblems(body).map((p) => `official Flow: ${p}`);
  const problems =
    typeof body.flow === 'object' && body.flow !== null
      ? schemaProblems(body.flow as Record<string, unknown>).map((p) => `flow: ${p}`)
      : ['document without a flow'];
  for (const list of ['tools', 'llm_configs']) if (!Array.isArray(body[list])) problems.push(`${list} is not an array`);
  return problems;
}

// ---------- the specification's two operations, which it describes in prose ----------

/** The chat history, as the specification describes it: `{success: true, data: [{role: user|assistant, content}]}`. */
const CHAT_HISTORY: JsonObject = {
  type: 'object',
  required: ['success', 'data'],
  properties: {
    success: { enum: [true] },
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['role', 'content'],
        properties: { role: { enum: ['user', 'assistant'] }, content: { type: 'string' } },
      },
    },
  },
};
// POST /execute ("Run a pipeline", shape not shown): wfe serves it as an alias of executeWorkflow.
const SEED_ALIASES: Record<string, string> = { 'POST /execute': 'POST /workflows/{id}/execute' };

// ---------- validators ----------

export interface ResponseValidator {
  /** True when the body matches; otherwise `errors` describes why. */
  (body: unknown): boolean;
  errors: string[];
  /** False when the OAS declares no JSON body for this status and ErrorResponse was used instead. */
  declared: boolean;
  /** e.g. "GET /workflows/{id} 404 (components.responses.NotFound)" */
  label: string;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map(
    (e) =>
      `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`,
  );
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

/** One view of the document (strict or contract), with its compiled validators. */
function view(source: OpenApiDocument, tag: string) {
  const compile = validatorsOf(source.components.schemas);
  const cache = new Map<string, ResponseValidator>();

  const schemaValidator = (name: string): ResponseValidator => {
    const key = `schema:${name}`;
    let found = cache.get(key);
    if (!found) {
      if (!source.components.schemas[name]) throw new Error(`components.schemas.${name} is not in ${openApiPath}`);
      found = wrap(compile({ $ref: `${OAS_ID}#/components/schemas/${name}` }), true, `components.schemas.${name}${tag}`);
      cache.set(key, found);
    }
    return found;
  };

  /**
   * The validator for `paths[template][method].responses[status]` and one media type, following `$ref`
   * into components.responses. An error status the operation does not declare is checked against its
   * `default` response, or else components.schemas.ErrorResponse; an undeclared success status throws.
   */
  const responseValidator = (method: string, pathTemplate: string, status: number, mediaType = 'application/json'): ResponseValidator => {
    const key = `${method.toUpperCase()} ${pathTemplate} ${status} ${mediaType}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const operation = source.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method.toUpperCase()} ${pathTemplate} is not an operation of the OpenAPI document`);
    const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
    let response: JsonObject | undefined = responses[String(status)] ?? (status >= 400 ? responses.default : undefined);
    let via = '';
    const seen = new Set<string>();
    while (response && typeof response.$ref === 'string') {
      const ref = response.$ref;
      if (seen.has(ref)) throw new Error(`${key}: $ref cycle at ${ref}`);
      seen.add(ref);
      const match = /^#\/components\/responses\/(.+)$/.exec(ref);
      if (!match) throw new Error(`${key}: unsupported response $ref ${ref}`);
      via = ` (components.responses.${match[1]})`;
      response = source.components.responses[match[1]];
      if (!response) throw new Error(`${key}: ${ref} does not exist`);
    }
    const content = response?.content as Record<string, JsonObject> | undefined;
    const schema = content?.[mediaType]?.schema as JsonObject | undefined;
    let validator: ResponseValidator;
    if (schema) {
      validator = wrap(compile(rewriteRefs(schema) as JsonObject), true, `${key}${via}${tag}`);
    } else if (status >= 400 && mediaType === 'application/json') {
      validator = wrap(
        compile({ $ref: `${OAS_ID}#/components/schemas/ErrorResponse` }),
        false,
        `${key} (not declared: components.schemas.ErrorResponse)${tag}`,
      );
    } else {
      const declared = content ? Object.keys(content).join(', ') : 'no body';
      throw new Error(
        `${key}: the OpenAPI document declares no ${mediaType} body for this status (declared: ${Object.keys(responses).join(', ')}; content: ${declared})`,
      );
    }
    cache.set(key, validator);
    return validator;
  };

  return {
    schemaValidator,
    responseValidator,
    compile: (schema: JsonObject, label: string) => wrap(compile(rewriteRefs(schema) as JsonObject), true, label),
  };
}

type View = ReturnType<typeof view>;

interface OperationTemplate {
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
}

/** Everything read from the shared folder, and what is compiled from it. */
interface LoadedContract {
  doc: OpenApiDocument;
  strict: View;
  contract: View;
  openApiOperations: string[];
  seedOperations: string[];
  templates: OperationTemplate[];
}

/**
 * The OpenAPI document, parsed. The YAML parser takes about 0.35 s for its 190 KB, in each test file that reads
 * it; the same document as JSON (test-cache.ts) takes 3 ms.
 */
export function openApiDocument(): Record<string, unknown> {
  const text = readFileSync(openApiPath, 'utf8');
  return cachedJson('openapi', [packageVersion('yaml'), text], () => parse(text) as Record<string, unknown>);
}

let loadedContract: LoadedContract | undefined;

/** Reads and compiles the document and the specification on the first call. */
function loaded(): LoadedContract {
  if (loadedContract) return loadedContract;
  const doc = openApiDocument() as unknown as OpenApiDocument;
  const openApiOperations = operationsOf(doc);
  const seedOperations = specificationOnlyOperations(readFileSync(seedPath, 'utf8'), openApiOperations);
  loadedContract = {
    doc,
    strict: view(doc, ''),
    contract: view(relaxKnownFaults(doc), ' [known faults relaxed]'),
    openApiOperations,
    seedOperations,
    templates: [...openApiOperations, ...seedOperations].map(templateOf),
  };
  return loadedContract;
}

/** Every operation of the document as "METHOD /path/{param}", in document order. */
export const openApiOperations = (): string[] => loaded().openApiOperations;
/** The operations of the specification's "Known operations" table (seedPath) that the document lacks. */
export const seedOperations = (): string[] => loaded().seedOperations;
/** What `wfe serve` promises: the document's operations and the specification's extra two. */
export const allOperations = (): string[] => [...loaded().openApiOperations, ...loaded().seedOperations];

/** A validator for one of components.schemas as the document writes it, e.g. schemaValidator('Workflow'). */
export const schemaValidator = (name: string): ResponseValidator => loaded().strict.schemaValidator(name);
/** The same over the contract view, where the known faults are relaxed. */
export const contractSchemaValidator = (name: string): ResponseValidator => loaded().contract.schemaValidator(name);
/** The strict validator of one response (see the view's responseValidator). */
export const responseValidator: View['responseValidator'] = (...args) => loaded().strict.responseValidator(...args);
/** The same over the contract view. */
export const contractResponseValidator: View['responseValidator'] = (...args) => loaded().contract.responseValidator(...args);

/** Compiles an arbitrary schema that may use `#/components/schemas/...` refs (for sanity tests). */
export function compileWithComponents(schema: JsonObject, label = 'ad-hoc schema'): ResponseValidator {
  return loaded().strict.compile(schema, label);
}

/** Is there an operation for this method and path template in the OAS? */
export function hasOperation(method: string, pathTemplate: string): boolean {
  return loaded().doc.paths[pathTemplate]?.[method.toLowerCase()] !== undefined;
}

/** The envelope every wfe error carries: a real status plus these four fields. */
export function errorEnvelopeProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['error body is not a JSON object'];
  const b = body as Record<string, unknown>;
  if (b.success !== false) problems.push(`success is ${JSON.stringify(b.success)}, expected false`);
  for (const field of ['error', 'message', 'code'] as const) {
    if (typeof b[field] !== 'string' || (b[field] as string).length === 0)
      problems.push(`${field} must be a non-empty string, got ${JSON.stringify(b[field])}`);
  }
  return problems;
}

// ---------- which operation a request is, and which operations the tests reached ----------

function templateOf(operation: string): OperationTemplate {
  const [method, template] = operation.split(' ');
  const segments = template.split('/');
  const pattern = new RegExp(
    `^${segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
  );
  return { method, template, pattern, literals: segments.filter((s) => !s.startsWith('{')).length };
}

/** "METHOD /template" of a concrete request path (base path and query removed); the most literal match wins. */
export function operationFor(method: string, path: string): string {
  const bare = path.split('?')[0];
  const matches = loaded()
    .templates.filter((t) => t.method === method.toUpperCase() && t.pattern.test(bare))
    .sort((a, b) => b.literals - a.literals);
  if (matches.length === 0) throw new Error(`${method.toUpperCase()} ${bare} is no operation of the OpenAPI document or the specification`);
  return `${matches[0].method} ${matches[0].template}`;
}

const exercised = new Set<string>();

/**
 * The contract test files split the operations between them: contract-runs.test.ts takes the run side
 * (executions, pipelines, playground, interrupts, the Agent Spec runtime) and contract.test.ts the rest.
 */
function isRunOperation(operation: string): boolean {
  const template = operation.split(' ')[1];
  return (
    /^\/(executions|pipeline|pipelines|workflow|playground|interrupts|execute)(\/|$)/.test(template) ||
    /^\/agentspec\/(flows\/execute|executions)/.test(template) ||
    /^\/workflows\/\{id\}\/(execute|playground)/.test(template)
  );
}

/** The operations of one side that no response checked so far belonged to. */
export function neverExercised(side: 'runs' | 'rest'): string[] {
  return allOperations().filter((operation) => isRunOperation(operation) === (side === 'runs') && !exercised.has(operation));
}

// ---------- the check every contract test makes ----------

let chatHistory: ResponseValidator | undefined;

function contractProblems(operation: string, res: ContractResponse): { label: string; problems: string[] } {
  const mediaType = res.headers?.get('content-type')?.split(';')[0].trim() || 'application/json';
  if (operation === 'GET /agentspec/executions/{id}/stream' && res.status === 200)
    return { label: `${operation} 200 (known fault 3: Server-Sent Events)`, problems: eventStreamProblems(res) };
  if (operation === 'GET /workflows/{id}/chat/messages') {
    const validate =
      res.status < 400
        ? (chatHistory ??= loaded().contract.compile(CHAT_HISTORY, `${operation} 200 (the specification's chat history)`))
        : contractSchemaValidator('ErrorResponse');
    return { label: validate.label, problems: validate(res.body) ? [] : validate.errors };
  }
  const [aliasMethod, aliasTemplate] = (SEED_ALIASES[operation] ?? operation).split(' ');
  const validate = contractResponseValidator(aliasMethod, aliasTemplate, res.status, mediaType);
  const instance = mediaType === 'application/json' ? res.body : res.text;
  const problems = validate(instance) ? [] : validate.errors;
  if (operation === 'GET /workflows/{id}/export/agentspec' && res.status === 200) {
    return { label: `${validate.label} (the official Agent Spec format, README)`, problems: officialExportProblems(res, problems) };
  }
  return { label: `${validate.label}${SEED_ALIASES[operation] ? ` (as ${operation})` : ''}`, problems };
}

/**
 * Throws a readable error unless the response matches the contract view of (method, pathTemplate,
 * status), and records the operation as exercised; for statuses ≥ 400 the wfe error envelope is required
 * as well, declared or not. `pathTemplate` may also be one of the specification's two operations.
 */
export function assertMatchesContract(method: string, pathTemplate: string, res: ContractResponse): void {
  const operation = `${method.toUpperCase()} ${pathTemplate}`;
  if (!allOperations().includes(operation))
    throw new Error(`${operation} is not an operation of the OpenAPI document or the specification`);
  exercised.add(operation);
  const { label, problems } = contractProblems(operation, res);
  const message = (res.body as { message?: unknown } | undefined)?.message;
  if (res.status === 404 && typeof message === 'string' && message.includes('no route for'))
    problems.push('the router has no route for this operation');
  if (res.status >= 400) problems.push(...errorEnvelopeProblems(res.body));
  if (problems.length > 0) {
    const shown = res.body === undefined ? res.text : JSON.stringify(res.body);
    throw new Error(
      `${label}: response does not match the contract:\n  ${problems.join('\n  ')}\nbody: ${shown && shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}`,
    );
  }
}

/** The harness, with every response checked against the contract as it arrives. */
export function contractChecked(h: Harness): Harness {
  return {
    ...h,
    async call(method, path, body, headers) {
      const res = await h.call(method, path, body, headers);
      assertMatchesContract(method, operationFor(method, path).split(' ')[1], res);
      return res;
    },
  };
}
