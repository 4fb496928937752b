// Finding the inputs of `wfe export`, `wfe import` and `wfe validate`: files, folders (walked with the
// store's skip rules and the ignore rules), globs, and `-` for stdin.
import { readFile, readdir, stat } from '../util/fs-calls.js';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { CONFIG_FILE, NODE_TYPES_DIR } from '../catalog/catalog.js';
import type { FolderSettings } from '../project/folder-settings.js';
import { DEFAULT_IGNORE, ignoreFromSettings, ignoreMatcher, type IgnoreMatcher, type IgnoreSet } from '../project/ignore.js';
import { INTERNAL_DIR, isSkippedPath } from '../store/paths.js';
import { yamlPackage } from '../util/lazy-module.js';
import { displayPath } from './error-text.js';
import { UsageError } from './usage-error.js';

export interface Input {
  /** What messages call it: the path as given (or found under a folder), or "-" for stdin. */
  name: string;
  /** Absolute path; undefined for stdin. */
  path?: string;
  /** Path below the folder argument it was found in, for mirroring folders in the output. */
  relative: string;
  /** A symbolic link found in a folder: refused when read, as `wfe serve` of that folder refuses it. */
  link?: true;
}

const toPosix = (p: string): string => p.split(sep).join('/');

/** The last part of a path as typed, after its last / or \\ (all of it when it has none). */
const lastSegment = (p: string): string => p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);

/** What else a walk skips besides the defaults: `--ignore` globs, and the `ignore:` of wfe.config.yaml files. */
interface IgnoreOptions {
  /** --ignore globs, relative to each folder argument (and to the working directory for glob arguments). */
  patterns?: readonly string[];
  /** The `ignore:` of the wfe.config.yaml that applies to a folder (the nearest at or above it), with that file's folder as base. */
  configIgnore?: (dir: string) => Promise<IgnoreSet | undefined>;
}

interface Found {
  path: string;
  /** Below the walked root, with forward slashes. */
  rel: string;
  link: boolean;
}

async function walk(root: string, extensions: string[], options: IgnoreOptions, outputFolder?: string): Promise<Found[]> {
  const matchers: IgnoreMatcher[] = [ignoreMatcher(root, [{ patterns: [...DEFAULT_IGNORE, ...(options.patterns ?? [])], base: root }])];
  const bases = new Set<string>();
  const addConfig = async (dir: string) => {
    const set = await options.configIgnore?.(dir);
    if (!set || bases.has(set.base)) return;
    bases.add(set.base);
    matchers.push(ignoreMatcher(root, [set]));
  };
  // The same rule as the store's, so a folder means the same workflows to every command.
  const skipped = (rel: string, isFolder: boolean): boolean =>
    isSkippedPath(rel, [NODE_TYPES_DIR, INTERNAL_DIR]) || matchers.some((ignored) => ignored(rel, isFolder));
  const found: Found[] = [];
  // `relDir` is `dir` below the root, built as the walk descends (no path arithmetic per file).
  const visit = async (dir: string, relDir: string) => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1));
    // A folder with its own wfe.config.yaml is what `wfe serve` of that folder would load: its ignore: applies below it.
    if (dir === root || entries.some((e) => e.name === CONFIG_FILE && e.isFile())) await addConfig(dir);
    const dirPrefix = dir.endsWith(sep) ? dir : dir + sep;
    for (const entry of entries) {
      const abs = dirPrefix + entry.name;
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      if (skipped(rel, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        if (abs !== outputFolder) await visit(abs, rel);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && extensions.some((ext) => entry.name.endsWith(ext)))
        found.push({ path: abs, rel, link: entry.isSymbolicLink() });
    }
  };
  await visit(root, '');
  return found;
}

/**
 * The `ignore:` of the config `settingsFor` picks for a folder, relative to that config's folder. A config
 * that cannot be loaded adds nothing here: the check that uses it reports it. A wrong `ignore:` value
 * throws IgnoreConfigError.
 */
export function configIgnoreOf(
  settingsFor: (dir: string) => Promise<Pick<FolderSettings, 'configFile'> & { catalog: { settings(): Record<string, unknown> } }>,
  cwd: string,
) {
  return async (dir: string): Promise<IgnoreSet | undefined> => {
    const settings = await settingsFor(dir).catch(() => undefined);
    if (!settings?.configFile) return undefined;
    // --config may name a file that is not the folder's wfe.config.yaml; the catalog read the folder's one.
    const values =
      basename(settings.configFile) === CONFIG_FILE
        ? settings.catalog.settings()
        : await readFile(resolve(cwd, settings.configFile), 'utf8').then(
            (text): unknown => yamlPackage().parse(text),
            () => undefined,
          );
    return {
      patterns: ignoreFromSettings(values, displayPath(settings.configFile, cwd)),
      base: dirname(resolve(cwd, settings.configFile)),
    };
  };
}

/** How an absolute path is named in messages. */
export const displayName = displayPath;

/** Glob matches are filtered by the defaults and --ignore relative to the working directory, and by the ignore: that applies there. */
async function globIgnore(options: IgnoreOptions, cwd: string): Promise<(match: string) => boolean> {
  const patterns = options.patterns ?? [];
  const config = await options.configIgnore?.(cwd);
  const inside = ignoreMatcher(cwd, [{ patterns: [...DEFAULT_IGNORE, ...patterns], base: cwd }, ...(config ? [config] : [])]);
  const outside = ignoreMatcher('/', [{ patterns: [...DEFAULT_IGNORE, ...patterns], base: '/' }]);
  return (match) => {
    const rel = toPosix(relative(cwd, resolve(cwd, match)));
    return rel.startsWith('..') || isAbsolute(rel) ? outside(toPosix(resolve(cwd, match)).replace(/^\/+/, '')) : inside(rel);
  };
}

/** The folder a pattern starts from: its segments before the first with a wildcard (`flows` of `flows/**\/*.json`). */
function staticBase(pattern: string, isDynamic: (segment: string) => boolean): string {
  const segments = pattern.split('/');
  const firstDynamic = segments.findIndex((segment) => isDynamic(segment));
  return segments.slice(0, firstDynamic === -1 ? segments.length - 1 : firstDynamic).join('/') || (pattern.startsWith('/') ? '/' : '.');
}

export interface ExpandOptions {
  /** Filters the files found in folders. */
  extensions: string[];
  /** What relative arguments are relative to. */
  cwd: string;
  ignore?: IgnoreOptions;
  /**
   * The folder this run writes into (absolute), when it exists: what a folder walk or a glob finds in it are
   * earlier outputs, not inputs (a folder argument that is this folder is still searched).
   */
  outputFolder?: string;
}

/**
 * Expands the arguments in order, without duplicates. Files found in folders or by globs are skipped by the
 * ignore rules; a file named as an argument is always taken.
 */
export async function expandInputs(args: string[], { extensions, cwd, ignore = {}, outputFolder }: ExpandOptions): Promise<Input[]> {
  if (args.length === 0) throw new UsageError('no input: give files, folders, globs or - for stdin');
  const inputs: Input[] = [];
  const seen = new Set<string>();
  const add = (input: Input) => {
    const key = input.path ?? '-';
    if (seen.has(key)) return;
    seen.add(key);
    inputs.push(input);
  };
  for (const arg of args) {
    if (arg === '-') {
      add({ name: '-', relative: 'stdin' });
      continue;
    }
    const info = await stat(resolve(cwd, arg)).catch(() => undefined);
    if (info?.isDirectory()) {
      const files = await walk(resolve(cwd, arg), extensions, ignore, outputFolder);
      // Each name is the argument as typed (normalised), then the path below it: join(arg, rel) once, not per file.
      const under = toPosix(join(arg, '.'));
      const nameOf = (rel: string) => (under === '.' ? rel : under.endsWith('/') ? under + rel : `${under}/${rel}`);
      for (const { path, rel, link } of files) {
        add({ name: nameOf(rel), path, relative: rel, ...(link ? { link: true } : {}) });
      }
      continue;
    }
    // A pipe or device is read like a file, to its end or past the size limit: `wfe validate <(curl …)`.
    if (info?.isFile() || info?.isFIFO() || info?.isCharacterDevice()) {
      add({ name: arg, path: resolve(cwd, arg), relative: toPosix(lastSegment(arg)) });
      continue;
    }
    if (info) throw new UsageError(`${arg}: not a file, folder or pipe`);
    // tinyglobby (and picomatch under it) loads only for a pattern argument.
    const { glob, isDynamicPattern } = await import('tinyglobby');
    if (!isDynamicPattern(arg)) throw new UsageError(`${arg}: no such file or folder`);
    const ignored = await globIgnore(ignore, cwd);
    const all = (await glob(arg, { cwd, onlyFiles: true, dot: false })).sort();
    // As for a folder argument: nodes/ (node types) at the top of the pattern's folder is no workflow's.
    const base = resolve(cwd, staticBase(arg, isDynamicPattern));
    const inOutputFolder = (path: string) => outputFolder !== undefined && path.startsWith(outputFolder + sep);
    const matches = all.filter(
      (m) =>
        !ignored(m) &&
        !inOutputFolder(resolve(cwd, m)) &&
        !isSkippedPath(toPosix(relative(base, resolve(cwd, m))), [NODE_TYPES_DIR, INTERNAL_DIR]),
    );
    if (matches.length === 0)
      throw new UsageError(
        all.length === 0
          ? `${arg}: no file matches this pattern`
          : `${arg}: every matching file is skipped by the ignore rules (${all.length} matched)`,
      );
    for (const match of matches) add({ name: match, path: resolve(cwd, match), relative: toPosix(lastSegment(match)) });
  }
  return inputs;
}
