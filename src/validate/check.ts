// One workflow file's problems, with the parser, schema and graph checks `wfe serve` uses and the
// Agent Spec export validator. Pure: the runner does the reading.
import { exportToAgentSpec } from '../agentspec/export.js';
import { LOSSY_RULE } from '../agentspec/to-agentspec.js';
import { structuralIssues } from '../agentspec/validate-export.js';
import { isCompatible } from '../catalog/port-compat.js';
import type { NodeMetadata, PortConfig, Workflow, WorkflowNode } from '../contract/types.js';
import { describeAjvErrors, validateWorkflowFile } from '../contract/validators.js';
import { portIdFromHandle } from '../graph/handles.js';
import { graphProblems, type ConfigChecker } from '../graph/integrity.js';
import { withMetadataDefaults } from '../store/workflow-model.js';
import { parseJsonWithPosition } from '../util/json-position.js';
import { pointerPositions } from '../util/pointer-position.js';
import { severityOf, type RuleConfig, type RuleDefinition } from './rule-config.js';
import type { Problem } from './types.js';

export interface CheckContext {
  rules: RuleConfig;
  definitions: Map<string, RuleDefinition>;
  portConfig: PortConfig;
  checkConfig: ConfigChecker;
  lookupNodeType(id: string): NodeMetadata | undefined;
}

interface Finding {
  ruleId: string;
  message: string;
  pointer?: string;
  line?: number;
  column?: number;
}

export interface CheckResult {
  problems: Problem[];
  /** The parsed workflow, when the file is one (the runner checks ids across files). */
  workflow?: Workflow;
}

function portType(node: WorkflowNode, side: 'input' | 'output', portId: string): string | undefined {
  const ports = side === 'input' ? node.data.metadata.inputs : node.data.metadata.outputs;
  const found = ports?.find((p) => p.id === portId)?.dataType;
  if (found) return found;
  const config = node.data.config ?? {};
  const dynamic = (side === 'input' ? config.dynamicInputs : config.dynamicOutputs) as Array<{ name: string; dataType: string }> | undefined;
  return Array.isArray(dynamic) ? dynamic.find((p) => p?.name === portId)?.dataType : undefined;
}

function portCompatibility(workflow: Workflow, portConfig: PortConfig): Finding[] {
  const nodes = new Map(workflow.nodes.map((n) => [n.id, n]));
  const findings: Finding[] = [];
  workflow.edges.forEach((edge, i) => {
    const source = nodes.get(edge.source);
    const target = nodes.get(edge.target);
    if (!source || !target || !edge.sourceHandle || !edge.targetHandle) return;
    const from = portType(source, 'output', portIdFromHandle(edge.sourceHandle, source.id, 'output'));
    const to = portType(target, 'input', portIdFromHandle(edge.targetHandle, target.id, 'input'));
    if (from && to && !isCompatible(portConfig, from, to))
      findings.push({
        ruleId: 'port-compatibility',
        pointer: `/edges/${i}`,
        message: `Edge '${edge.id}' connects a ${from} output to a ${to} input; add a compatibilityRules entry {from: ${from}, to: ${to}} to wfe.config.yaml if this is intended`,
      });
  });
  return findings;
}

export function checkWorkflowText(file: string, text: string, ctx: CheckContext): CheckResult {
  const findings: Finding[] = [];
  const parsed = parseJsonWithPosition(text);
  let workflow: Workflow | undefined;
  if (!parsed.ok) {
    findings.push({ ruleId: 'json-syntax', message: `Invalid JSON: ${parsed.message}`, line: parsed.line, column: parsed.column });
  } else if (!validateWorkflowFile(parsed.value)) {
    for (const p of describeAjvErrors(validateWorkflowFile.errors, 'workflow')) findings.push({ ruleId: 'schema', pointer: p.pointer, message: `${p.field} ${p.message}` });
  } else {
    workflow = withMetadataDefaults(parsed.value as Workflow, new Date(0).toISOString());
    for (const p of graphProblems(workflow, ctx.checkConfig)) findings.push({ ruleId: p.rule, pointer: p.pointer, message: p.message });
    findings.push(...portCompatibility(workflow, ctx.portConfig));
    const indexOf = new Map(workflow.nodes.map((n, i) => [n.id, i]));
    const edgeIndex = new Map(workflow.edges.map((e, i) => [e.id, i]));
    // The full conversion is only needed to name what an export would lose; the structure checks alone
    // are a fraction of its cost, and lossy-export is off unless asked for.
    const lossy = ctx.definitions.get(LOSSY_RULE);
    const issues =
      lossy && severityOf(lossy, ctx.rules) !== 'off'
        ? exportToAgentSpec(workflow, { rules: ctx.rules, lookupNodeType: ctx.lookupNodeType }).issues
        : structuralIssues(workflow, { lookupNodeType: ctx.lookupNodeType });
    for (const issue of issues) {
      const node = issue.nodeIds?.[0];
      const pointer = issue.edgeId !== undefined && edgeIndex.has(issue.edgeId) ? `/edges/${edgeIndex.get(issue.edgeId)}` : node !== undefined && indexOf.has(node) ? `/nodes/${indexOf.get(node)}` : undefined;
      findings.push({ ruleId: issue.rule, message: issue.message, ...(pointer ? { pointer } : {}) });
    }
  }

  const problems: Problem[] = [];
  for (const f of findings) {
    const definition = ctx.definitions.get(f.ruleId);
    const severity = definition ? severityOf(definition, ctx.rules) : 'error';
    if (severity !== 'off') problems.push({ ruleId: f.ruleId, severity, message: f.message, file, ...(f.pointer !== undefined ? { pointer: f.pointer } : {}), ...(f.line ? { line: f.line, column: f.column } : {}) });
  }
  // Positions are looked up only for files with something to report.
  const located = problems.filter((p) => p.pointer !== undefined && p.line === undefined);
  if (located.length > 0) {
    const positions = pointerPositions(text, located.map((p) => p.pointer!));
    located.forEach((p, i) => {
      if (positions[i]) Object.assign(p, { line: positions[i]!.line, column: positions[i]!.column });
    });
  }
  return { problems, workflow };
}
