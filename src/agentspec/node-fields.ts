// The type-specific fields of an exported node. A config key with the field's own name is written as
// is (and read back on import); a required field the config lacks is derived from FlowDrop's own keys
// (chat_model's model → an LLM config, http_request's method → http_method…) or, for components
// FlowDrop cannot describe, written as a reference a components registry must supply.
import type { Branch, JsonObject, NodeMetadata, WorkflowNode } from '../contract/types.js';
import { NODE_COMPONENTS, type ToolFlavour } from './component-types.js';
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

function llmConfigFor(ctx: FieldContext, config: JsonObject, used: string[]): AsValue {
  const ref = str(config.llm_config_ref);
  if (ref) {
    used.push('llm_config_ref');
    ctx.warn(`'${ctx.label}' refers to LLM config "${ref}", which the workflow does not define: load the document with a components registry that supplies it`);
    return { $component_ref: ref };
  }
  const model = str(config.model_id) ?? str(config.model);
  if (!model) {
    ctx.warn(`'${ctx.label}' has no LLM model; its llm_config refers to "default_llm", which a components registry must supply`);
    return { $component_ref: 'default_llm' };
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

function registryReference(ctx: FieldContext, what: string, key: string | undefined, fallback: string): AsValue {
  const ref = key ?? fallback;
  ctx.warn(`'${ctx.label}' refers to ${what} "${ref}", which the workflow does not define: load the document with a components registry that supplies it`);
  return { $component_ref: ref };
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
      if (ref) return (used.push('agent_ref'), registryReference(ctx, 'agent', ref, ''));
      const systemPrompt = str(config.system_prompt) ?? str(config.systemPrompt) ?? '';
      if (config.system_prompt !== undefined) used.push('system_prompt');
      else if (config.systemPrompt !== undefined) used.push('systemPrompt');
      return {
        component_type: 'Agent',
        id: `${ctx.node.id}-agent`,
        name: sanitizeTitle(ctx.label),
        inputs: ctx.inputs,
        outputs: ctx.outputs,
        llm_config: llmConfigFor(ctx, config, used),
        system_prompt: systemPrompt,
      };
    },
  },
  ToolNode: {
    tool: (ctx, config, used) => {
      const ref = str(config.tool_ref);
      if (ref) return (used.push('tool_ref'), registryReference(ctx, 'tool', ref, ''));
      const meta: NodeMetadata | undefined = ctx.node.data.metadata;
      const tool: AsObject = { component_type: ctx.tool ?? 'ServerTool', id: `${ctx.node.id}-tool`, name: sanitizeTitle(meta?.id ?? ctx.label) };
      if (meta?.description) tool.description = meta.description;
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
  ApiNode: {
    url: (_ctx, config, used) => (str(config.endpoint) ? (used.push('endpoint'), str(config.endpoint)!) : ''),
    http_method: (_ctx, config, used) => (str(config.method) ? (used.push('method'), str(config.method)!) : 'GET'),
  },
  InputMessageNode: {
    message: (_ctx, config, used) => {
      for (const key of ['placeholder', 'label']) if (str(config[key])) return (used.push(key), str(config[key]));
      return undefined;
    },
  },
  OutputMessageNode: { message: (ctx) => placeholders(ctx.inputs.slice(0, 1).map((p) => p.title)) },
};

function subflowRef(ctx: FieldContext, config: JsonObject, used: string[], refKey: string): AsValue {
  const ref = str(config[refKey]) ?? str(config.subflow_ref);
  if (ref) used.push(str(config[refKey]) ? refKey : 'subflow_ref');
  return registryReference(ctx, 'flow', ref, `${ctx.node.id}-subflow`);
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
