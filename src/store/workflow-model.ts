// Pure rules for what a stored workflow looks like: defaults for hand-written files, what POST creates,
// what PUT changes. No I/O here.
import { nodeCrypto } from '../util/lazy-module.js';
import type { JsonObject, Workflow, WorkflowFile, WorkflowMetadata, WorkflowNode } from '../contract/types.js';

const DEFAULT_SCHEMA_VERSION = '1.0.0';

const newVersionId = (): string => nodeCrypto().randomUUID();

/** Response-only node fields are not persisted: they describe a run, not the graph. */
function withoutRuntimeFields(nodes: WorkflowNode[]): WorkflowNode[] {
  return nodes.map((node) => {
    if (!node.data || !('executionInfo' in node.data)) return node;
    const { executionInfo: _dropped, ...data } = node.data;
    return { ...node, data };
  });
}

/**
 * Fills what a hand-written file may leave out (`version` and the specification's `schemaVersion` always agree)
 * and drops run state a file should not carry.
 */
export function withMetadataDefaults(raw: WorkflowFile, fileTime: string): Workflow {
  const given = raw.metadata ?? {};
  const version = given.version ?? given.schemaVersion ?? DEFAULT_SCHEMA_VERSION;
  const metadata: WorkflowMetadata = {
    ...given,
    version,
    schemaVersion: version,
    createdAt: given.createdAt ?? fileTime,
    updatedAt: given.updatedAt ?? fileTime,
    format: given.format ?? 'flowdrop',
    updateNumber: given.updateNumber ?? 0,
  };
  return { ...raw, nodes: withoutRuntimeFields(raw.nodes), metadata };
}

export interface CreateInput {
  id?: string;
  name: string;
  description?: string;
  nodes?: WorkflowNode[];
  edges?: Workflow['edges'];
  metadata?: Partial<WorkflowMetadata>;
  tags?: string[];
  config?: JsonObject;
  [key: string]: unknown;
}

export function buildCreatedWorkflow(input: CreateInput, now: string): Workflow {
  const given = input.metadata ?? {};
  const version = given.version ?? given.schemaVersion ?? DEFAULT_SCHEMA_VERSION;
  const { tags, metadata: _m, ...rest } = input;
  const workflow: Workflow = {
    ...rest,
    id: input.id && input.id.length > 0 ? input.id : nodeCrypto().randomUUID(),
    name: input.name,
    description: input.description ?? '',
    nodes: withoutRuntimeFields(input.nodes ?? []),
    edges: input.edges ?? [],
    metadata: {
      ...given,
      version,
      schemaVersion: version,
      createdAt: given.createdAt ?? now,
      updatedAt: now,
      format: given.format ?? 'flowdrop',
      versionId: newVersionId(),
      updateNumber: 0,
      ...((tags ?? given.tags) ? { tags: tags ?? given.tags } : {}),
    },
  };
  if (input.config !== undefined) workflow.config = input.config;
  return workflow;
}

export type UpdateInput = Partial<CreateInput>;

// Set by the server on every save; values sent by the client are ignored.
const SERVER_METADATA_KEYS = ['createdAt', 'updatedAt', 'versionId', 'updateNumber'] as const;

export function applyUpdate(current: Workflow, patch: UpdateInput, now: string): Workflow {
  const next: Workflow = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || key === 'id' || key === 'metadata' || key === 'tags') continue;
    // defineProperty, not assignment: a key named "__proto__" must stay an own property, kept on disk.
    Object.defineProperty(next, key, {
      value: key === 'nodes' && patch.nodes ? withoutRuntimeFields(patch.nodes) : value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  const incoming: Partial<WorkflowMetadata> = { ...(patch.metadata ?? {}) };
  for (const key of SERVER_METADATA_KEYS) delete incoming[key];
  if (patch.tags) incoming.tags = patch.tags;
  const version = incoming.version ?? incoming.schemaVersion ?? current.metadata.version;
  next.metadata = {
    ...current.metadata,
    ...incoming,
    version,
    schemaVersion: version,
    createdAt: current.metadata.createdAt,
    updatedAt: now,
    versionId: newVersionId(),
    updateNumber: (current.metadata.updateNumber ?? 0) + 1,
  };
  return next;
}
