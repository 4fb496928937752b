// The inputs and outputs an exported node may declare, per component type, as pyagentspec's node classes
// check them: a templated node's inputs are exactly the placeholders of its templates, an
// InputMessageNode has one string output, a BranchingNode one input and no outputs, a node built around a
// component (tool, agent, subflow) has that component's inputs and outputs. A FlowDrop port with no place
// there is dropped (its edges travel in metadata, with a lossy-export warning); a placeholder without a
// port becomes a string input of its own.
import { flowOutputsFromEnds, inputsOf, outputsOf, placeholdersIn, BRANCHING_DEFAULT_INPUT, DEFAULT_OUTPUTS, TEMPLATED_FIELDS } from './inferred-io.js';
import { isObject, type AsObject, type AsProperty } from './types.js';

export interface Conformed {
  inputs: AsProperty[];
  outputs: AsProperty[];
  /** FlowDrop data ports (by title) the component cannot declare. */
  droppedInputs: string[];
  droppedOutputs: string[];
  /** Messages for the lossy-export warning. */
  notes: string[];
}

const titles = (list: AsProperty[]) => list.map((p) => p.title);
const isString = (p: AsProperty) => p.type === 'string';

/** Keeps the wanted titles in `wanted` order, taking the FlowDrop property where there is one. */
function byTitles(wanted: AsProperty[], given: AsProperty[]): AsProperty[] {
  return wanted.map((w) => given.find((g) => g.title === w.title) ?? w);
}

function settle(given: { inputs: AsProperty[]; outputs: AsProperty[] }, inputs: AsProperty[], outputs: AsProperty[], notes: string[] = []): Conformed {
  const inTitles = new Set(titles(inputs));
  const outTitles = new Set(titles(outputs));
  return {
    inputs,
    outputs,
    droppedInputs: titles(given.inputs).filter((t) => !inTitles.has(t)),
    droppedOutputs: titles(given.outputs).filter((t) => !outTitles.has(t)),
    notes,
  };
}

/**
 * `fields` are the node's written fields (a component-valued field already built); `given` the FlowDrop
 * data ports as properties. StartNode/EndNode mirror their ports and are not passed here.
 */
export function conform(type: string, fields: AsObject, given: { inputs: AsProperty[]; outputs: AsProperty[] }): Conformed {
  const templated = TEMPLATED_FIELDS[type];
  const templateInputs = () => byTitles(placeholdersIn(templated.map((f) => fields[f] ?? null)).map((title) => ({ title, type: 'string' })), given.inputs);
  switch (type) {
    case 'LlmNode':
      return settle(given, templateInputs(), given.outputs.length > 0 ? given.outputs : [DEFAULT_OUTPUTS.LlmNode]);
    case 'ApiNode':
      return settle(given, templateInputs(), given.outputs);
    case 'OutputMessageNode':
      return settle(given, templateInputs(), []);
    case 'InputMessageNode': {
      const chosen = given.outputs.find(isString) ?? given.outputs[0];
      const notes: string[] = [];
      let output = chosen ?? DEFAULT_OUTPUTS.InputMessageNode;
      if (!isString(output)) {
        notes.push(`output "${output.title}" is written as a string: an InputMessageNode returns the user's message as text`);
        output = { ...output, type: 'string' };
        for (const key of ['items', 'properties', 'additionalProperties', 'anyOf', 'format']) delete output[key];
      }
      return settle(given, templateInputs(), [output], notes);
    }
    case 'BranchingNode': {
      const input = given.inputs[0] ?? { title: BRANCHING_DEFAULT_INPUT, type: 'string' };
      return settle(given, [input], []);
    }
    case 'ToolNode':
      return fromComponent(given, fields.tool, (tool) => ({ inputs: Array.isArray(tool.inputs) ? inputsOf(tool) : [], outputs: Array.isArray(tool.outputs) ? outputsOf(tool) : [] }));
    case 'AgentNode':
      return fromComponent(given, fields.agent, (agent) => ({ inputs: inputsOf(agent), outputs: outputsOf(agent) }));
    case 'FlowNode':
    case 'CatchExceptionNode':
    case 'MapNode':
    case 'ParallelMapNode':
    case 'ParallelFlowNode': {
      const probe: AsObject = { component_type: type, ...fields };
      if (!isObject(fields.subflow) && !Array.isArray(fields.subflows)) return settle(given, given.inputs, given.outputs);
      return settle(given, byTitles(inputsOf(probe), given.inputs), byTitles(outputsOf(probe), given.outputs));
    }
    default:
      return settle(given, given.inputs, given.outputs);
  }
}

function fromComponent(
  given: { inputs: AsProperty[]; outputs: AsProperty[] },
  component: unknown,
  io: (component: AsObject) => { inputs: AsProperty[]; outputs: AsProperty[] },
): Conformed {
  // A reference (a registry supplies it) cannot be looked into: the FlowDrop ports stand.
  if (!isObject(component) || typeof component.component_type !== 'string') return settle(given, given.inputs, given.outputs);
  const { inputs, outputs } = io(component);
  return settle(given, byTitles(inputs, given.inputs), byTitles(outputs, given.outputs));
}

export { flowOutputsFromEnds };
