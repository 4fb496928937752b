import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type addFormatsModule from 'ajv-formats';
import { ajvPackage, lazyModule } from '../util/lazy-module.js';
import { isRecord } from '../util/narrow.js';
import { AJV_FORMATS, AJV_OPTIONS, PRECOMPILED_SCHEMAS, SHARED_SCHEMAS } from './schemas.js';
import type { WorkflowFile } from './types.js';

// ajv-formats is CommonJS whose callable is module.exports itself (and also .default).
const addFormats = lazyModule<typeof addFormatsModule.default>('ajv-formats');

/** Every schema wfe validates with, so that a test checks each against the meta-schema. */
const knownSchemas: object[] = [...SHARED_SCHEMAS, ...Object.values(PRECOMPILED_SCHEMAS)];
export const registeredSchemas = (): readonly object[] => knownSchemas;

const requireHere = createRequire(import.meta.url);

/**
 * A module of ajv's standalone code (precompiled/*.cjs), required on its first use. They are CommonJS so
 * they can be required synchronously from src/ (the tests) and dist/ alike: loading them costs about 4 ms
 * that a process which checks nothing (`wfe serve` of an empty folder, `wfe --help`) no longer pays.
 */
export function generatedModule(
  file: './precompiled/validators.cjs' | './precompiled/config-validators.cjs',
): () => Record<string, unknown> {
  let loaded: Record<string, unknown> | undefined;
  return () => {
    if (loaded) return loaded;
    const exported: unknown = requireHere(file);
    if (!isRecord(exported)) throw new Error(`${file} exports no validators: run \`npm run generate\``);
    return (loaded = exported);
  };
}

const precompiled = generatedModule('./precompiled/validators.cjs');

/** The shipped validator `name` of the generated module, an ajv validate function with its `errors`. */
export function shippedFrom(load: () => Record<string, unknown>, name: string): ValidateFunction | undefined {
  const validate = load()[name];
  // The generated module is untyped: each export is an ajv validate function.
  return typeof validate === 'function' ? (validate as ValidateFunction) : undefined;
}

function shipped(name: keyof typeof PRECOMPILED_SCHEMAS): Validator {
  return onFirstUse(() => {
    const validate = shippedFrom(precompiled, name);
    if (!validate) throw new Error(`precompiled/validators.cjs has no ${name}: run \`npm run generate\``);
    return validate;
  });
}

export const validateWorkflowFile = shipped('validateWorkflowFile');
export const validateCreateWorkflow = shipped('validateCreateWorkflow');
export const validateUpdateWorkflow = shipped('validateUpdateWorkflow');
export const validateNodeType = shipped('validateNodeType');
export const validateRunRequest = shipped('validateRunRequest');
export const validateExecuteRequest = shipped('validateExecuteRequest');
export const validateCreateSession = shipped('validateCreateSession');
export const validateSendMessage = shipped('validateSendMessage');
export const validateInterruptAnswer = shipped('validateInterruptAnswer');
export const validateAgentSpecExecute = shipped('validateAgentSpecExecute');
export const validateAgentSpecFlow = shipped('validateAgentSpecFlow');
export const validateAgentSpecNode = shipped('validateAgentSpecNode');

/**
 * What wfe asks of a validator, ajv's own or one compiled on first use: whether `data` conforms, then the
 * problems of that call in `errors`.
 */
export interface Validator {
  (data: unknown): boolean;
  errors?: null | ErrorObject[];
}

/**
 * A validator as a type guard: what passes its schema is a T. The schemas and the types are written side by
 * side (schemas.ts, types.ts), so this is where a caller states which type a schema describes.
 */
export const conformsTo =
  <T>(validate: Validator) =>
  (value: unknown): value is T =>
    validate(value);

/** A FlowDrop workflow file: what validateWorkflowFile accepts (its metadata is filled in by withMetadataDefaults). */
export const isWorkflowFile = conformsTo<WorkflowFile>(validateWorkflowFile);

let sharedAjv: Ajv | undefined;

/** The ajv instance for schemas compiled at run time, built (with the formats and shared schemas) on first use. */
function ajv(): Ajv {
  if (sharedAjv) return sharedAjv;
  // Our own schemas are not checked against the meta-schema at every start (compiling it costs 40 ms):
  // test/schemas.test.ts checks them once.
  const instance = new (ajvPackage().Ajv)({ ...AJV_OPTIONS, validateSchema: false });
  addFormats()(instance, AJV_FORMATS);
  for (const schema of SHARED_SCHEMAS) instance.addSchema(schema);
  return (sharedAjv = instance);
}

/** A validator made by `make` on its first call, not when this module loads: a process makes only those it uses. */
function onFirstUse(make: () => ValidateFunction): Validator {
  let made: ValidateFunction | undefined;
  const validate: Validator = Object.assign(
    (data: unknown): boolean => {
      made ??= make();
      const valid = made(data);
      validate.errors = made.errors;
      return valid;
    },
    { errors: undefined },
  );
  return validate;
}

/** A schema compiled on its first use (see onFirstUse), and known to the meta-schema test. */
function compileOnFirstUse(schema: object): Validator & { schema: object } {
  knownSchemas.push(schema);
  return Object.assign(
    onFirstUse(() => ajv().compile(schema)),
    { schema },
  );
}

/** Compiles another schema on the shared instance (same formats, same options), on its first use. */
export const compileSchema = (schema: object): Validator & { schema: object } => compileOnFirstUse(schema);

/** "nodes/3/position" → "nodes[3].position": the field name a person reads in an error. */
export function pointerToField(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .split('/')
    .slice(1)
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '');
}

export interface FieldProblem {
  field: string;
  pointer: string;
  message: string;
}

/** The most useful ajv error, phrased for a person: names the field and what is expected. */
export function describeAjvErrors(errors: ErrorObject[] | null | undefined, root = 'body'): FieldProblem[] {
  return (errors ?? []).map((e) => {
    let pointer = e.instancePath;
    let message = e.message ?? 'is invalid';
    // ajv types every error's params as a record of anything; these two keywords always set these fields.
    const { missingProperty, allowedValues }: { missingProperty?: unknown; allowedValues?: unknown } = e.params;
    if (e.keyword === 'required' && typeof missingProperty === 'string') {
      pointer = `${pointer}/${missingProperty}`;
      message = 'is required';
    } else if (e.keyword === 'enum' && Array.isArray(allowedValues)) {
      message = `must be one of ${allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    return { field: pointerToField(pointer) || root, pointer, message };
  });
}
