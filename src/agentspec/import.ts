// One entry point for everything `wfe import` and POST /workflows/import/agentspec accept: an official
// Agent Spec Flow, FlowDrop's dialect of it, or (for --from flowdrop) a FlowDrop workflow as is.
import type { Workflow } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import { dialectToOfficial, isFlowdropDialect } from './dialect.js';
import { agentSpecToWorkflow, type FromAgentSpecOptions } from './from-agentspec.js';
import { AgentSpecError, isObject } from './types.js';

/** A FlowDrop workflow file: what validateWorkflowFile accepts. */
const isWorkflowFile = (value: unknown): value is Workflow => validateWorkflowFile(value);

import { IMPORT_SOURCES, type ImportSource } from './rules.js';
export { IMPORT_SOURCES, type ImportSource };

/** A FlowDrop workflow has nodes and edges and no component_type; anything else is read as Agent Spec. */
export function detectSource(value: unknown): Exclude<ImportSource, 'auto'> {
  return isObject(value) && value.component_type === undefined && Array.isArray(value.nodes) && Array.isArray(value.edges)
    ? 'flowdrop'
    : 'agentspec';
}

export interface Imported {
  workflow: Workflow;
  source: Exclude<ImportSource, 'auto'>;
  /** The input was FlowDrop's Agent Spec dialect. */
  dialect: boolean;
}

export function importDocument(value: unknown, options: FromAgentSpecOptions & { from?: ImportSource } = {}): Imported {
  const source = !options.from || options.from === 'auto' ? detectSource(value) : options.from;
  if (source === 'flowdrop') {
    if (!isWorkflowFile(value)) {
      const [first] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
      throw new AgentSpecError(`not a FlowDrop workflow: ${first.field} ${first.message}`, first.pointer);
    }
    return { workflow: value, source, dialect: false };
  }
  const dialect = isFlowdropDialect(value);
  const official = dialect && isObject(value) ? dialectToOfficial(value) : value;
  return { workflow: agentSpecToWorkflow(official, options), source, dialect };
}
