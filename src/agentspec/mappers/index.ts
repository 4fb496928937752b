// The mapper of each node kind, by the Agent Spec component type it writes (and by variant, for a FlowDrop
// node kind written as a composition of Agent Spec nodes).
import type { Resolution } from '../component-types.js';
import { agentMapper } from './agent.js';
import { apiMapper } from './api.js';
import { branchingMapper } from './branching.js';
import { endMapper } from './end.js';
import { humanReviewMapper } from './human-review.js';
import { inputMessageMapper } from './input-message.js';
import { llmMapper } from './llm.js';
import { catchExceptionMapper, flowMapper, mapMapper, parallelFlowMapper, parallelMapMapper } from './nested-flow.js';
import { outputMessageMapper } from './output-message.js';
import { pluginMapper } from './plugin.js';
import { startMapper } from './start.js';
import { toolMapper } from './tool.js';
import type { NodeMapper } from './types.js';

export type { NodeMapper } from './types.js';

export const MAPPERS: Readonly<Record<string, NodeMapper>> = {
  StartNode: startMapper,
  EndNode: endMapper,
  LlmNode: llmMapper,
  AgentNode: agentMapper,
  ToolNode: toolMapper,
  BranchingNode: branchingMapper,
  FlowNode: flowMapper,
  MapNode: mapMapper,
  ParallelMapNode: parallelMapMapper,
  ParallelFlowNode: parallelFlowMapper,
  ApiNode: apiMapper,
  InputMessageNode: inputMessageMapper,
  OutputMessageNode: outputMessageMapper,
  CatchExceptionNode: catchExceptionMapper,
};

/** The mapper for a resolved node: its variant's, else its component type's, else the plugin mapper. */
export function mapperFor(resolution: Extract<Resolution, { kind: 'node' }>): NodeMapper {
  if (resolution.variant === 'human-review') return humanReviewMapper;
  return MAPPERS[resolution.type] ?? pluginMapper;
}
