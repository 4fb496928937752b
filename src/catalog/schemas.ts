// JSON Schemas (ajv) for the catalog keys of wfe.config.yaml, following the OpenAPI shapes of
// CategoryDefinition, PortDataTypeConfig and PortCompatibilityRule: required fields only, unknown fields
// allowed. Node-type files are checked with the contract's node-type schema.
import { compileSchema, validateNodeType, type Validator } from '../contract/validators.js';

export { validateNodeType };

const nonEmpty = { type: 'string', minLength: 1 };

const categoryDefinition = {
  type: 'object',
  required: ['name', 'label'],
  properties: {
    name: nonEmpty,
    label: { type: 'string' },
    icon: { type: 'string' },
    color: { type: 'string' },
    description: { type: 'string' },
    weight: { type: 'number' },
  },
};

const portDataTypeConfig = {
  type: 'object',
  required: ['id', 'name', 'color'],
  properties: {
    id: nonEmpty,
    name: { type: 'string' },
    color: { type: 'string' },
    description: { type: 'string' },
    category: { type: 'string' },
    aliases: { type: 'array', items: nonEmpty },
    enabled: { type: 'boolean' },
  },
};

const compatibilityRule = {
  type: 'object',
  required: ['from', 'to'],
  properties: { from: nonEmpty, to: nonEmpty, description: { type: 'string' } },
};

/** The catalog's keys of wfe.config.yaml; other top-level keys belong to other features. */
const catalogConfigSchema = {
  type: 'object',
  properties: {
    categories: { type: 'array', items: categoryDefinition },
    portDataTypes: { type: 'array', items: portDataTypeConfig },
    compatibilityRules: { type: 'array', items: compatibilityRule },
    defaultDataType: nonEmpty,
    // Read by the run engine: a node's simulated answer by node id or node type id.
    mocks: {
      type: 'object',
      additionalProperties: {
        anyOf: [
          { type: 'string' },
          {
            type: 'object',
            properties: { response: {}, outputs: { type: 'object' }, error: { type: 'string' } },
            additionalProperties: false,
          },
        ],
      },
    },
  },
};

export const validateCatalogConfig: Validator = compileSchema(catalogConfigSchema);
