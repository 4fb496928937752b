// JSON Schemas of what wfe accepts: workflow files on disk and request bodies. One source for serve
// and validate. Liberal where the real editor is (ids are any non-empty string, unknown keys are kept),
// strict where the contract is (required fields, types, lengths).
import { agentSpecFlowSchema, agentSpecNodeSchema } from './agentspec-input-schemas.js';

const nonEmptyString = { type: 'string', minLength: 1 } as const;

const NODE_TYPE_VISUALS = ['note', 'simple', 'square', 'tool', 'gateway', 'terminal', 'default'] as const;
const CONFIG_PROPERTY_TYPES = ['string', 'number', 'boolean', 'array', 'object', 'integer'] as const;

/**
 * Config keys the editor itself writes into every node (its title, badge, dynamic ports, branches): never part
 * of a type's configSchema, so config checks ignore them, and the Agent Spec export carries them elsewhere.
 */
export const EDITOR_CONFIG_KEYS: ReadonlySet<string> = new Set([
  'instanceTitle',
  'instanceDescription',
  'instanceBadge',
  'nodeType',
  'dynamicInputs',
  'dynamicOutputs',
  'branches',
]);

const portSchema = {
  $id: 'wfe:port',
  type: 'object',
  required: ['id', 'name', 'dataType'],
  properties: {
    id: nonEmptyString,
    name: { type: 'string' },
    type: { enum: ['input', 'output', 'metadata'] },
    dataType: nonEmptyString,
    required: { type: 'boolean' },
    description: { type: 'string' },
    schema: { type: 'object' },
  },
} as const;

const nodeMetadataSchema = {
  $id: 'wfe:node-metadata',
  type: 'object',
  required: ['id', 'name', 'description', 'category', 'version', 'inputs', 'outputs'],
  properties: {
    id: nonEmptyString,
    name: { type: 'string' },
    description: { type: 'string' },
    category: { type: 'string' },
    version: { type: 'string' },
    type: { type: 'string' },
    supportedTypes: { type: 'array', items: { type: 'string' } },
    icon: { type: 'string' },
    color: { type: 'string' },
    badge: { type: 'string' },
    portDataType: { type: 'string' },
    inputs: { type: 'array', items: { $ref: 'wfe:port' } },
    outputs: { type: 'array', items: { $ref: 'wfe:port' } },
    configSchema: { type: 'object' },
    tags: { type: 'array', items: { type: 'string' } },
    formats: { type: 'array', items: { type: 'string' } },
    extensions: { type: 'object' },
  },
} as const;

/**
 * A node type as a catalog file defines it: stricter than the copy the editor embeds in every node
 * (`wfe:node-metadata`), which may carry client-only visual types (idea, workflowNode) and ports
 * without a direction. Authors get the enums; saved workflows are not refused over them.
 */
const nodeTypeSchema = {
  ...nodeMetadataSchema,
  $id: 'wfe:node-type',
  properties: {
    ...nodeMetadataSchema.properties,
    category: nonEmptyString,
    type: { enum: NODE_TYPE_VISUALS },
    supportedTypes: { type: 'array', items: { enum: NODE_TYPE_VISUALS } },
    inputs: { type: 'array', items: { $ref: 'wfe:port-definition' } },
    outputs: { type: 'array', items: { $ref: 'wfe:port-definition' } },
    config: { type: 'object' },
    configSchema: {
      type: 'object',
      required: ['type', 'properties'],
      properties: {
        type: { const: 'object' },
        properties: {
          type: 'object',
          additionalProperties: { type: 'object', required: ['type'], properties: { type: { enum: CONFIG_PROPERTY_TYPES } } },
        },
        required: { type: 'array', items: { type: 'string' } },
        additionalProperties: { type: 'boolean' },
      },
    },
  },
} as const;

const portDefinitionSchema = {
  ...portSchema,
  $id: 'wfe:port-definition',
  required: ['id', 'name', 'type', 'dataType'],
} as const;

const dynamicPort = {
  type: 'object',
  required: ['name', 'dataType'],
  properties: { name: nonEmptyString, label: { type: 'string' }, dataType: nonEmptyString, required: { type: 'boolean' } },
} as const;

const branch = {
  type: 'object',
  required: ['name'],
  properties: {
    name: nonEmptyString,
    label: { type: 'string' },
    description: { type: 'string' },
    condition: { type: 'string' },
    isDefault: { type: 'boolean' },
  },
} as const;

const nodeSchema = {
  $id: 'wfe:node',
  type: 'object',
  required: ['id', 'type', 'position', 'data'],
  properties: {
    id: nonEmptyString,
    type: { type: 'string' },
    position: {
      type: 'object',
      required: ['x', 'y'],
      properties: { x: { type: 'number' }, y: { type: 'number' } },
    },
    deletable: { type: 'boolean' },
    data: {
      type: 'object',
      required: ['label', 'config', 'metadata'],
      properties: {
        label: { type: 'string' },
        config: {
          type: 'object',
          properties: {
            instanceTitle: { type: 'string' },
            instanceDescription: { type: 'string' },
            instanceBadge: { type: 'string' },
            nodeType: { type: 'string' },
            dynamicInputs: { type: 'array', items: dynamicPort },
            dynamicOutputs: { type: 'array', items: dynamicPort },
            branches: { type: 'array', items: branch },
          },
        },
        metadata: { $ref: 'wfe:node-metadata' },
        isProcessing: { type: 'boolean' },
        error: { type: 'string' },
        nodeId: { type: 'string' },
        extensions: { type: 'object' },
      },
    },
  },
} as const;

const edgeSchema = {
  $id: 'wfe:edge',
  type: 'object',
  required: ['id', 'source', 'target'],
  properties: {
    id: nonEmptyString,
    source: nonEmptyString,
    target: nonEmptyString,
    sourceHandle: { type: ['string', 'null'] },
    targetHandle: { type: ['string', 'null'] },
    type: { type: 'string' },
    selectable: { type: 'boolean' },
    deletable: { type: 'boolean' },
    data: { type: 'object' },
  },
} as const;

const tags = { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 50 } } as const;

const metadataSchema = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    schemaVersion: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    author: { type: 'string', maxLength: 100 },
    tags,
    versionId: { type: 'string' },
    updateNumber: { type: 'integer', minimum: 0 },
    format: { type: 'string' },
  },
} as const;

const workflowProperties = {
  id: { type: 'string', minLength: 1, maxLength: 200 },
  name: { type: 'string', minLength: 1, maxLength: 200 },
  description: { type: 'string', maxLength: 1000 },
  nodes: { type: 'array', items: { $ref: 'wfe:node' } },
  edges: { type: 'array', items: { $ref: 'wfe:edge' } },
  metadata: metadataSchema,
  config: { type: 'object' },
} as const;

/** A workflow file as stored on disk (metadata may be missing in hand-written files; defaults are filled in). */
const workflowFileSchema = {
  $id: 'wfe:workflow-file',
  type: 'object',
  required: ['id', 'name', 'nodes', 'edges'],
  properties: workflowProperties,
} as const;

/** POST /workflows: the client sends a full Workflow (with or without id); the OAS body needs only name. */
const createWorkflowSchema = {
  $id: 'wfe:create-workflow',
  type: 'object',
  required: ['name'],
  properties: { ...workflowProperties, id: { type: 'string', maxLength: 200 }, tags },
} as const;

/** PUT /workflows/{id}: every field optional; only present ones change. */
const updateWorkflowSchema = {
  $id: 'wfe:update-workflow',
  type: 'object',
  properties: { ...workflowProperties, id: { type: 'string', maxLength: 200 } },
} as const;

// ---------- request bodies of the run side (runs, playground, interrupts, Agent Spec runtime) ----------

const inputsObject = { type: 'object' } as const;

/** POST /workflows/{id}/execute and /pipeline/{id}/execute: {inputs?, options?: {timeout, maxSteps}}, limits ≥ 1. */
const runRequestSchema = {
  $id: 'wfe:run-request',
  type: 'object',
  properties: {
    inputs: inputsObject,
    options: {
      type: 'object',
      properties: { timeout: { type: 'integer', minimum: 1 }, maxSteps: { type: 'integer', minimum: 1 } },
    },
  },
} as const;

/** POST /execute (not in the OpenAPI document): a run request naming a stored workflow (three spellings) or carrying one. */
const executeRequestSchema = {
  $id: 'wfe:execute-request',
  type: 'object',
  properties: {
    ...runRequestSchema.properties,
    workflowId: { type: 'string', minLength: 1 },
    workflow_id: { type: 'string', minLength: 1 },
    id: { type: 'string', minLength: 1 },
    /** Checked against the workflow file schema by the route, which names the field. */
    workflow: { type: 'object' },
  },
} as const;

/** POST /workflows/{id}/playground/sessions. */
const createSessionSchema = {
  $id: 'wfe:create-session',
  type: 'object',
  properties: { name: { type: 'string', maxLength: 100 }, metadata: { type: 'object' } },
} as const;

/** POST /playground/sessions/{sessionId}/messages (OAS PlaygroundMessageRequest). */
const sendMessageSchema = {
  $id: 'wfe:send-message',
  type: 'object',
  required: ['content'],
  properties: { content: { type: 'string', maxLength: 10_000 }, inputs: inputsObject },
} as const;

/** POST /interrupts/{interruptId}: the value itself is checked against the interrupt by the engine. */
const interruptAnswerSchema = {
  $id: 'wfe:interrupt-answer',
  type: 'object',
  required: ['value'],
} as const;

/** POST /agentspec/flows/execute: the flow is checked by the Agent Spec verdict. */
const agentSpecExecuteSchema = {
  $id: 'wfe:agentspec-execute',
  type: 'object',
  required: ['flow'],
  properties: { inputs: inputsObject },
} as const;

// ---------- which validators wfe ships precompiled ----------

/** Schemas other schemas `$ref` by id; registered before any is compiled. */
export const SHARED_SCHEMAS = [portSchema, portDefinitionSchema, nodeMetadataSchema, nodeSchema, edgeSchema] as const;

/**
 * The validators compiled ahead of time into precompiled/validators.cjs (ajv's standalone code), by export
 * name: loading ajv and compiling these at start cost about 95 ms per process. After changing a schema
 * here, `npm run generate` rewrites that file; `npm run check:generated` fails while it is stale.
 */
export const PRECOMPILED_SCHEMAS = {
  validateWorkflowFile: workflowFileSchema,
  validateCreateWorkflow: createWorkflowSchema,
  validateUpdateWorkflow: updateWorkflowSchema,
  validateNodeType: nodeTypeSchema,
  validateRunRequest: runRequestSchema,
  validateExecuteRequest: executeRequestSchema,
  validateCreateSession: createSessionSchema,
  validateSendMessage: sendMessageSchema,
  validateInterruptAnswer: interruptAnswerSchema,
  validateAgentSpecExecute: agentSpecExecuteSchema,
  validateAgentSpecFlow: agentSpecFlowSchema,
  validateAgentSpecNode: agentSpecNodeSchema,
} as const;

/** The ajv options of every validator wfe compiles, ahead of time or at run time. */
export const AJV_OPTIONS = { allErrors: true, strict: false } as const;
/** The formats those validators check (from ajv-formats). */
export const AJV_FORMATS: Array<'date-time' | 'uri' | 'email'> = ['date-time', 'uri', 'email'];
