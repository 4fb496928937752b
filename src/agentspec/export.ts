// The export pipeline shared by `wfe export` and the HTTP routes: structural checks, conversion,
// agentspec_version, then severities. A document is returned only when no finding is an error.
import type { Workflow } from '../contract/types.js';
import { severityOf, type RuleConfig, type Severity } from '../contract/rule-config.js';
import { workflowToAgentSpec, type ToAgentSpecOptions } from './to-agentspec.js';
import { AgentSpecError, type AsComponent, type ExportIssue } from './types.js';
import { EXPORT_RULES, structuralIssues } from './validate-export.js';
import { compareVersions, requiredVersion, type AgentSpecVersion } from './versions.js';

export interface ExportOptions extends ToAgentSpecOptions {
  rules?: RuleConfig;
  /** Pin agentspec_version instead of writing the lowest one that covers the document. */
  version?: AgentSpecVersion;
}

export interface ValidationResult {
  valid: boolean;
  errors: string[];
  warnings: string[];
}

export interface ExportResult extends ValidationResult {
  issues: Array<ExportIssue & { severity: Exclude<Severity, 'off'> }>;
  /** The Flow with agentspec_version last, when valid. */
  document?: AsComponent;
}

const rules = new Map(EXPORT_RULES.map((r) => [r.id, r]));

export function exportToAgentSpec(workflow: Workflow, options: ExportOptions = {}): ExportResult {
  const found: ExportIssue[] = structuralIssues(workflow, options);
  const blocking = found.some((i) => rules.get(i.rule)?.fixed);
  let document: AsComponent | undefined;
  if (!blocking) {
    try {
      const { flow, losses } = workflowToAgentSpec(workflow, options);
      found.push(...losses);
      const need = requiredVersion(flow);
      if (options.version && compareVersions(options.version, need.version) < 0)
        found.push({
          rule: 'agentspec-version',
          message: `agentspec_version ${options.version} is lower than ${need.version}, which ${need.reason} requires`,
        });
      document = { ...flow, agentspec_version: options.version ?? need.version };
    } catch (err) {
      if (!(err instanceof AgentSpecError)) throw err;
      found.push({ rule: 'not-empty', message: err.message });
    }
  }
  const issues: ExportResult['issues'] = [];
  for (const issue of found) {
    const rule = rules.get(issue.rule);
    // Every check and the conversion report findings of export rules only (EXPORT_RULES): another is a bug.
    if (!rule) throw new Error(`Agent Spec export: finding of unknown rule '${issue.rule}'`);
    const severity = severityOf(rule, options.rules);
    if (severity !== 'off') issues.push({ ...issue, severity });
  }
  const errors = issues.filter((i) => i.severity === 'error').map((i) => i.message);
  const warnings = issues.filter((i) => i.severity === 'warning').map((i) => i.message);
  const valid = errors.length === 0;
  return { valid, errors, warnings, issues, ...(valid && document ? { document } : {}) };
}

/** `{valid, errors, warnings}` without the document (GET /workflows/{id}/validate/agentspec). */
export function validateForAgentSpecExport(workflow: Workflow, options: ExportOptions = {}): ValidationResult {
  const { valid, errors, warnings } = exportToAgentSpec(workflow, options);
  return { valid, errors, warnings };
}
