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
    // Read by the run engine: real calls (--live), the environment variables that hold the keys, the hosts
    // HTTP nodes may call. Names of variables only: a key itself never goes in a file.
    runs: {
      type: 'object',
      properties: {
        live: { type: 'boolean' },
        keys: { type: 'object', additionalProperties: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } },
        allowHosts: { type: 'array', items: nonEmpty },
        timeoutMs: { type: 'integer', minimum: 1 },
        retries: { type: 'integer', minimum: 0, maximum: 10 },
        stream: { type: 'boolean' },
      },
      additionalProperties: false,
    },
  },
};

export const validateCatalogConfig: Validator = compileSchema(catalogConfigSchema);

/** Every top-level key of wfe.config.yaml that some part of wfe reads: the catalog's, `rules:` and `ignore:`. */
export const CONFIG_KEYS: readonly string[] = [...Object.keys(catalogConfigSchema.properties), 'rules', 'ignore'];
