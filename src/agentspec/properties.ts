// FlowDrop ports ↔ Agent Spec properties (JSON Schemas titled with the port id).
import type { NodePort, PortSchema } from '../contract/types.js';
import { isObject, workflowValue, type AsObject, type AsProperty } from './types.js';

/** Port data types that wire control flow or tools, never data: they have no property. */
export const CONTROL_DATA_TYPES = new Set(['trigger', 'tool']);

const SCALARS: Record<string, AsObject> = {
  string: { type: 'string' },
  number: { type: 'number' },
  float: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  array: { type: 'array' },
  json: { type: 'object' },
  object: { type: 'object' },
  url: { type: 'string', format: 'uri' },
  email: { type: 'string', format: 'email' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  time: { type: 'string', format: 'time' },
  mixed: {},
};

/** Data types JSON Schema can only approximate: the warning names them. */
// A file travels as its content (base64): an InputMessageNode, for one, returns only strings.
const APPROXIMATE: Record<string, AsObject> = {
  file: { type: 'string', contentEncoding: 'base64' },
  image: { type: 'string' },
  audio: { type: 'string' },
  video: { type: 'string' },
};

export interface SchemaForType {
  schema: AsObject;
  /** True when the JSON Schema is less precise than the FlowDrop type. */
  approximate: boolean;
}

/** JSON Schema of a FlowDrop data type; `string[]` style lists become arrays of the item type. */
export function schemaForDataType(dataType: string): SchemaForType {
  if (dataType.endsWith('[]')) {
    const item = schemaForDataType(dataType.slice(0, -2));
    return { schema: { type: 'array', items: item.schema }, approximate: item.approximate };
  }
  if (SCALARS[dataType]) return { schema: { ...SCALARS[dataType] }, approximate: false };
  return { schema: { ...(APPROXIMATE[dataType] ?? { type: 'string' }) }, approximate: true };
}

/** FlowDrop data type of a property's JSON Schema. */
function dataTypeForSchema(schema: AsObject): string {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uri'
        ? 'url'
        : schema.format === 'email'
          ? 'email'
          : schema.format === 'date'
            ? 'date'
            : schema.format === 'date-time'
              ? 'datetime'
              : 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'json';
    case 'array': {
      const items = schema.items;
      if (isObject(items)) {
        const inner = dataTypeForSchema(items);
        if (['string', 'number', 'boolean', 'json'].includes(inner)) return `${inner}[]`;
      }
      return 'array';
    }
    default:
      return 'mixed';
  }
}

// pyagentspec refuses titles that are empty or contain any of these (property.py).
const BAD_TITLE_CHARS = /[.,{}\s'"]/g;

export const sanitizeTitle = (id: string): string => id.replace(BAD_TITLE_CHARS, '_') || '_';

export interface PortProperty {
  property: AsProperty;
  approximate: boolean;
}

/** The property a data port becomes. A port `schema` wins over the data type (it is already JSON Schema). */
export function propertyForPort(port: NodePort): PortProperty {
  const fromType = schemaForDataType(port.dataType);
  const portSchema = workflowValue(port.schema);
  const custom = isObject(portSchema) && Object.keys(portSchema).length > 0 ? portSchema : undefined;
  const { title: _title, ...schema } = custom ?? fromType.schema;
  const property: AsProperty = { title: sanitizeTitle(port.id), ...schema };
  if (port.description) property.description = port.description;
  if (port.defaultValue !== undefined) property.default = workflowValue(port.defaultValue);
  return { property, approximate: custom ? false : fromType.approximate };
}

/** The port an imported property becomes; its full schema is kept so an export writes it back unchanged. */
export function portForProperty(property: AsProperty, side: 'input' | 'output'): NodePort {
  const { title, description, default: defaultValue, ...schema } = property;
  const port: NodePort = { id: title, name: title, type: side, dataType: dataTypeForSchema(property), required: false };
  if (typeof description === 'string') port.description = description;
  if (defaultValue !== undefined) port.defaultValue = defaultValue;
  // Any JSON Schema: PortSchema names only the keywords the editor reads.
  if (Object.keys(schema).length > 0) port.schema = schema as PortSchema;
  return port;
}
