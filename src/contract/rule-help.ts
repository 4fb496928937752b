// What each rule checks and how to fix what it finds, as the SARIF report's rule metadata (GitHub code
// scanning shows it beside each alert) and docs/rules.md say it: from the one rule table (rules.ts).
import { readFileSync } from 'node:fs';
import { isRecord } from '../util/narrow.js';
import { RULE_IDS, RULES, type RuleHelp } from './rules.js';

export type { RuleHelp };

/** Each rule's help, by id: the help half of the one rule table (rules.ts). */
export const RULE_HELP: Readonly<Record<string, RuleHelp>> = RULES;

/** SARIF's convention for a rule's name: `no-cycle` → `NoCycle`. */
export const ruleName = (id: string): string =>
  RULE_HELP[id]?.name ?? id.replace(/(?:^|[-_:/.])([a-z0-9])/gi, (_, c: string) => c.toUpperCase());

interface Manifest {
  repository?: string | { url?: string };
  homepage?: string;
}

/**
 * Where docs/rules.md is published, from package.json: `repository` (a GitHub or GitLab URL, or the
 * `github:owner/name` / `owner/name` shorthand) or else `homepage`; undefined when it names neither,
 * since SARIF wants an absolute helpUri.
 */
export function rulesDocUrl(manifest: Manifest): string | undefined {
  const repo = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (repo) {
    const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repo);
    const url = shorthand
      ? `https://github.com/${shorthand[1]}`
      : repo
          .replace(/^git\+/, '')
          .replace(/^git:\/\//, 'https://')
          .replace(/^git@([^:]+):/, 'https://$1/')
          .replace(/\.git$/, '');
    if (/^https?:\/\//.test(url)) return `${url.replace(/\/$/, '')}/blob/HEAD/docs/rules.md`;
  }
  if (manifest.homepage && /^https?:\/\//.test(manifest.homepage))
    return `${manifest.homepage.replace(/#.*$/, '').replace(/\/$/, '')}/docs/rules.md`;
  return undefined;
}

/** What rulesDocUrl reads of package.json: `repository` and `homepage`, where they have the types npm gives them. */
function manifestOf(json: unknown): Manifest {
  if (!isRecord(json)) return {};
  const { repository, homepage } = json;
  return {
    repository:
      typeof repository === 'string'
        ? repository
        : isRecord(repository) && typeof repository.url === 'string'
          ? { url: repository.url }
          : undefined,
    homepage: typeof homepage === 'string' ? homepage : undefined,
  };
}

const manifest = manifestOf(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')));

/** This package's docs/rules.md, when package.json says where the repository is. */
export const RULES_DOC_URL = rulesDocUrl(manifest);

/** Relative link of a rule's section in the repository, for texts read beside the repository. */
const ruleDocPath = (id: string): string => `docs/rules.md#${id}`;

const missing = (id: string): RuleHelp => ({
  checks: `The ${id} rule.`,
  fix: `See ${ruleDocPath(id)}.`,
  example: { input: '', message: '' },
});

/** SARIF help.text: how to fix, an example and where the rule is documented. */
export function helpText(id: string, docUrl = RULES_DOC_URL): string {
  const help = RULE_HELP[id] ?? missing(id);
  const example = help.example.input ? `\n\nExample: ${help.example.input}\nwfe reports: ${help.example.message}` : '';
  return `${help.fix}${example}\n\nMore: ${docUrl ? `${docUrl}#${id}` : ruleDocPath(id)}`;
}

/** An example's input as Markdown: JSON as code (fenced when it spans lines), a description as text. */
function exampleMarkdown(input: string): string {
  if (!/^[{["]/.test(input)) return input;
  return input.includes('\n') ? `\n\n\`\`\`json\n${input}\n\`\`\`\n\n` : `\`${input}\``;
}

/** SARIF help.markdown: the same as helpText, formatted. */
export function helpMarkdown(id: string, docUrl = RULES_DOC_URL): string {
  const help = RULE_HELP[id] ?? missing(id);
  const example = help.example.input ? `\n\n**Example:** ${exampleMarkdown(help.example.input)} gives *${help.example.message}*` : '';
  return `${help.fix}${example}\n\nMore: ${docUrl ? `[${ruleDocPath(id)}](${docUrl}#${id})` : `\`${ruleDocPath(id)}\` in the wfe repository`}`;
}

/** The rule ids of every wfe command: a shared wfe.config.yaml may name any of them. */
export const KNOWN_RULE_IDS: ReadonlySet<string> = new Set(RULE_IDS);
