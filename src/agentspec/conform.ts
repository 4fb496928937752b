// The inputs and outputs an exported node may declare, per component type, as pyagentspec's node classes
// check them: a templated node's inputs are exactly the placeholders of its templates, an
// InputMessageNode has one string output, a BranchingNode one input and no outputs, a node built around a
// component (tool, agent, subflow) has that component's inputs and outputs. A FlowDrop port with no place
// there is dropped (its edges travel in metadata, with a lossy-export warning); a placeholder without a
// port becomes a string input of its own. Each node kind's mapper (mappers/*.ts) decides with these helpers.
import { placeholdersIn, TEMPLATED_FIELDS } from './inferred-io.js';
import { isComponent, type AsObject, type AsProperty } from './types.js';

/** The FlowDrop data ports of a node, as properties. */
export interface Given {
  inputs: AsProperty[];
  outputs: AsProperty[];
}

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

/** Keeps the wanted titles in `wanted` order, taking the FlowDrop property where there is one. */
export function byTitles(wanted: AsProperty[], given: AsProperty[]): AsProperty[] {
  return wanted.map((w) => given.find((g) => g.title === w.title) ?? w);
}

export function settle(given: Given, inputs: AsProperty[], outputs: AsProperty[], notes: string[] = []): Conformed {
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

/** The inputs of a templated node: the placeholders of its templated fields, FlowDrop's property where there is one. */
export function templateInputs(type: string, fields: AsObject, given: Given): AsProperty[] {
  const templated = TEMPLATED_FIELDS[type] ?? [];
  return byTitles(
    placeholdersIn(templated.map((f) => fields[f] ?? null)).map((title) => ({ title, type: 'string' })),
    given.inputs,
  );
}

/** The inputs and outputs of a node built around a component (tool, agent): that component's. */
export function fromComponent(
  given: Given,
  component: unknown,
  io: (component: AsObject) => { inputs: AsProperty[]; outputs: AsProperty[] },
): Conformed {
  // A reference (a registry supplies it) cannot be looked into: the FlowDrop ports stand.
  if (!isComponent(component)) return settle(given, given.inputs, given.outputs);
  const { inputs, outputs } = io(component);
  return settle(given, byTitles(inputs, given.inputs), byTitles(outputs, given.outputs));
}
