// One verdict, whichever door a document comes through: `wfe validate`, POST /workflows/validate, and the
// Agent Spec paths (POST /agentspec/flows/validate, GET /workflows/{id}/validate/agentspec, POST
// /workflows/import/agentspec, POST /agentspec/flows/execute). An Agent Spec flow is imported with the
// importer of POST /workflows/import/agentspec, then checked exactly as a workflow file is.
import { parseText, yamlDatesOf, type ParsedText } from '../agentspec/serialize.js';
import { isFlowdropDialect } from '../agentspec/dialect.js';
import { AgentSpecError, isObject, workflowValue as asValue } from '../agentspec/types.js';
import { isAgentSpecDocument } from './agent-spec-checks.js';
import type { Workflow } from '../contract/types.js';
import type { Registry } from '../agentspec/references.js';
import type { NodesAt } from '../agentspec/node-places.js';
import {
  agentSpecChecksOf,
  checkWorkflowText,
  checkWorkflowValue,
  problemsOf,
  withPositions,
  type CheckContext,
  type CheckResult,
} from './check.js';
import type { Problem } from './types.js';
import { RULES, type RuleId } from '../contract/rules.js';

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
 * The Agent Spec rules on a document as written, under the context's severities: the first half of the
 * verdict, which `wfe import` says before it converts. A FlowDrop dialect document is read as the official
 * document it stands for; its problems carry no pointers (they would point into the translation).
 */
export function agentSpecDocumentProblems(
  file: string,
  value: unknown,
  ctx: CheckContext,
  options: { registry?: Registry } = {},
): Problem[] {
  const agentSpec = agentSpecChecksOf(ctx);
  const dialect = isFlowdropDialect(value);
  let document = value;
  if (dialect && isObject(value)) {
    try {
      document = agentSpec.dialectToOfficial(value);
    } catch (err) {
      // A dialect document the reader cannot translate (a start_node no node has…): its error is the verdict.
      if (!(err instanceof AgentSpecError)) throw err;
      return problemsOf(file, [{ ruleId: 'schema', message: err.path ? `${err.path}: ${err.message}` : err.message }], ctx);
    }
  }
  const findings = agentSpec.checkDocument(asValue(document), { external: options.registry, yamlDates: yamlDatesOf(value) });
  return problemsOf(
    file,
    findings.map((f) => ({ ruleId: f.ruleId, message: f.message, ...(dialect ? {} : { pointer: f.pointer }) })),
    ctx,
  );
}

/**
 * An Agent Spec document: the Agent Spec rules on the document as written (agentSpecDocumentProblems), then,
 * when it has no error, the checks of the workflow it imports as.
 */
export function checkAgentSpecValue(file: string, value: unknown, ctx: CheckContext): CheckResult {
  const agentSpec = agentSpecChecksOf(ctx);
  const own = agentSpecDocumentProblems(file, value, ctx);
  let imported: Workflow;
  // A dialect document has no places: its problems carry no pointers (agentSpecDocumentProblems).
  let nodesAt: () => NodesAt = () => new Map();
  try {
    const result = agentSpec.importDocument(value, { from: 'agentspec', lookupNodeType: ctx.lookupNodeType });
    imported = result.workflow;
    if (result.nodesAt) nodesAt = result.nodesAt;
    own.push(
      ...problemsOf(
        file,
        result.warnings.map((w) => ({
          ruleId: 'agentspec-undefined-component',
          message: w.message,
          ...(w.path ? { pointer: w.path } : {}),
        })),
        ctx,
      ),
    );
  } catch (err) {
    if (!(err instanceof AgentSpecError)) throw err;
    if (own.some((p) => p.severity === 'error')) return { problems: own };
    const message = err.path ? `${err.path}: ${err.message}` : err.message;
    return { problems: [...own, { ruleId: 'schema', severity: 'error', message, file, ...(err.path ? { pointer: err.path } : {}) }] };
  }
  const { problems } = checkWorkflowValue(file, imported, ctx, { servedFile: false });
  // Pointers of the workflow's problems would point into the imported workflow, not into the document.
  const added = problems.filter((p) => IMPORTED_WORKFLOW_RULES.has(p.ruleId)).map(({ pointer: _pointer, ...rest }) => rest);
  return { problems: [...own, ...added], workflow: imported, nodesAt };
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
  if (!yaml) {
    const result = checkWorkflowText(file, text, ctx, checkAnyValue, reuse ? { ok: true, value: reuse.value } : undefined);
    // A byte order mark is fine for a workflow (wfe serve reads and keeps it), but Python's json, which
    // Oracle's loader reads an Agent Spec file with, refuses it.
    if (text.charCodeAt(0) === 0xfeff && isAgentSpecDocument(result.value))
      result.problems.unshift(...problemsOf(file, [{ ruleId: 'json-syntax', message: BOM_MESSAGE, line: 1, column: 1 }], ctx));
    return result;
  }
  if (reuse) return withPositions({ ...checkAnyValue(file, reuse.value, ctx), value: reuse.value }, text);
  return checkYamlText(file, text, ctx);
}

const BOM_MESSAGE =
  "the file starts with a UTF-8 byte order mark, which Oracle's loader (Python's json) refuses: save it as UTF-8 without one";

function checkYamlText(file: string, text: string, ctx: CheckContext): CheckResult {
  const parsed = parseText(text, file);
  if (!parsed.ok) {
    const { line, column } = parsed.error;
    const message = parsed.error.message.replace(/^invalid/, 'Invalid');
    return { problems: [{ ruleId: 'json-syntax', severity: 'error', message, file, ...(line ? { line, column } : {}) }] };
  }
  return withPositions({ ...checkAnyValue(file, parsed.value, ctx), value: parsed.value }, text);
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

/** POST /workflows/validate's `suggestions`: the fix of each rule that found something (rules.ts), in the order the problems came. */
export function suggestionsFor(problems: Problem[]): string[] {
  const seen = new Set<RuleId>();
  const hints: string[] = [];
  for (const { ruleId } of problems) {
    if (seen.has(ruleId)) continue;
    seen.add(ruleId);
    hints.push(`${ruleId}: ${RULES[ruleId].fix}`);
  }
  return hints;
}
