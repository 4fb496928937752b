// Every rule that checks an Agent Spec document as written: the ids findings, the rules: map of
// wfe.config.yaml and --rule use. A misspelt id does not compile.
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
] as const;

export type AgentSpecRuleId = (typeof AGENTSPEC_RULE_IDS)[number];
