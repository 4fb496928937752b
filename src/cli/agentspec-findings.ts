// What `wfe import` says of an Agent Spec document before it converts it: the findings of the Agent Spec rules
// (the verdict of `wfe validate`, under the folder's rules:), each on its own line at its place in the file.
// An error stops the import of that input, as the same document fails `wfe validate`.
import { checkAgentSpecDocument } from '../agentspec/checks/index.js';
import { dialectToOfficial, isFlowdropDialect } from '../agentspec/dialect.js';
import { isObject, workflowValue, type AsValue } from '../agentspec/types.js';
import { checkRuleConfig, severityOf, type RawRuleConfig } from '../contract/rule-config.js';
import { ALL_RULES } from '../validate/rules.js';
import { pointerPositions } from '../util/pointer-position.js';
import { problemLine } from './report.js';

export interface AgentSpecFindingsInput {
  name: string;
  /** The text the document was parsed from, for line and column. */
  text: string | undefined;
  value: unknown;
  registry?: Map<string, AsValue>;
  rules: RawRuleConfig;
}

const definitions = new Map(ALL_RULES.map((r) => [r.id, r]));

/** Says each finding; true when one of them is an error. */
export function sayAgentSpecFindings(input: AgentSpecFindingsInput, say: (line: string) => void): boolean {
  const dialect = isFlowdropDialect(input.value);
  const document = dialect && isObject(input.value) ? dialectToOfficial(input.value) : workflowValue(input.value);
  const rules = checkRuleConfig(input.rules, ALL_RULES, 'wfe.config.yaml', true);
  let refused = false;
  const said: Array<{ severity: 'error' | 'warning'; message: string; pointer: string }> = [];
  for (const finding of checkAgentSpecDocument(document, { external: input.registry })) {
    const definition = definitions.get(finding.ruleId);
    const severity = definition ? severityOf(definition, rules) : 'error';
    if (severity === 'off') continue;
    refused ||= severity === 'error';
    said.push({ severity, message: `${finding.message} (${finding.ruleId})`, pointer: finding.pointer });
  }
  // A dialect document was read as its official form: a pointer would point into that, not into the file.
  // The positions are found in one pass over the text: a flow of 10,000 nodes may warn of thousands.
  const positions =
    !dialect && input.text !== undefined
      ? pointerPositions(
          input.text,
          said.map((f) => f.pointer),
        )
      : [];
  said.forEach(({ severity, message, pointer }, i) =>
    say(problemLine(input.name, severity, dialect ? message : `${pointer || '/'}: ${message}`, positions[i])),
  );
  return refused;
}
