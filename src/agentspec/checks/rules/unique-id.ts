// Component ids identify components: two components never share one (a component used twice is referenced).
import type { Component } from '../load.js';
import type { AgentSpecRule } from '../rule.js';
import { label } from '../wording.js';

export const uniqueId: AgentSpecRule<'agentspec-unique-id'> = {
  meta: {
    id: 'agentspec-unique-id',
    clause:
      'Referencing: a subcomponent reused in several places must be defined using a component reference; if two components use the same id, the configuration is invalid',
    beyondReferenceLoader: true,
  },
  check({ document, report }) {
    const byId = new Map<string, Component>();
    for (const c of document.components) {
      if (typeof c.raw.id !== 'string') continue;
      const earlier = byId.get(c.id);
      if (!earlier) byId.set(c.id, c);
      else if (earlier.raw !== c.raw)
        report(`${c.path}/id`, `${label(c)} has id '${c.id}', which ${label(earlier)} (${earlier.path || '/'}) has too`);
    }
  },
};
