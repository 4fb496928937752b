/** A key as one segment of a JSON pointer (RFC 6901): `~` and `/` escaped. */
export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
