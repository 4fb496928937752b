// The Open Agent Spec document model as wfe reads and writes it (the official format: PascalCase
// component_type, {"$component_ref": id} references, $referenced_components). Components are open
// records: wfe keeps fields it does not know.
import { setOwnKey } from '../util/own-key.js';
import type { RuleId } from '../contract/rules.js';

export type AsValue = null | boolean | number | string | AsValue[] | { [key: string]: AsValue };
export type AsObject = { [key: string]: AsValue };

/** Any component: `component_type` names its class; everything else depends on it. */
export interface AsComponent extends AsObject {
  component_type: string;
}

export interface AsReference extends AsObject {
  $component_ref: string;
}

/** A Property: a JSON Schema whose `title` is the input or output name. */
export interface AsProperty extends AsObject {
  title: string;
}

export const isObject = (value: unknown): value is AsObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isReference = (value: unknown): value is AsReference =>
  isObject(value) && typeof value.$component_ref === 'string' && Object.keys(value).length === 1;

export const isComponent = (value: unknown): value is AsComponent => isObject(value) && typeof value.component_type === 'string';

/**
 * A value of a FlowDrop workflow (a config value, a port default) as a value of this document model.
 * Workflows are parsed from JSON, so what they hold is JSON; their types (contract/types.ts) say `unknown`.
 */
export const workflowValue = (value: unknown): AsValue => value as AsValue;

/** `target[key] = value`, an own "__proto__" key kept as a key (util/own-key.ts), for this document model. */
export const setOwn: (target: AsObject, key: string, value: AsValue) => void = setOwnKey;

/** `value` without the keys in `omit`, keys in order: what rest destructuring gives, without its cost in hot paths. */
export function omitKeys(value: object, omit: ReadonlySet<string>): AsObject {
  const out: AsObject = {};
  for (const key of Object.keys(value)) if (!omit.has(key)) setOwn(out, key, workflowValue(Reflect.get(value, key)));
  return out;
}

/** Fields every component may carry; the rest are type-specific. */
export const ENVELOPE_FIELDS = [
  'component_type',
  'id',
  'name',
  'description',
  'metadata',
  'inputs',
  'outputs',
  'branches',
  '$referenced_components',
  'agentspec_version',
] as const;

/** Thrown for input that cannot be imported; `path` is a JSON pointer into the document. */
export class AgentSpecError extends Error {
  constructor(
    message: string,
    readonly path = '',
  ) {
    super(message);
    this.name = 'AgentSpecError';
  }
}

/** One finding of the export: `rule` selects its severity (see src/validate/rule-config.ts). */
export interface ExportIssue {
  rule: RuleId;
  message: string;
  /** The nodes it concerns (a cycle lists its path), for reports that point at nodes. */
  nodeIds?: string[];
  edgeId?: string;
}
