// How export and import report on stderr: one line per problem, `file[:line:column]: severity: message`,
// so editors and CI can parse it; progress lines only on a terminal.
import { pointerPosition } from '../util/pointer-position.js';
import { printable } from '../util/printable.js';

export function problemLine(
  file: string,
  severity: 'error' | 'warning',
  message: string,
  position?: { line?: number; column?: number },
): string {
  const at = position?.line ? `:${position.line}:${position.column ?? 1}` : '';
  // A file name or message from a workflow may hold a terminal's control characters: shown, not obeyed.
  return `${printable(file)}${at}: ${severity}: ${printable(message)}`;
}

/** An error at a JSON pointer of the input text: located, and the pointer named. */
export function pointerProblem(file: string, text: string | undefined, pointer: string, message: string): string {
  const position = text !== undefined && pointer ? pointerPosition(text, pointer) : undefined;
  return problemLine(file, 'error', pointer ? `${pointer}: ${message}` : message, position);
}
