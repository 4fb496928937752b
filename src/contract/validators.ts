import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
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

export const validateWorkflowFile = ajv.compile(workflowFileSchema);
export const validateCreateWorkflow = ajv.compile(createWorkflowSchema);
export const validateUpdateWorkflow = ajv.compile(updateWorkflowSchema);
export const validateNodeType = ajv.compile(nodeTypeSchema);

/** Compiles another schema on the shared instance (same formats, same options). */
export const compileSchema = (schema: object): ValidateFunction => ajv.compile(schema);

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
