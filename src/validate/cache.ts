// `wfe validate --cache`: each file's own result from the last run, kept in one file, so that a file that did
// not change (by its size and modification time, or by its content) under the same settings is not read
// and checked again. The checks across files (duplicate ids) still run over every file, from the kept ids.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from '../util/fs-calls.js';
import { dirname, resolve } from 'node:path';
import { writeFileAtomic } from '../store/atomic-write.js';
import { nodeCrypto } from '../util/lazy-module.js';
import { entryOf as mapEntry, errorMessage, isRecord } from '../util/narrow.js';
import type { FileCheck, ResultCache, SourceFile } from './run.js';
import type { Problem } from './types.js';
import { isRuleId } from '../contract/rules.js';

export type CacheStrategy = 'metadata' | 'content';

/** The name of the cache file in the working directory, or in the folder --cache-location names. */
export const DEFAULT_CACHE_FILE = '.wfe-cache';

/** Bumped whenever the layout of the file or the meaning of an entry changes: a cache of another format is not read. */
const CACHE_FORMAT = 3;

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
  const settingsOf = new Map<string, string>();
  // A run that found every file as it was (the common case in CI) leaves the file as it is.
  let changed = false;

  /** A file's kept result when it is as it was under the same settings; notes what it looks like now otherwise. */
  const recallOne = (file: SourceFile, settings: string): FileCheck | undefined => {
    if (file.path === undefined) return undefined;
    const now = fingerprintOf(file.path, options.strategy);
    const entry = entries.get(file.path);
    if (now && entry && entry.name === file.name && entry.settings === settings && sameFile(entry, now)) {
      // Fresh copies: the checks across files add to a result's problems. Not checked this run: no time spent checking it.
      const result = { file: file.name, problems: entry.problems.length === 0 ? [] : entry.problems.map((p) => ({ ...p })), durationMs: 0 };
      const check: FileCheck = { result };
      if (entry.workflowId !== undefined) check.workflowId = entry.workflowId;
      return check;
    }
    settingsOf.set(file.path, settings);
    if (now) seenAt.set(file.path, now);
    return undefined;
  };

  return {
    async recallAll(files: readonly SourceFile[]): Promise<Array<FileCheck | undefined>> {
      const folders = [...new Set(files.map((file) => file.folder))];
      const keys = new Map(await Promise.all(folders.map(async (folder) => [folder, await options.folderKey(folder)] as const)));
      return files.map((file) => recallOne(file, mapEntry(keys, file.folder, 'folder key')));
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
      const text = JSON.stringify(storedCache(entries, options));
      const target = resolve(options.file);
      await mkdir(dirname(target), { recursive: true });
      await writeFileAtomic(target, text, { identity: false });
    },
  };
}

/**
 * The file as stored: the settings digests once each, and every entry as an array (about 40% fewer bytes
 * than objects with keys, and a third less time to parse for 10,000 files): `[size, mtimeMs, name, index of
 * its settings digest, workflow id or null, problems, hash]`, the hash only under the content strategy.
 */
interface StoredCache {
  wfeCache: typeof CACHE_FORMAT;
  strategy: CacheStrategy;
  run: string;
  settings: string[];
  files: Record<string, StoredEntry>;
}

type StoredEntry = [
  size: number,
  mtimeMs: number,
  name: string,
  settings: number,
  workflowId: string | null,
  problems: Problem[],
  hash?: string,
];

function storedCache(entries: Map<string, Entry>, options: CacheOptions): StoredCache {
  const settings: string[] = [];
  const settingsIndex = new Map<string, number>();
  const files: Record<string, StoredEntry> = {};
  for (const [path, entry] of entries) {
    let index = settingsIndex.get(entry.settings);
    if (index === undefined) settingsIndex.set(entry.settings, (index = settings.push(entry.settings) - 1));
    const stored: StoredEntry = [entry.size, entry.mtimeMs, entry.name, index, entry.workflowId ?? null, entry.problems];
    if (entry.hash !== undefined) stored.push(entry.hash);
    files[path] = stored;
  }
  return { wfeCache: CACHE_FORMAT, strategy: options.strategy, run: options.runKey, settings, files };
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
  if (
    !isRecord(stored) ||
    stored.wfeCache !== CACHE_FORMAT ||
    !isRecord(stored.files) ||
    typeof stored.run !== 'string' ||
    !Array.isArray(stored.settings) ||
    !stored.settings.every((digest) => typeof digest === 'string')
  ) {
    options.warn(`ignoring the cache ${options.file}: not a wfe ${CACHE_FORMAT} cache file; every file is checked`);
    return new Map();
  }
  // Written by another version, or under other settings or another strategy: none of it applies.
  if (stored.run !== options.runKey || stored.strategy !== options.strategy) return new Map();
  const settings = stored.settings as string[];
  const entries = new Map<string, Entry>();
  // for…in and index access rather than Object.entries and destructuring: this loop runs once, cold, over
  // every file of the repository, where each of those costs an allocation or an iterator per entry.
  const files = stored.files;
  for (const path in files) {
    const entry = entryOf(files[path], settings, options.strategy);
    if (!entry) {
      options.warn(`ignoring the cache ${options.file}: its entry for ${path} is damaged; every file is checked`);
      return new Map();
    }
    entries.set(path, entry);
  }
  return entries;
}

/** A stored entry read back, or undefined when it is not one (a damaged file). */
function entryOf(value: unknown, settings: string[], strategy: CacheStrategy): Entry | undefined {
  if (!Array.isArray(value) || value.length !== (strategy === 'content' ? 7 : 6)) return undefined;
  const fields = value as unknown[];
  const size = fields[0];
  const mtimeMs = fields[1];
  const name = fields[2];
  const settingsIndex = fields[3];
  const workflowId = fields[4];
  const problems = fields[5];
  const hash = fields[6];
  if (
    typeof size !== 'number' ||
    typeof mtimeMs !== 'number' ||
    typeof name !== 'string' ||
    typeof settingsIndex !== 'number' ||
    settings[settingsIndex] === undefined ||
    (workflowId !== null && typeof workflowId !== 'string') ||
    !Array.isArray(problems) ||
    !problems.every(isProblem) ||
    (strategy === 'content' && typeof hash !== 'string')
  )
    return undefined;
  const entry: Entry = { size, mtimeMs, name, settings: settings[settingsIndex], problems };
  if (workflowId !== null) entry.workflowId = workflowId;
  if (typeof hash === 'string') entry.hash = hash;
  return entry;
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
