// chat_input, text_input, file_input, inputs → InputMessageNode: the message from `placeholder` or
// `label`; one string output (the user's answer), the first string data output or `user_input`.
import { settle, templateInputs } from '../conform.js';
import { DEFAULT_OUTPUTS } from '../inferred-io.js';
import { str } from '../node-fields.js';
import type { AsProperty } from '../types.js';
import type { NodeMapper } from './types.js';

const isString = (p: AsProperty) => p.type === 'string';

export const inputMessageMapper: NodeMapper = {
  derive: {
    message: (_ctx, config, used) => {
      for (const key of ['placeholder', 'label']) {
        const message = str(config[key]);
        if (message) {
          used.push(key);
          return message;
        }
      }
      return undefined;
    },
  },
  io: (fields, given) => {
    const chosen = given.outputs.find(isString) ?? given.outputs[0];
    const notes: string[] = [];
    let output = chosen ?? DEFAULT_OUTPUTS.InputMessageNode;
    if (!isString(output)) {
      notes.push(`output "${output.title}" is written as a string: an InputMessageNode returns the user's message as text`);
      output = { ...output, type: 'string' };
      for (const key of ['items', 'properties', 'additionalProperties', 'anyOf', 'format']) delete output[key];
    }
    return settle(given, templateInputs('InputMessageNode', fields, given), [output], notes);
  },
};
