// The two comparisons of entity tags that RFC 9110 (section 8.8.3.2) sets apart. `etag` is a quoted tag as the
// server sends it ("v1"); a header lists tags separated by commas, or is `*`.

/** The header's tags, each as sent (W/"v1", "v1", *). */
const tagsOf = (header: string): string[] =>
  header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

/** Accepts the tag with or without its quotes: clients that drop them still mean the same version. */
const sameOpaqueTag = (tag: string, etag: string): boolean => tag === etag || `"${tag}"` === etag;

/**
 * If-Match: strong comparison. A weak tag (W/"v1") never matches, since it does not promise the same bytes;
 * `*` matches whatever version there is.
 */
export function ifMatchHolds(header: string, etag: string): boolean {
  return tagsOf(header).some((tag) => tag === '*' || (!tag.startsWith('W/') && sameOpaqueTag(tag, etag)));
}

/** If-None-Match: weak comparison. W/"v1" and "v1" both name v1; `*` names any version there is. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return tagsOf(header).some((tag) => tag === '*' || sameOpaqueTag(tag.replace(/^W\//, ''), etag));
}
