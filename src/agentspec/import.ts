// One entry point for everything `wfe import` and POST /workflows/import/agentspec accept: an official
// Agent Spec Flow, FlowDrop's dialect of it, or (for --from flowdrop) a FlowDrop workflow as is.
import type { Workflow } from '../contract/types.js';
import { isFlowdropDialect, readDialect, type ImportWarning } from './dialect.js';
import { detectSource, flowdropWorkflow } from './flowdrop-source.js';
import { agentSpecToWorkflow, importAgentSpecFlow, type FromAgentSpecOptions } from './from-agentspec.js';
import type { NodesAt } from './node-places.js';
import { isObject } from './types.js';

import { IMPORT_SOURCES, type ImportSource } from './rules.js';
export { IMPORT_SOURCES, type ImportSource, type ImportWarning };
export { detectSource };

export interface Imported {
  workflow: Workflow;
  source: Exclude<ImportSource, 'auto'>;
  /** The input was FlowDrop's Agent Spec dialect. */
  dialect: boolean;
  /**
   * What the import read in a way the document did not say: a name that FlowDrop's dialect document defines
   * nowhere, read as a generic component (an LlmConfig, a ServerTool…), each at its JSON pointer.
   */
  warnings: ImportWarning[];
  /**
   * Of an official Agent Spec document: which nodes of the workflow each place in the document concerns
   * (node-places.ts), worked out when asked. A dialect document is read through its official translation,
   * whose places are not the document's.
   */
  nodesAt?: () => NodesAt;
}

export function importDocument(value: unknown, options: FromAgentSpecOptions & { from?: ImportSource } = {}): Imported {
  const source = !options.from || options.from === 'auto' ? detectSource(value) : options.from;
  if (source === 'flowdrop') return { workflow: flowdropWorkflow(value), source, dialect: false, warnings: [] };
  if (!isFlowdropDialect(value) || !isObject(value)) {
    const { workflow, nodesAt } = importAgentSpecFlow(value, options);
    return { workflow, source, dialect: false, warnings: [], nodesAt };
  }
  // Only the dialect reads a missing component leniently: an official document that references a component
  // defined nowhere is refused, as pyagentspec refuses it.
  const { registry } = options;
  const { document, warnings } = readDialect(value, { isSupplied: (key) => registry?.has(key) === true });
  return { workflow: agentSpecToWorkflow(document, options), source, dialect: true, warnings };
}
