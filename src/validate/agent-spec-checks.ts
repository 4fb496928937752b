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
// An Agent Spec flow that lost its component_type is still judged as one: its fields say what it is.
const AGENT_SPEC_FIELDS = ['agentspec_version', 'start_node', 'control_flow_connections', '$referenced_components'];

export function isAgentSpecDocument(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (typeof value.component_type === 'string' || isFlowdropDialect(value)) return true;
  return !('edges' in value) && AGENT_SPEC_FIELDS.some((field) => field in value);
}

let loading: Promise<AgentSpecChecks> | undefined;

export function loadAgentSpecChecks(): Promise<AgentSpecChecks> {
  loading ??= Promise.all([
    import('../agentspec/export.js'),
    import('../agentspec/import.js'),
    import('../agentspec/checks/index.js'),
    import('../agentspec/dialect.js'),
  ]).then(([exported, imported, checks, dialect]) => ({
    exportToAgentSpec: exported.exportToAgentSpec,
    importDocument: imported.importDocument,
    checkDocument: checks.checkAgentSpecDocument,
    dialectToOfficial: dialect.dialectToOfficial,
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
