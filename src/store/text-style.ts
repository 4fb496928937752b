// How a workflow file was written (line endings, byte order mark), so that a save writes it the same way
// and does not change every line of a file edited on Windows.

export interface TextStyle {
  crlf: boolean;
  bom: boolean;
}

export const styleOf = (text: string): TextStyle => ({ crlf: text.includes('\r\n'), bom: text.charCodeAt(0) === 0xfeff });

/** The serialiser's text (LF, no byte order mark) in the file's own style. */
export const inStyle = (text: string, style: TextStyle | undefined): string =>
  (style?.bom ? '\ufeff' : '') + (style?.crlf ? text.replace(/\n/g, '\r\n') : text);

const UTF8_BOM_LENGTH = 3;

/** A saved file's bytes as the answer to the save: JSON, which has no byte order mark. */
export const withoutBom = (bytes: Buffer): Buffer =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(UTF8_BOM_LENGTH) : bytes;
