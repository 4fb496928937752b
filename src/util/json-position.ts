// Turns a parse failure into a line/column pair a person can jump to.
export interface TextPosition {
  line: number;
  column: number;
}

export function offsetToPosition(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number };

/** JSON.parse that reports where it failed. Node 20 messages carry "at position N" (or nothing for empty input). */
export function parseJsonWithPosition(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const message = (err as Error).message;
    const match = /position (\d+)/.exec(message);
    const offset = match ? Number(match[1]) : text.length;
    const { line, column } = offsetToPosition(text, offset);
    const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
    return { ok: false, message: reason || 'Invalid JSON', line, column };
  }
}
