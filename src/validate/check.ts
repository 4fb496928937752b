// One workflow file's problems, with the parser, schema and graph checks `wfe serve` uses and the
// Agent Spec export validator. Pure: the runner does the reading.
import { LOSSY_RULE } from '../agentspec/rules.js';
import { structuralIssues } from '../agentspec/validate-export.js';
import { arePortsCompatible } from '../catalog/port-compat.js';
import type { NodeMetadata, NodePort, PortConfig, Workflow, WorkflowNode } from '../contract/types.js';
import { describeAjvErrors, isWorkflowFile, validateWorkflowFile } from '../contract/validators.js';
import { indexGraph, type GraphIndex } from '../graph/graph-index.js';
import { graphProblems, type ConfigChecker } from '../graph/integrity.js';
import { loopExitsIntoBody } from '../graph/loops.js';
import { unservableIdReason } from '../store/paths.js';
import { withMetadataDefaults } from '../store/workflow-model.js';
import { parseJsonWithPosition, type JsonParseResult } from '../util/json-position.js';
import { isRecord } from '../util/narrow.js';
import { pointerPositions } from '../util/pointer-position.js';
import { severityOf, type RuleConfig, type RuleDefinition } from '../contract/rule-config.js';
import type { Problem } from './types.js';
import type { RuleId } from '../contract/rules.js';
import type { exportToAgentSpec } from '../agentspec/export.js';
import type { importDocument } from '../agentspec/import.js';
import type { checkAgentSpecDocument } from '../agentspec/checks/index.js';
import type { dialectToOfficial } from '../agentspec/dialect.js';
import type { NodesAt } from '../agentspec/node-places.js';
import { unknownNodeTypeMessage, unknownNodeTypes } from './unknown-node-types.js';

export interface CheckContext {
  rules: RuleConfig;
  definitions: Map<RuleId, RuleDefinition>;
  portConfig: PortConfig;
  checkConfig: ConfigChecker;
  lookupNodeType(id: string): NodeMetadata | undefined;
  /** The converter, when a check may need it (agent-spec-checks.ts: needsAgentSpecChecks, loadAgentSpecChecks). */
  agentSpec?: AgentSpecChecks;
}

/** The Agent Spec converter both ways: loaded only for the checks that use it (agent-spec-checks.ts). */
export interface AgentSpecChecks {
  exportToAgentSpec: typeof exportToAgentSpec;
  importDocument: typeof importDocument;
  /** The rules of an Agent Spec document as written (agentspec/checks). */
  checkDocument: typeof checkAgentSpecDocument;
  dialectToOfficial: typeof dialectToOfficial;
}

/** The converter, for a check that needs it: a context built without it is a bug of the caller. */
export function agentSpecChecksOf(ctx: CheckContext): AgentSpecChecks {
  if (!ctx.agentSpec) throw new Error('this check needs the Agent Spec converter: load it into the context first (loadAgentSpecChecks)');
  return ctx.agentSpec;
}

export interface Finding {
  ruleId: RuleId;
  message: string;
  pointer?: string;
  line?: number;
  column?: number;
}

export interface CheckResult {
  problems: Problem[];
  /** The parsed workflow, when the file is one (the runner checks ids across files). */
  workflow?: Workflow;
  /** The parsed document, when the text parsed (the runner keeps a failing one for the job summary's picture). */
  value?: unknown;
  /** Of an Agent Spec document: the nodes of `workflow` each place in the document concerns (its problems point there). */
  nodesAt?: () => NodesAt;
}

/**
 * What an edge end connects to: the port's data type (a declared port's, else a dynamic port's of that
 * name) and the declared port's JSON Schema (ports of an imported Agent Spec flow carry one). One lookup
 * of the declared port serves both.
 */
function portAt(node: WorkflowNode, side: 'input' | 'output', portId: string): { dataType?: string; schema?: NodePort['schema'] } {
  const declared = (side === 'input' ? node.data.metadata.inputs : node.data.metadata.outputs)?.find((p) => p.id === portId);
  if (declared?.dataType) return { dataType: declared.dataType, schema: declared.schema };
  const config = node.data.config ?? {};
  const dynamic = side === 'input' ? config.dynamicInputs : config.dynamicOutputs;
  const port: unknown = Array.isArray(dynamic) ? dynamic.find((p) => isRecord(p) && p.name === portId) : undefined;
  return { dataType: isRecord(port) && typeof port.dataType === 'string' ? port.dataType : undefined, schema: declared?.schema };
}

function portCompatibility(workflow: Workflow, portConfig: PortConfig, index: GraphIndex): Finding[] {
  const findings: Finding[] = [];
  workflow.edges.forEach((edge, i) => {
    const source = index.sourceNode[i];
    const target = index.targetNode[i];
    const sourcePort = index.sourcePort[i];
    const targetPort = index.targetPort[i];
    if (!source || !target || sourcePort === undefined || targetPort === undefined) return;
    const from = portAt(source, 'output', sourcePort);
    const to = portAt(target, 'input', targetPort);
    // Agent Spec's type rule applies too, through the schemas.
    if (
      from.dataType &&
      to.dataType &&
      !arePortsCompatible(portConfig, { dataType: from.dataType, schema: from.schema }, { dataType: to.dataType, schema: to.schema })
    )
      findings.push({
        ruleId: 'port-compatibility',
        pointer: `/edges/${i}`,
        message: `Edge '${edge.id}' connects a ${from.dataType} output to a ${to.dataType} input; add a compatibilityRules entry {from: ${from.dataType}, to: ${to.dataType}} to wfe.config.yaml if this is intended`,
      });
  });
  return findings;
}

/**
 * `checkValue` decides what the parsed JSON is checked as (src/validate/verdict.ts reads Agent Spec too).
 * `parsed` is the text's JSON.parse result when the caller has it already, so the text is parsed once.
 */
export function checkWorkflowText(
  file: string,
  text: string,
  ctx: CheckContext,
  checkValue = checkWorkflowValue,
  parsed: JsonParseResult = parseJsonWithPosition(text),
): CheckResult {
  if (!parsed.ok)
    return {
      problems: problemsOf(
        file,
        [{ ruleId: 'json-syntax', message: `Invalid JSON: ${parsed.error.message}`, line: parsed.error.line, column: parsed.error.column }],
        ctx,
      ),
    };
  return withPositions({ ...checkValue(file, parsed.value, ctx), value: parsed.value }, text);
}

/** Gives each problem that has a pointer and no line the line and column of its pointer in `text` (JSON or YAML). */
export function withPositions<R extends { problems: Problem[] }>(result: R, text: string): R {
  // Positions are looked up only for files with something to report.
  const located = result.problems.flatMap((p) =>
    p.pointer !== undefined && p.line === undefined ? [{ problem: p, pointer: p.pointer }] : [],
  );
  if (located.length > 0) {
    const positions = pointerPositions(
      text,
      located.map((p) => p.pointer),
    );
    located.forEach(({ problem }, i) => {
      const position = positions[i];
      if (position) Object.assign(problem, { line: position.line, column: position.column });
    });
  }
  return result;
}

/** The date a file without createdAt or updatedAt is checked with (the checks do not read it). */
const EPOCH = new Date(0).toISOString();

/**
 * Every check of `wfe validate` on one parsed value (POST /workflows/validate and the Agent Spec verdict
 * call it too). Problems carry JSON pointers but no line and column: there is no text to count in.
 */
export function checkWorkflowValue(
  file: string,
  value: unknown,
  ctx: CheckContext,
  /** False for a workflow imported from an Agent Spec flow: its id names no file wfe serve would load. */
  { servedFile = true }: { servedFile?: boolean } = {},
): CheckResult {
  const findings: Finding[] = [];
  let workflow: Workflow | undefined;
  if (!isWorkflowFile(value)) {
    for (const p of describeAjvErrors(validateWorkflowFile.errors, 'workflow'))
      findings.push({ ruleId: 'schema', pointer: p.pointer, message: `${p.field} ${p.message}` });
  } else {
    workflow = withMetadataDefaults(value, EPOCH);
    // The contract's schema takes any string; wfe serve does not load an id that no URL could name.
    const unsafeId = servedFile ? unservableIdReason(workflow.id) : undefined;
    if (unsafeId) findings.push({ ruleId: 'schema', pointer: '/id', message: unsafeId });
    // The nodes by id and every edge's ports, worked out once for the three graph checks below.
    const index = indexGraph(workflow);
    for (const p of graphProblems(workflow, ctx.checkConfig, index))
      findings.push({ ruleId: p.rule, pointer: p.pointer, message: p.message });
    findings.push(...portCompatibility(workflow, ctx.portConfig, index));
    for (const { index, node, typeId } of unknownNodeTypes(workflow, ctx.lookupNodeType))
      findings.push({
        ruleId: 'unknown-node-type',
        pointer: node.data?.metadata?.id !== undefined ? `/nodes/${index}/data/metadata/id` : `/nodes/${index}`,
        message: unknownNodeTypeMessage(node, typeId),
      });
    for (const p of loopExitsIntoBody(workflow))
      findings.push({ ruleId: 'loop-exit-into-body', pointer: `/edges/${p.edgeIndex}`, message: p.message });
    // The full conversion is only needed to name what an export would lose; the structure checks alone
    // are a fraction of its cost, and lossy-export is off unless asked for.
    const lossy = ctx.definitions.get(LOSSY_RULE);
    const issues =
      lossy && severityOf(lossy, ctx.rules) !== 'off'
        ? agentSpecChecksOf(ctx).exportToAgentSpec(workflow, { rules: ctx.rules, lookupNodeType: ctx.lookupNodeType }).issues
        : structuralIssues(workflow, { lookupNodeType: ctx.lookupNodeType }, index);
    // Where an issue points, indexed only for a workflow that has one.
    const indexOf = issues.length > 0 ? new Map(workflow.nodes.map((n, i) => [n.id, i])) : new Map<string, number>();
    const edgeIndex = issues.length > 0 ? new Map(workflow.edges.map((e, i) => [e.id, i])) : new Map<string, number>();
    for (const issue of issues) {
      const node = issue.nodeIds?.[0];
      const pointer =
        issue.edgeId !== undefined && edgeIndex.has(issue.edgeId)
          ? `/edges/${edgeIndex.get(issue.edgeId)}`
          : node !== undefined && indexOf.has(node)
            ? `/nodes/${indexOf.get(node)}`
            : undefined;
      findings.push({ ruleId: issue.rule, message: issue.message, ...(pointer ? { pointer } : {}) });
    }
  }

  return { problems: problemsOf(file, findings, ctx), workflow };
}

/** Findings under their rule's effective severity; those turned off are dropped. */
export function problemsOf(file: string, findings: Finding[], ctx: CheckContext): Problem[] {
  const problems: Problem[] = [];
  for (const f of findings) {
    const definition = ctx.definitions.get(f.ruleId);
    const severity = definition ? severityOf(definition, ctx.rules) : 'error';
    if (severity !== 'off')
      problems.push({
        ruleId: f.ruleId,
        severity,
        message: f.message,
        file,
        ...(f.pointer !== undefined ? { pointer: f.pointer } : {}),
        ...(f.line ? { line: f.line, column: f.column } : {}),
      });
  }
  return problems;
}
