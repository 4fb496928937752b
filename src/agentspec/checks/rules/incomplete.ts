// A component that lacks a field its type requires (agentspec-field or agentspec-reference reports it), or whose subflow does,
// infers no inputs, outputs or branches worth comparing: the rules that compare them leave it alone.
import type { Component } from '../load.js';
import type { NodeIo } from '../node-io.js';

// Missing, or a component that could not be read (a dangling reference, an unknown type).
const lacksRequiredField = (c: Component): boolean =>
  Object.entries(c.cls?.fields ?? {}).some(
    ([field, spec]) =>
      spec.required && (c.fields[field] === undefined || c.fields[field] === null || (spec.kind === 'component' && !c.children.has(field))),
  );

export const isIncomplete = (c: Component, io: NodeIo): boolean =>
  lacksRequiredField(c) || [...io.children(c, 'subflow'), ...io.children(c, 'subflows')].some(lacksRequiredField);
