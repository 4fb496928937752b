// Where `wfe export`, `wfe import` and `wfe validate` write: stdout, or files written atomically.
import { fstat, lstat, mkdir, realpath, stat, write, writeFile } from '../util/fs-calls.js';
import { dirname, resolve } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../store/atomic-write.js';
import { errnoCode } from '../util/narrow.js';
import { UsageError } from './usage-error.js';

class OutputExistsError extends Error {
  constructor(readonly target: string) {
    super(`${target} already exists; use --force to overwrite it`);
    this.name = 'OutputExistsError';
  }
}

/**
 * The folders a batch writes into, owned by the command that runs the batch: each is made once, not once per
 * file (a batch of 1,000 files into one folder made 1,000 mkdir calls), and fsynced once, by sync() at the
 * end, not after each file's rename.
 */
export class OutputFolders {
  private readonly made = new Set<string>();
  private readonly unsynced = new Set<string>();

  /** Makes `folder` (and its parents) unless this batch made it before. */
  async make(folder: string): Promise<void> {
    if (this.made.has(folder)) return;
    await mkdir(folder, { recursive: true });
    this.made.add(folder);
  }

  /** `folder` was written into: its fsync is left to sync(). */
  wroteInto(folder: string): void {
    this.unsynced.add(folder);
  }

  /** fsyncs every folder written into since the last call, so that the renames survive a power loss too. */
  async sync(): Promise<void> {
    const folders = [...this.unsynced];
    this.unsynced.clear();
    await Promise.all(folders.map((folder) => syncDirectory(folder)));
  }
}

export interface WriteOutputOptions {
  /** Replace a file that is there (--force); without it, an existing file is an OutputExistsError. */
  overwrite: boolean;
  /** The batch this write belongs to: its folder is made once and fsynced by the batch's sync(), not here. */
  batch?: OutputFolders;
  /** What a relative `target` is relative to. */
  cwd: string;
}

/** What is at `path`, a link followed (to where it points, when it points somewhere); undefined when nothing is. */
async function outputAt(path: string): Promise<{ path: string; stats?: Awaited<ReturnType<typeof lstat>> }> {
  const own = await lstat(path).catch(() => undefined);
  if (!own?.isSymbolicLink()) return { path, stats: own };
  const stats = await stat(path).catch(() => undefined);
  if (!stats) throw new Error(`${path} is a symbolic link to nothing: remove it, or make what it points to`);
  // A link to a pipe (/dev/stdout is one to /proc/self/fd/1) is opened through the link: its target has no path.
  return { path: stats.isFile() ? await realpath(path) : path, stats };
}

/**
 * Writes `text` to `target` atomically (temp file, fsync, rename: no partial file, ever), creating folders;
 * refuses to replace a file unless `overwrite`. A symbolic link is written through, as a shell's `>` does, and
 * a device, a pipe or a socket (`-o /dev/null`, `/dev/stdout`) is written into: a rename would replace it.
 */
export async function writeOutput(target: string, text: string, { overwrite, batch, cwd }: WriteOutputOptions): Promise<void> {
  const { path, stats } = await outputAt(resolve(cwd, target));
  if (stats?.isDirectory()) throw new Error(`${target} is a folder: give -o a file name`);
  // `-o /dev/stdout` with stdout redirected to a file (`> ci.log`) names that file: replacing it, or opening
  // it again (which truncates), would lose what the log held before. The stream's own descriptor appends.
  const stream = stats?.isFile() ? await standardStreamOf(stats) : undefined;
  if (stream !== undefined) {
    await writeAll(stream, text);
    return;
  }
  if (stats && !stats.isFile()) {
    await writeFile(path, text);
    return;
  }
  if (!overwrite && stats) throw new OutputExistsError(target);
  const folder = dirname(path);
  if (batch) await batch.make(folder);
  else await mkdir(folder, { recursive: true });
  const options = { deferFolderSync: batch !== undefined, identity: false };
  try {
    await writeFileAtomic(path, text, options);
  } catch (err) {
    // The folder went away since (someone removed it during the run): make it again, once.
    if (errnoCode(err) !== 'ENOENT') throw err;
    await mkdir(folder, { recursive: true });
    await writeFileAtomic(path, text, options);
  }
  batch?.wroteInto(folder);
}

/** 1 or 2 when the file is the one stdout or stderr writes to, or undefined. */
async function standardStreamOf(file: { dev: number | bigint; ino: number | bigint }): Promise<1 | 2 | undefined> {
  for (const fd of [1, 2] as const) {
    const stream = await fstat(fd).catch(() => undefined);
    if (stream?.isFile() && stream.dev === file.dev && stream.ino === file.ino) return fd;
  }
  return undefined;
}

async function writeAll(fd: number, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  for (let done = 0; done < bytes.length;) done += (await write(fd, bytes, done, bytes.length - done)).bytesWritten;
}

/** A later input of a batch whose output is a file that an earlier input of the same run writes. */
export class OutputClaimedError extends Error {
  constructor(
    readonly target: string,
    readonly owner: string,
  ) {
    super(`${target} is the output of ${owner} in this run: two inputs cannot write one file`);
    this.name = 'OutputClaimedError';
  }
}

/**
 * The files a batch writes into a folder, each the first claimant's, in input order: a later input whose output
 * is the same file (two inputs of one name from different folders, two flows of one workflow id) fails
 * instead of replacing it, with --force too, which is for the files that were there before the run.
 */
export class OutputClaims<Claimant extends { name: string }> {
  private readonly owners = new Map<string, Claimant>();

  constructor(private readonly cwd: string) {}

  /** Claims `target` for `claimant`; an OutputClaimedError when an earlier claimant has it. */
  claim(target: string, claimant: Claimant): void {
    const path = resolve(this.cwd, target);
    const owner = this.owners.get(path);
    if (owner !== undefined && owner !== claimant) throw new OutputClaimedError(target, owner.name);
    this.owners.set(path, claimant);
  }
}

/**
 * What each input of a batch whose outputs are all known before it runs may not write: the outputs are claimed
 * in input order at once, so the answer does not depend on which write comes first.
 */
export function claimAllOutputs<Claimant extends { name: string }>(
  claimants: readonly Claimant[],
  targetOf: (claimant: Claimant) => string | undefined,
  cwd: string,
): Map<Claimant, OutputClaimedError> {
  const claims = new OutputClaims<Claimant>(cwd);
  const refused = new Map<Claimant, OutputClaimedError>();
  for (const claimant of claimants) {
    const target = targetOf(claimant);
    try {
      if (target !== undefined) claims.claim(target, claimant);
    } catch (err) {
      if (!(err instanceof OutputClaimedError)) throw err;
      refused.set(claimant, err);
    }
  }
  return refused;
}

/** The folder `-o` names, absolute, when it exists: the folder walks of the run leave it out (expandInputs). */
export async function existingOutputFolder(output: string | undefined, cwd: string): Promise<string | undefined> {
  if (output === undefined || output === '-') return undefined;
  const path = resolve(cwd, output);
  const info = await stat(path).catch(() => undefined);
  return info?.isDirectory() ? path : undefined;
}

export type Destination = { kind: 'stdout' } | { kind: 'file'; path: string } | { kind: 'dir'; path: string };

/**
 * `-o` semantics: none → stdout (one input only), `-` → stdout, a folder (existing, trailing /, or several inputs) → dir, else a file.
 * The path stays as given (messages name it so); `cwd` is what it is relative to.
 */
export async function destinationFor(output: string | undefined, inputCount: number, cwd: string): Promise<Destination> {
  if (output === undefined || output === '-') {
    if (inputCount > 1) throw new UsageError(`${inputCount} inputs: give -o <folder> to write one file each`);
    return { kind: 'stdout' };
  }
  const info = await stat(resolve(cwd, output)).catch(() => undefined);
  if (info?.isDirectory() || /[\\/]$/.test(output) || inputCount > 1) {
    if (info && !info.isDirectory())
      throw new UsageError(
        `-o ${output}: is a file, but ${inputCount > 1 ? `${inputCount} inputs need a folder` : 'a path that ends in / names a folder'}`,
      );
    return { kind: 'dir', path: output };
  }
  return { kind: 'file', path: output };
}
