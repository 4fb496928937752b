// What each component's inputs, outputs and branches are, as the language spec has every component infer
// them from its configuration (the prompt's placeholders, the subflow's start and end nodes…), and what they
// are in effect: the declared list where there is one, else the inferred one. Worked out once per component.
import { isObject, type AsObject, type AsValue } from '../types.js';
import type { Component, Property } from './load.js';
import { placeholdersIn } from './placeholders.js';
import { haveSameType } from './property-types.js';

const string = (title: string): Property => ({ title, schema: { title, type: 'string' }, path: '' });
const fromPlaceholders = (value: AsValue | undefined): Property[] => [...placeholdersIn(value)].map(string);

export const DEFAULT_BRANCH = 'next';
export const BRANCHING_DEFAULT = 'default';
export const CAUGHT_EXCEPTION_BRANCH = 'caught_exception_branch';
export const EXCEPTION_INFO = 'caught_exception_info';

const REDUCERS_DEFAULT = 'append';

export class NodeIo {
  private readonly inputsOf = new Map<Component, Property[]>();
  private readonly outputsOf = new Map<Component, Property[]>();
  private readonly inferringInputs = new Set<Component>();
  private readonly inferringOutputs = new Set<Component>();

  private child(component: Component, field: string): Component | undefined {
    const value = component.children.get(field);
    return Array.isArray(value) ? undefined : value;
  }

  children(component: Component, field: string): Component[] {
    const value = component.children.get(field);
    return Array.isArray(value) ? value : value ? [value] : [];
  }

  /** The nodes of a flow. */
  nodes(flow: Component): Component[] {
    return this.children(flow, 'nodes');
  }

  endNodes(flow: Component): Component[] {
    return this.nodes(flow).filter((n) => n.type === 'EndNode');
  }

  /** The inputs in effect: declared, or else inferred. */
  inputs(component: Component): Property[] {
    return component.inputs ?? this.inferredInputs(component);
  }

  outputs(component: Component): Property[] {
    return component.outputs ?? this.inferredOutputs(component);
  }

  inferredInputs(component: Component): Property[] {
    const known = this.inputsOf.get(component);
    if (known) return known;
    // A flow that contains itself through references is refused when it is read; this only ends the walk.
    if (this.inferringInputs.has(component)) return [];
    this.inferringInputs.add(component);
    const inputs = this.inferInputs(component);
    this.inferringInputs.delete(component);
    this.inputsOf.set(component, inputs);
    return inputs;
  }

  inferredOutputs(component: Component): Property[] {
    const known = this.outputsOf.get(component);
    if (known) return known;
    if (this.inferringOutputs.has(component)) return [];
    this.inferringOutputs.add(component);
    const outputs = this.inferOutputs(component);
    this.inferringOutputs.delete(component);
    this.outputsOf.set(component, outputs);
    return outputs;
  }

  private inferInputs(c: Component): Property[] {
    const raw = c.fields;
    const subflow = this.child(c, 'subflow');
    switch (c.type) {
      case 'Flow': {
        const start = this.child(c, 'start_node');
        return start ? this.inputs(start) : [];
      }
      case 'StartNode':
      case 'EndNode':
        return c.inputs ?? c.outputs ?? [];
      case 'LlmNode':
        return fromPlaceholders(raw.prompt_template);
      case 'Agent':
        return fromPlaceholders(raw.system_prompt);
      case 'OutputMessageNode':
        return fromPlaceholders(raw.message);
      case 'InputMessageNode':
        return raw.message === undefined || raw.message === null ? [] : fromPlaceholders(raw.message);
      case 'ApiNode':
      case 'RemoteTool':
        return fromPlaceholders([
          raw.url ?? '',
          raw.http_method ?? '',
          raw.api_spec_uri ?? '',
          raw.data ?? {},
          raw.query_params ?? {},
          raw.headers ?? {},
        ]);
      case 'AgentNode':
      case 'ToolNode': {
        const inner = this.child(c, c.type === 'AgentNode' ? 'agent' : 'tool');
        return inner ? this.inputs(inner) : [];
      }
      case 'BranchingNode': {
        const title = c.inputs?.[0]?.title ?? 'branching_mapping_key';
        return [string(title)];
      }
      case 'FlowNode':
      case 'CatchExceptionNode':
        return subflow ? this.inputs(subflow) : [];
      case 'MapNode':
      case 'ParallelMapNode':
        return subflow
          ? this.inputs(subflow).map((p) => {
              const title = `iterated_${p.title}`;
              return { title, schema: { title, anyOf: [p.schema, { type: 'array', items: p.schema }] }, path: '' };
            })
          : [];
      case 'ParallelFlowNode': {
        if (c.inputs) return c.inputs;
        const all = this.children(c, 'subflows').flatMap((f) => this.inputs(f));
        const kept: Property[] = [];
        for (const p of all) if (!kept.some((k) => k.title === p.title && haveSameType(k.schema, p.schema))) kept.push(p);
        return kept;
      }
      default:
        return c.inputs ?? [];
    }
  }

  private inferOutputs(c: Component): Property[] {
    const subflow = this.child(c, 'subflow');
    switch (c.type) {
      case 'Flow': {
        if (c.outputs) return c.outputs;
        const ends = this.endNodes(c);
        const byTitle = new Map<string, Property>();
        for (const end of ends)
          for (const output of this.outputs(end))
            if (!byTitle.has(output.title) && ends.every((e) => this.outputs(e).some((o) => o.title === output.title)))
              byTitle.set(output.title, output);
        return [...byTitle.values()];
      }
      case 'StartNode':
      case 'EndNode':
        return c.outputs ?? c.inputs ?? [];
      case 'LlmNode':
        return c.outputs && c.outputs.length > 0 ? c.outputs : [string('generated_text')];
      case 'InputMessageNode':
        return [string(c.outputs?.[0]?.title ?? 'user_input')];
      case 'OutputMessageNode':
      case 'BranchingNode':
        return [];
      case 'ApiNode':
        return c.outputs ?? [{ title: 'response', schema: { title: 'response' }, path: '' }];
      case 'AgentNode':
      case 'ToolNode': {
        const inner = this.child(c, c.type === 'AgentNode' ? 'agent' : 'tool');
        return inner ? this.outputs(inner) : [];
      }
      case 'FlowNode':
        return subflow ? this.outputs(subflow) : [];
      case 'MapNode':
      case 'ParallelMapNode': {
        if (!subflow) return [];
        const reducers = this.reducers(c, subflow);
        return this.outputs(subflow).flatMap((p) => {
          const reducer = reducers[p.title];
          if (reducer === undefined) return [];
          const title = `collected_${p.title}`;
          const schema: AsObject = reducer === REDUCERS_DEFAULT ? { title, type: 'array', items: p.schema } : { ...p.schema, title };
          return [{ title, schema, path: '' }];
        });
      }
      case 'ParallelFlowNode':
        return c.outputs ?? this.children(c, 'subflows').flatMap((f) => this.outputs(f));
      case 'CatchExceptionNode': {
        const own = c.outputs && c.outputs.length > 0 ? c.outputs : subflow ? this.outputs(subflow) : [];
        if (own.some((p) => p.title === EXCEPTION_INFO)) return own;
        return [
          ...own,
          {
            title: EXCEPTION_INFO,
            schema: { title: EXCEPTION_INFO, anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
            path: '',
          },
        ];
      }
      case 'Agent':
      default:
        return c.outputs ?? [];
    }
  }

  /** A map node's reducers: as configured, else `append` for every output of the subflow. */
  reducers(node: Component, subflow: Component): Record<string, string> {
    const configured = node.fields.reducers;
    if (isObject(configured)) return Object.fromEntries(Object.entries(configured).map(([k, v]) => [k, String(v)]));
    return Object.fromEntries(this.outputs(subflow).map((p) => [p.title, REDUCERS_DEFAULT]));
  }

  /** The branches a node's configuration implies. */
  inferredBranches(node: Component): string[] {
    switch (node.type) {
      case 'EndNode':
        return [];
      case 'BranchingNode': {
        const mapping = isObject(node.fields.mapping) ? Object.values(node.fields.mapping).map(String) : [];
        return [...new Set([BRANCHING_DEFAULT, ...mapping])];
      }
      case 'AgentNode':
        return this.declaredBranches(node) ?? [DEFAULT_BRANCH];
      case 'FlowNode': {
        const subflow = this.child(node, 'subflow');
        if (!subflow) return [];
        const names = this.endBranchNames(subflow);
        return names.length > 0 ? names : [DEFAULT_BRANCH];
      }
      case 'CatchExceptionNode': {
        const subflow = this.child(node, 'subflow');
        return [CAUGHT_EXCEPTION_BRANCH, ...(subflow ? this.endBranchNames(subflow) : [])];
      }
      default:
        return [DEFAULT_BRANCH];
    }
  }

  /** The branch names of a flow's EndNodes, each once, sorted. */
  endBranchNames(flow: Component): string[] {
    return [
      ...new Set(this.endNodes(flow).map((e) => (typeof e.fields.branch_name === 'string' ? e.fields.branch_name : DEFAULT_BRANCH))),
    ].sort();
  }

  declaredBranches(node: Component): string[] | undefined {
    const declared = node.fields.branches;
    return Array.isArray(declared) && declared.length > 0 ? declared.map(String) : undefined;
  }

  /** The branches in effect: declared, or else inferred. */
  branches(node: Component): string[] {
    return this.declaredBranches(node) ?? this.inferredBranches(node);
  }
}
