// The parts of a flow the rules look at: its nodes, its edges, and each edge's ends, as read.
import type { Component } from '../load.js';
import type { NodeIo } from '../node-io.js';

export interface ControlEdge {
  edge: Component;
  from?: Component;
  to?: Component;
  /** from_branch as written: null or absent is the node's default branch. */
  branch: string | null;
}

export interface DataEdge {
  edge: Component;
  source?: Component;
  destination?: Component;
}

const one = (c: Component, field: string): Component | undefined => {
  const value = c.children.get(field);
  return Array.isArray(value) ? undefined : value;
};

export function controlEdges(flow: Component, io: NodeIo): ControlEdge[] {
  return io.children(flow, 'control_flow_connections').map((edge) => ({
    edge,
    from: one(edge, 'from_node'),
    to: one(edge, 'to_node'),
    branch: typeof edge.fields.from_branch === 'string' ? edge.fields.from_branch : null,
  }));
}

export function dataEdges(flow: Component, io: NodeIo): DataEdge[] {
  return io.children(flow, 'data_flow_connections').map((edge) => ({
    edge,
    source: one(edge, 'source_node'),
    destination: one(edge, 'destination_node'),
  }));
}

export const startNodeOf = (flow: Component): Component | undefined => one(flow, 'start_node');
