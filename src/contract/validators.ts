import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  agentSpecExecuteSchema,
  createSessionSchema,
  executeRequestSchema,
  interruptAnswerSchema,
  runRequestSchema,
  sendMessageSchema,
  createWorkflowSchema,
  edgeSchema,
  nodeMetadataSchema,
  nodeSchema,
  nodeTypeSchema,
  portDefinitionSchema,
  portSchema,
  updateWorkflowSchema,
  workflowFileSchema,
} from './schemas.js';

// ajv-formats ships CJS with a default export; under NodeNext the callable sits on .default.
type AddFormats = (ajv: Ajv, formats?: string[]) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv, ['date-time', 'uri', 'email']);
for (const schema of [portSchema, portDefinitionSchema, nodeMetadataSchema, nodeSchema, edgeSchema]) ajv.addSchema(schema);

/**
 * A validator compiled on its first call, not when this module loads: a process compiles only the schemas
 * it uses (`wfe serve` of a folder without nodes/ never compiles the node-type schema), and starts sooner.
 */
function compileOnFirstUse(schema: object): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    compiled ??= ajv.compile(schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = undefined as ValidateFunction['errors'];
  return Object.assign(validate, { schema }) as unknown as ValidateFunction;
}

export const validateWorkflowFile = compileOnFirstUse(workflowFileSchema);
export const validateCreateWorkflow = compileOnFirstUse(createWorkflowSchema);
export const validateUpdateWorkflow = compileOnFirstUse(updateWorkflowSchema);
export const validateNodeType = compileOnFirstUse(nodeTypeSchema);
export const validateRunRequest = compileOnFirstUse(runRequestSchema);
export const validateExecuteRequest = compileOnFirstUse(executeRequestSchema);
export const validateCreateSession = compileOnFirstUse(createSessionSchema);
export const validateSendMessage = compileOnFirstUse(sendMessageSchema);
export const validateInterruptAnswer = compileOnFirstUse(interruptAnswerSchema);
export const validateAgentSpecExecute = compileOnFirstUse(agentSpecExecuteSchema);

/** Compiles another schema on the shared instance (same formats, same options), on its first use. */
export const compileSchema = (schema: object): ValidateFunction => compileOnFirstUse(schema);

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
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      pointer = `${pointer}/${missing}`;
      message = 'is required';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    return { field: pointerToField(pointer) || root, pointer, message };
  });
}
