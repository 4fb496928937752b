// bin/code-cache.js, through the real CLI: a command bundle is compiled from a V8 code cache that a first run
// left in a private folder of the OS temp folder, with the same output as without it; a damaged cache is
// rejected and made again, a folder others could write to is not used, and the bundle's imports of modules
// outside it (the worker pool) still load from cached code.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from './support/cli.js';

const root = mkdtempSync(join(tmpdir(), 'wfe-code-cache-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// Two of the fixtures, two workers' worth for --concurrency 2: what the cache holds depends on the code a run
// compiles, not on the size of its input (each run of the whole fixtures folder took twice the CPU).
const workflows = join(root, 'workflows');
mkdirSync(workflows);
for (const name of ['chat-pipeline.json', 'support-router.json'])
  cpSync(join(import.meta.dirname, '..', 'fixtures', 'workflows', name), join(workflows, name));

let count = 0;
/** A temp folder of its own (TMPDIR), so each case starts without a cache. */
function freshTemp(): string {
  const dir = join(root, `tmp-${++count}`);
  mkdirSync(dir);
  return dir;
}

const uid = process.getuid?.() ?? 'user';
const cacheFolder = (temp: string) => join(temp, `wfe-code-cache-${uid}`);

function validate(temp: string, args: string[] = [], env: Record<string, string> = {}, bin = BIN) {
  const run = spawnSync(process.execPath, [bin, 'validate', workflows, '--format', 'json', ...args], {
    env: { ...process.env, TMPDIR: temp, NO_COLOR: '1', ...env },
    encoding: 'utf8',
  });
  // The report's timings differ from run to run; everything else must not.
  const report = JSON.parse(run.stdout) as { files: Array<Record<string, unknown>> };
  for (const file of report.files) delete file.durationMs;
  delete (report as Record<string, unknown>).durationMs;
  return { status: run.status, report, stderr: run.stderr };
}

const cacheFiles = (temp: string) => readdirSync(cacheFolder(temp)).filter((name) => name.startsWith('validate.cjs-'));
const identity = (path: string) => {
  const stats = statSync(path);
  return `${stats.ino}:${stats.mtimeMs}`;
};

describe('the code cache of a command bundle', () => {
  it('is made by the first run in a private folder, grown by the next ones, then used as it is, with the same report', () => {
    const temp = freshTemp();
    const first = validate(temp);
    const name = `validate\\.cjs-[0-9a-f]{8}-\\d+-\\d+-${process.version}-${process.arch}`;
    const [cache] = cacheFiles(temp);
    expect(cache).toMatch(new RegExp(`^${name}\\.1\\.bin$`));
    expect(statSync(cacheFolder(temp)).mode & 0o777).toBe(0o700);
    expect(statSync(join(cacheFolder(temp), cache)).mode & 0o777).toBe(0o600);

    // The next run adds what it compiled, as the next generation; the one before is removed.
    expect(validate(temp)).toEqual(first);
    expect(cacheFiles(temp)).toEqual([cache.replace(/\.1\.bin$/, '.2.bin')]);
    // As if a third run had been: the fourth writes the whole cache.
    const grown = join(cacheFolder(temp), cacheFiles(temp)[0]);
    renameSync(grown, grown.replace(/\.2\.bin$/, '.3.bin'));
    expect(validate(temp)).toEqual(first);
    const [whole] = cacheFiles(temp);
    expect(cacheFiles(temp)).toEqual([whole]);
    expect(whole).toMatch(new RegExp(`^${name}\\.bin$`));
    const made = identity(join(cacheFolder(temp), whole));

    const again = validate(temp);
    expect(again).toEqual(first);
    expect(again.stderr).toBe('');
    // Accepted and whole: not written again.
    expect(identity(join(cacheFolder(temp), whole))).toBe(made);
    expect(cacheFiles(temp)).toEqual([whole]);
  });

  it("two installs of wfe keep a cache each, and neither removes the other's", () => {
    const temp = freshTemp();
    // A second install: the same bin/ and bundles in another folder, with the same packages.
    const other = join(root, 'other-install');
    const repo = join(import.meta.dirname, '..');
    for (const part of ['bin', join('dist', 'bundle'), 'package.json']) cpSync(join(repo, part), join(other, part), { recursive: true });
    symlinkSync(join(repo, 'node_modules'), join(other, 'node_modules'));
    const install = (name: string) => name.split('-')[1];
    const first = validate(temp);
    const second = validate(temp, [], {}, join(other, 'bin', 'wfe.js'));
    expect(second).toEqual(first);
    const [one, two] = cacheFiles(temp);
    expect(install(one)).not.toBe(install(two));
    validate(temp);
    validate(temp, [], {}, join(other, 'bin', 'wfe.js'));
    expect(cacheFiles(temp).map(install).sort()).toEqual([install(one), install(two)].sort());
    expect(cacheFiles(temp).every((name) => name.endsWith('.2.bin'))).toBe(true);
  });

  it('a damaged cache is rejected by V8: the run is the same, and the cache is made again', () => {
    const temp = freshTemp();
    const first = validate(temp);
    const file = join(cacheFolder(temp), cacheFiles(temp)[0]);
    writeFileSync(file, Buffer.alloc(4096, 7));
    expect(validate(temp)).toEqual(first);
    expect(statSync(file).size).toBeGreaterThan(4096);
  });

  it('a folder that others may write to is not used', () => {
    const temp = freshTemp();
    mkdirSync(cacheFolder(temp), { mode: 0o700 });
    chmodSync(cacheFolder(temp), 0o777);
    const run = validate(temp);
    expect(run.status).toBe(0);
    expect(readdirSync(cacheFolder(temp))).toEqual([]);
  });

  it('is not used with source maps on, which Node applies only to what it compiled itself', () => {
    const temp = freshTemp();
    const run = validate(temp, [], { NODE_OPTIONS: '--enable-source-maps' });
    expect(run.status).toBe(0);
    expect(() => readdirSync(cacheFolder(temp))).toThrow(/ENOENT/);
  });

  it('cached code still imports what stays outside the bundle (the worker pool of --concurrency)', () => {
    const temp = freshTemp();
    const single = validate(temp);
    expect(cacheFiles(temp)).toHaveLength(1);
    const pooled = validate(temp, ['--concurrency', '2']);
    expect(pooled).toEqual(single);
  });
});

describe('the command bundles', () => {
  it('import nothing from outside themselves but through the loader (scripts/bundle.mjs rewrites each such import)', () => {
    const bundles = join(import.meta.dirname, '..', 'dist', 'bundle');
    for (const name of readdirSync(bundles).filter((n) => n.endsWith('.cjs'))) {
      const imports = readFileSync(join(bundles, name), 'utf8').match(/\bimport\("[^"]+"\)/g) ?? [];
      expect({ name, imports }).toEqual({ name, imports: [] });
    }
  });
});
