// Checks many files: each against the catalog and rules of the folder it belongs to (its nearest
// wfe.config.yaml), as `wfe serve` of that folder would see it; then ids across files.
import { dirname, join } from 'node:path';
import type { ParsedText } from '../agentspec/serialize.js';
import type { Workflow } from '../contract/types.js';
import type { FolderSettings } from '../project/folder-settings.js';
import type { CheckContext } from './check.js';
import type * as Verdict from './verdict.js';
import { checkRuleConfig, severityOf, type RuleConfig } from '../contract/rule-config.js';
import { checkContextFor, definitions } from './check-context.js';
import { startBounded } from '../util/bounded.js';
import { startStopwatch } from '../util/stopwatch.js';
import { isRecord } from '../util/narrow.js';
import type { ParseResult } from '../util/parse-result.js';
import { ALL_RULES } from './rules.js';
import { sortProblems, type FileResult, type Problem, type Report } from './types.js';
import { isAgentSpecDocument, loadAgentSpecChecks, needsAgentSpecChecks } from './agent-spec-checks.js';
import { duplicateIds } from './duplicate-ids.js';
import { pointerPosition } from '../util/pointer-position.js';

export type { FolderSettings };

/** A file read (and parsed once, when `parsed` is there), or why it cannot be checked (with where, when that is known). */
export type ScreenedSource = ParseResult<{ text: string; parsed?: ParsedText }>;

export interface SourceFile {
  /** As reported: relative path, or '-' / the --stdin-filename for stdin. */
  name: string;
  /** Folder whose catalog and config apply. */
  folder: string;
  /** The file on disk (absolute), when it is one: what a result cache knows it by. */
  path?: string;
  /**
   * The text, with what parseText(text, name) gave when the reader parsed it already (then it is not parsed
   * again); or why the file cannot be checked at all (unreadable, an alias bomb, nested too deeply), which is
   * its one `json-syntax` error.
   */
  read(): Promise<string | ScreenedSource>;
}

/** One file's own result, before the checks across files: its problems, and the id of its workflow. */
export interface FileCheck {
  result: FileResult;
  workflowId?: string;
}

/** Results of earlier runs (`--cache`): a file that did not change since is not checked again. */
export interface ResultCache {
  /**
   * Each file's own result from an earlier run, when neither the file nor its settings changed since, in the
   * order of `files` (undefined for a file to check). All at once: a run over 10,000 unchanged files is one
   * synchronous pass over them, not 10,000 turns of the event loop.
   */
  recallAll(files: readonly SourceFile[]): Promise<Array<FileCheck | undefined>>;
  /** Keeps a file's own result for the next run. */
  remember(file: SourceFile, check: FileCheck): void;
}

/**
 * Checks files somewhere else (worker threads, `--concurrency`), each as checkSourceFile would, and hands
 * each result back by its index in `files`, in any order.
 */
export type RemoteChecker = (files: SourceFile[], checked: (index: number, check: FileCheck) => void) => Promise<void>;

export interface RunOptions {
  files: SourceFile[];
  /** --rule flags; checked strictly (an unknown id is a usage error). */
  flagRules: RuleConfig;
  settingsFor(folder: string): Promise<FolderSettings>;
  onProgress?(done: number, total: number, file: string): void;
  /** Files read and checked at once. */
  concurrency?: number;
  cache?: ResultCache;
  /** Where the files the cache does not know are checked; in this thread without it. */
  checkElsewhere?: RemoteChecker;
  /** How a file that is not an input (a node type file) is named in the report: its absolute path by default. */
  nameOf?: (path: string) => string;
}

const DUPLICATE_ID_RULE = (() => {
  const rule = definitions.get('duplicate-workflow-id');
  if (!rule) throw new Error('the duplicate-workflow-id rule is not defined');
  return rule;
})();

export async function runValidation(options: RunOptions): Promise<Report> {
  const elapsed = startStopwatch();
  const flagRules = checkRuleConfig(options.flagRules, ALL_RULES, '--rule');
  const contextFor = contextsByFolder(options.settingsFor, flagRules);

  const results: FileResult[] = new Array(options.files.length);
  const ids: Array<string | undefined> = new Array(options.files.length);
  let done = 0;
  const record = (i: number, { result, workflowId }: FileCheck) => {
    results[i] = result;
    ids[i] = workflowId;
    options.onProgress?.(++done, options.files.length, options.files[i].name);
  };
  // Files the cache does not know, by index: checked here, or handed on together.
  const recalled = options.cache ? await options.cache.recallAll(options.files) : [];
  const unknown: number[] = [];
  options.files.forEach((_file, i) => {
    const check = recalled[i];
    if (check) record(i, check);
    else unknown.push(i);
  });
  const seen = new WorkflowIdsSeen();
  if (options.checkElsewhere && unknown.length > 0) {
    await options.checkElsewhere(
      unknown.map((i) => options.files[i]),
      (k, check) => {
        options.cache?.remember(options.files[unknown[k]], check);
        record(unknown[k], check);
      },
    );
  } else {
    const checks = startBounded(unknown, options.concurrency ?? 16, async (i) => {
      const file = options.files[i];
      const check = await checkSourceFile(file, await contextFor(file.folder), seen);
      options.cache?.remember(file, check);
      record(i, check);
    });
    await Promise.all(checks.values());
  }

  // Across files: `wfe serve` keeps the first file in path order for an id and ignores the others.
  for (const duplicate of await duplicateIds(options.files, ids)) {
    const ctx = await contextFor(options.files[duplicate.index].folder);
    const severity = severityOf(DUPLICATE_ID_RULE, ctx.rules);
    if (severity !== 'off')
      results[duplicate.index].problems.push({
        ruleId: 'duplicate-workflow-id',
        severity,
        file: results[duplicate.index].file,
        pointer: '/id',
        message: duplicate.message,
        ...(await idPosition(options.files[duplicate.index])),
      });
  }

  results.push(...(await nodeTypeFileResults(options, contextFor)));
  for (const r of results) r.problems = sortProblems(r.problems);
  const all = results.flatMap((r) => r.problems);
  const effective = options.files.length > 0 ? await contextFor(options.files[0].folder) : undefined;
  return {
    files: results,
    errorCount: all.filter((p) => p.severity === 'error').length,
    warningCount: all.filter((p) => p.severity === 'warning').length,
    rules: ALL_RULES.map((r) => ({ id: r.id, severity: severityOf(r, effective?.rules), description: r.description })),
    durationMs: elapsed(),
  };
}

/**
 * Where a file's "id" is, read again: only files that share an id need it, and the checks of each file
 * did not know yet that it would. Stdin cannot be read twice; it keeps the pointer alone.
 */
async function idPosition(file: SourceFile): Promise<{ line?: number; column?: number }> {
  if (file.path === undefined) return {};
  const read = await file.read().catch(() => undefined);
  const text = typeof read === 'string' ? read : read?.ok ? read.value.text : undefined;
  const position = text === undefined ? undefined : pointerPosition(text, '/id');
  return position ? { line: position.line, column: position.column } : {};
}

/**
 * The node type files (`nodes/`) of the folders checked that `wfe serve` of them could not load, each with
 * its problems: a type that does not load is missing from every workflow that uses it, so CI fails on it
 * (it used to be a warning on stderr). Under the rules `json-syntax` and `schema`, as a workflow file's.
 */
async function nodeTypeFileResults(options: RunOptions, contextFor: (folder: string) => Promise<CheckContext>): Promise<FileResult[]> {
  const byPath = new Map<string, FileResult>();
  for (const folder of new Set(options.files.map((f) => f.folder))) {
    const [settings, ctx] = await Promise.all([options.settingsFor(folder), contextFor(folder)]);
    const nodeTypes = settings.nodeTypes;
    if (!nodeTypes) continue;
    for (const error of nodeTypes.errors) {
      const path = join(nodeTypes.folder, error.file);
      const file = options.nameOf ? options.nameOf(path) : path;
      const ruleId = /^invalid (JSON|YAML)/.test(error.message) ? 'json-syntax' : 'schema';
      const rule = definitions.get(ruleId);
      const severity = rule ? severityOf(rule, ctx.rules) : 'error';
      if (severity === 'off') continue;
      let result = byPath.get(path);
      if (!result) byPath.set(path, (result = { file, problems: [], durationMs: 0 }));
      if (result.problems.some((p) => p.message === error.message && p.line === error.line)) continue;
      result.problems.push({
        ruleId,
        severity,
        file,
        message: error.message,
        ...(error.pointer ? { pointer: error.pointer } : {}),
        ...(error.line ? { line: error.line, column: error.column } : {}),
      });
    }
  }
  return [...byPath.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Each folder's check context, built once for all its files. */
export function contextsByFolder(
  settingsFor: (folder: string) => Promise<FolderSettings>,
  flagRules: RuleConfig,
): (folder: string) => Promise<CheckContext> {
  const contexts = new Map<string, Promise<CheckContext>>();
  return (folder) => {
    let found = contexts.get(folder);
    if (!found) {
      found = settingsFor(folder).then((s) => checkContextFor(s, flagRules));
      contexts.set(folder, found);
    }
    return found;
  };
}

/** The workflow ids a thread has checked so far: a file whose id was seen before keeps its value to be drawn. */
export class WorkflowIdsSeen {
  private readonly ids = new Set<string>();
  /** Whether `id` was seen before; it is seen from now on. */
  again(id: string): boolean {
    const before = this.ids.has(id);
    this.ids.add(id);
    return before;
  }
}

let verdict: Promise<typeof Verdict> | undefined;

/** Reads and checks one file against its folder's context: its own problems, before the checks across files. */
export async function checkSourceFile(file: SourceFile, ctx: CheckContext, seen: WorkflowIdsSeen): Promise<FileCheck> {
  const elapsed = startStopwatch();
  const source = await file.read();
  if (typeof source === 'object' && !source.ok) {
    const { message, line, column } = source.error;
    const problem: Problem = {
      ruleId: 'json-syntax',
      severity: 'error',
      file: file.name,
      message,
      ...(line !== undefined ? { line, column } : {}),
    };
    return { result: { file: file.name, problems: [problem], durationMs: elapsed() } };
  }
  const { text, parsed } = typeof source === 'string' ? { text: source, parsed: undefined } : source.value;
  // The folder's context is shared by its files: the converter, once loaded into it, serves them all.
  if (!ctx.agentSpec && needsAgentSpecChecks(ctx, parsed)) ctx.agentSpec = await loadAgentSpecChecks();
  // Loaded with the first file checked: a run that finds every file in its cache loads none of the checks.
  const { checkDocumentText } = await (verdict ??= import('./verdict.js'));
  const { problems, workflow, value, nodesAt } = checkDocumentText(file.name, text, ctx, parsed);
  const result: FileResult = { file: file.name, problems, durationMs: elapsed() };
  // The job summary draws failing workflows: only their parsed values are kept (and those whose id
  // was seen before, which fail as duplicates), not every file's.
  const workflowId = workflow !== undefined && definesServedWorkflow(file.name, value) ? workflow.id : undefined;
  const duplicate = workflowId !== undefined && seen.again(workflowId);
  if (duplicate || problems.some((p) => p.severity === 'error')) {
    if (nodesAt && workflow) {
      // An Agent Spec document is drawn as the workflow it imports as; its problems point into the document.
      result.workflow = workflow;
      result.nodesAt = nodesAt();
    } else {
      const drawable = drawableWorkflow(value) ?? workflow;
      if (drawable) result.workflow = drawable;
    }
  }
  return { result, workflowId };
}

/**
 * Whether a file defines a workflow of its folder as `wfe serve` loads it: FlowDrop JSON. An Agent Spec export
 * or a YAML copy beside the workflow carries its id, and serve loads neither, so neither takes part in the
 * duplicate-workflow-id check.
 */
const definesServedWorkflow = (name: string, value: unknown): boolean => !/\.ya?ml$/i.test(name) && !isAgentSpecDocument(value);

/** The file's own value when it has the nodes and edges a picture needs (error pointers index into it). */
function drawableWorkflow(value: unknown): Workflow | undefined {
  return isDrawable(value) ? value : undefined;
}

// Only nodes and edges are read to draw it: a value with both arrays is drawn as a workflow.
const isDrawable = (value: unknown): value is Workflow => isRecord(value) && Array.isArray(value.nodes) && Array.isArray(value.edges);

/** The folder whose settings a file is checked with: its own, or the working directory `cwd` for stdin. */
export const folderOf = (path: string | undefined, cwd: string): string => (path ? dirname(path) : cwd);
