// A RuleTester for the Agent Spec rules, as ESLint tests its rules: each valid case draws no finding at all,
// and each invalid case draws exactly the findings listed (rule, message, pointer), so no other rule fired.
import { describe, expect, it } from 'vitest';
import { checkAgentSpecDocument } from '../../src/agentspec/checks/index.js';
import type { AgentSpecRuleId } from '../../src/agentspec/checks/rule-ids.js';
import type { AsValue } from '../../src/agentspec/types.js';

export interface ValidCase {
  name: string;
  document: AsValue;
}

export interface InvalidCase extends ValidCase {
  findings: Array<{ message: string; pointer: string }>;
}

export function testRule(ruleId: AgentSpecRuleId, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  describe(ruleId, () => {
    it('has valid and invalid cases', () => {
      expect(cases.valid.length).toBeGreaterThan(0);
      expect(cases.invalid.length).toBeGreaterThan(0);
    });
    for (const c of cases.valid)
      it(`valid: ${c.name}`, () => {
        expect(checkAgentSpecDocument(c.document)).toEqual([]);
      });
    for (const c of cases.invalid)
      it(`invalid: ${c.name}`, () => {
        expect(checkAgentSpecDocument(c.document)).toEqual(c.findings.map((f) => ({ ruleId, ...f })));
      });
  });
}
