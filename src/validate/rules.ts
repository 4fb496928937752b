// Every check `wfe validate` makes, under a stable id. The Agent Spec export checks keep the ids of the
// export validator (src/agentspec/validate-export.ts), so one rules: map in wfe.config.yaml serves both.
import { AGENTSPEC_RULES } from '../agentspec/checks/rules/index.js';
import { EXPORT_RULES } from '../agentspec/rules.js';
import type { RuleDefinition } from '../contract/rule-config.js';

export const WORKFLOW_RULES: RuleDefinition[] = [
  { id: 'json-syntax', severity: 'error', fixed: true, description: 'the file is valid JSON' },
  {
    id: 'schema',
    severity: 'error',
    fixed: true,
    description: 'the file is a workflow: required fields, types and lengths of the contract',
  },
  {
    id: 'duplicate-workflow-id',
    severity: 'error',
    description: 'no two files define the same workflow id (wfe serve keeps the first in path order)',
  },
  { id: 'too-many-nodes', severity: 'error', description: 'at most 10,000 nodes (what wfe serve accepts)' },
  { id: 'duplicate-node-id', severity: 'error', description: 'node ids are unique within a workflow' },
  { id: 'duplicate-edge-id', severity: 'error', description: 'edge ids are unique within a workflow' },
  { id: 'edge-missing-node', severity: 'error', description: 'edges connect nodes that exist' },
  { id: 'edge-missing-port', severity: 'error', description: 'edge handles name ports (or branches) their nodes have' },
  { id: 'port-compatibility', severity: 'error', description: "connected ports have compatible data types (per the port config's rules)" },
  // A warning: the node still loads, shown and run from the descriptor saved in the workflow.
  {
    id: 'unknown-node-type',
    severity: 'warning',
    description: "each node's type is one the catalog defines (built-in types and the folder's nodes/)",
  },
  { id: 'node-config', severity: 'error', description: "node configuration satisfies its node type's configSchema" },
  // An error, not a warning: every run that reaches such a loop's exit fails (test/validate-loop-exit.test.ts).
  {
    id: 'loop-exit-into-body',
    severity: 'error',
    description: "a loop's exit (done, results) does not lead back into its own body, which would start the loop over on every exit",
  },
];

/** The rules of an Agent Spec document as written (src/agentspec/checks/rules/): one per module. */
export const AGENTSPEC_INPUT_RULES: RuleDefinition[] = Object.values(AGENTSPEC_RULES).map(({ meta }) => ({
  id: meta.id,
  severity: meta.severity,
  description: meta.description,
}));

// agentspec-version is the Agent Spec input's rule here (an export's pinned version is export's own).
export const ALL_RULES: RuleDefinition[] = [
  ...WORKFLOW_RULES,
  ...EXPORT_RULES.filter((r) => r.id !== 'agentspec-version'),
  ...AGENTSPEC_INPUT_RULES,
];

/**
 * Where `wfe validate` starts from differently than `wfe export`: what an export would lose is worth a
 * warning when exporting, but noise on every CI run. `--rule lossy-export=warning` turns it back on.
 */
export const VALIDATE_DEFAULTS: Record<string, 'error' | 'warning' | 'off'> = { 'lossy-export': 'off' };
