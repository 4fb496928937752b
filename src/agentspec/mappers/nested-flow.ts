// FlowNode, CatchExceptionNode, MapNode, ParallelMapNode, ParallelFlowNode: a node around a flow the
// workflow carries in its config (`subflow`/`subflows`, as an import leaves them). Inputs and outputs are
// what the subflow implies. A node whose flow is not in the workflow has no faithful export:
// validate-export.ts refuses it (mappable-node-type) before conversion, so the reference written here is
// only written with that rule relaxed.
import type { JsonObject } from '../../contract/types.js';
import { byTitles, settle, type Conformed, type Given } from '../conform.js';
import { inputsOf, outputsOf } from '../inferred-io.js';
import { str, type Derive, type FieldContext } from '../node-fields.js';
import { isObject, type AsObject, type AsValue } from '../types.js';
import type { NodeMapper } from './types.js';

function subflowRef(ctx: FieldContext, config: JsonObject, used: string[], refKey: string): AsValue {
  const own = str(config[refKey]);
  const ref = own ?? str(config.subflow_ref);
  if (ref) used.push(own ? refKey : 'subflow_ref');
  return { $component_ref: ref ?? `${ctx.node.id}-subflow` };
}

/** The inputs and outputs of a `type` node with these fields: the subflow's, FlowDrop's property where there is one. */
export function subflowIo(type: string, fields: AsObject, given: Given): Conformed {
  const probe: AsObject = { component_type: type, ...fields };
  if (!isObject(fields.subflow) && !Array.isArray(fields.subflows)) return settle(given, given.inputs, given.outputs);
  return settle(given, byTitles(inputsOf(probe), given.inputs), byTitles(outputsOf(probe), given.outputs));
}

const subflow = (refKey: string): Record<string, Derive> => ({ subflow: (ctx, config, used) => subflowRef(ctx, config, used, refKey) });

export const flowMapper: NodeMapper = {
  derive: subflow('flow_ref'),
  io: (fields, given) => subflowIo('FlowNode', fields, given),
  branches: 'own',
};
export const catchExceptionMapper: NodeMapper = {
  derive: subflow('flow_ref'),
  io: (fields, given) => subflowIo('CatchExceptionNode', fields, given),
  branches: 'own',
};
export const mapMapper: NodeMapper = { derive: subflow('map_flow_ref'), io: (fields, given) => subflowIo('MapNode', fields, given) };
export const parallelMapMapper: NodeMapper = {
  derive: subflow('map_flow_ref'),
  io: (fields, given) => subflowIo('ParallelMapNode', fields, given),
};
export const parallelFlowMapper: NodeMapper = {
  derive: { subflows: () => [] },
  io: (fields, given) => subflowIo('ParallelFlowNode', fields, given),
};
