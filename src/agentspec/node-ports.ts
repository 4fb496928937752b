// The ports of a FlowDrop node grouped the way the Agent Spec sees them: data ports become properties,
// trigger outputs become branches, gateway branches become BranchingNode branches. Which ports a control
// edge joins is here too, so the writer (to-agentspec) and the reader (from-agentspec) agree without one
// importing the other.
import type { Branch, NodePort, WorkflowNode } from '../contract/types.js';
import { CONTROL_DATA_TYPES } from './properties.js';
import { isObject } from './types.js';

/** A port the editor adds to a node's config.dynamicInputs / dynamicOutputs: it has a name. */
interface DynamicPort {
  name: string;
  label?: string;
  dataType: string;
  required?: boolean;
}

const isDynamicPort = (value: unknown): value is DynamicPort => isObject(value) && typeof value.name === 'string';

const NO_PORTS: NodePort[] = [];

function dynamicPorts(node: WorkflowNode, side: 'input' | 'output'): NodePort[] {
  const list = node.data.config?.[side === 'input' ? 'dynamicInputs' : 'dynamicOutputs'];
  if (!Array.isArray(list) || list.length === 0) return NO_PORTS;
  return list
    .filter(isDynamicPort)
    .map((p) => ({ id: p.name, name: p.label ?? p.name, type: side, dataType: p.dataType, required: p.required ?? false }));
}

export interface NodePorts {
  inputs: NodePort[];
  outputs: NodePort[];
  dataInputs: NodePort[];
  dataOutputs: NodePort[];
  /** Output ports of data type trigger (not gateway branches). */
  triggerOutputs: NodePort[];
  branches: Branch[];
}

/** A node's input ports (nodePorts(node).inputs), without making the rest. */
export function inputPorts(node: WorkflowNode): NodePort[] {
  const declared = node.data.metadata?.inputs ?? [];
  const dynamic = dynamicPorts(node, 'input');
  return dynamic.length === 0 ? declared : [...declared, ...dynamic];
}

export function nodePorts(node: WorkflowNode): NodePorts {
  const inputs = [...(node.data.metadata?.inputs ?? []), ...dynamicPorts(node, 'input')];
  const outputs = [...(node.data.metadata?.outputs ?? []), ...dynamicPorts(node, 'output')];
  const isData = (p: NodePort) => !CONTROL_DATA_TYPES.has(p.dataType);
  return {
    inputs,
    outputs,
    dataInputs: inputs.filter(isData),
    dataOutputs: outputs.filter(isData),
    triggerOutputs: outputs.filter((p) => p.dataType === 'trigger'),
    branches: Array.isArray(node.data.config?.branches) ? node.data.config.branches.filter((b) => b && typeof b.name === 'string') : [],
  };
}

/**
 * Whether `port` leaves `node` as control flow: a gateway branch, or an output of data type trigger (declared
 * or dynamic). The same answer as nodePorts(node).branches / .outputs give, without building them: the
 * structure checks ask it for every edge of a workflow that may have 10,000.
 */
export function isControlOutput(node: WorkflowNode, port: string): boolean {
  const config = node.data.config;
  const branches: unknown = config?.branches;
  if (Array.isArray(branches)) for (const b of branches) if (isObject(b) && b.name === port) return true;
  for (const p of node.data.metadata?.outputs ?? []) if (p.id === port && p.dataType === 'trigger') return true;
  const dynamic: unknown = config?.dynamicOutputs;
  if (Array.isArray(dynamic)) for (const p of dynamic) if (isDynamicPort(p) && p.name === port && p.dataType === 'trigger') return true;
  return false;
}

/** The trigger input a control edge derives on import: the node's only trigger input, else "trigger". */
export function controlInputId(ports: NodePorts): string {
  const triggers = ports.inputs.filter((p) => p.dataType === 'trigger');
  return triggers.length === 1 ? triggers[0].id : 'trigger';
}

/** The output a control edge's from_branch names on import (null = the node's "next"). */
export function controlOutputId(ports: NodePorts, fromBranch: string | null): string {
  if (fromBranch === null || fromBranch === 'next') return ports.triggerOutputs.length === 1 ? ports.triggerOutputs[0].id : 'trigger';
  if (fromBranch === 'default') return ports.branches.find((b) => b.isDefault)?.name ?? fromBranch;
  return fromBranch;
}
