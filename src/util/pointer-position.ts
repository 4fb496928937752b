import type { Node as JsonNode } from 'jsonc-parser';
import { jsoncParser, yamlPackage } from './lazy-module.js';
import { deepestOffsets } from './json-offsets.js';
import type { TextPosition } from './json-position.js';

type Segment = string | number;

/** A pointer's keys, unescaped. */
const keysOf = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** A pointer's keys as jsonc-parser's and yaml's trees take them: a key of digits is an index. */
const segmentsOf = (pointer: string): Segment[] => keysOf(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** Offset → line/column, with the line starts found once. */
function positionsIn(text: string): (offset: number) => TextPosition {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

/**
 * Line/column of the value at a JSON pointer; a missing property is reported at its parent. Only called
 * for files that have something to report: JSON by one scan of the text (jsonc-parser's tree where the text
 * is not plain JSON), YAML through yaml's tree.
 */
export function pointerPosition(text: string, pointer: string): TextPosition | undefined {
  return pointerPositions(text, [pointer])[0];
}

/** Positions of several pointers in one text, parsing it once (not at all for none). */
export function pointerPositions(text: string, pointers: string[]): Array<TextPosition | undefined> {
  if (pointers.length === 0) return [];
  const first = /\S/.exec(text)?.[0];
  return first === '{' || first === '[' ? jsonPositions(text, pointers) : yamlPositions(text, pointers);
}

function jsonPositions(text: string, pointers: string[]): Array<TextPosition | undefined> {
  // jsonc-parser's tree of a 400 KB flow took 50-130 ms, against 3 ms for JSON.parse; one scan that walks
  // only into the values asked for (json-offsets.ts) takes a few milliseconds. What it cannot read (a comment,
  // a trailing comma) goes to jsonc-parser, which reads JSON's relatives too.
  const offsets = deepestOffsets(text, pointers.map(keysOf));
  if (!offsets) return jsoncPositions(text, pointers.map(segmentsOf));
  const at = positionsIn(text);
  return offsets.map((offset) => (offset === undefined ? undefined : at(offset)));
}

function jsoncPositions(text: string, paths: Segment[][]): Array<TextPosition | undefined> {
  const { parseTree, findNodeAtLocation } = jsoncParser();
  const root = parseTree(text, [], { disallowComments: false, allowTrailingComma: true });
  if (!root) return paths.map(() => undefined);
  const at = positionsIn(text);
  return paths.map((path) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node: JsonNode | undefined = findNodeAtLocation(root, path.slice(0, depth));
      // For a property, point at its key (the parent of a value node is the property pair).
      if (node) return at(node.parent?.type === 'property' ? node.parent.offset : node.offset);
    }
    return undefined;
  });
}

function yamlPositions(text: string, pointers: string[]): Array<TextPosition | undefined> {
  const { LineCounter, isNode, parseDocument } = yamlPackage();
  try {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false });
    return pointers.map((pointer) => {
      const path = segmentsOf(pointer);
      for (let depth = path.length; depth >= 0; depth--) {
        const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
        if (isNode(node) && node.range) {
          const { line, col } = lineCounter.linePos(node.range[0]);
          return { line, column: col };
        }
      }
      return undefined;
    });
  } catch {
    return pointers.map(() => undefined);
  }
}
