// Text of a workflow as it may go into Markdown (a PR comment, a job summary): printable, with Markdown's and
// HTML's characters escaped, and GitHub's mentions and references made inert.
import { printable } from './printable.js';

/**
 * Text shown as is: printable, Markdown and HTML syntax characters (and `&`, which would start an entity)
 * backslash-escaped. GitHub links `@name` and `#123` after the Markdown is read, so a backslash does not stop
 * a mention or an issue reference; a zero-width space after the `@` or `#` does.
 */
export const escapeMarkdown = (text: string): string =>
  printable(text)
    .replace(/[\\`*_[\]<>|~#&]/g, (c) => `\\${c}`)
    .replace(/[@#]/g, (c) => `${c}&#8203;`);
