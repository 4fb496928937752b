// chat_model, models/ai → LlmNode: the prompt from `template`, else one `{{input}}` per data input; the
// LLM config from the node's model settings. Inputs are the prompt's placeholders; outputs the node's,
// or `generated_text`.
import { settle, templateInputs } from '../conform.js';
import { DEFAULT_OUTPUTS } from '../inferred-io.js';
import { placeholders, str } from '../node-fields.js';
import { llmConfigFor } from './llm-config.js';
import type { NodeMapper } from './types.js';

export const llmMapper: NodeMapper = {
  derive: {
    llm_config: (ctx, config, used) => llmConfigFor(ctx, config, used),
    prompt_template: (ctx, config, used) => {
      const template = str(config.template);
      if (template) used.push('template');
      return template ?? placeholders(ctx.inputs.map((p) => p.title));
    },
  },
  io: (fields, given) =>
    settle(given, templateInputs('LlmNode', fields, given), given.outputs.length > 0 ? given.outputs : [DEFAULT_OUTPUTS.LlmNode]),
};
