// A node type declared as an Agent Spec node class wfe does not know (a plugin's "…Node"): every config key
// is one of its fields, and its FlowDrop data ports are its inputs and outputs.
import { settle } from '../conform.js';
import type { NodeMapper } from './types.js';

export const pluginMapper: NodeMapper = {
  derive: {},
  io: (_fields, given) => settle(given, given.inputs, given.outputs),
};
