// Inputs and outputs shared by `wfe export` and `wfe import`: files, folders (walked with the store's
// skip rules), globs and `-` for stdin in; stdout or atomic file writes out.
import { mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { NODE_TYPES_DIR } from '../catalog/catalog.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { INTERNAL_DIR, isSkippedPath } from '../store/workflow-store.js';

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
}

const toPosix = (p: string): string => p.split(sep).join('/');

/** The store's rule, so a folder means the same workflows to every command. */
const skipped = (rel: string): boolean => isSkippedPath(rel, [NODE_TYPES_DIR, INTERNAL_DIR]);

async function walk(root: string, extensions: string[]): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const abs = join(dir, entry.name);
      const rel = toPosix(relative(root, abs));
      if (skipped(rel)) continue;
      if (entry.isDirectory()) await visit(abs);
      else if (entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext))) found.push(abs);
    }
  };
  await visit(root);
  return found;
}

/** Expands the arguments in order, without duplicates. `extensions` filters files found in folders. */
export async function expandInputs(args: string[], extensions: string[]): Promise<Input[]> {
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
      const files = await walk(resolve(arg), extensions);
      for (const file of files) add({ name: toPosix(join(arg, relative(resolve(arg), file))), path: file, relative: toPosix(relative(resolve(arg), file)) });
      continue;
    }
    if (info?.isFile()) {
      add({ name: arg, path: resolve(arg), relative: toPosix(arg.split(/[\\/]/).pop()!) });
      continue;
    }
    if (!isDynamicPattern(arg)) throw new UsageError(`${arg}: no such file or folder`);
    const matches = (await glob(arg, { onlyFiles: true, dot: false })).sort();
    if (matches.length === 0) throw new UsageError(`${arg}: no file matches this pattern`);
    for (const match of matches) add({ name: match, path: resolve(match), relative: toPosix(match.split(/[\\/]/).pop()!) });
  }
  return inputs;
}

let stdinText: Promise<string> | undefined;

export function readInput(input: Input): Promise<string> {
  if (input.path) return readFile(input.path, 'utf8');
  stdinText ??= (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  })();
  return stdinText;
}

export class OutputExistsError extends Error {
  constructor(readonly target: string) {
    super(`${target} already exists; use --force to overwrite it`);
    this.name = 'OutputExistsError';
  }
}

/** Writes atomically (temp file, fsync, rename), creating folders; refuses to replace a file unless forced. */
export async function writeOutput(target: string, text: string, force: boolean): Promise<void> {
  if (!force && (await stat(target).then(() => true, () => false))) throw new OutputExistsError(target);
  await mkdir(dirname(resolve(target)), { recursive: true });
  await writeFileAtomic(resolve(target), text);
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
