// What `wfe import` says of an Agent Spec document before it converts it: the Agent Spec half of the verdict of
// `wfe validate` (agentSpecDocumentProblems, under the folder's rules:), each problem on its own line at its
// place in the file. An error stops the import of that input, as the same document fails `wfe validate`.
import type { Registry } from '../agentspec/references.js';
import type { FolderSettings } from '../project/folder-settings.js';
import { pointerPositions } from '../util/pointer-position.js';
import { loadAgentSpecChecks } from '../validate/agent-spec-checks.js';
import { checkContextFor } from '../validate/check-context.js';
import { agentSpecDocumentProblems } from '../validate/verdict.js';
import { problemLine } from './report.js';

export interface AgentSpecFindingsInput {
  name: string;
  /** The text the document was parsed from, for line and column. */
  text: string | undefined;
  value: unknown;
  registry?: Registry;
  settings: FolderSettings;
}

/** Reports each problem, one line each; true when one of them is an error. */
export async function reportAgentSpecFindings(input: AgentSpecFindingsInput, reportLine: (line: string) => void): Promise<boolean> {
  const ctx = { ...checkContextFor(input.settings), agentSpec: await loadAgentSpecChecks() };
  const problems = agentSpecDocumentProblems(input.name, input.value, ctx, { registry: input.registry });
  // The positions are found in one pass over the text: a flow of 10,000 nodes may warn of thousands.
  const located = problems.map((p) => p.pointer ?? '');
  const positions = input.text !== undefined ? pointerPositions(input.text, located) : [];
  problems.forEach(({ severity, message, pointer, ruleId }, i) =>
    reportLine(
      problemLine(
        input.name,
        severity,
        `${pointer !== undefined ? `${pointer || '/'}: ` : ''}${message} (${ruleId})`,
        pointer !== undefined ? positions[i] : undefined,
      ),
    ),
  );
  return problems.some((p) => p.severity === 'error');
}
