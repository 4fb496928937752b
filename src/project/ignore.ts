// Which files of a folder are not workflows, for every command that walks one (`wfe serve`, validate,
// export, import): well-known non-workflow files by default, plus `--ignore` globs and the `ignore:` list
// of wfe.config.yaml. Pure: callers read the config and pass the patterns in.
import { isAbsolute, relative, sep } from 'node:path';

/**
 * Skipped in every walked folder, at any depth: hidden files and folders (.git/, .vscode/, .github/,
 * .wfe/…), node_modules/, package manifests and lockfiles, TypeScript/JavaScript project files, and the
 * config files of common JavaScript tools that are JSON.
 */
export const DEFAULT_IGNORE: readonly string[] = [
  '.*',
  'node_modules/',
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'bun.lock',
  'composer.json',
  'composer.lock',
  'deno.json',
  'deno.jsonc',
  'deno.lock',
  'tsconfig*.json',
  'jsconfig*.json',
  'bower.json',
  'lerna.json',
  'nx.json',
  'turbo.json',
  'biome.json',
  'renovate.json',
  'vercel.json',
];

/** Patterns and the folder they are relative to (absolute): the folder argument, or the config file's folder. */
export interface IgnoreSet {
  patterns: readonly string[];
  base: string;
}

/** Says whether a path below the walked root (forward slashes) is skipped; `isFolder` when it names a folder. */
export type IgnoreMatcher = (rel: string, isFolder?: boolean) => boolean;

export class IgnoreConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IgnoreConfigError';
  }
}

interface CompiledPattern {
  regexp: RegExp;
  /** A pattern without a slash names a file or folder at any depth, as in .gitignore. */
  anyDepth: boolean;
  /** A trailing slash: folders only. */
  folderOnly: boolean;
}

const escapeChar = (c: string): string => c.replace(/[.+^${}()|\\[\]]/g, '\\$&');

/** Glob → RegExp source: `*` and `?` stay within one path segment, `**` spans segments, `[…]` and `{a,b}`. */
function globSource(glob: string): string {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slashAfter = glob[i + 2] === '/';
      source += slashAfter ? '(?:.*/)?' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[' && glob.indexOf(']', i + 2) > 0) {
      const end = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, end);
      source += `[${body.startsWith('!') ? '^' + body.slice(1) : body}]`;
      i = end;
    } else if (c === '{' && glob.indexOf('}', i) > 0) {
      const end = glob.indexOf('}', i);
      source += `(?:${glob
        .slice(i + 1, end)
        .split(',')
        .map(globSource)
        .join('|')})`;
      i = end;
    } else source += escapeChar(c);
  }
  return source;
}

export function compilePattern(pattern: string): CompiledPattern {
  const folderOnly = pattern.endsWith('/');
  let body = folderOnly ? pattern.slice(0, -1) : pattern;
  const anyDepth = !body.includes('/');
  body = body.replace(/^\.?\//, '');
  return { regexp: new RegExp(`^${globSource(body)}$`), anyDepth, folderOnly };
}

/**
 * Whether a path (its `parts`, relative to the pattern's base) or a folder it is in matches. The first
 * `folderParts` parts are folders: all but the last for a file's path, all of them for a folder's.
 */
function matches(pattern: CompiledPattern, parts: readonly string[], folderParts: number): boolean {
  for (let end = 1; end <= parts.length; end++) {
    const isFolder = end <= folderParts;
    if (pattern.folderOnly && !isFolder) continue;
    if (pattern.anyDepth ? pattern.regexp.test(parts[end - 1]) : pattern.regexp.test(parts.slice(0, end).join('/'))) return true;
  }
  return false;
}

const toPosix = (p: string): string => p.split(sep).join('/');

/**
 * A set's patterns as few tests as possible: the patterns without a slash (most are) are joined into one
 * regular expression per kind, tested on each path segment, rather than one test per pattern and segment.
 */
interface CompiledSet {
  base: string;
  /** Patterns without a slash, for files and folders. */
  anyName?: RegExp;
  /** Patterns without a slash with a trailing one: folders only. */
  anyFolderName?: RegExp;
  /** Patterns with a slash: matched against whole paths. */
  paths: CompiledPattern[];
}

const joined = (patterns: CompiledPattern[]): RegExp | undefined =>
  patterns.length === 0 ? undefined : new RegExp(patterns.map((p) => `(?:${p.regexp.source})`).join('|'));

function compileSet(set: IgnoreSet): CompiledSet {
  const patterns = set.patterns.map(compilePattern);
  return {
    base: set.base,
    anyName: joined(patterns.filter((p) => p.anyDepth && !p.folderOnly)),
    anyFolderName: joined(patterns.filter((p) => p.anyDepth && p.folderOnly)),
    paths: patterns.filter((p) => !p.anyDepth),
  };
}

/** Whether a set matches a path split into `parts`, of which the first `folderParts` are folders (see matches). */
function setMatches(set: CompiledSet, parts: readonly string[], folderParts: number): boolean {
  for (let i = 0; i < parts.length; i++) {
    if (set.anyName?.test(parts[i]) || (i < folderParts && set.anyFolderName?.test(parts[i]))) return true;
  }
  return set.paths.length > 0 && set.paths.some((p) => matches(p, parts, folderParts));
}

/** Whether a set matches the file at `rel` (relative to the set's base, forward slashes) or a folder it is in. */
function setMatchesFile(set: CompiledSet, rel: string): boolean {
  const parts = rel.split('/');
  return setMatches(set, parts, parts.length - 1);
}

/** Whether a set matches the folder at `rel` (relative to the set's base, forward slashes) or a folder it is in. */
function setMatchesFolder(set: CompiledSet, rel: string): boolean {
  const parts = rel.split('/');
  return setMatches(set, parts, parts.length);
}

/** One matcher over several sets, for paths relative to `root` (absolute). */
export function ignoreMatcher(root: string, sets: readonly IgnoreSet[]): IgnoreMatcher {
  const compiled = sets.map(compileSet);
  return (rel, isFolder = false) => {
    for (const set of compiled) {
      const below = set.base === root ? rel : toPosix(relative(set.base, `${root}/${rel}`));
      if (below === '' || below.startsWith('..') || isAbsolute(below)) continue;
      if (isFolder ? setMatchesFolder(set, below) : setMatchesFile(set, below)) return true;
    }
    return false;
  };
}

/** The defaults alone, for a folder at `root`. */
export const defaultIgnore = (root: string): IgnoreMatcher => ignoreMatcher(root, [{ patterns: DEFAULT_IGNORE, base: root }]);

/** Checks one pattern from a flag or a config file; throws IgnoreConfigError naming where it came from. */
export function checkPattern(pattern: unknown, where: string): string {
  if (typeof pattern !== 'string' || pattern.trim() === '')
    throw new IgnoreConfigError(`${where}: expected a glob such as "drafts/" or "*.schema.json", got ${JSON.stringify(pattern)}`);
  if (pattern.startsWith('!'))
    throw new IgnoreConfigError(`${where}: "${pattern}": negated patterns are not supported; name the files to skip instead`);
  return pattern.trim();
}

/** The `ignore:` list of a parsed wfe.config.yaml (the catalog's settings): a glob or a list of globs. */
export function ignoreFromSettings(settings: unknown, file = 'wfe.config.yaml'): string[] {
  if (settings === null || typeof settings !== 'object' || !('ignore' in settings) || settings.ignore == null) return [];
  const value = settings.ignore;
  const list = Array.isArray(value) ? value : [value];
  return list.map((p, i) => checkPattern(p, `${file}: ignore${Array.isArray(value) ? `[${i}]` : ''}`));
}
