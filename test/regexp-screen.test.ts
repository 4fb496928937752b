// Which configSchema patterns are run on configs (src/contract/regexp-screen.ts).
import { describe, expect, it } from 'vitest';
import { safeToRun } from '../src/contract/regexp-screen.js';

describe('safeToRun', () => {
  it('runs patterns without a repeated ambiguous group', () => {
    const safe = [
      '^[a-z]+$',
      '^\\d{3}-\\d{4}$',
      '^(\\d{3}-)?\\d{4}$',
      '^https?://\\S+$',
      '^(ab)+$',
      '^[(a+)+]$',
      '^\\(a+\\)+$',
      '^(?:a|b)$',
      '^a{1}(b){1}$',
    ];
    expect(safe.filter((pattern) => !safeToRun(pattern))).toEqual([]);
  });

  it('does not run a repeated group holding a repetition or an alternative, nor a backreference', () => {
    const unsafe = [
      '^(a+)+$',
      '^(a*)*b',
      '^(a|a)*$',
      '^(a|ab)+c',
      '^([a-z]+\\.)*com$',
      '^(?:x+y?)+$',
      '^((ab)*)+$',
      '(a{2,})+',
      '^(a)\\1$',
      '^(?<x>a)\\k<x>$',
      '^(cat|dog)+$',
      '^([ab]+){2,}$',
    ];
    expect(unsafe.filter((pattern) => safeToRun(pattern))).toEqual([]);
  });
});
