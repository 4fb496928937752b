// One entry point for everything `wfe import` and POST /workflows/import/agentspec accept: an official
// Agent Spec Flow, FlowDrop's dialect of it, or (for --from flowdrop) a FlowDrop workflow as is.
import type { Workflow } from '../contract/types.js';
import { dialectToOfficial, isFlowdropDialect } from './dialect.js';
import { detectSource, flowdropWorkflow } from './flowdrop-source.js';
import { agentSpecToWorkflow, type FromAgentSpecOptions } from './from-agentspec.js';
import { isObject } from './types.js';

import { IMPORT_SOURCES, type ImportSource } from './rules.js';
export { IMPORT_SOURCES, type ImportSource };
export { detectSource };

export interface Imported {
  workflow: Workflow;
  source: Exclude<ImportSource, 'auto'>;
  /** The input was FlowDrop's Agent Spec dialect. */
  dialect: boolean;
}

export function importDocument(value: unknown, options: FromAgentSpecOptions & { from?: ImportSource } = {}): Imported {
  const source = !options.from || options.from === 'auto' ? detectSource(value) : options.from;
  if (source === 'flowdrop') return { workflow: flowdropWorkflow(value), source, dialect: false };
  const dialect = isFlowdropDialect(value);
  const official = dialect && isObject(value) ? dialectToOfficial(value) : value;
  return { workflow: agentSpecToWorkflow(official, options), source, dialect };
}
