// agents → AgentNode around an Agent whose inputs are the placeholders of its system prompt (an
// `agent_ref` becomes an Agent of that name, with a warning).
import { fromComponent } from '../conform.js';
import { inputsOf, outputsOf, placeholdersIn } from '../inferred-io.js';
import { str } from '../node-fields.js';
import { sanitizeTitle } from '../properties.js';
import { llmConfigFor } from './llm-config.js';
import type { NodeMapper } from './types.js';

export const agentMapper: NodeMapper = {
  derive: {
    agent: (ctx, config, used) => {
      const ref = str(config.agent_ref);
      if (ref) used.push('agent_ref');
      const systemPrompt = str(config.system_prompt) ?? str(config.systemPrompt) ?? '';
      if (config.system_prompt !== undefined) used.push('system_prompt');
      else if (config.systemPrompt !== undefined) used.push('systemPrompt');
      if (ref)
        ctx.warn(
          `'${ctx.label}' names agent "${ref}", which the workflow does not describe: written as an Agent "${ref}" with this node's prompt and LLM config`,
        );
      // An Agent's inputs are the placeholders of its system prompt.
      const inputs = placeholdersIn(systemPrompt).map((title) => ctx.inputs.find((p) => p.title === title) ?? { title, type: 'string' });
      return {
        component_type: 'Agent',
        id: ref ?? `${ctx.node.id}-agent`,
        name: ref ?? sanitizeTitle(ctx.label),
        inputs,
        outputs: ctx.outputs,
        llm_config: llmConfigFor(ctx, config, used),
        system_prompt: systemPrompt,
      };
    },
  },
  io: (fields, given) => fromComponent(given, fields.agent, (agent) => ({ inputs: inputsOf(agent), outputs: outputsOf(agent) })),
};
