// Every rule that checks an Agent Spec document as written, each an id of the one rule table
// (src/contract/rules.ts): a misspelt id does not compile.
import type { RuleId } from '../../contract/rules.js';

export const AGENTSPEC_RULE_IDS = [
  'agentspec-not-a-flow',
  'agentspec-component-type',
  'agentspec-reference',
  'agentspec-field',
  'agentspec-property',
  'agentspec-version',
  'agentspec-node-io',
  'agentspec-node-branches',
  'agentspec-start-node',
  'agentspec-end-node',
  'agentspec-edge-node',
  'agentspec-data-edge',
  'agentspec-flow-outputs',
  'agentspec-branch-exists',
  'agentspec-one-edge-per-branch',
  'agentspec-unique-id',
  'agentspec-unreachable-node',
  'agentspec-undefined-component',
] as const satisfies readonly RuleId[];

export type AgentSpecRuleId = (typeof AGENTSPEC_RULE_IDS)[number];
