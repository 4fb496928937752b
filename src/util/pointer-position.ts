import { LineCounter, isNode, parseDocument } from 'yaml';
import type { TextPosition } from './json-position.js';

/**
 * Line/column of the value at a JSON pointer. Parses with `yaml` (JSON is YAML 1.2), which is slow on
 * big files, so call it only for files that have something to report.
 */
export function pointerPosition(text: string, pointer: string): TextPosition | undefined {
  try {
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false });
    const path = pointer
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    // Walk up until something exists: a missing property is reported at its parent object.
    for (let depth = path.length; depth >= 0; depth--) {
      const node = depth === 0 ? doc.contents : doc.getIn(path.slice(0, depth), true);
      if (isNode(node) && node.range) {
        const { line, col } = lineCounter.linePos(node.range[0]);
        return { line, column: col };
      }
    }
  } catch {
    // unparseable text has no positions to offer
  }
  return undefined;
}
