// Checks many files: each against the catalog and rules of the folder it belongs to (its nearest
// wfe.config.yaml), as `wfe serve` of that folder would see it; then ids across files.
import { dirname } from 'node:path';
import type { ParsedText } from '../agentspec/serialize.js';
import type { Workflow } from '../contract/types.js';
import type { FolderSettings } from '../project/folder-settings.js';
import type { CheckContext } from './check.js';
import { checkRuleConfig, severityOf, type RuleConfig } from '../contract/rule-config.js';
import { checkContextFor, definitions } from './check-context.js';
import { isRecord } from '../util/narrow.js';
import { ALL_RULES } from './rules.js';
import { sortProblems, type FileResult, type Report } from './types.js';
import { checkDocumentText } from './verdict.js';
import { loadAgentSpecChecks, needsAgentSpecChecks } from './agent-spec-checks.js';

export type { FolderSettings };
export { checkContextFor };

/** A file read and parsed once, or why it cannot be checked (with where, when that is known). */
export type ScreenedSource = { text: string; parsed?: ParsedText } | { refused: string; line?: number; column?: number };

export interface SourceFile {
  /** As reported: relative path, or '-' / the --stdin-filename for stdin. */
  name: string;
  /** Folder whose catalog and config apply. */
  folder: string;
  /**
   * The text, with what parseText(text, name) gave when the reader parsed it already (then it is not parsed
   * again); or why the file cannot be checked at all (unreadable, an alias bomb, nested too deeply), which is
   * its one `json-syntax` error.
   */
  read(): Promise<string | ScreenedSource>;
}

export interface RunOptions {
  files: SourceFile[];
  /** --rule flags; checked strictly (an unknown id is a usage error). */
  flagRules: RuleConfig;
  settingsFor(folder: string): Promise<FolderSettings>;
  onProgress?(done: number, total: number, file: string): void;
  /** Files read and checked at once. */
  concurrency?: number;
}

const DUPLICATE_ID_RULE = (() => {
  const rule = definitions.get('duplicate-workflow-id');
  if (!rule) throw new Error('the duplicate-workflow-id rule is not defined');
  return rule;
})();

export async function runValidation(options: RunOptions): Promise<Report> {
  const started = performance.now();
  const flagRules = checkRuleConfig(options.flagRules, ALL_RULES, '--rule');
  const contexts = new Map<string, Promise<CheckContext>>();
  const contextFor = (folder: string) => {
    let found = contexts.get(folder);
    if (!found) {
      found = options.settingsFor(folder).then((s) => checkContextFor(s, flagRules));
      contexts.set(folder, found);
    }
    return found;
  };

  const results: FileResult[] = new Array(options.files.length);
  const ids: Array<string | undefined> = new Array(options.files.length);
  const idsSeen = new Set<string>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < options.files.length) {
      const i = next++;
      const file = options.files[i];
      const t0 = performance.now();
      const ctx = await contextFor(file.folder);
      const source = await file.read();
      if (typeof source === 'object' && 'refused' in source) {
        results[i] = {
          file: file.name,
          problems: [
            {
              ruleId: 'json-syntax',
              severity: 'error',
              file: file.name,
              message: source.refused,
              ...(source.line !== undefined ? { line: source.line, column: source.column } : {}),
            },
          ],
          durationMs: performance.now() - t0,
        };
      } else {
        const { text, parsed } = typeof source === 'string' ? { text: source, parsed: undefined } : source;
        // The folder's context is shared by its files: the converter, once loaded into it, serves them all.
        if (!ctx.agentSpec && needsAgentSpecChecks(ctx, parsed)) ctx.agentSpec = await loadAgentSpecChecks();
        const { problems, workflow, value } = checkDocumentText(file.name, text, ctx, parsed);
        ids[i] = workflow?.id;
        results[i] = { file: file.name, problems, durationMs: performance.now() - t0 };
        // The job summary draws failing workflows: only their parsed values are kept (and those whose id
        // was seen before, which fail as duplicates below), not every file's.
        const duplicate = workflow !== undefined && idsSeen.has(workflow.id);
        if (workflow) idsSeen.add(workflow.id);
        if (duplicate || problems.some((p) => p.severity === 'error')) {
          const drawable = drawableWorkflow(value) ?? workflow;
          if (drawable) results[i].workflow = drawable;
        }
      }
      options.onProgress?.(++done, options.files.length, file.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 16, options.files.length) }, worker));

  // Across files: `wfe serve` keeps the first file in path order for an id and ignores the others.
  const firstFor = new Map<string, number>();
  const order = options.files.map((f, i) => i).sort((a, b) => (options.files[a].name < options.files[b].name ? -1 : 1));
  for (const i of order) {
    const id = ids[i];
    if (id === undefined) continue;
    const first = firstFor.get(id);
    if (first === undefined) {
      firstFor.set(id, i);
      continue;
    }
    const ctx = await contextFor(options.files[i].folder);
    const severity = severityOf(DUPLICATE_ID_RULE, ctx.rules);
    if (severity !== 'off')
      results[i].problems.push({
        ruleId: 'duplicate-workflow-id',
        severity,
        file: results[i].file,
        pointer: '/id',
        message: `Workflow id '${id}' is also used by ${options.files[first].name}, which wfe serve loads instead`,
      });
  }

  for (const r of results) r.problems = sortProblems(r.problems);
  const all = results.flatMap((r) => r.problems);
  const effective = options.files.length > 0 ? await contextFor(options.files[0].folder) : undefined;
  return {
    files: results,
    errorCount: all.filter((p) => p.severity === 'error').length,
    warningCount: all.filter((p) => p.severity === 'warning').length,
    rules: ALL_RULES.map((r) => ({ id: r.id, severity: severityOf(r, effective?.rules), description: r.description })),
    durationMs: performance.now() - started,
  };
}

/** The file's own value when it has the nodes and edges a picture needs (error pointers index into it). */
function drawableWorkflow(value: unknown): Workflow | undefined {
  return isDrawable(value) ? value : undefined;
}

// Only nodes and edges are read to draw it: a value with both arrays is drawn as a workflow.
const isDrawable = (value: unknown): value is Workflow => isRecord(value) && Array.isArray(value.nodes) && Array.isArray(value.edges);

export const folderOf = (path: string | undefined): string => (path ? dirname(path) : process.cwd());
