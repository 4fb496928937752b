// One verdict, whichever door a document comes through: `wfe validate`, POST /workflows/validate, and the
// Agent Spec paths (POST /agentspec/flows/validate, GET /workflows/{id}/validate/agentspec, POST
// /workflows/import/agentspec, POST /agentspec/flows/execute). An Agent Spec flow is imported with the
// importer of POST /workflows/import/agentspec, then checked exactly as a workflow file is.
import { parseText, type ParsedText } from '../agentspec/serialize.js';
import { isFlowdropDialect } from '../agentspec/dialect.js';
import { AgentSpecError, isObject, workflowValue as asValue } from '../agentspec/types.js';
import { isAgentSpecDocument } from './agent-spec-checks.js';
import type { Workflow } from '../contract/types.js';
import { agentSpecChecksOf, checkWorkflowText, checkWorkflowValue, problemsOf, type CheckContext, type CheckResult } from './check.js';
import type { Problem } from './types.js';

export interface Verdict<W = Workflow> {
  valid: boolean;
  errors: string[];
  warnings: string[];
  problems: Problem[];
  /**
   * The workflow checked: what the flow imported as (absent when it did not import); of a workflow's verdict,
   * the value checked, when it is an object (valid or not).
   */
  workflow?: W;
}

// What the workflow an Agent Spec flow imports as adds to the document's own rules: whether wfe can serve it
// (its shape, its size, its node types and their configs). The flow's structure is judged by the Agent Spec
// rules, in its own terms and at every depth; the workflow's graph rules would judge it again, in FlowDrop's.
const IMPORTED_WORKFLOW_RULES = new Set(['schema', 'too-many-nodes', 'unknown-node-type', 'node-config']);

/**
 * An Agent Spec document: the Agent Spec rules on the document as written (pointers into it), then, when it
 * has no error, the checks of the workflow it imports as. A FlowDrop dialect document is read as the
 * official document it stands for; its findings carry no pointers (they would point into the translation).
 */
export function checkAgentSpecValue(file: string, value: unknown, ctx: CheckContext): CheckResult {
  const agentSpec = agentSpecChecksOf(ctx);
  const dialect = isFlowdropDialect(value);
  const document = dialect && isObject(value) ? agentSpec.dialectToOfficial(value) : value;
  const findings = agentSpec.checkDocument(asValue(document));
  const own: Problem[] = problemsOf(
    file,
    findings.map((f) => ({ ruleId: f.ruleId, message: f.message, ...(dialect ? {} : { pointer: f.pointer }) })),
    ctx,
  );
  let imported: Workflow;
  try {
    const result = agentSpec.importDocument(value, { from: 'agentspec', lookupNodeType: ctx.lookupNodeType });
    imported = result.workflow;
    own.push(
      ...problemsOf(
        file,
        result.warnings.map((w) => ({ ruleId: 'agentspec-undefined-component', message: w.message, ...(w.path ? { pointer: w.path } : {}) })),
        ctx,
      ),
    );
  } catch (err) {
    if (!(err instanceof AgentSpecError)) throw err;
    if (own.some((p) => p.severity === 'error')) return { problems: own };
    const message = err.path ? `${err.path}: ${err.message}` : err.message;
    return { problems: [...own, { ruleId: 'schema', severity: 'error', message, file, ...(err.path ? { pointer: err.path } : {}) }] };
  }
  const { problems } = checkWorkflowValue(file, imported, ctx);
  // Pointers of the workflow's problems would point into the imported workflow, not into the document.
  const added = problems.filter((p) => IMPORTED_WORKFLOW_RULES.has(p.ruleId)).map(({ pointer: _pointer, ...rest }) => rest);
  return { problems: [...own, ...added], workflow: imported };
}

const checkAnyValue = (file: string, value: unknown, ctx: CheckContext): CheckResult =>
  isAgentSpecDocument(value) ? checkAgentSpecValue(file, value, ctx) : checkWorkflowValue(file, value, ctx);

/**
 * One input of `wfe validate`: a workflow or an Agent Spec document, as JSON, or as YAML when the name says
 * so. `parsed`, when given, is what parseText(text, file) gave: a value read the way this check reads the
 * file (JSON, or YAML by name) is checked without parsing the text again.
 */
export function checkDocumentText(file: string, text: string, ctx: CheckContext, parsed?: ParsedText): CheckResult {
  const yaml = /\.ya?ml$/i.test(file);
  const reuse = parsed?.ok === true && (parsed.format === 'yaml') === yaml ? parsed : undefined;
  if (!yaml) return checkWorkflowText(file, text, ctx, checkAnyValue, reuse ? { ok: true, value: reuse.value } : undefined);
  if (reuse) return { ...checkAnyValue(file, reuse.value, ctx), value: reuse.value };
  return checkYamlText(file, text, ctx);
}

function checkYamlText(file: string, text: string, ctx: CheckContext): CheckResult {
  const parsed = parseText(text, file);
  if (!parsed.ok) {
    const message = parsed.message.replace(/^invalid/, 'Invalid');
    return {
      problems: [
        { ruleId: 'json-syntax', severity: 'error', message, file, ...(parsed.line ? { line: parsed.line, column: parsed.column } : {}) },
      ],
    };
  }
  return { ...checkAnyValue(file, parsed.value, ctx), value: parsed.value };
}

function verdictOf({ problems, workflow }: CheckResult): Verdict {
  const errors = problems.filter((p) => p.severity === 'error').map((p) => p.message);
  const warnings = problems.filter((p) => p.severity === 'warning').map((p) => p.message);
  return { valid: errors.length === 0, errors, warnings, problems, ...(workflow ? { workflow } : {}) };
}

/** Is this Agent Spec flow valid? The one answer of every Agent Spec path and of `wfe validate`. */
export const agentSpecVerdict = (value: unknown, ctx: CheckContext): Verdict => verdictOf(checkAgentSpecValue('', value, ctx));

/** The same checks on a workflow (a stored one, or the body of POST /workflows/validate). */
export function workflowVerdict(value: unknown, ctx: CheckContext): Verdict<Workflow | Record<string, unknown>> {
  const verdict = verdictOf(checkWorkflowValue('', value, ctx));
  return isObject(value) ? { ...verdict, workflow: value } : verdict;
}

// What to do about each rule's findings: POST /workflows/validate's `suggestions`.
const FIX_HINTS: Record<string, string> = {
  'json-syntax': 'Fix the JSON syntax at the line and column given.',
  schema: 'Add the missing fields and correct the types the workflow schema names.',
  'duplicate-workflow-id': 'Give each workflow file its own id.',
  'too-many-nodes': 'Split the workflow: wfe serve accepts at most 10,000 nodes.',
  'duplicate-node-id': 'Give every node its own id.',
  'duplicate-edge-id': 'Give every edge its own id.',
  'edge-missing-node': 'Remove the edges whose source or target node no longer exists, or add the node back.',
  'edge-missing-port':
    "Reconnect the edges to ports the nodes have (sourceHandle/targetHandle are '<node>-output-<port>' / '<node>-input-<port>').",
  'port-compatibility':
    'Connect ports of compatible data types, or add a compatibilityRules entry {from, to} to wfe.config.yaml if the connection is intended.',
  'node-config': "Change the node's config so that it satisfies its node type's configSchema.",
  'not-empty': 'Add nodes: start with a start node, the nodes that do the work, and an end node.',
  'mappable-node-type':
    'Use node types that have an Agent Spec equivalent, or declare one with extensions["agentspec:component_type"] on the node type.',
  'single-start': 'Keep exactly one start node (category triggers).',
  'end-reachable': 'Add an end node (category outputs) and connect it, through control edges, to the start node.',
  'branch-exists': 'Connect gateway edges to branches the gateway defines in config.branches, or add the branch.',
  'no-cycle':
    'Break the cycle, or declare the loop: set data.loop: true on the edge that closes it (or route it into a loop_back input); rules: {no-cycle: off} in wfe.config.yaml turns the check off.',
  'no-disconnected-node': 'Connect the node to the flow, or remove it.',
  'required-port': 'Connect an edge to every required input port.',
  'gateway-branches': 'Define at least one branch (config.branches) on each gateway.',
  'lossy-export':
    'Review what an Agent Spec export would leave out; set rules: {lossy-export: off} in wfe.config.yaml to stop these warnings.',
};

/** One hint per rule that found something, in the order the problems came; a rule without a hint gets its description. */
export function suggestionsFor(problems: Problem[], ctx: CheckContext): string[] {
  const seen = new Set<string>();
  const hints: string[] = [];
  for (const { ruleId } of problems) {
    if (seen.has(ruleId)) continue;
    seen.add(ruleId);
    const hint = FIX_HINTS[ruleId] ?? ctx.definitions.get(ruleId)?.description;
    if (hint) hints.push(`${ruleId}: ${hint}`);
  }
  return hints;
}
