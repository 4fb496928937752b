// The inputs and outputs a component has when its document does not list them, as the Agent Spec
// language spec defines them per component type: `{{name}}` placeholders in templated fields are string
// inputs ("Specifying inputs through placeholders"), and each node type has its default outputs.
import { PLACEHOLDER } from './placeholder-pattern.js';
import { isObject, type AsObject, type AsProperty, type AsValue } from './types.js';

/** Placeholder names in any string of value (object keys included), each once, in order of appearance. */
export function placeholdersIn(value: AsValue | undefined, into: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const match of value.matchAll(PLACEHOLDER)) if (!into.includes(match[1])) into.push(match[1]);
  } else if (Array.isArray(value)) for (const item of value) placeholdersIn(item, into);
  else if (isObject(value))
    for (const [key, child] of Object.entries(value)) {
      placeholdersIn(key, into);
      placeholdersIn(child, into);
    }
  return into;
}

/** The fields whose placeholders define a component's inputs. */
export const TEMPLATED_FIELDS: Record<string, string[]> = {
  LlmNode: ['prompt_template'],
  InputMessageNode: ['message'],
  OutputMessageNode: ['message'],
  ApiNode: ['url', 'http_method', 'api_spec_uri', 'data', 'query_params', 'headers'],
  Agent: ['system_prompt'],
};

export const DEFAULT_OUTPUTS: Record<string, AsProperty> = {
  LlmNode: { title: 'generated_text', type: 'string' },
  InputMessageNode: { title: 'user_input', type: 'string' },
  ApiNode: { title: 'response' },
};
export const BRANCHING_DEFAULT_INPUT = 'branching_mapping_key';

const stringInputs = (names: string[]): AsProperty[] => names.map((title) => ({ title, type: 'string' }));
const isProperty = (value: AsValue): value is AsProperty => isObject(value) && typeof value.title === 'string';
const listed = (value: AsValue | undefined): AsProperty[] | undefined => (Array.isArray(value) ? value.filter(isProperty) : undefined);

function uniqueByTitle(properties: AsProperty[]): AsProperty[] {
  const seen = new Set<string>();
  return properties.filter((p) => !seen.has(p.title) && seen.add(p.title));
}

/** The component's inputs: the listed ones, else those its type infers. */
export function inputsOf(c: AsObject): AsProperty[] {
  return listed(c.inputs) ?? inferredInputs(c);
}

/** The component's outputs: the listed ones, else those its type infers. */
export function outputsOf(c: AsObject): AsProperty[] {
  return listed(c.outputs) ?? inferredOutputs(c);
}

function inferredInputs(c: AsObject): AsProperty[] {
  const type = String(c.component_type);
  const templated = TEMPLATED_FIELDS[type];
  if (templated) return stringInputs(placeholdersIn(templated.map((f) => c[f] ?? null)));
  switch (type) {
    case 'StartNode':
    case 'EndNode':
      return listed(c.outputs) ?? [];
    case 'BranchingNode':
      return [{ title: BRANCHING_DEFAULT_INPUT, type: 'string' }];
    case 'AgentNode':
      return isObject(c.agent) ? inputsOf(c.agent) : [];
    case 'ToolNode':
      return isObject(c.tool) ? (listed(c.tool.inputs) ?? []) : [];
    case 'FlowNode':
    case 'CatchExceptionNode':
      return isObject(c.subflow) ? inputsOf(c.subflow) : [];
    case 'MapNode':
    case 'ParallelMapNode':
      return isObject(c.subflow)
        ? inputsOf(c.subflow).map(({ title, ...schema }) => ({
            title: `iterated_${title}`,
            anyOf: [schema, { type: 'array', items: schema }],
          }))
        : [];
    case 'ParallelFlowNode':
      return uniqueByTitle((Array.isArray(c.subflows) ? c.subflows : []).flatMap((f) => (isObject(f) ? inputsOf(f) : [])));
    case 'Flow':
      return isObject(c.start_node) ? inputsOf(c.start_node) : [];
    default:
      return [];
  }
}

function inferredOutputs(c: AsObject): AsProperty[] {
  const type = String(c.component_type);
  if (DEFAULT_OUTPUTS[type]) return [DEFAULT_OUTPUTS[type]];
  switch (type) {
    case 'StartNode':
    case 'EndNode':
      return listed(c.inputs) ?? [];
    case 'AgentNode':
      return isObject(c.agent) ? outputsOf(c.agent) : [];
    case 'ToolNode':
      return isObject(c.tool) ? (listed(c.tool.outputs) ?? []) : [];
    case 'FlowNode':
      return isObject(c.subflow) ? outputsOf(c.subflow) : [];
    case 'CatchExceptionNode': {
      const inner = isObject(c.subflow) ? outputsOf(c.subflow) : [];
      return [...inner, { title: 'caught_exception_info', anyOf: [{ type: 'object' }, { type: 'null' }], default: null }];
    }
    case 'MapNode':
    case 'ParallelMapNode': {
      const reducers = isObject(c.reducers) ? c.reducers : undefined;
      const inner = isObject(c.subflow) ? outputsOf(c.subflow) : [];
      return inner
        .filter((p) => !reducers || p.title in reducers)
        .map(({ title, ...schema }): AsProperty => {
          const reducer = reducers?.[title] ?? 'append';
          return reducer === 'append'
            ? { title: `collected_${title}`, type: 'array', items: schema }
            : { ...schema, title: `collected_${title}` };
        });
    }
    case 'ParallelFlowNode':
      return uniqueByTitle((Array.isArray(c.subflows) ? c.subflows : []).flatMap((f) => (isObject(f) ? outputsOf(f) : [])));
    case 'Flow':
      return flowOutputsFromEnds(c);
    default:
      return [];
  }
}

/** A Flow's outputs when it declares none: the EndNode outputs that every EndNode has. */
export function flowOutputsFromEnds(flow: AsObject): AsProperty[] {
  const ends = (Array.isArray(flow.nodes) ? flow.nodes : []).filter((n): n is AsObject => isObject(n) && n.component_type === 'EndNode');
  const perEnd = ends.map((end) => outputsOf(end));
  const first = perEnd[0] ?? [];
  return first.filter((p) => perEnd.every((outs) => outs.some((o) => o.title === p.title)));
}
