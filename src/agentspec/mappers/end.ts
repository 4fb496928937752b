// end / terminal outputs → EndNode: its inputs and outputs are both the node's data inputs.
import { settle } from '../conform.js';
import type { NodeMapper } from './types.js';

export const endMapper: NodeMapper = {
  derive: {},
  io: (_fields, given) => settle(given, given.inputs, given.inputs),
};
