// `wfe validate --cache` in process: what a cache entry is keyed by (the file's size and time, or its bytes;
// its name; its folder's settings; wfe's version, rules and --rule flags), what invalidates it, and a
// damaged cache file, which is ignored with a warning and never trusted.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openValidationCache, type CacheOptions, type CacheStrategy } from '../src/validate/cache.js';
import { folderKey, runKey } from '../src/validate/cache-key.js';
import { folderSettings } from '../src/project/folder-settings.js';
import { silentLogger } from '../src/util/logger.js';
import type { FileCheck, ResultCache, SourceFile } from '../src/validate/run.js';

const root = mkdtempSync(join(tmpdir(), 'wfe-validate-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let count = 0;
/** A folder with one workflow file (its text is all the cache looks at) and a cache file beside it. */
function setUp(text = '{"id":"a","nodes":[],"edges":[]}') {
  const dir = join(root, `case-${++count}`);
  mkdirSync(dir);
  const path = join(dir, 'a.json');
  writeFileSync(path, text);
  const file: SourceFile = { name: 'a.json', folder: dir, path, read: () => Promise.reject(new Error('the cache never reads')) };
  return { dir, path, file, cacheFile: join(dir, '.wfe-cache') };
}

const warning: FileCheck = {
  result: {
    file: 'a.json',
    problems: [
      { ruleId: 'unknown-node-type', severity: 'warning', file: 'a.json', pointer: '/nodes/0', message: 'unknown', line: 1, column: 2 },
    ],
    durationMs: 1,
  },
  workflowId: 'a',
};

function open(cacheFile: string, options: Partial<CacheOptions> & { strategy?: CacheStrategy } = {}) {
  const warnings: string[] = [];
  const cache = openValidationCache({
    file: cacheFile,
    strategy: 'metadata',
    runKey: 'run-1',
    folderKey: () => Promise.resolve('folder-1'),
    warn: (message) => warnings.push(message),
    ...options,
  });
  return { cache, warnings };
}

/** What the cache gives back for one file. */
const recall = async (cache: ResultCache, file: SourceFile) => (await cache.recallAll([file]))[0];

/** A run that checks the file (the cache is asked first, which is when it looks at the file) and saves. */
async function firstRun(cacheFile: string, file: SourceFile, options: Partial<CacheOptions> = {}, check = warning) {
  const { cache } = open(cacheFile, options);
  await recall(cache, file);
  cache.remember(file, check);
  await cache.save();
}

describe('validate cache: keyed by the file', () => {
  it('gives an unchanged file its problems and workflow id back, as fresh copies', async () => {
    const { file, cacheFile } = setUp();
    await firstRun(cacheFile, file);
    const { cache, warnings } = open(cacheFile);
    const recalled = await recall(cache, file);
    expect(recalled?.workflowId).toBe('a');
    expect(recalled?.result.problems).toEqual(warning.result.problems);
    expect(recalled?.result.problems[0]).not.toBe(warning.result.problems[0]);
    expect(warnings).toEqual([]);
  });

  it('metadata: a new modification time or size is a change', async () => {
    const { path, file, cacheFile } = setUp();
    await firstRun(cacheFile, file);
    const later = new Date(statSync(path).mtimeMs + 5_000);
    utimesSync(path, later, later);
    expect(await recall(open(cacheFile).cache, file)).toBeUndefined();

    const other = setUp();
    await firstRun(other.cacheFile, other.file);
    writeFileSync(other.path, '{"id":"a","nodes":[],"edges":[] }');
    expect(await recall(open(other.cacheFile).cache, other.file)).toBeUndefined();
  });

  it('content: an edit that keeps the size and the modification time is always seen', async () => {
    const { path, file, cacheFile } = setUp('{"id":"a","nodes":[],"edges":[]}');
    // A whole second: a time set again through utimes (seconds as a float) comes back the same to the nanosecond.
    const time = new Date(Math.floor(Date.now() / 1000) * 1000 - 5000);
    utimesSync(path, time, time);
    await firstRun(cacheFile, file, { strategy: 'content' });
    writeFileSync(path, '{"id":"b","nodes":[],"edges":[]}'); // the same length
    utimesSync(path, time, time);
    expect(statSync(path).mtimeMs).toBe(time.getTime());
    // The metadata strategy cannot tell (what content is for); the content strategy does.
    expect(await recall(open(cacheFile, { strategy: 'content' }).cache, file)).toBeUndefined();

    const unchanged = setUp();
    await firstRun(unchanged.cacheFile, unchanged.file, { strategy: 'content' });
    const touched = new Date(Date.now() + 10_000);
    utimesSync(unchanged.path, touched, touched); // a new time, the same bytes: still known
    expect(await recall(open(unchanged.cacheFile, { strategy: 'content' }).cache, unchanged.file)).toBeDefined();
  });

  it('a file reached under another name is checked again (a result names its file)', async () => {
    const { file, cacheFile } = setUp();
    await firstRun(cacheFile, file);
    expect(await recall(open(cacheFile).cache, { ...file, name: './a.json' })).toBeUndefined();
  });

  it('a file with errors is not kept: it is checked again on every run', async () => {
    const { file, cacheFile } = setUp();
    const failing: FileCheck = { result: { ...warning.result, problems: [{ ...warning.result.problems[0], severity: 'error' }] } };
    await firstRun(cacheFile, file, {}, failing);
    expect(await recall(open(cacheFile).cache, file)).toBeUndefined();
  });

  it('stdin (no path) is never cached', async () => {
    const { cacheFile } = setUp();
    const stdin: SourceFile = { name: '<stdin>', folder: root, read: () => Promise.resolve('{}') };
    expect(await recall(open(cacheFile).cache, stdin)).toBeUndefined();
  });
});

describe('validate cache: invalidated by the settings', () => {
  it('another run key (wfe version, rules, --rule flags) or strategy drops every entry', async () => {
    const { file, cacheFile } = setUp();
    await firstRun(cacheFile, file);
    expect(await recall(open(cacheFile, { runKey: 'run-2' }).cache, file)).toBeUndefined();
    expect(await recall(open(cacheFile, { strategy: 'content' }).cache, file)).toBeUndefined();
    expect(await recall(open(cacheFile).cache, file)).toBeDefined();
  });

  it("another folder key (the folder's config, rules or node types) drops that folder's entries", async () => {
    const { file, cacheFile } = setUp();
    await firstRun(cacheFile, file);
    expect(await recall(open(cacheFile, { folderKey: () => Promise.resolve('folder-2') }).cache, file)).toBeUndefined();
  });

  it('the run key follows the version, the --rule flags and the strategy', () => {
    const base = { version: '1.0.0', flagRules: {}, strategy: 'metadata' as const };
    const key = runKey(base);
    expect(runKey(base)).toBe(key);
    expect(runKey({ ...base, version: '1.0.1' })).not.toBe(key);
    expect(runKey({ ...base, flagRules: { 'no-cycle': 'off' } })).not.toBe(key);
    expect(runKey({ ...base, strategy: 'content' })).not.toBe(key);
  });

  it("the folder key follows the config's rules and the folder's node types", async () => {
    const dir = join(root, 'settings');
    mkdirSync(dir);
    const keyNow = async () => folderKey(await folderSettings(silentLogger)(dir), {});
    const plain = await keyNow();
    expect(await keyNow()).toBe(plain);
    expect(folderKey(await folderSettings(silentLogger)(dir), { 'no-cycle': 'off' })).not.toBe(plain);

    writeFileSync(join(dir, 'wfe.config.yaml'), 'rules:\n  no-cycle: warning\n');
    const configured = await keyNow();
    expect(configured).not.toBe(plain);

    mkdirSync(join(dir, 'nodes'));
    writeFileSync(
      join(dir, 'nodes', 'custom.json'),
      JSON.stringify({ id: 'custom_step', name: 'Custom', description: '', category: 'tools', version: '1.0.0', inputs: [], outputs: [] }),
    );
    expect(await keyNow()).not.toBe(configured);
  });
});

describe('validate cache: the file on disk', () => {
  it('is replaced atomically: no temp file is left beside it', async () => {
    const { dir, file, cacheFile } = setUp();
    await firstRun(cacheFile, file);
    await firstRun(cacheFile, file);
    expect(readdirSync(dir).sort()).toEqual(['.wfe-cache', 'a.json']);
  });

  // Each entry is stored as [size, mtimeMs, name, settings index, workflow id, problems] (cache.ts).
  type StoredEntry = [number, number, string, number, string | null, Array<Record<string, unknown>>];
  const damaged = (damage: (entry: StoredEntry) => void) => damage;
  it.each([
    ['not JSON', '{"wfeCache":2,"files":{'],
    ['another kind of file', '{"hello":"world"}'],
    ['a cache of the layout before', '{"wfeCache":1,"strategy":"metadata","run":"run-1","files":{}}'],
    // A valid cache whose entry lost its problems' severities: never trusted.
    ['a damaged entry', damaged((entry) => delete entry[5][0].severity)],
    ['an entry naming settings that are not there', damaged((entry) => (entry[3] = 7))],
    ['an entry cut short', damaged((entry) => entry.pop())],
  ])('%s: ignored with a warning, every file checked, and rewritten whole', async (_what, damage) => {
    const { file, cacheFile } = setUp();
    await firstRun(cacheFile, file);
    if (typeof damage === 'string') writeFileSync(cacheFile, damage);
    else {
      const stored = JSON.parse(readFileSync(cacheFile, 'utf8')) as { files: Record<string, StoredEntry> };
      for (const entry of Object.values(stored.files)) damage(entry);
      writeFileSync(cacheFile, JSON.stringify(stored));
    }
    const { cache, warnings } = open(cacheFile);
    expect(await recall(cache, file)).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/^ignoring the cache .*\.wfe-cache: .*; every file is checked$/)]);
    cache.remember(file, warning);
    await cache.save();
    const reopened = open(cacheFile);
    expect(await recall(reopened.cache, file)).toBeDefined();
    expect(reopened.warnings).toEqual([]);
  });
});
