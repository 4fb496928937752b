import type { LoadError } from './types.js';

/** "file:line:col: message", the form editors and terminals turn into a link. */
export function formatLoadError(e: LoadError): string {
  const where = e.line !== undefined ? `${e.file}:${e.line}:${e.column ?? 1}` : e.file;
  return `${where}: ${e.message}`;
}
