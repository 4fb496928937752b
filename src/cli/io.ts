// Inputs and outputs shared by `wfe export`, `wfe import` and `wfe validate`: files, folders (walked with
// the store's skip rules), globs and `-` for stdin in; stdout or atomic file writes out.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseText, type ParsedText } from '../agentspec/serialize.js';
import { CONFIG_FILE, NODE_TYPES_DIR } from '../catalog/catalog.js';
import type { FolderSettings } from '../project/folder-settings.js';
import { DEFAULT_IGNORE, ignoreFromSettings, ignoreMatcher, type IgnoreMatcher, type IgnoreSet } from '../project/ignore.js';
import { displayPath, errorText } from './error-text.js';
import { problemLine, say } from './report.js';
import { syncDirectory, writeFileAtomic } from '../store/atomic-write.js';
import { INTERNAL_DIR, isSkippedPath } from '../store/paths.js';
import { depthMessage, MAX_JSON_DEPTH, valueDeeperThan } from '../util/json-position.js';
import { byteChunks, errnoCode, errorMessage } from '../util/narrow.js';
import { MAX_TEXT_BYTES, TextTooLargeError } from '../util/text-limit.js';
import { NotUtf8Error, utf8Text } from '../util/utf8.js';
import { yamlPackage } from '../util/lazy-module.js';
import * as fsCalls from '../util/fs-calls.js';
import type { ScreenedSource } from '../validate/run.js';

/** A wrong flag, a path that does not exist, a glob that matches nothing: exit 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

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

/** Why a linked file found in a folder is not read. */
export const LINK_REFUSED =
  'symbolic link, not followed: wfe serve of this folder would not load it (it never follows links); ' +
  'replace the link with the file, or name the link itself as an argument';

const toPosix = (p: string): string => p.split(sep).join('/');

/** The last part of a path as typed, after its last / or \\ (all of it when it has none). */
const lastSegment = (p: string): string => p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);

/** What else a walk skips besides the defaults: `--ignore` globs, and the `ignore:` of wfe.config.yaml files. */
export interface IgnoreOptions {
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

async function walk(root: string, extensions: string[], options: IgnoreOptions): Promise<Found[]> {
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
      if (entry.isDirectory()) await visit(abs, rel);
      else if ((entry.isFile() || entry.isSymbolicLink()) && extensions.some((ext) => entry.name.endsWith(ext)))
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
) {
  return async (dir: string): Promise<IgnoreSet | undefined> => {
    const settings = await settingsFor(dir).catch(() => undefined);
    if (!settings?.configFile) return undefined;
    // --config may name a file that is not the folder's wfe.config.yaml; the catalog read the folder's one.
    const values =
      basename(settings.configFile) === CONFIG_FILE
        ? settings.catalog.settings()
        : await readFile(settings.configFile, 'utf8').then(
            (text): unknown => yamlPackage().parse(text),
            () => undefined,
          );
    return { patterns: ignoreFromSettings(values, displayPath(settings.configFile)), base: dirname(settings.configFile) };
  };
}

/** How an absolute path is named in messages. */
export const displayName = displayPath;

/** Glob matches are filtered by the defaults and --ignore relative to the working directory, and by the ignore: that applies there. */
async function globIgnore(options: IgnoreOptions): Promise<(match: string) => boolean> {
  const cwd = process.cwd();
  const patterns = options.patterns ?? [];
  const config = await options.configIgnore?.(cwd);
  const inside = ignoreMatcher(cwd, [{ patterns: [...DEFAULT_IGNORE, ...patterns], base: cwd }, ...(config ? [config] : [])]);
  const outside = ignoreMatcher('/', [{ patterns: [...DEFAULT_IGNORE, ...patterns], base: '/' }]);
  return (match) => {
    const rel = toPosix(relative(cwd, resolve(match)));
    return rel.startsWith('..') || isAbsolute(rel) ? outside(toPosix(resolve(match)).replace(/^\/+/, '')) : inside(rel);
  };
}

/**
 * Expands the arguments in order, without duplicates. `extensions` filters files found in folders. Files
 * found in folders or by globs are skipped by the ignore rules; a file named as an argument is always taken.
 */
export async function expandInputs(args: string[], extensions: string[], ignore: IgnoreOptions = {}): Promise<Input[]> {
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
    const info = await stat(arg).catch(() => undefined);
    if (info?.isDirectory()) {
      const files = await walk(resolve(arg), extensions, ignore);
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
      add({ name: arg, path: resolve(arg), relative: toPosix(lastSegment(arg)) });
      continue;
    }
    if (info) throw new UsageError(`${arg}: not a file, folder or pipe`);
    // tinyglobby (and picomatch under it) loads only for a pattern argument.
    const { glob, isDynamicPattern } = await import('tinyglobby');
    if (!isDynamicPattern(arg)) throw new UsageError(`${arg}: no such file or folder`);
    const ignored = await globIgnore(ignore);
    const all = (await glob(arg, { onlyFiles: true, dot: false })).sort();
    const matches = all.filter((m) => !ignored(m));
    if (matches.length === 0)
      throw new UsageError(
        all.length === 0
          ? `${arg}: no file matches this pattern`
          : `${arg}: every matching file is skipped by the ignore rules (${all.length} matched)`,
      );
    for (const match of matches) add({ name: match, path: resolve(match), relative: toPosix(lastSegment(match)) });
  }
  return inputs;
}

/**
 * The bytes of a file, by one open, fstat, read and close (readFileSync after a stat looks the path up twice).
 * A file too large to be one string is refused by its size, unread: reading it first took 35 s and 4 GB for
 * a 3 GB file before Node gave up.
 */
function readSmallFile(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const stats = fstatSync(fd);
    // A pipe or device (`<(…)`, /dev/stdin) has no size to go by: read to its end, or past the limit.
    if (!stats.isFile()) return readStreamSync(fd);
    const size = stats.size;
    if (size > MAX_TEXT_BYTES) throw new TextTooLargeError(size);
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    // A file that grows while it is read is taken as it was when its size was read; one that shrinks, as far as it goes.
    for (let got = -1; filled < size && got !== 0; filled += got) got = readSync(fd, bytes, filled, size - filled, filled);
    return filled < size ? bytes.subarray(0, filled) : bytes;
  } finally {
    closeSync(fd);
  }
}

/** readSmallFile in the thread pool: the event loop goes on meanwhile. */
async function readSmallFileAsync(path: string): Promise<Buffer> {
  const fd = await fsCalls.open(path, 'r');
  try {
    const stats = await fsCalls.fstat(fd);
    if (!stats.isFile()) return await collectBounded(streamChunks(fd));
    if (stats.size > MAX_TEXT_BYTES) throw new TextTooLargeError(stats.size);
    const bytes = Buffer.allocUnsafe(stats.size);
    let filled = 0;
    for (let got = -1; filled < stats.size && got !== 0; filled += got)
      ({ bytesRead: got } = await fsCalls.read(fd, bytes, filled, stats.size - filled, filled));
    return filled < stats.size ? bytes.subarray(0, filled) : bytes;
  } finally {
    await fsCalls.close(fd);
  }
}

const CHUNK_BYTES = 64 * 1024;

/** A pipe's or device's bytes, to its end; refused once more than MAX_TEXT_BYTES came (/dev/zero never ends). */
function readStreamSync(fd: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const got = readSync(fd, chunk, 0, CHUNK_BYTES, null);
    if (got === 0) return Buffer.concat(chunks, total);
    chunks.push(got < CHUNK_BYTES ? chunk.subarray(0, got) : chunk);
    total += got;
    if (total > MAX_TEXT_BYTES) throw new TextTooLargeError();
  }
}

async function* streamChunks(fd: number): AsyncIterable<Buffer> {
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    const { bytesRead } = await fsCalls.read(fd, chunk, 0, CHUNK_BYTES, null);
    if (bytesRead === 0) return;
    yield bytesRead < CHUNK_BYTES ? chunk.subarray(0, bytesRead) : chunk;
  }
}

/** Every chunk, joined; refused as soon as they add up to more than MAX_TEXT_BYTES, instead of filling the memory. */
async function collectBounded(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const collected: Buffer[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    collected.push(chunk);
    total += chunk.length;
    if (total > MAX_TEXT_BYTES) throw new TextTooLargeError();
  }
  return Buffer.concat(collected, total);
}

let stdinText: Promise<string> | undefined;

/**
 * The text of an input. A command that only reads (validate) reads synchronously: nothing else waits on its
 * event loop, and one synchronous read of a small file costs a third of fs.promises' round trips
 * (docs/performance.md). A command that writes while it reads (export, import) passes `blocking: false`:
 * there a synchronous read waits behind the fsyncs of its own writes, 240 µs a file instead of 30.
 */
export function readInput(input: Input, { blocking = true }: { blocking?: boolean } = {}): Promise<string> {
  const path = input.path;
  if (input.link) return Promise.reject(new Error(LINK_REFUSED));
  if (path) {
    if (!blocking) return readSmallFileAsync(path).then(utf8Text);
    // Read at once (the executor runs synchronously); what it throws rejects the promise.
    return new Promise((resolve) => resolve(utf8Text(readSmallFile(path))));
  }
  stdinText ??= (async () => {
    return utf8Text(await collectBounded(byteChunks(process.stdin)));
  })();
  return stdinText;
}

/** An input the parsers gave up on, or one nested too deeply to check or convert: no position to give. */
export type RefusedInput = { ok: false; refused: true; message: string; line?: undefined; column?: undefined };

/**
 * parseText (JSON, or YAML by name or content) that never throws: a YAML alias bomb (the parser's
 * resource-exhaustion check), a stack overflow, or YAML nesting beyond MAX_JSON_DEPTH is a refusal with
 * its reason. (Too deep JSON is parseText's own syntax error, with the position where it gets too deep:
 * parseJsonWithPosition checks the depth before handing a value on, so a parsed JSON value needs no walk here.)
 */
export function parseInput(text: string, name: string): ParsedText | RefusedInput {
  let parsed: ParsedText;
  try {
    parsed = parseText(text, name);
  } catch (err) {
    const message = err instanceof RangeError ? depthMessage(MAX_JSON_DEPTH) : `cannot parse: ${errorMessage(err)}`;
    return { ok: false, refused: true, message };
  }
  if (parsed.ok && parsed.format === 'yaml' && valueDeeperThan(parsed.value, MAX_JSON_DEPTH))
    return { ok: false, refused: true, message: depthMessage(MAX_JSON_DEPTH) };
  return parsed;
}

/** An input read and parsed once (`parsed` is what parseText gave for its name), or why no check can take it. */
export type ScreenedInput = ScreenedSource;

/**
 * Reads one input and parses it once with parseInput: an input that cannot be read, or that is refused,
 * comes back with its reason instead of its text. Syntax errors pass: the checks that follow report them
 * with a position. `text`, when given, is what was read before (`wfe validate --watch` of an unchanged file).
 */
export async function screenInput(input: Input, name: string, text?: string): Promise<ScreenedInput> {
  try {
    const read = text ?? (await readInput(input));
    const parsed = parseInput(read, name);
    return 'refused' in parsed ? { refused: parsed.message } : { text: read, parsed };
  } catch (err) {
    // A file in another encoding is refused where its first bad byte is.
    return { refused: errorText(err, input.name), ...(err instanceof NotUtf8Error ? { line: err.line, column: err.column } : {}) };
  }
}

export class OutputExistsError extends Error {
  constructor(readonly target: string) {
    super(`${target} already exists; use --force to overwrite it`);
    this.name = 'OutputExistsError';
  }
}

/**
 * Writes `text` to `target` atomically (temp file, fsync, rename: no partial file, ever), creating folders;
 * refuses to replace a file unless `force`.
 * With `batch`, the folder is not fsynced per file: runBatch calls syncOutputFolders() once at the end.
 */
export async function writeOutput(target: string, text: string, force: boolean, batch = false): Promise<void> {
  if (
    !force &&
    (await stat(target).then(
      () => true,
      () => false,
    ))
  )
    throw new OutputExistsError(target);
  const folder = dirname(resolve(target));
  // One mkdir per output folder, not per file: a batch of 1,000 files into one folder made 1,000 calls.
  if (!madeFolders.has(folder)) {
    await mkdir(folder, { recursive: true });
    madeFolders.add(folder);
  }
  const options = { deferFolderSync: batch, identity: false };
  try {
    await writeFileAtomic(resolve(target), text, options);
  } catch (err) {
    // The folder went away since (someone removed it during the run): make it again, once.
    if (errnoCode(err) !== 'ENOENT') throw err;
    await mkdir(folder, { recursive: true });
    await writeFileAtomic(resolve(target), text, options);
  }
  if (batch) unsyncedFolders.add(folder);
}

const madeFolders = new Set<string>();
const unsyncedFolders = new Set<string>();

/** fsyncs every folder a batch wrote into, so that the renames survive a power loss too. */
export async function syncOutputFolders(): Promise<void> {
  const folders = [...unsyncedFolders];
  unsyncedFolders.clear();
  await Promise.all(folders.map((folder) => syncDirectory(folder)));
}

export type Destination = { kind: 'stdout' } | { kind: 'file'; path: string } | { kind: 'dir'; path: string };

/** `-o` semantics: none → stdout (one input only), `-` → stdout, a folder (existing, trailing /, or several inputs) → dir, else a file. */
export async function destinationFor(output: string | undefined, inputCount: number): Promise<Destination> {
  if (output === undefined || output === '-') {
    if (inputCount > 1) throw new UsageError(`${inputCount} inputs: give -o <folder> to write one file each`);
    return { kind: 'stdout' };
  }
  const info = await stat(output).catch(() => undefined);
  if (info?.isDirectory() || /[\\/]$/.test(output) || inputCount > 1) {
    if (info && !info.isDirectory()) throw new UsageError(`-o ${output}: is a file, but ${inputCount} inputs need a folder`);
    return { kind: 'dir', path: output };
  }
  return { kind: 'file', path: output };
}

/** An input read and parsed for a batch; a problem is reported as `<name>: error: <reason>` and gives undefined. */
export async function readParsedInput(
  input: Input,
  tell: (line: string) => void = say,
): Promise<{ text: string; value: unknown } | undefined> {
  let text: string;
  try {
    text = await readInput(input, { blocking: false });
  } catch (err) {
    tell(problemLine(input.name, 'error', errorText(err, input.name)));
    return undefined;
  }
  const parsed = parseInput(text, input.name);
  if (!parsed.ok) {
    tell(problemLine(input.name, 'error', parsed.message, parsed));
    return undefined;
  }
  return { text, value: parsed.value };
}
