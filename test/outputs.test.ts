// Where `-o` writes (src/cli/outputs.ts), on real files in a temp folder: an atomic replace for a file, through a
// symbolic link to what it points at, into a pipe or a device rather than over it, and never two inputs into
// one file.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimAllOutputs, destinationFor, OutputClaimedError, OutputClaims, writeOutput } from '../src/cli/outputs.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-outputs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeOutput', () => {
  it('refuses to replace a file without overwrite, and replaces it with', async () => {
    await writeFile(join(dir, 'out.json'), 'old');
    await expect(writeOutput('out.json', 'new', { overwrite: false, cwd: dir })).rejects.toThrow(
      'out.json already exists; use --force to overwrite it',
    );
    expect(await readFile(join(dir, 'out.json'), 'utf8')).toBe('old');
    await writeOutput('out.json', 'new', { overwrite: true, cwd: dir });
    expect(await readFile(join(dir, 'out.json'), 'utf8')).toBe('new');
  });

  it('writes through a symbolic link to the file it points at, and keeps the link', async () => {
    await writeFile(join(dir, 'real.json'), 'old');
    await symlink('real.json', join(dir, 'link.json'));
    await writeOutput('link.json', 'new', { overwrite: true, cwd: dir });
    expect((await lstat(join(dir, 'link.json'))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(dir, 'link.json'))).toBe('real.json');
    expect(await readFile(join(dir, 'real.json'), 'utf8')).toBe('new');
  });

  it('refuses a folder, naming it rather than its temp file', async () => {
    await mkdir(join(dir, 'reports'));
    await expect(writeOutput('reports', 'x', { overwrite: true, cwd: dir })).rejects.toThrow('reports is a folder: give -o a file name');
  });

  it('refuses a link to nothing, naming it', async () => {
    await symlink('nowhere.json', join(dir, 'dangling.json'));
    await expect(writeOutput('dangling.json', 'new', { overwrite: true, cwd: dir })).rejects.toThrow(
      `${join(dir, 'dangling.json')} is a symbolic link to nothing`,
    );
  });

  it('writes into a pipe, directly or through a link (as /dev/stdout is one), without --force, and leaves it a pipe', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    await symlink(fifo, join(dir, 'stdout'));
    for (const target of ['pipe', 'stdout']) {
      // Opened without waiting for a writer, so that a failure cannot leave a read blocked for ever.
      const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        await writeOutput(target, `report through ${target}`, { overwrite: false, cwd: dir });
        expect((await lstat(fifo)).isFIFO()).toBe(true);
        const buffer = Buffer.alloc(100);
        expect(buffer.toString('utf8', 0, readSync(reader, buffer))).toBe(`report through ${target}`);
      } finally {
        closeSync(reader);
      }
    }
  });
});

describe('destinationFor', () => {
  it('says why a file cannot take the outputs: several inputs, or a path that ends in /', async () => {
    await writeFile(join(dir, 'out.json'), '{}');
    await expect(destinationFor('out.json', 2, dir)).rejects.toThrow('-o out.json: is a file, but 2 inputs need a folder');
    await expect(destinationFor('out.json/', 1, dir)).rejects.toThrow('-o out.json/: is a file, but a path that ends in / names a folder');
    expect(await destinationFor('out.json', 1, dir)).toEqual({ kind: 'file', path: 'out.json' });
  });
});

describe('output claims', () => {
  const a = { name: 'team-a/support.json' };
  const b = { name: 'team-b/support.json' };
  const c = { name: 'other.json' };

  it('gives each file to the first claimant in order, and refuses the later ones, however the path is spelt', () => {
    const refused = claimAllOutputs(
      [a, b, c],
      (input) => (input === c ? 'out/other.json' : input === a ? 'out/s.json' : './out/s.json'),
      dir,
    );
    expect([...refused.keys()]).toEqual([b]);
    expect(refused.get(b)).toBeInstanceOf(OutputClaimedError);
    expect(refused.get(b)?.message).toBe('./out/s.json is the output of team-a/support.json in this run: two inputs cannot write one file');
  });

  it('lets a claimant claim its own file again, and nobody else', () => {
    const claims = new OutputClaims<{ name: string }>(dir);
    claims.claim('x.json', a);
    expect(() => claims.claim('x.json', a)).not.toThrow();
    expect(() => claims.claim(join(dir, 'x.json'), b)).toThrow(OutputClaimedError);
  });
});
