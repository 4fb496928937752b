// chat_output, text_output, outputs → OutputMessageNode: the message is one placeholder per data input;
// no outputs.
import { settle, templateInputs } from '../conform.js';
import { placeholders } from '../node-fields.js';
import type { NodeMapper } from './types.js';

export const outputMessageMapper: NodeMapper = {
  derive: { message: (ctx) => placeholders(ctx.inputs.map((p) => p.title)) },
  io: (fields, given) => settle(given, templateInputs('OutputMessageNode', fields, given), []),
};
