// `wfe validate --cache` as a child process: a second run reports the same bytes, an edit that keeps the
// size and the modification time is seen under --cache-strategy content, a damaged cache is ignored with a
// warning, and a changed --rule is not answered from the cache.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';

const REPO = join(import.meta.dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'wfe-cli-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const chat = JSON.parse(readFileSync(join(REPO, 'fixtures', 'workflows', 'chat-pipeline.json'), 'utf8')) as {
  id: string;
  nodes: Array<{ data: { metadata: Record<string, unknown> } }>;
};

/** A folder with a clean workflow and one whose node type is unknown (a warning). */
function folder(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'clean.json'), JSON.stringify(chat));
  const warned = structuredClone(chat);
  warned.id = 'warned';
  warned.nodes[1].data.metadata.id = 'no_such_type';
  writeFileSync(join(dir, 'warned.json'), JSON.stringify(warned));
  return dir;
}

describe('wfe validate --cache', () => {
  it('a second run reports the same bytes from the cache, kept where --cache-location says', async () => {
    const dir = folder('same');
    const cacheDir = join(root, 'same-cache/');
    const args = ['validate', dir, '-f', 'json', '--cache', '--cache-location', cacheDir];
    const first = await runCli(args);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('unknown-node-type');
    expect(existsSync(join(cacheDir, '.wfe-cache'))).toBe(true);
    const second = await runCli(args);
    expect(second).toEqual(first);
    expect(Object.keys(JSON.parse(readFileSync(join(cacheDir, '.wfe-cache'), 'utf8')).files as object)).toHaveLength(2);
  });

  it('--cache-strategy content sees an edit that keeps the size and the modification time', async () => {
    const dir = folder('content');
    const cacheFile = join(root, 'content.cache');
    const args = ['validate', dir, '-f', 'compact', '--cache', '--cache-location', cacheFile, '--cache-strategy', 'content'];
    expect((await runCli(args)).code).toBe(0);
    const file = join(dir, 'clean.json');
    const { atime, mtime, size } = statSync(file);
    // Breaks the file's graph without changing its length: an edge's target names a node that does not exist.
    const text = readFileSync(file, 'utf8');
    const target = /"target":"([^"]+)"/.exec(text)?.[1] ?? '';
    const broken = text.replace(`"target":"${target}"`, `"target":"${'x'.repeat(target.length)}"`);
    writeFileSync(file, broken);
    utimesSync(file, atime, mtime);
    expect(statSync(file).size).toBe(size);
    const again = await runCli(args);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('clean.json');
  });

  it('a damaged cache is ignored with a warning and the report is the same', async () => {
    const dir = folder('damaged');
    const cacheFile = join(root, 'damaged.cache');
    const args = ['validate', dir, '-f', 'json', '--cache', '--cache-location', cacheFile];
    const first = await runCli(args);
    writeFileSync(cacheFile, '{"wfeCache":1,"files":');
    const second = await runCli(args);
    expect(second.code).toBe(first.code);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toMatch(/wfe validate: ignoring the cache .*damaged\.cache: not JSON/);
    expect((await runCli(args)).stderr).toBe(first.stderr);
  });

  it('a changed --rule is not answered from the cache', async () => {
    const dir = folder('rules');
    const cacheFile = join(root, 'rules.cache');
    const args = ['validate', dir, '-f', 'compact', '--cache', '--cache-location', cacheFile];
    expect((await runCli(args)).stdout).toContain('unknown-node-type');
    const off = await runCli([...args, '--rule', 'unknown-node-type=off']);
    expect(off.stdout).not.toContain('unknown-node-type');
    expect((await runCli([...args, '--rule', 'unknown-node-type=error'])).code).toBe(1);
  });
});
