// Where values are in a JSON text, by their paths: one scan that walks only into the values asked for and
// skips the rest (strings by indexOf), for the line and column of a finding.
import { closingQuote } from './json-position.js';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-chars.js';

/**
 * The offset of the value at each path (a property's is its key's), or of its deepest ancestor the text has;
 * undefined for a path where not even the whole text is a value. Keys are read as JSON.parse reads them: the
 * last of two equal keys counts, and a key of digits is a key. Undefined when the text is not plain JSON.
 */
export function deepestOffsets(text: string, paths: string[][]): Array<number | undefined> | undefined {
  const root = pathTree(paths);
  if (!offsetsByScan(text, root)) return undefined;
  return paths.map((path) => {
    let node = root;
    let found = root.offset;
    for (const key of path) {
      const child = node.children.get(key);
      if (!child || child.offset < 0) break;
      node = child;
      found = child.offset;
    }
    return found < 0 ? undefined : found;
  });
}

/** A node of the tree of the paths asked for: where its value was found (-1: not yet), and its children by key. */
interface PathNode {
  offset: number;
  children: Map<string, PathNode>;
}

function pathTree(paths: string[][]): PathNode {
  const root: PathNode = { offset: -1, children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const key of path) {
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = { offset: -1, children: new Map() }));
      node = child;
    }
  }
  return root;
}

interface Container {
  node: PathNode;
  close: number;
  index: number;
}

/**
 * Sets the offset of every node of `root` found in `text`: a property's is its key's, an array item's and the
 * whole text's that of the value. The last of two equal keys counts, as for JSON.parse. False when the text is
 * not plain JSON.
 */
function offsetsByScan(text: string, root: PathNode): boolean {
  const open: Container[] = [];
  const enter = (node: PathNode, at: number, valueAt: number): number => {
    if (node.offset >= 0) forget(node);
    node.offset = at;
    const c = text.charCodeAt(valueAt);
    if (node.children.size === 0 || (c !== OPEN_BRACE && c !== OPEN_BRACKET)) return valueEnd(text, valueAt);
    open.push({ node, close: c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET, index: 0 });
    return valueAt + 1;
  };
  let i = skipSpace(text, 0);
  if (i >= text.length) return false;
  i = enter(root, i, i);
  while (open.length > 0 && i >= 0) {
    const container = open[open.length - 1];
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) === container.close) {
      open.pop();
      i++;
    } else if (container.close === CLOSE_BRACKET) {
      const item = container.node.children.get(String(container.index++));
      i = item ? enter(item, i, i) : valueEnd(text, i);
    } else {
      if (text.charCodeAt(i) !== QUOTE) return false;
      const keyEnd = closingQuote(text, i);
      if (keyEnd < 0) return false;
      const raw = text.slice(i + 1, keyEnd);
      const key = raw.includes('\\') ? unescaped(text.slice(i, keyEnd + 1)) : raw;
      const colon = skipSpace(text, keyEnd + 1);
      if (text.charCodeAt(colon) !== COLON) return false;
      const valueAt = skipSpace(text, colon + 1);
      const property = container.node.children.get(key);
      i = property ? enter(property, i, valueAt) : valueEnd(text, valueAt);
    }
  }
  return i >= 0 && open.length === 0;
}

/** A key with escapes in it, as JSON.parse reads it. */
function unescaped(quoted: string): string {
  const key: unknown = JSON.parse(quoted);
  return typeof key === 'string' ? key : quoted;
}

/** Clears what was found under `node`: a second equal key replaces the first. */
function forget(node: PathNode): void {
  for (const child of node.children.values()) {
    child.offset = -1;
    forget(child);
  }
}

function skipSpace(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || (c === 0xfeff && i === 0)) i++;
    else return i;
  }
}

/** Where the value that starts at `at` ends (just past it), or -1 when there is none. */
function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === QUOTE) {
    const end = closingQuote(text, at);
    return end < 0 ? -1 : end + 1;
  }
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === QUOTE) {
        i = closingQuote(text, i);
        if (i < 0) return -1;
      } else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
      else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return i + 1;
    }
    return -1;
  }
  let i = at;
  while (i < text.length && !/[\s,\]}]/.test(text[i])) i++;
  return i === at ? -1 : i;
}
