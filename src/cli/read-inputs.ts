// Reading the inputs `inputs.ts` found, and parsing each once: what `wfe export`, `wfe import`, `wfe validate`
// and `wfe diff`/`render` do with a file or stdin before any check.
import { parseText, type ParsedText } from '../agentspec/serialize.js';
import { depthMessage, MAX_JSON_DEPTH } from '../util/json-position.js';
import { errorMessage } from '../util/narrow.js';
import type { ParseFailed, ParseFailure } from '../util/parse-result.js';
import { readFileBounded, readFileBoundedSync, readStreamBounded } from '../util/read-bounded.js';
import { NotUtf8Error, utf8Text } from '../util/utf8.js';
import type { ScreenedSource } from '../validate/run.js';
import { errorText } from './error-text.js';
import type { Input } from './inputs.js';
import type { Terminal } from './terminal.js';
import { problemLine } from './report.js';

/** Why a linked file found in a folder is not read. */
const LINK_REFUSED =
  'symbolic link, not followed: wfe serve of this folder would not load it (it never follows links); ' +
  'replace the link with the file, or name the link itself as an argument';

/** Where a run reads its inputs: files by path, `-` from its stdin, and `cwd` for the paths in messages. */
export interface InputSource {
  /** The text of stdin; every call gives the same text. */
  stdinText(): Promise<string>;
  cwd: string;
}

/**
 * The inputs of one run. Stdin can be read only once: what came is kept for the run, so a second read of `-`
 * gets the same text instead of nothing.
 */
export function inputSource(terminal: Pick<Terminal, 'stdin' | 'cwd'>): InputSource {
  let text: Promise<string> | undefined;
  // terminal.stdin is taken only here, when `-` is read: the process's stdin opens a stream when touched.
  return { stdinText: () => (text ??= readStreamBounded(terminal.stdin).then(utf8Text)), cwd: terminal.cwd };
}

/** The inputs of a worker thread: files only (stdin stays with the main thread). */
export const filesOnly = (cwd: string): InputSource => ({
  stdinText: () => Promise.reject(new Error('stdin is read by the main thread only')),
  cwd,
});

/**
 * The text of an input. A command that only reads (validate) reads synchronously: nothing else waits on its
 * event loop, and one synchronous read of a small file costs a third of fs.promises' round trips
 * (docs/performance.md). A command that writes while it reads (export, import) passes `blocking: false`:
 * there a synchronous read waits behind the fsyncs of its own writes, 240 µs a file instead of 30.
 * A pipe or device is read like a file, to its end or past the size limit (util/read-bounded.ts).
 */
export function readInput(input: Input, source: InputSource, { blocking = true }: { blocking?: boolean } = {}): Promise<string> {
  const path = input.path;
  if (input.link) return Promise.reject(new Error(LINK_REFUSED));
  if (path) {
    if (!blocking) return readFileBounded(path).then(utf8Text);
    // Read at once (the executor runs synchronously); what it throws rejects the promise.
    return new Promise((resolve) => resolve(utf8Text(readFileBoundedSync(path))));
  }
  return source.stdinText();
}

/** An input the parsers gave up on, or one nested too deeply to check or convert: no position to give. */
type RefusedInput = ParseFailed<ParseFailure & { refused: true }>;

/**
 * parseText (JSON, or YAML by name or content) that never throws. parseText itself refuses what no check
 * can take (an alias bomb, an alias that contains itself, nesting beyond MAX_JSON_DEPTH: util/yaml-value.ts,
 * parseJsonWithPosition); what is left here is a stack overflow of the reader, or an error nobody foresaw.
 */
function parseInput(text: string, name: string): ParsedText | RefusedInput {
  try {
    return parseText(text, name);
  } catch (err) {
    const message = err instanceof RangeError ? depthMessage(MAX_JSON_DEPTH) : `cannot parse: ${errorMessage(err)}`;
    return refusal(message);
  }
}

const refusal = (message: string): RefusedInput => ({ ok: false, error: { message, refused: true } });

const isRefused = (parsed: ParsedText | RefusedInput): parsed is RefusedInput => !parsed.ok && 'refused' in parsed.error;

/** An input read and parsed once (`parsed` is what parseText gave for its name), or why no check can take it. */
export type ScreenedInput = ScreenedSource;

/**
 * Reads one input and parses it once with parseInput: an input that cannot be read, or that is refused,
 * comes back with its reason instead of its text. Syntax errors pass: the checks that follow report them
 * with a position. `text`, when given, is what was read before (`wfe validate --watch` of an unchanged file).
 */
export async function screenInput(input: Input, name: string, source: InputSource, text?: string): Promise<ScreenedInput> {
  try {
    const read = text ?? (await readInput(input, source));
    const parsed = parseInput(read, name);
    if (isRefused(parsed)) return { ok: false, error: { message: parsed.error.message } };
    return { ok: true, value: { text: read, parsed } };
  } catch (err) {
    // A file in another encoding is refused where its first bad byte is.
    const where = err instanceof NotUtf8Error ? { line: err.line, column: err.column } : {};
    return { ok: false, error: { message: errorText(err, { file: input.name, cwd: source.cwd }), ...where } };
  }
}

/** An input read and parsed for a batch; a problem is reported as `<name>: error: <reason>` and gives undefined. */
export async function readParsedInput(
  input: Input,
  source: InputSource,
  reportLine: (line: string) => void,
): Promise<{ text: string; value: unknown } | undefined> {
  let text: string;
  try {
    text = await readInput(input, source, { blocking: false });
  } catch (err) {
    reportLine(problemLine(input.name, 'error', errorText(err, { file: input.name, cwd: source.cwd })));
    return undefined;
  }
  const parsed = parseInput(text, input.name);
  if (!parsed.ok) {
    reportLine(problemLine(input.name, 'error', parsed.error.message, parsed.error));
    return undefined;
  }
  return { text, value: parsed.value };
}
