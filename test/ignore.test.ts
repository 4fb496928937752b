// src/project/ignore.ts: the default skip list and glob matching of --ignore and ignore:.
import { describe, expect, it } from 'vitest';
import { compilePattern, defaultIgnore, ignoreFromSettings, ignoreMatcher } from '../src/project/ignore.js';
import { isSkippedPath } from '../src/store/paths.js';
import { reportTargets } from '../src/cli/report-targets.js';

describe('ignore rules', () => {
  it('skip well-known non-workflow files at any depth, and nothing else', () => {
    const ignored = defaultIgnore('/repo');
    for (const rel of [
      'package.json',
      'app/package-lock.json',
      'tsconfig.json',
      'tsconfig.node.json',
      'jsconfig.json',
      '.vscode/settings.json',
      'node_modules/x/a.json',
      'a/.hidden/b.json',
      'deno.json',
      'composer.lock',
    ])
      expect(ignored(rel), rel).toBe(true);
    for (const rel of ['chat.json', 'flows/package-flow.json', 'flows/tsconfigurator.yaml', 'team/onboarding.json'])
      expect(ignored(rel), rel).toBe(false);
  });

  it('globs: a name matches at any depth, a path from the base, a trailing / folders only; *, **, ?, [..], {a,b}', () => {
    const match = ignoreMatcher('/w', [
      { base: '/w', patterns: ['drafts/', 'team/*.tmp.json', '**/legacy/**', 'v?.json', '[ab]x.json', '*.{schema,spec}.json'] },
    ]);
    expect(match('drafts/a.json')).toBe(true);
    expect(match('x/drafts/a.json')).toBe(true);
    expect(match('drafts.json')).toBe(false);
    expect(match('drafts', true)).toBe(true);
    expect(match('team/a.tmp.json')).toBe(true);
    expect(match('other/team/a.tmp.json')).toBe(false);
    expect(match('a/legacy/b/c.json')).toBe(true);
    expect(match('v1.json')).toBe(true);
    expect(match('v10.json')).toBe(false);
    expect(match('bx.json')).toBe(true);
    expect(match('cx.json')).toBe(false);
    expect(match('deep/flow.spec.json')).toBe(true);
    expect(match('flow.json')).toBe(false);
  });

  it('a set of patterns matches exactly where one of its patterns alone matches', () => {
    // The patterns without a slash are tested as one joined expression: joining must not change what matches.
    const patterns = ['drafts/', '*.tmp.json', 'team/*.json', 'v?.json', '{a,b}x.json', '**/legacy/**', 'c*/', '.*', 'x|y.json'];
    const paths = [
      'drafts',
      'drafts/a.json',
      'a/drafts/b.json',
      'drafts.json',
      'k.tmp.json',
      'q/k.tmp.json',
      'team/a.json',
      'q/team/a.json',
      'v1.json',
      'v12.json',
      'ax.json',
      'bx.json',
      'abx.json',
      'legacy/a.json',
      'a/legacy/b.json',
      'cache',
      'cache/a.json',
      'c.json',
      '.git/a.json',
      'a/.b.json',
      'x|y.json',
      'x.json',
      'y.json',
      'ok.json',
      'ok/deep/flow.json',
    ];
    const all = ignoreMatcher('/w', [{ base: '/w', patterns }]);
    // One pattern, as .gitignore reads it: a name at any depth (folders only with a trailing /), or a path from the base.
    const alone = patterns.map(compilePattern).map(({ regexp, anyDepth, folderOnly }) => (rel: string, relIsFolder: boolean) => {
      const parts = rel.split('/');
      return parts.some((_, i) => {
        const isFolder = i < parts.length - 1 || relIsFolder;
        return (!folderOnly || isFolder) && regexp.test(anyDepth ? parts[i] : parts.slice(0, i + 1).join('/'));
      });
    });
    for (const rel of paths)
      for (const isFolder of [false, true])
        expect(all(rel, isFolder), `${rel}${isFolder ? '/' : ''}`).toBe(alone.some((match) => match(rel, isFolder)));
  });

  it('patterns of a config are relative to its folder, also when that folder is above or below the walked one', () => {
    const below = ignoreMatcher('/repo', [{ base: '/repo/flows', patterns: ['old/'] }]);
    expect(below('flows/old/a.json')).toBe(true);
    expect(below('old/a.json')).toBe(false);
    const above = ignoreMatcher('/repo/flows', [{ base: '/repo', patterns: ['flows/old/**'] }]);
    expect(above('old/a.json')).toBe(true);
    expect(above('new/a.json')).toBe(false);
  });

  it('ignore: takes a glob or a list of globs; anything else is an error naming the file', () => {
    expect(ignoreFromSettings({ ignore: 'drafts/' })).toEqual(['drafts/']);
    expect(ignoreFromSettings({ ignore: ['a', 'b/'] })).toEqual(['a', 'b/']);
    expect(ignoreFromSettings({ mocks: {} })).toEqual([]);
    expect(() => ignoreFromSettings({ ignore: [1] }, 'w/wfe.config.yaml')).toThrow(/w\/wfe\.config\.yaml: ignore\[0\]: expected a glob/);
    expect(() => ignoreFromSettings({ ignore: ['!keep.json'] })).toThrow(/negated patterns are not supported/);
  });

  it('the store applies them through isSkippedPath, besides its own top-level folders', () => {
    const ignored = defaultIgnore('/w');
    expect(isSkippedPath('package.json', ['nodes'], ignored)).toBe(true);
    expect(isSkippedPath('nodes/a.json', ['nodes'], ignored)).toBe(true);
    expect(isSkippedPath('flows/a.json', ['nodes'], ignored)).toBe(false);
  });
});

describe('report targets (-f/-o)', () => {
  const cwd = '/work';
  const f = (value: string) => ({ flag: 'format' as const, value });
  const o = (value: string) => ({ flag: 'output' as const, value });
  it('pairs each -o with the -f before it; the others go to stdout', () => {
    expect(reportTargets([f('stylish'), f('sarif'), o('wfe.sarif')], ['stylish'], { cwd })).toEqual([
      { format: 'stylish' },
      { format: 'sarif', output: 'wfe.sarif' },
    ]);
    expect(reportTargets([f('codeclimate'), o('gl.json'), f('stylish')], ['stylish'], { cwd })).toEqual([
      { format: 'codeclimate', output: 'gl.json' },
      { format: 'stylish' },
    ]);
    expect(reportTargets([o('out.txt')], ['stylish', 'github'], { cwd })).toEqual([
      { format: 'stylish', output: 'out.txt' },
      { format: 'github' },
    ]);
    expect(reportTargets([], ['stylish'], { cwd })).toEqual([{ format: 'stylish' }]);
  });

  it('refuses two reports into one file, however its path is spelt', () => {
    for (const second of ['same.out', './same.out', '/work/same.out', 'sub/../same.out'])
      expect(() => reportTargets([f('json'), o('same.out'), f('sarif'), o(second)], ['stylish'], { cwd })).toThrow(
        `-f json and -f sarif both write to ${second}`,
      );
    expect(reportTargets([f('json'), o('same.out'), f('sarif'), o('sub/same.out')], ['stylish'], { cwd })).toHaveLength(2);
  });
});
