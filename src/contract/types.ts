// The REST resources as TypeScript types. Field names follow the FlowDrop OpenAPI document;
// the specification's names (schemaVersion, config) are carried alongside (see docs/serve.md).

export type JsonObject = Record<string, unknown>;

export interface Position {
  x: number;
  y: number;
}

export interface PortSchema {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, PortSchema>;
  items?: PortSchema;
  required?: string[];
}

export interface NodePort {
  id: string;
  name: string;
  type: 'input' | 'output' | 'metadata';
  dataType: string;
  required?: boolean;
  description?: string;
  defaultValue?: unknown;
  schema?: PortSchema;
}

export interface ConfigSchema {
  type: 'object';
  properties: Record<string, JsonObject>;
  required?: string[];
  additionalProperties?: boolean;
}

export interface NodeMetadata {
  id: string;
  name: string;
  description: string;
  category: string;
  version: string;
  type?: string;
  supportedTypes?: string[];
  icon?: string;
  color?: string;
  badge?: string;
  portDataType?: string;
  inputs: NodePort[];
  outputs: NodePort[];
  configSchema?: ConfigSchema;
  config?: JsonObject;
  tags?: string[];
  formats?: string[];
  extensions?: JsonObject;
  [key: string]: unknown;
}

export interface Branch {
  name: string;
  label?: string;
  description?: string;
  condition?: string;
  isDefault?: boolean;
}

export interface NodeExecutionInfo {
  status: string;
  executionCount: number;
  isExecuting: boolean;
  lastExecuted?: string;
  lastExecutionDuration?: number;
  lastError?: string;
}

export interface WorkflowNode {
  id: string;
  type: string;
  position: Position;
  deletable?: boolean;
  data: {
    label: string;
    config: JsonObject & { branches?: Branch[] };
    metadata: NodeMetadata;
    isProcessing?: boolean;
    error?: string;
    nodeId?: string;
    executionInfo?: NodeExecutionInfo;
    extensions?: JsonObject;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

export interface WorkflowEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string;
  targetHandle?: string;
  type?: string;
  selectable?: boolean;
  deletable?: boolean;
  data?: JsonObject;
  [key: string]: unknown;
}

export interface WorkflowMetadata {
  version: string;
  schemaVersion?: string;
  createdAt: string;
  updatedAt: string;
  author?: string;
  tags?: string[];
  versionId?: string;
  updateNumber?: number;
  format?: string;
  [key: string]: unknown;
}

export interface Workflow {
  id: string;
  name: string;
  description?: string;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  metadata: WorkflowMetadata;
  config?: JsonObject;
  [key: string]: unknown;
}

/**
 * A workflow file as read from disk or sent whole (what validateWorkflowFile accepts): a hand-written file may
 * leave metadata out, or some of its fields; withMetadataDefaults makes a Workflow of it.
 */
export interface WorkflowFile {
  id: string;
  name: string;
  description?: string;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  metadata?: Partial<WorkflowMetadata>;
  config?: JsonObject;
  [key: string]: unknown;
}

export interface CategoryDefinition {
  name: string;
  label: string;
  icon?: string;
  color?: string;
  description?: string;
  weight?: number;
}

export interface PortDataTypeConfig {
  id: string;
  name: string;
  color: string;
  description?: string;
  category?: string;
  aliases?: string[];
  enabled?: boolean;
}

export interface PortCompatibilityRule {
  from: string;
  to: string;
  description?: string;
}

export interface PortConfig {
  version?: string;
  defaultDataType: string;
  dataTypes: PortDataTypeConfig[];
  compatibilityRules: PortCompatibilityRule[];
}

/** A problem found while loading a file from the served directory. */
export interface LoadError {
  /** Path relative to the served directory, with forward slashes. */
  file: string;
  line?: number;
  column?: number;
  /** JSON pointer of the offending value, when known. */
  pointer?: string;
  message: string;
}
