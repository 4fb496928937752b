// The type-specific fields of an exported node. A config key with the field's own name is written as
// is (and read back on import); a required field the config lacks is derived from FlowDrop's own keys
// (chat_model's model → an LLM config, http_request's method → http_method…) or, for components
// FlowDrop cannot describe, written as a reference a components registry must supply.
import type { Branch, JsonObject, NodeMetadata, WorkflowNode } from '../contract/types.js';
import { NODE_COMPONENTS, type ToolFlavour } from './component-types.js';
import { placeholdersIn } from './inferred-io.js';
import { sanitizeTitle } from './properties.js';
import type { AsObject, AsProperty, AsValue } from './types.js';

/** Config keys the editor writes into every node; the envelope or the ports carry them. */
export const EDITOR_CONFIG_KEYS = new Set(['instanceTitle', 'instanceDescription', 'instanceBadge', 'nodeType', 'dynamicInputs', 'dynamicOutputs', 'branches']);

export interface FieldContext {
  node: WorkflowNode;
  type: string;
  tool?: ToolFlavour;
  label: string;
  inputs: AsProperty[];
  outputs: AsProperty[];
  /** Does an edge end at this input port? */
  isConnected(input: string): boolean;
  warn(message: string): void;
}

export interface BuiltFields {
  fields: AsObject;
  /** Fields not copied from a same-named config key (not read back on import). */
  derived: string[];
  /** Config keys the fields express (same-named or translated). */
  used: string[];
  /** Config keys written verbatim as the same-named field. */
  copied: string[];
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const placeholders = (titles: string[]): string => titles.map((t) => `{{${t}}}`).join('\n');

/**
 * An LLM config the workflow names but does not describe: a generic LlmConfig (26.1.2) under that name,
 * written once for every node that names it. A runtime maps the name to a model.
 */
const namedLlmConfig = (name: string): AsObject => ({ component_type: 'LlmConfig', id: name, name, model_id: name });

function llmConfigFor(ctx: FieldContext, config: JsonObject, used: string[]): AsValue {
  const ref = str(config.llm_config_ref);
  if (ref) {
    used.push('llm_config_ref');
    ctx.warn(`'${ctx.label}' names LLM config "${ref}", which the workflow does not describe: written as a generic LlmConfig "${ref}" (model_id "${ref}") for the runtime to map`);
    return namedLlmConfig(ref);
  }
  const model = str(config.model_id) ?? str(config.model);
  if (!model) {
    ctx.warn(`'${ctx.label}' has no LLM model: written as a generic LlmConfig "default_llm" for the runtime to map`);
    return namedLlmConfig('default_llm');
  }
  used.push(config.model_id !== undefined ? 'model_id' : 'model');
  const parameters: AsObject = {};
  if (typeof config.temperature === 'number') (parameters.temperature = config.temperature), used.push('temperature');
  const maxTokens = config.maxTokens ?? config.max_tokens;
  if (typeof maxTokens === 'number') (parameters.max_tokens = maxTokens), used.push(config.maxTokens !== undefined ? 'maxTokens' : 'max_tokens');
  if (typeof config.top_p === 'number') (parameters.top_p = config.top_p), used.push('top_p');
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


/** A literal the BranchingNode can match: a plain word, or the right side of `value === 'x'`. */
function mappingKey(ctx: FieldContext, branch: Branch): string {
  const condition = (branch.condition ?? '').trim();
  if (condition === '') return branch.name;
  if (/^[\w-]+$/.test(condition)) return condition;
  const comparison = /^\s*[\w.]+\s*===?\s*(['"])(.*)\1\s*$/.exec(condition);
  const key = comparison ? comparison[2] : branch.name;
  ctx.warn(`Branch "${branch.name}" of '${ctx.label}': condition "${condition}" is an expression; the BranchingNode maps the literal value "${key}"`);
  return key;
}

function branchMapping(ctx: FieldContext, config: JsonObject): AsObject {
  const branches = (Array.isArray(config.branches) ? config.branches : []) as Branch[];
  const names = new Set(branches.filter((b) => !b.isDefault).map((b) => b.name));
  const mapping: AsObject = {};
  // A mapping kept from an import carries keys that branches cannot express (several keys, one branch).
  if (config.mapping && typeof config.mapping === 'object') {
    for (const [key, branch] of Object.entries(config.mapping as AsObject)) if (typeof branch === 'string' && names.has(branch)) mapping[key] = branch;
  }
  const mapped = new Set(Object.values(mapping));
  for (const branch of branches) if (!branch.isDefault && !mapped.has(branch.name)) mapping[mappingKey(ctx, branch)] = branch.name;
  return mapping;
}

type Derive = (ctx: FieldContext, config: JsonObject, used: string[]) => AsValue | undefined;

// Only called for a field the config does not name itself.
const DERIVED: Record<string, Record<string, Derive>> = {
  LlmNode: {
    llm_config: (ctx, config, used) => llmConfigFor(ctx, config, used),
    prompt_template: (ctx, config, used) => {
      const template = str(config.template);
      if (template) used.push('template');
      return template ?? placeholders(ctx.inputs.map((p) => p.title));
    },
  },
  AgentNode: {
    agent: (ctx, config, used) => {
      const ref = str(config.agent_ref);
      if (ref) used.push('agent_ref');
      const systemPrompt = str(config.system_prompt) ?? str(config.systemPrompt) ?? '';
      if (config.system_prompt !== undefined) used.push('system_prompt');
      else if (config.systemPrompt !== undefined) used.push('systemPrompt');
      if (ref) ctx.warn(`'${ctx.label}' names agent "${ref}", which the workflow does not describe: written as an Agent "${ref}" with this node's prompt and LLM config`);
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
  ToolNode: {
    tool: (ctx, config, used) => {
      const ref = str(config.tool_ref);
      const meta: NodeMetadata | undefined = ctx.node.data.metadata;
      // A tool named by tool_ref is a ServerTool of that name: the runtime that executes the flow provides it.
      if (ref) used.push('tool_ref');
      const tool: AsObject = ref
        ? { component_type: 'ServerTool', id: ref, name: ref }
        : { component_type: ctx.tool ?? 'ServerTool', id: `${ctx.node.id}-tool`, name: sanitizeTitle(meta?.id ?? ctx.label) };
      if (meta?.description && !ref) tool.description = meta.description;
      tool.inputs = ctx.inputs;
      tool.outputs = ctx.outputs;
      return tool;
    },
  },
  BranchingNode: { mapping: (ctx, config) => branchMapping(ctx, config) },
  FlowNode: { subflow: (ctx, config, used) => subflowRef(ctx, config, used, 'flow_ref') },
  MapNode: { subflow: (ctx, config, used) => subflowRef(ctx, config, used, 'map_flow_ref') },
  ParallelMapNode: { subflow: (ctx, config, used) => subflowRef(ctx, config, used, 'map_flow_ref') },
  CatchExceptionNode: { subflow: (ctx, config, used) => subflowRef(ctx, config, used, 'flow_ref') },
  ParallelFlowNode: { subflows: () => [] },
  // A connected `url` or `body` input is the request's URL or body: the field is its placeholder.
  ApiNode: {
    url: (ctx, config, used) => (str(config.endpoint) ? (used.push('endpoint'), str(config.endpoint)!) : ctx.isConnected('url') ? '{{url}}' : ''),
    http_method: (_ctx, config, used) => (str(config.method) ? (used.push('method'), str(config.method)!) : 'GET'),
    data: (ctx, config, used) => {
      if (config.body !== undefined) return (used.push('body'), config.body as AsValue);
      const input = ['body', 'data'].find((name) => ctx.isConnected(name));
      return input ? `{{${input}}}` : undefined;
    },
  },
  InputMessageNode: {
    message: (_ctx, config, used) => {
      for (const key of ['placeholder', 'label']) if (str(config[key])) return (used.push(key), str(config[key]));
      return undefined;
    },
  },
  OutputMessageNode: { message: (ctx) => placeholders(ctx.inputs.map((p) => p.title)) },
};

// A node whose flow is not in the workflow has no faithful export: validate-export.ts refuses it
// (mappable-node-type) before conversion, so this reference is only written with that rule relaxed.
function subflowRef(_ctx: FieldContext, config: JsonObject, used: string[], refKey: string): AsValue {
  const ref = str(config[refKey]) ?? str(config.subflow_ref);
  if (ref) used.push(str(config[refKey]) ? refKey : 'subflow_ref');
  return { $component_ref: ref ?? `${_ctx.node.id}-subflow` };
}

/** Fields of a node type, in order: same-named config keys first, derived ones for what is missing. */
export function buildFields(ctx: FieldContext): BuiltFields {
  const config = ctx.node.data.config ?? {};
  const info = NODE_COMPONENTS[ctx.type];
  // A plugin node type is unknown here: every config key is one of its fields.
  const names = info ? info.fields : Object.keys(config).filter((k) => !EDITOR_CONFIG_KEYS.has(k));
  const given: AsObject = {};
  const used: string[] = [];
  for (const name of names) {
    if (config[name] !== undefined) {
      given[name] = config[name] as AsValue;
      used.push(name);
    }
  }
  const fields: AsObject = {};
  const derived: string[] = [];
  const derive = DERIVED[ctx.type] ?? {};
  for (const name of [...names, ...Object.keys(derive)]) {
    if (name in fields) continue;
    if (given[name] !== undefined) fields[name] = given[name];
    else {
      const value = derive[name]?.(ctx, config, used);
      if (value === undefined) continue;
      fields[name] = value;
      derived.push(name);
    }
  }
  return { fields, derived, used, copied: Object.keys(given).filter((k) => fields[k] === given[k]) };
}
