// Where a finding's JSON pointer is in the text: the scan that walks only into the values asked for gives the
// positions jsonc-parser's whole tree gives (the reference here), on seeded random documents.
import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { pointerPosition, pointerPositions } from '../src/util/pointer-position.js';
import { mismatches } from './support/mismatches.js';
import { numberFromEnv, seededRandom, type SeededRandom } from './support/seeded.js';

const SEED = numberFromEnv('WFE_POINTER_SEED', 17);
const DOCUMENTS = 300;

/** Line and column (both from 1) of an offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** jsonc-parser's answer: the deepest node of the path that exists; a property by its key. */
function reference(text: string, root: JsonNode, pointer: string): { line: number; column: number } | undefined {
  const path = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  for (let depth = path.length; depth >= 0; depth--) {
    let node: JsonNode | undefined = root;
    for (const segment of path.slice(0, depth)) {
      node = node && findNodeAtLocation(node, [node.type === 'array' ? Number(segment) : segment]);
    }
    if (node) return lineColumn(text, node.parent?.type === 'property' ? node.parent.offset : node.offset);
  }
  return undefined;
}

// Keys a pointer must escape or a scan must unescape, and values of every kind, strings with brackets in them.
const KEYS = ['id', 'nodes', 'a/b', 'x~y', 'quote"d', 'back\\slash', 'é', '', ' spaced ', 'n1', 'ü/~'];
const SCALARS = [0, -1.5e-7, 12345678901234, true, false, null, '', 'text', '{[,]}', 'a "quoted" \\ word', '\u2028'];

function randomValue(random: SeededRandom, depth: number): unknown {
  const roll = random.below(depth > 4 ? 2 : 5);
  if (roll < 2) return SCALARS[random.below(SCALARS.length)];
  if (roll === 2) return Array.from({ length: random.below(5) }, () => randomValue(random, depth + 1));
  const object: Record<string, unknown> = {};
  for (let n = random.below(6); n > 0; n--) object[KEYS[random.below(KEYS.length)]] = randomValue(random, depth + 1);
  return object;
}

/** Every pointer into `value`, and one step past each (a key or index that is not there). */
function pointersOf(value: unknown, prefix = ''): string[] {
  const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
  const missing = [`${prefix}/missing`, `${prefix}/7`];
  if (Array.isArray(value)) return [prefix, ...missing, ...value.flatMap((item, i) => pointersOf(item, `${prefix}/${i}`))];
  if (value && typeof value === 'object')
    return [prefix, ...missing, ...Object.entries(value).flatMap(([key, item]) => pointersOf(item, `${prefix}/${escape(key)}`))];
  return [prefix, `${prefix}/0`];
}

describe('pointerPositions on JSON', () => {
  it(`gives jsonc-parser's positions on ${DOCUMENTS} seeded documents (seed ${SEED}), however they are laid out`, () => {
    const random = seededRandom(SEED);
    const found = mismatches();
    let compared = 0;
    for (let d = 0; d < DOCUMENTS; d++) {
      const value = randomValue(random, 0);
      const indent = [0, 2, '\t'][random.below(3)];
      const text = (random.below(4) === 0 ? '\ufeff \n' : '') + JSON.stringify(value, null, indent) + '\n';
      const pointers = pointersOf(value);
      const positions = pointerPositions(text, pointers);
      const root = parseTree(text)!;
      pointers.forEach((pointer, i) => {
        compared++;
        const label = `${JSON.stringify(text.slice(0, 60))} at ${pointer}`;
        found.same(label, JSON.stringify(positions[i]), JSON.stringify(reference(text, root, pointer)));
      });
    }
    expect(compared).toBeGreaterThan(3000);
    expect(found.found).toEqual([]);
  });

  it('reads a key made of digits as a key, and the last of two equal keys, as JSON.parse does', () => {
    const text = '{\n  "0": {"a": 1},\n  "dup": {"first": 1},\n  "dup": {"second": 2}\n}';
    expect(pointerPosition(text, '/0/a')).toEqual({ line: 2, column: 9 });
    expect(pointerPosition(text, '/dup/second')).toEqual({ line: 4, column: 11 });
    // Not in the value JSON.parse keeps: its parent, the second "dup".
    expect(pointerPosition(text, '/dup/first')).toEqual({ line: 4, column: 3 });
  });

  it('leaves to jsonc-parser what is not plain JSON (comments, a trailing comma), and finds it there', () => {
    const text = '{\n  // the id\n  "id": "x",\n  "nodes": [1, 2,],\n}';
    expect(pointerPositions(text, ['/id', '/nodes/1', '/nodes/9'])).toEqual([
      { line: 3, column: 3 },
      { line: 4, column: 16 },
      { line: 4, column: 3 },
    ]);
    expect(pointerPosition('', '/a')).toBeUndefined();
  });
});
