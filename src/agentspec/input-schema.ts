// The shape an imported Flow must have before conversion (contract/agentspec-input-schemas.ts), as types, and
// its checks. A problem is reported at its JSON pointer.
import { describeAjvErrors, validateAgentSpecFlow, validateAgentSpecNode, type Validator } from '../contract/validators.js';
import { AgentSpecError, type AsObject } from './types.js';

// What each of those schemas guarantees, as types: checkFlowShape and checkNodeShape narrow to them.

/** A control flow connection of a checked Flow. */
interface ControlEdgeShape extends AsObject {
  from_node: AsObject;
  to_node: AsObject;
}

/** A data flow connection of a checked Flow. */
interface DataEdgeShape extends AsObject {
  source_node: AsObject;
  source_output: string;
  destination_node: AsObject;
  destination_input: string;
}

/** A Flow that passed the flow schema (after references are resolved, its nodes are objects). */
export type FlowShape = AsObject & {
  name: string;
  start_node: AsObject;
  nodes: AsObject[];
  control_flow_connections: ControlEdgeShape[];
  data_flow_connections?: DataEdgeShape[] | null;
};

/** A node component that passed the node schema. */
export type NodeShape = AsObject & {
  component_type: string;
  name: string;
  branches?: string[] | null;
  mapping?: { [key: string]: string };
};

function check(validate: Validator, value: AsObject, base: string): void {
  if (validate(value)) return;
  const [first] = describeAjvErrors(validate.errors);
  throw new AgentSpecError(first.message, base + first.pointer);
}

export function checkFlowShape(flow: AsObject): asserts flow is FlowShape {
  check(validateAgentSpecFlow, flow, '');
}

export function checkNodeShape(node: AsObject, path: string): asserts node is NodeShape {
  check(validateAgentSpecNode, node, path);
}
