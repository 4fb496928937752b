// What the CLI needs before any conversion code loads (help texts, flag choices): the export rules and
// the import sources. Kept free of heavy imports so `wfe --help` stays fast.
import type { RuleDefinition } from '../contract/rule-config.js';

/** Every loss an export reports is under this rule. */
export const LOSSY_RULE = 'lossy-export';

export const EXPORT_RULES: RuleDefinition[] = [
  { id: 'not-empty', severity: 'error', fixed: true, description: 'a Flow needs nodes' },
  { id: 'mappable-node-type', severity: 'error', fixed: true, description: 'every node needs an Agent Spec type' },
  { id: 'single-start', severity: 'error', fixed: true, description: 'a Flow has exactly one StartNode' },
  { id: 'agentspec-version', severity: 'error', fixed: true, description: 'the declared agentspec_version must cover every component' },
  { id: 'end-reachable', severity: 'error', description: 'an EndNode is reachable from the start' },
  { id: 'branch-exists', severity: 'error', description: 'edges leave gateways by branches they define' },
  {
    id: 'no-cycle',
    severity: 'error',
    description: 'every cycle is a declared loop (its back edge has data.loop: true or enters a loop_back port)',
  },
  { id: 'no-disconnected-node', severity: 'error', description: 'every node has an edge' },
  { id: 'required-port', severity: 'error', description: 'required inputs are connected' },
  { id: 'gateway-branches', severity: 'warning', description: 'gateways define branches' },
  { id: LOSSY_RULE, severity: 'warning', description: 'what Agent Spec cannot express is named' },
];

export const IMPORT_SOURCES = ['auto', 'agentspec', 'flowdrop'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
