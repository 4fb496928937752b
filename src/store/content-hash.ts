import { nodeCrypto } from '../util/lazy-module.js';

/**
 * What a file held, to recognise the store's own writes and edits made behind its back. A text is hashed as
 * its UTF-8, so hashing the bytes a text was read from (or is written as) gives the same.
 */
export const sha256 = (content: string | Uint8Array): string => nodeCrypto().createHash('sha256').update(content).digest('hex');
