// The checks of an Agent Spec document as written, at every depth: read it the way Agent Spec runtimes
// read it (load.ts), then apply every rule to every component and every flow, the root and each subflow.
// Findings point into the document: the JSON pointer of the component, field or edge concerned.
import { isObject, type AsValue } from '../types.js';
import { loadDocument, type Finding, type LoadOptions } from './load.js';
import { NodeIo } from './node-io.js';
import type { RuleContext } from './rule.js';
import type { AgentSpecRuleId } from './rule-ids.js';
import { AGENTSPEC_RULES } from './rules/index.js';
import { label } from './wording.js';

export { AGENTSPEC_RULES };
export { AGENTSPEC_RULE_IDS, type AgentSpecRuleId } from './rule-ids.js';
export type { Finding } from './load.js';
export type { AgentSpecRule, RuleMeta } from './rule.js';

const NOT_A_FLOW_HINT: Record<string, string> = {
  Agent: 'an Agent runs inside a Flow through an AgentNode (StartNode → AgentNode → EndNode)',
};

export function checkAgentSpecDocument(document: AsValue, options: LoadOptions = {}): Finding[] {
  const loaded = loadDocument(document, options);
  const findings: Finding[] = [];
  const root = loaded.root;
  if (root && root.type !== 'Flow') {
    const hint = NOT_A_FLOW_HINT[root.type] ?? 'wfe validates, imports and runs Flows';
    findings.push({
      ruleId: 'agentspec-not-a-flow',
      pointer: '/component_type',
      message: `This document is ${label(root)
        .replace(/^(\w)/, 'a $1')
        .replace(/^a ([AEIOU])/, 'an $1')}, not a Flow: ${hint}`,
    });
  }
  findings.push(...loaded.findings);
  const io = new NodeIo();
  const context: RuleContext = {
    document: loaded,
    io,
    // A flow whose structure is missing or malformed is reported by agentspec-field alone: its graph is not there to check.
    flows: loaded.components.filter(
      (c) => c.type === 'Flow' && isObject(c.raw.start_node) && Array.isArray(c.raw.nodes) && Array.isArray(c.raw.control_flow_connections),
    ),
    report: () => undefined,
  };
  for (const rule of Object.values(AGENTSPEC_RULES)) {
    if (!rule.check) continue;
    const ruleId: AgentSpecRuleId = rule.meta.id;
    rule.check({ ...context, report: (pointer, message) => findings.push({ ruleId, pointer, message }) });
  }
  return findings;
}
