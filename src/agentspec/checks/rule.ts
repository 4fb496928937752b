// The shape of an Agent Spec rule, as ESLint writes its rules: what it is (meta) and how it checks. Its
// severity, one-line description and help are its entry in the one rule table (src/contract/rules.ts).
import type { LoadedDocument, Component } from './load.js';
import type { NodeIo } from './node-io.js';
import type { AgentSpecRuleId } from './rule-ids.js';

export interface RuleMeta<Id extends AgentSpecRuleId = AgentSpecRuleId> {
  id: Id;
  /** The clause of the language specification the rule enforces. */
  clause: string;
  /**
   * Oracle's loader accepts what this rule refuses, and the language specification sides with the rule
   * (docs/rules.md lists each such rule with its clause).
   */
  beyondReferenceLoader?: true;
}

export interface RuleContext {
  document: LoadedDocument;
  io: NodeIo;
  /** Every Flow of the document, at any depth: the root, and each subflow as read. */
  flows: Component[];
  report(pointer: string, message: string): void;
}

export interface AgentSpecRule<Id extends AgentSpecRuleId = AgentSpecRuleId> {
  meta: RuleMeta<Id>;
  /** Absent for the rules that reading the document applies (load.ts reports their findings). */
  check?(context: RuleContext): void;
}
