// Small, valid workflows for tests, built the way the editor builds them (full metadata in every node).
import type { NodeMetadata, Workflow, WorkflowEdge, WorkflowNode } from '../../src/contract/types.js';

export const textInputType: NodeMetadata = {
  id: 'text_input',
  name: 'Text Input',
  description: 'Text typed by the user',
  category: 'inputs',
  version: '1.0.0',
  type: 'default',
  inputs: [],
  outputs: [{ id: 'text', name: 'Text', type: 'output', dataType: 'string' }],
  configSchema: { type: 'object', properties: { placeholder: { type: 'string', default: '' } } },
};

export const modelType: NodeMetadata = {
  id: 'chat_model',
  name: 'Chat Model',
  description: 'A chat model',
  category: 'models',
  version: '1.0.0',
  type: 'default',
  inputs: [{ id: 'prompt', name: 'Prompt', type: 'input', dataType: 'string', required: true }],
  outputs: [{ id: 'response', name: 'Response', type: 'output', dataType: 'string' }],
  configSchema: {
    type: 'object',
    properties: {
      model: { type: 'string', enum: ['gpt-4o-mini', 'local-llama'], default: 'gpt-4o-mini' },
      temperature: { type: 'number', minimum: 0, maximum: 2, default: 0.7 },
    },
    required: ['model'],
  },
};

export function node(id: string, meta: NodeMetadata, x = 0, config: Record<string, unknown> = {}): WorkflowNode {
  const defaults = Object.fromEntries(
    Object.entries(meta.configSchema?.properties ?? {}).map(([k, v]) => [k, (v as { default?: unknown }).default]),
  );
  return {
    id,
    type: 'universalNode',
    position: { x, y: 100 },
    data: { label: meta.name, config: { ...defaults, ...config }, metadata: meta, nodeId: id },
  };
}

export function edge(source: string, sourcePort: string, target: string, targetPort: string): WorkflowEdge {
  return {
    id: `e-${source}-${target}`,
    source,
    target,
    sourceHandle: `${source}-output-${sourcePort}`,
    targetHandle: `${target}-input-${targetPort}`,
  };
}

export function twoNodeWorkflow(id: string, name = `Workflow ${id}`): Workflow {
  return {
    id,
    name,
    description: 'input to model',
    nodes: [node('in.1', textInputType, 0), node('model.1', modelType, 300)],
    edges: [edge('in.1', 'text', 'model.1', 'prompt')],
    metadata: {
      version: '1.0.0',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
      versionId: `v-${id}`,
      updateNumber: 0,
      format: 'flowdrop',
      tags: ['test'],
    },
  };
}

/** A node type file as a folder's nodes/ holds it: one string input, one string output. */
export const customNodeType = (id: string, name = 'Custom') => ({
  id,
  name,
  description: 'A custom node',
  category: 'processing',
  version: '1.0.0',
  type: 'default',
  inputs: [{ id: 'in', name: 'In', type: 'input', dataType: 'string' }],
  outputs: [{ id: 'out', name: 'Out', type: 'output', dataType: 'string' }],
});
