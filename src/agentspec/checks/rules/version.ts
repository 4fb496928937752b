import { compareVersions, componentVersion } from '../../versions.js';
import type { AgentSpecRule } from '../rule.js';
import { label } from '../wording.js';

export const version: AgentSpecRule<'agentspec-version'> = {
  meta: {
    id: 'agentspec-version',
    clause: 'Versioning: a configuration declares the release it is written for; a component or field added later needs that release',
  },
  check({ document, report }) {
    let highest: { version: string; reason?: string; component?: (typeof document.components)[number] } | undefined;
    for (const component of document.components) {
      const need = componentVersion({ ...component.fields, component_type: component.type }, { asLoaderReads: true });
      if (compareVersions(need.version, document.version) > 0 && (!highest || compareVersions(need.version, highest.version) > 0))
        highest = { ...need, component };
    }
    if (!highest?.component) return;
    const what = highest.reason && highest.reason !== highest.component.type ? ` (${highest.reason})` : '';
    report(
      '/agentspec_version',
      `agentspec_version is ${document.version}, but ${label(highest.component)}${what} needs Agent Spec ${highest.version}: declare "agentspec_version": "${highest.version}"`,
    );
  },
};
