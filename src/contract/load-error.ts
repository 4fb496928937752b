import { printable } from '../util/printable.js';
import type { LoadError } from './types.js';

/** "file:line:col: message", the form editors and terminals turn into a link; printable, for a terminal. */
export function formatLoadError(e: LoadError): string {
  const where = e.line !== undefined ? `${printable(e.file)}:${e.line}:${e.column ?? 1}` : printable(e.file);
  return `${where}: ${printable(e.message)}`;
}
