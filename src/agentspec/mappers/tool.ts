// tools, processing, data, prompts, memories, embeddings, vector stores, logic (and interrupts other than
// human_review) → ToolNode around a ServerTool (a ClientTool for interrupts) named after the node type; a
// `tool_ref` becomes a ServerTool of that name, which the runtime provides. Inputs and outputs are the tool's.
import type { NodeMetadata } from '../../contract/types.js';
import { fromComponent } from '../conform.js';
import { inputsOf, outputsOf } from '../inferred-io.js';
import { str } from '../node-fields.js';
import { sanitizeTitle } from '../properties.js';
import type { AsObject } from '../types.js';
import { namedServerTool } from './placeholders.js';
import type { NodeMapper } from './types.js';

export const toolMapper: NodeMapper = {
  derive: {
    tool: (ctx, config, used) => {
      const ref = str(config.tool_ref);
      const meta: NodeMetadata | undefined = ctx.node.data.metadata;
      if (ref) {
        used.push('tool_ref');
        return namedServerTool(ref, ctx.inputs, ctx.outputs);
      }
      const tool: AsObject = {
        component_type: ctx.tool ?? 'ServerTool',
        id: `${ctx.node.id}-tool`,
        name: sanitizeTitle(meta?.id ?? ctx.label),
      };
      if (meta?.description) tool.description = meta.description;
      tool.inputs = ctx.inputs;
      tool.outputs = ctx.outputs;
      return tool;
    },
  },
  io: (fields, given) =>
    fromComponent(given, fields.tool, (tool) => ({
      inputs: Array.isArray(tool.inputs) ? inputsOf(tool) : [],
      outputs: Array.isArray(tool.outputs) ? outputsOf(tool) : [],
    })),
};
