// One workflow file's text as the workflow it holds, or the load error that says where it is wrong: its
// JSON (with the position of a syntax error), the contract's schema, then the graph checks.
import type { LoadError, Workflow } from '../contract/types.js';
import { describeAjvErrors, isWorkflowFile, validateWorkflowFile } from '../contract/validators.js';
import { graphErrors, type ConfigChecker } from '../graph/integrity.js';
import { parseJsonWithPosition } from '../util/json-position.js';
import { pointerPosition } from '../util/pointer-position.js';
import { unservableIdReason } from './paths.js';
import { withMetadataDefaults } from './workflow-model.js';

interface ParseContext {
  /** The file's modification time (ISO), asked only for a file that leaves out a date, so most cost no stat. */
  fileTime: () => string;
  checkConfig?: ConfigChecker;
}

export function parseWorkflowFile(
  rel: string,
  text: string,
  { fileTime, checkConfig }: ParseContext,
): { workflow: Workflow } | { error: LoadError } {
  const parsed = parseJsonWithPosition(text);
  if (!parsed.ok)
    return {
      error: {
        file: rel,
        line: parsed.error.line,
        column: parsed.error.column,
        message: parsed.error.depthLimit ? parsed.error.message : `invalid JSON: ${parsed.error.message}`,
      },
    };
  const { value } = parsed;
  if (!isWorkflowFile(value)) {
    const [first, ...more] = describeAjvErrors(validateWorkflowFile.errors, 'workflow');
    const pos = pointerPosition(text, first.pointer);
    const extra = more.length > 0 ? ` (and ${more.length} more problem${more.length > 1 ? 's' : ''})` : '';
    return {
      error: {
        file: rel,
        line: pos?.line,
        column: pos?.column,
        pointer: first.pointer,
        message: `${first.field} ${first.message}${extra}`,
      },
    };
  }
  // An id no URL can name (a slash, "..", a leading dot) would be listed and never opened, saved or deleted.
  const unsafeId = unservableIdReason(value.id);
  if (unsafeId) {
    const pos = pointerPosition(text, '/id');
    return { error: { file: rel, line: pos?.line, column: pos?.column, pointer: '/id', message: unsafeId } };
  }
  // The file's time stands in for the dates the file leaves out.
  const given = value.metadata;
  const workflow = withMetadataDefaults(value, given?.createdAt && given.updatedAt ? '' : fileTime());
  const problems = graphErrors(workflow, checkConfig);
  if (problems.length > 0) {
    const extra = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    return { error: { file: rel, message: `${problems[0]}${extra}` } };
  }
  return { workflow };
}
