// What tells a FlowDrop workflow from an Agent Spec document, and the check of the former: small on
// purpose, so `wfe render` and `wfe diff` of FlowDrop files (run by git once per file version, as a
// textconv or diff driver) do not load the Agent Spec converter.
import type { Workflow } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import type { ImportSource } from './rules.js';
import { AgentSpecError, isObject } from './types.js';

/** A FlowDrop workflow has nodes and edges and no component_type; anything else is read as Agent Spec. */
export function detectSource(value: unknown): Exclude<ImportSource, 'auto'> {
  return isObject(value) && value.component_type === undefined && Array.isArray(value.nodes) && Array.isArray(value.edges)
    ? 'flowdrop'
    : 'agentspec';
}

/** A FlowDrop workflow file: what validateWorkflowFile accepts. */
const isWorkflowFile = (value: unknown): value is Workflow => validateWorkflowFile(value);

/** The value as a FlowDrop workflow, or an AgentSpecError naming the first field that is wrong. */
export function flowdropWorkflow(value: unknown): Workflow {
  if (isWorkflowFile(value)) return value;
  const [first] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
  throw new AgentSpecError(`not a FlowDrop workflow: ${first.field} ${first.message}`, first.pointer);
}
