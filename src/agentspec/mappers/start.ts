// start / triggers → StartNode: its inputs and outputs are both the node's data outputs.
import { settle } from '../conform.js';
import type { NodeMapper } from './types.js';

export const startMapper: NodeMapper = {
  derive: {},
  io: (_fields, given) => settle(given, given.outputs, given.outputs),
};
