// The memory of which text each versionId named when first served (src/store/version-texts.ts).
import { describe, expect, it } from 'vitest';
import { VersionTexts } from '../src/store/version-texts.js';

describe('VersionTexts', () => {
  it('knows a version by the first text served under it, and nothing of versions never served', () => {
    const versions = new VersionTexts();
    versions.served('v1', 'hash-a');
    versions.served('v1', 'hash-b');
    expect(versions.namedOtherText('v1', 'hash-a')).toBe(false);
    expect(versions.namedOtherText('v1', 'hash-b')).toBe(true);
    expect(versions.namedOtherText('v2', 'hash-a')).toBe(false);
  });

  it('takes no note of a text without a hash (a file that could not be read)', () => {
    const versions = new VersionTexts();
    versions.served('v1', '');
    versions.served('v1', 'hash-a');
    expect(versions.namedOtherText('v1', 'hash-b')).toBe(true);
  });

  it('forgets the oldest version first when full', () => {
    const versions = new VersionTexts({ max: 2 });
    versions.served('v1', 'hash-1');
    versions.served('v2', 'hash-2');
    versions.served('v3', 'hash-3');
    expect([1, 2, 3].map((n) => versions.namedOtherText(`v${n}`, 'other'))).toEqual([false, true, true]);
  });
});
