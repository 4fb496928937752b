// The LLM config of an LlmNode or an Agent: from the node's model settings, or a generic LlmConfig under
// the name the workflow gives (or "default_llm") for the runtime to map.
import type { JsonObject } from '../../contract/types.js';
import { str, type FieldContext } from '../node-fields.js';
import type { AsObject } from '../types.js';
import { DEFAULT_LLM_CONFIG, namedLlmConfig } from './placeholders.js';

export function llmConfigFor(ctx: FieldContext, config: JsonObject, used: string[]): AsObject {
  const ref = str(config.llm_config_ref);
  if (ref) {
    used.push('llm_config_ref');
    ctx.warn(
      `'${ctx.label}' names LLM config "${ref}", which the workflow does not describe: written as a generic LlmConfig "${ref}" (model_id "${ref}") for the runtime to map`,
    );
    return namedLlmConfig(ref);
  }
  const model = str(config.model_id) ?? str(config.model);
  if (!model) {
    ctx.warn(`'${ctx.label}' has no LLM model: written as a generic LlmConfig "${DEFAULT_LLM_CONFIG}" for the runtime to map`);
    return namedLlmConfig(DEFAULT_LLM_CONFIG);
  }
  used.push(config.model_id !== undefined ? 'model_id' : 'model');
  const parameters: AsObject = {};
  if (typeof config.temperature === 'number') {
    parameters.temperature = config.temperature;
    used.push('temperature');
  }
  const maxTokens = config.maxTokens ?? config.max_tokens;
  if (typeof maxTokens === 'number') {
    parameters.max_tokens = maxTokens;
    used.push(config.maxTokens !== undefined ? 'maxTokens' : 'max_tokens');
  }
  if (typeof config.top_p === 'number') {
    parameters.top_p = config.top_p;
    used.push('top_p');
  }
  // OpenAI model ids fit OpenAiConfig (any release); other providers need the generic LlmConfig (26.1.2).
  const openAi = /^(gpt-|o\d|chatgpt)/.test(model);
  return {
    component_type: openAi ? 'OpenAiConfig' : 'LlmConfig',
    id: `${ctx.node.id}-llm`,
    name: model,
    ...(Object.keys(parameters).length > 0 ? { default_generation_parameters: parameters } : {}),
    model_id: model,
  };
}
