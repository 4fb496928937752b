// JSON Schemas (ajv) for the files a user may put in the served folder: node types in nodes/ and the
// catalog keys of wfe.config.yaml. They follow the OpenAPI shapes of NodeMetadata, NodePort,
// CategoryDefinition, PortDataTypeConfig and PortCompatibilityRule: required fields and enums only,
// unknown fields allowed (the client keeps extra fields such as uiSchema or configEdit).
import { Ajv, type ValidateFunction } from 'ajv';

export const NODE_TYPE_VISUALS = ['note', 'simple', 'square', 'tool', 'gateway', 'terminal', 'default'] as const;
export const PORT_DIRECTIONS = ['input', 'output', 'metadata'] as const;
export const CONFIG_PROPERTY_TYPES = ['string', 'number', 'boolean', 'array', 'object', 'integer'] as const;

const nonEmpty = { type: 'string', minLength: 1 };

const nodePort = {
  type: 'object',
  required: ['id', 'name', 'type', 'dataType'],
  properties: {
    id: nonEmpty,
    name: { type: 'string' },
    type: { enum: PORT_DIRECTIONS },
    dataType: nonEmpty,
    required: { type: 'boolean' },
    description: { type: 'string' },
  },
};

const configSchema = {
  type: 'object',
  required: ['type', 'properties'],
  properties: {
    type: { const: 'object' },
    properties: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: CONFIG_PROPERTY_TYPES } },
      },
    },
    required: { type: 'array', items: { type: 'string' } },
    additionalProperties: { type: 'boolean' },
  },
};

export const nodeMetadataSchema = {
  type: 'object',
  required: ['id', 'name', 'description', 'category', 'version', 'inputs', 'outputs'],
  properties: {
    id: nonEmpty,
    name: { type: 'string' },
    description: { type: 'string' },
    category: nonEmpty,
    version: { type: 'string' },
    type: { enum: NODE_TYPE_VISUALS },
    supportedTypes: { type: 'array', items: { enum: NODE_TYPE_VISUALS } },
    icon: { type: 'string' },
    color: { type: 'string' },
    badge: { type: 'string' },
    portDataType: { type: 'string' },
    inputs: { type: 'array', items: nodePort },
    outputs: { type: 'array', items: nodePort },
    configSchema,
    config: { type: 'object' },
    tags: { type: 'array', items: { type: 'string' } },
    formats: { type: 'array', items: { type: 'string' } },
    extensions: { type: 'object' },
  },
};

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
export const catalogConfigSchema = {
  type: 'object',
  properties: {
    categories: { type: 'array', items: categoryDefinition },
    portDataTypes: { type: 'array', items: portDataTypeConfig },
    compatibilityRules: { type: 'array', items: compatibilityRule },
    defaultDataType: nonEmpty,
  },
};

const ajv = new Ajv({ allErrors: true, strict: false, logger: false });

export const validateNodeType: ValidateFunction = ajv.compile(nodeMetadataSchema);
export const validateCatalogConfig: ValidateFunction = ajv.compile(catalogConfigSchema);
