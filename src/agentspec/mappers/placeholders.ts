// Components a workflow or a document names but does not describe. `wfe export` meets them in a node's
// config (llm_config_ref, tool_ref), the dialect reader in a name that FlowDrop's dialect document defines
// nowhere (`llm_config: "default_llm"`, `tool: "text_transform"`) or in a field it leaves out: both write the
// same generic component under that name, for the runtime to map (Agent Spec runtimes resolve tools and
// LLM configs by name).
import { placeholders } from '../node-fields.js';
import type { AsObject, AsProperty } from '../types.js';

/** The LLM config of an LlmNode or an Agent that names none: wfe's own agentspec.llm_node default. */
export const DEFAULT_LLM_CONFIG = 'default_llm';

/** A generic LlmConfig (26.1.2) whose model is its name. */
export const namedLlmConfig = (name: string): AsObject => ({ component_type: 'LlmConfig', id: name, name, model_id: name });

/** A ServerTool of that name with the node's data ports as its inputs and outputs. */
export const namedServerTool = (name: string, inputs: AsProperty[], outputs: AsProperty[]): AsObject => ({
  component_type: 'ServerTool',
  id: name,
  name,
  inputs,
  outputs,
});

/**
 * An Agent of that name with the node's data ports and the default LLM config. An Agent's inputs are the
 * placeholders of its system prompt, so the prompt is one placeholder per input.
 */
export const namedAgent = (name: string, inputs: AsProperty[], outputs: AsProperty[]): AsObject => ({
  component_type: 'Agent',
  id: name,
  name,
  inputs,
  outputs,
  llm_config: namedLlmConfig(DEFAULT_LLM_CONFIG),
  system_prompt: placeholders(inputs.map((p) => p.title)),
});
