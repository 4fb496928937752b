// If-Match compares entity tags strongly and If-None-Match weakly (RFC 9110, section 8.8.3.2).
import { describe, expect, it } from 'vitest';
import { ifMatchHolds, ifNoneMatchHits } from '../src/util/etag-match.js';

const etag = '"v1"';

describe('ifMatchHolds (strong)', () => {
  it.each([
    ['"v1"', true],
    ['v1', true],
    ['"v0", "v1"', true],
    ['*', true],
    ['W/"v1"', false],
    ['"v2"', false],
    ['', false],
    ['"v1x"', false],
  ])('%s → %s', (header, holds) => {
    expect(ifMatchHolds(header, etag)).toBe(holds);
  });
});

describe('ifNoneMatchHits (weak)', () => {
  it.each([
    ['"v1"', true],
    ['W/"v1"', true],
    ['"v0",W/"v1"', true],
    ['*', true],
    ['v1', true],
    ['"v2"', false],
    ['W/"v2"', false],
    ['', false],
  ])('%s → %s', (header, hits) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hits);
  });

  it('no header is no hit', () => {
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});
