// `wfe validate --cache`: each file's own result from the last run, kept in one file, so that a file that did
// not change (by its size and modification time, or by its content) under the same settings is not read
// and checked again. The checks across files (duplicate ids) still run over every file, from the kept ids.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { nodeCrypto } from '../util/lazy-module.js';
import { errorMessage, isRecord } from '../util/narrow.js';
import type { FileCheck, ResultCache, SourceFile } from './run.js';
import type { Problem } from './types.js';
import { isRuleId } from '../contract/rules.js';

export type CacheStrategy = 'metadata' | 'content';

/** The name of the cache file in the working directory, or in the folder --cache-location names. */
export const DEFAULT_CACHE_FILE = '.wfe-cache';

/** Bumped whenever what an entry holds changes: a cache written by another layout is not read. */
const CACHE_FORMAT = 1;

export interface CacheOptions {
  /** The cache file. */
  file: string;
  strategy: CacheStrategy;
  /** A digest of what can change any file's verdict besides its folder's settings: wfe's version, its rules, the --rule flags. */
  runKey: string;
  /** A digest of the settings the files of `folder` are checked with (config, rules, node types). */
  folderKey(folder: string): Promise<string>;
  /** Says why a cache file was not used. */
  warn(message: string): void;
}

/** What a file looked like when it was checked. */
interface Fingerprint {
  size: number;
  mtimeMs: number;
  /** sha256 of the bytes (the content strategy). */
  hash?: string;
}

interface Entry extends Fingerprint {
  /** As reported: a result names its file, so a file reached under another name is checked again. */
  name: string;
  settings: string;
  workflowId?: string;
  problems: Problem[];
}

export interface ValidationCache extends ResultCache {
  /** Writes what this run learned, atomically (a temp file renamed over the cache file). */
  save(): Promise<void>;
}

/** Opens the cache file: what it holds when it was written under the same settings, nothing otherwise. */
export function openValidationCache(options: CacheOptions): ValidationCache {
  const entries = loadEntries(options);
  const seenAt = new Map<string, Fingerprint>();
  const folderKeys = new Map<string, Promise<string>>();
  const folderKey = (folder: string) => {
    let found = folderKeys.get(folder);
    if (!found) folderKeys.set(folder, (found = options.folderKey(folder)));
    return found;
  };
  const settingsOf = new Map<string, string>();
  // A run that found every file as it was (the common case in CI) leaves the file as it is.
  let changed = false;

  return {
    async recall(file: SourceFile): Promise<FileCheck | undefined> {
      if (file.path === undefined) return undefined;
      const t0 = performance.now();
      const settings = await folderKey(file.folder);
      settingsOf.set(file.path, settings);
      const now = fingerprintOf(file.path, options.strategy);
      if (!now) return undefined;
      seenAt.set(file.path, now);
      const entry = entries.get(file.path);
      if (!entry || entry.name !== file.name || entry.settings !== settings || !sameFile(entry, now)) return undefined;
      // Fresh copies: the checks across files add to a result's problems.
      const result = { file: file.name, problems: entry.problems.map((p) => ({ ...p })), durationMs: performance.now() - t0 };
      return { result, ...(entry.workflowId !== undefined ? { workflowId: entry.workflowId } : {}) };
    },

    remember(file: SourceFile, check: FileCheck): void {
      if (file.path === undefined) return;
      const seen = seenAt.get(file.path);
      const settings = settingsOf.get(file.path);
      // A file with errors is checked again on every run: the job summary draws it from its parsed value,
      // which the cache does not keep, and it is the file being worked on.
      changed = true;
      if (!seen || settings === undefined || check.result.problems.some((p) => p.severity === 'error')) {
        entries.delete(file.path);
        return;
      }
      entries.set(file.path, {
        ...seen,
        name: file.name,
        settings,
        ...(check.workflowId !== undefined ? { workflowId: check.workflowId } : {}),
        problems: check.result.problems.map((p) => ({ ...p })),
      });
    },

    async save(): Promise<void> {
      if (!changed && existsSync(options.file)) return;
      const files: Record<string, Entry> = {};
      for (const [path, entry] of entries) files[path] = entry;
      const text = JSON.stringify({ wfeCache: CACHE_FORMAT, strategy: options.strategy, run: options.runKey, files });
      const target = resolve(options.file);
      await mkdir(dirname(target), { recursive: true });
      await writeFileAtomic(target, text, { identity: false });
    },
  };
}

function loadEntries(options: CacheOptions): Map<string, Entry> {
  let text: string;
  try {
    text = readFileSync(options.file, 'utf8');
  } catch {
    return new Map(); // no cache yet
  }
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch (err) {
    options.warn(`ignoring the cache ${options.file}: not JSON (${errorMessage(err)}); every file is checked`);
    return new Map();
  }
  if (!isRecord(stored) || stored.wfeCache !== CACHE_FORMAT || !isRecord(stored.files) || typeof stored.run !== 'string') {
    options.warn(`ignoring the cache ${options.file}: not a wfe ${CACHE_FORMAT} cache file; every file is checked`);
    return new Map();
  }
  // Written by another version, or under other settings or another strategy: none of it applies.
  if (stored.run !== options.runKey || stored.strategy !== options.strategy) return new Map();
  const entries = new Map<string, Entry>();
  for (const [path, entry] of Object.entries(stored.files)) {
    if (!isEntry(entry, options.strategy)) {
      options.warn(`ignoring the cache ${options.file}: its entry for ${path} is damaged; every file is checked`);
      return new Map();
    }
    entries.set(path, entry);
  }
  return entries;
}

/** The file's size and time (and with `content`, its hash) now; undefined when it cannot be read. */
function fingerprintOf(path: string, strategy: CacheStrategy): Fingerprint | undefined {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return undefined; // a pipe or device is never the same twice
    const fingerprint: Fingerprint = { size: stats.size, mtimeMs: stats.mtimeMs };
    if (strategy === 'content') fingerprint.hash = nodeCrypto().createHash('sha256').update(readFileSync(path)).digest('hex');
    return fingerprint;
  } catch {
    return undefined;
  }
}

/** The content strategy trusts only the bytes: an edit that keeps the size and the time is still seen. */
const sameFile = (entry: Entry, now: Fingerprint): boolean =>
  now.hash !== undefined ? entry.hash === now.hash : entry.size === now.size && entry.mtimeMs === now.mtimeMs;

function isEntry(value: unknown, strategy: CacheStrategy): value is Entry {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    typeof value.settings === 'string' &&
    typeof value.size === 'number' &&
    typeof value.mtimeMs === 'number' &&
    (strategy === 'metadata' || typeof value.hash === 'string') &&
    (value.workflowId === undefined || typeof value.workflowId === 'string') &&
    Array.isArray(value.problems) &&
    value.problems.every(isProblem)
  );
}

function isProblem(value: unknown): value is Problem {
  return (
    isRecord(value) &&
    typeof value.ruleId === 'string' &&
    isRuleId(value.ruleId) &&
    (value.severity === 'error' || value.severity === 'warning') &&
    typeof value.message === 'string' &&
    typeof value.file === 'string' &&
    (value.pointer === undefined || typeof value.pointer === 'string') &&
    (value.line === undefined || typeof value.line === 'number') &&
    (value.column === undefined || typeof value.column === 'number')
  );
}
