// What the store's folder means by name, apart from the store itself: its internal folder, which paths are
// not workflows, and which ids are safe as file names. The CLI's folder walk and the routes need these
// without loading the store.
import type { IgnoreMatcher } from '../project/ignore.js';
import { InvalidInputError, LimitError } from '../util/domain-errors.js';

/** The server's own folder inside the served one: run history, trash, backups, the clock probe. */
export const INTERNAL_DIR = '.wfe';

/** A new workflow's id becomes `<id>.json`, and `<id>.<time>.json` in backups: this keeps both under 255 bytes. */
const MAX_ID_BYTES = 200;

/** What is wrong with an id that could escape the folder or hide a file; undefined when nothing is. */
function unsafeIdReason(id: string): string | undefined {
  if (id.length === 0 || id.length > 200) return 'must be 1 to 200 characters';
  if (id.includes('\0') || id.includes('/') || id.includes('\\') || id.includes('..') || id.startsWith('.'))
    return 'must not contain "/", "\\", "..", NUL or start with "."';
  return undefined;
}

/** Rejects ids that could escape the folder or hide a file (every id that reaches a route). */
export function assertSafeId(id: string, field = 'id'): void {
  const reason = unsafeIdReason(id);
  if (reason !== undefined) throw new InvalidInputError(field, reason);
}

/** Why wfe serve would not load a file holding the workflow id `id` (undefined: it would), as validate says it. */
export function unservableIdReason(id: string): string | undefined {
  const reason = unsafeIdReason(id);
  return reason === undefined
    ? undefined
    : `id ${JSON.stringify(id)} ${reason}: wfe serve does not load it, since no URL could name it; give the workflow another id`;
}

// Names Windows gives to devices, whatever follows a dot: a folder checked out there could not hold the file.
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i;

/**
 * A new workflow's id becomes its file name `<id>.json`: keep it portable (a folder is committed and checked
 * out elsewhere, Windows included: no device name, no `:`, which NTFS reads as a stream), and short enough
 * in bytes. Letters may carry combining marks (é as e and an accent, as macOS writes names).
 */
export function checkNewWorkflowId(id: string): void {
  assertSafeId(id);
  if (!/^[\p{L}\p{M}\p{N}._~@+=-]+$/u.test(id)) throw new InvalidInputError('id', 'may contain only letters, digits and . _ ~ @ + = -');
  if (WINDOWS_DEVICE.test(id))
    throw new InvalidInputError(
      'id',
      'is a device name on Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9), which no file there can be named; give the workflow another id',
    );
  const bytes = Buffer.byteLength(id, 'utf8');
  if (bytes > MAX_ID_BYTES) throw new LimitError('id', `its length in UTF-8 bytes (${bytes}; the file name is <id>.json)`, MAX_ID_BYTES);
}

/**
 * Which paths of a served folder are not workflows: hidden files and folders, node_modules, and the
 * given top-level folders (the catalog's nodes/, the internal .wfe/). `rel` uses forward slashes.
 */
export function isSkippedPath(rel: string, skipDirs: readonly string[] = [], ignored?: IgnoreMatcher): boolean {
  const parts = rel.split('/');
  if (parts.some((p) => p.startsWith('.') || p === 'node_modules')) return true;
  return (parts.length > 1 && skipDirs.includes(parts[0])) || (ignored?.(rel) ?? false);
}
