// What a node kind's mapper is: which Agent Spec fields it derives from a FlowDrop node, which inputs and
// outputs the written component declares, and which control outputs are real branches of it. The loop that
// assembles the Flow (to-agentspec.ts) builds the envelope, the flowdrop: metadata and the edges.
import type { Conformed, Given } from '../conform.js';
import type { Derive } from '../node-fields.js';
import type { AsObject } from '../types.js';

export interface NodeMapper {
  /** Fields derived when the config does not name them, after the component type's own fields. */
  derive: Readonly<Record<string, Derive>>;
  /** The inputs and outputs the component declares, from its written fields and the FlowDrop data ports. */
  io(fields: AsObject, given: Given): Conformed;
  /**
   * Control outputs that are branches of the component: absent, only the default "next" (other control
   * outputs get a lossy-export warning); `'own'`, the component declares its branches itself (a
   * BranchingNode's mapping, a subflow's EndNodes); a list, exactly those names.
   */
  branches?: 'own' | readonly string[];
}
