// Text of a workflow (labels, ids, messages, file names) as it may go to a terminal or a page: the characters a
// terminal or a reader acts on instead of showing are written as JSON writes them. Used by every report that
// prints what a workflow holds: wfe diff, render and validate.

// What a terminal or a page acts on instead of showing: C0 and C1 controls and DEL (an ESC sequence can
// recolour or rewrite the screen, a CR overwrite the line), the line and paragraph separators, and the
// bidirectional formatting characters, which reorder what a reviewer reads (Trojan Source).
export const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHORT_ESCAPES = new Map([
  ['\b', '\\b'],
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\f', '\\f'],
  ['\r', '\\r'],
]);

/**
 * Text as it may go to a terminal or a page: those characters written as JSON writes them (`\n`, `\u001b`),
 * so a label reads like the content of the JSON string it came from. Backslashes are left as they are.
 */
export const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (c) => SHORT_ESCAPES.get(c) ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
