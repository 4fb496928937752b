// The type-specific fields of an exported node. A config key with the field's own name is written as
// is (and read back on import); a required field the config lacks is derived by the node kind's mapper
// (mappers/*.ts: chat_model's model → an LLM config, http_request's method → http_method…) or, for
// components FlowDrop cannot describe, written as a reference a components registry must supply.
import type { JsonObject, WorkflowNode } from '../contract/types.js';
import { NODE_COMPONENTS, type ToolFlavour } from './component-types.js';
import { workflowValue, type AsObject, type AsProperty, type AsValue } from './types.js';
import { EDITOR_CONFIG_KEYS } from '../contract/schemas.js';

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

/** Derives one field the config does not name itself; undefined leaves the field out. Pushes the config keys it expresses to `used`. */
export type Derive = (ctx: FieldContext, config: JsonObject, used: string[]) => AsValue | undefined;

/** A non-blank string, else undefined. */
export const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** `{{a}}\n{{b}}`: one placeholder per title. */
export const placeholders = (titles: string[]): string => titles.map((t) => `{{${t}}}`).join('\n');

/**
 * Fields of a node type, in order: same-named config keys first, then `derive`d ones for what is missing.
 * The workflow was parsed from JSON, so its config values are JSON values.
 */
export function buildFields(ctx: FieldContext, derive: Readonly<Record<string, Derive>>): BuiltFields {
  const config: JsonObject = ctx.node.data.config ?? {};
  const info = NODE_COMPONENTS[ctx.type];
  // A plugin node type is unknown here: every config key is one of its fields.
  const names = info ? info.fields : Object.keys(config).filter((k) => !EDITOR_CONFIG_KEYS.has(k));
  const given: AsObject = {};
  const used: string[] = [];
  for (const name of names) {
    if (config[name] !== undefined) {
      given[name] = workflowValue(config[name]);
      used.push(name);
    }
  }
  const fields: AsObject = {};
  const derived: string[] = [];
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
