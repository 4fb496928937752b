// The Agent Spec converter, both ways, as the checks use it: importing a flow to check it as a workflow, and
// exporting a workflow to name what Agent Spec cannot express (lossy-export). It is most of what `wfe validate`
// would load (30 of 96 modules, about 12 ms of every run), and a folder of workflows with the default rules
// needs neither direction, so it is loaded only for a check that does (docs/performance.md).
import { isFlowdropDialect } from '../agentspec/dialect.js';
import type { ParsedText } from '../agentspec/serialize.js';
import { isObject } from '../agentspec/types.js';
import { LOSSY_RULE } from '../agentspec/rules.js';
import { severityOf } from '../contract/rule-config.js';
import type { AgentSpecChecks, CheckContext } from './check.js';

/** A component_type (official or dialect), or the dialect's `{flow, agent, tools, llm_configs}` wrapper. */
export function isAgentSpecDocument(value: unknown): boolean {
  return isObject(value) && (typeof value.component_type === 'string' || isFlowdropDialect(value));
}

let loading: Promise<AgentSpecChecks> | undefined;

export function loadAgentSpecChecks(): Promise<AgentSpecChecks> {
  loading ??= Promise.all([import('../agentspec/export.js'), import('../agentspec/import.js')]).then(([exported, imported]) => ({
    exportToAgentSpec: exported.exportToAgentSpec,
    importDocument: imported.importDocument,
  }));
  return loading;
}

/**
 * Whether checking a document needs the converter: the lossy-export rule is on, the document is an Agent Spec
 * flow, or the caller did not parse it (the check will). A text that did not parse is reported as it is,
 * unconverted: the check parses it the same way (by its name, else its first character).
 */
export function needsAgentSpecChecks(ctx: CheckContext, parsed: ParsedText | undefined): boolean {
  const lossy = ctx.definitions.get(LOSSY_RULE);
  if (lossy && severityOf(lossy, ctx.rules) !== 'off') return true;
  return parsed === undefined || (parsed.ok && isAgentSpecDocument(parsed.value));
}
