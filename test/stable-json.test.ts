// stableStringify hands the native JSON.stringify a view of the value in the stable key order: the value itself
// where it is in that order, sorted copies of the objects that are not (and its own writer where no copy can
// give the order). Every way must give the same bytes: the same random values are written once built in the
// stable order and once with their keys shuffled, and compared with JSON.stringify of a key-sorted copy.
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../src/util/stable-json.js';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Leading keys (written first, in their own order), others, and names that need escaping. No integer-like
// keys: an object enumerates those first whatever their insertion order (tested on its own below).
const KEYS = ['id', 'name', 'type', 'position', 'target', 'data', 'config', 'a', 'Z', 'é', '__proto__', 'with "quote"', 'x\ny'];
const STRINGS = ['', 'plain', 'quote " and \\ back', 'line\nbreak', 'tab\t', 'é → 😀', '\u2028', '</script>'];
const NUMBERS = [0, -0, 1, -1.5, 1e21, 3.14159, Number.MAX_SAFE_INTEGER];

/** A value as a tree of entries, so the same value can be built with its keys in any order. */
type Shape = { kind: 'leaf'; value: unknown } | { kind: 'array'; items: Shape[] } | { kind: 'object'; entries: Array<[string, Shape]> };

function randomShape(random: () => number, depth: number): Shape {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const roll = random();
  if (depth === 0 || roll < 0.35) {
    const leaves: unknown[] = [pick(STRINGS), pick(NUMBERS), true, false, null];
    return { kind: 'leaf', value: pick(leaves) };
  }
  const size = Math.floor(random() * 5);
  if (roll < 0.55) return { kind: 'array', items: Array.from({ length: size }, () => randomShape(random, depth - 1)) };
  const keys = [...new Set(Array.from({ length: size }, () => pick(KEYS)))];
  return { kind: 'object', entries: keys.map((key) => [key, randomShape(random, depth - 1)]) };
}

const LEADING = ['id', 'name', 'label', 'type', 'title', 'description', 'source', 'sourceHandle', 'target', 'targetHandle', 'position'];
function stableOrder(a: string, b: string): number {
  const ra = LEADING.indexOf(a);
  const rb = LEADING.indexOf(b);
  if (ra >= 0 || rb >= 0) return (ra < 0 ? Infinity : ra) - (rb < 0 ? Infinity : rb);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Builds the value; `order` decides the insertion order of each object's keys. */
function build(shape: Shape, order: (keys: string[]) => string[]): unknown {
  if (shape.kind === 'leaf') return shape.value;
  if (shape.kind === 'array') return shape.items.map((item) => build(item, order));
  const object: Record<string, unknown> = {};
  const byKey = new Map(shape.entries);
  for (const key of order([...byKey.keys()]))
    // defineProperty: an assignment to "__proto__" would set the prototype instead of a key.
    Object.defineProperty(object, key, { value: build(byKey.get(key)!, order), enumerable: true, writable: true, configurable: true });
  return object;
}

describe('stableStringify', () => {
  it('writes a value already in the stable order and the same value shuffled identically, as JSON.stringify of a sorted copy', () => {
    const random = generator(20261124);
    const shuffle = (keys: string[]) =>
      keys
        .map((key) => [random(), key] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, key]) => key);
    const sorted = (keys: string[]) => [...keys].sort(stableOrder);
    let inOrder = 0;
    for (let i = 0; i < 400; i++) {
      const shape = randomShape(random, 6);
      const canonical = build(shape, sorted);
      const expected = JSON.stringify(canonical, null, 2) + '\n';
      expect(stableStringify(canonical), `case ${i}`).toBe(expected);
      const shuffled = build(shape, shuffle);
      expect(stableStringify(shuffled), `case ${i}, shuffled`).toBe(expected);
      // Mixed: some objects in order, some not, at every depth.
      const mixed = build(shape, (keys) => (random() < 0.5 ? sorted(keys) : shuffle(keys)));
      expect(stableStringify(mixed), `case ${i}, mixed`).toBe(expected);
      if (JSON.stringify(shuffled) === JSON.stringify(canonical)) inOrder++;
    }
    // Most shuffles changed some order, so both ways of writing were taken.
    expect(inOrder).toBeLessThan(300);
  });

  it('sorts integer-like keys as text, as it always did, even though objects enumerate them first', () => {
    const value = { b: 1, 10: 'ten', 9: 'nine', id: 'x', nested: { 2: true, 1: false, name: 'n' } };
    expect(stableStringify(value)).toBe(
      '{\n  "id": "x",\n  "10": "ten",\n  "9": "nine",\n  "b": 1,\n  "nested": {\n    "name": "n",\n    "1": false,\n    "2": true\n  }\n}\n',
    );
  });

  it('leaves out what JSON leaves out and calls toJSON, inside a subtree that is otherwise in order', () => {
    const when = new Date(Date.UTC(2026, 10, 24));
    // toJSON on the prototype: the object itself has no keys to be out of order.
    class Versioned {
      toJSON() {
        return { z: 1, id: 'y' };
      }
    }
    const value = { a: { b: [undefined, () => 1, when], c: undefined } };
    expect(stableStringify(value)).toBe(
      '{\n  "a": {\n    "b": [\n      null,\n      null,\n      "2026-11-24T00:00:00.000Z"\n    ]\n  }\n}\n',
    );
    expect(stableStringify({ a: { d: new Versioned() } })).toBe('{\n  "a": {\n    "d": {\n      "id": "y",\n      "z": 1\n    }\n  }\n}\n');
  });

  it('writes an object found twice (in order or not) the same at both places, and leaves the value as it was', () => {
    const outOfOrder = { z: 1, id: 'o' };
    const inOrder = { id: 'i', z: 2 };
    const value = { b: [outOfOrder, inOrder], a: { again: outOfOrder, more: inOrder } };
    const before = JSON.stringify(value);
    expect(stableStringify(value)).toBe(
      JSON.stringify({ a: { again: { id: 'o', z: 1 }, more: inOrder }, b: [{ id: 'o', z: 1 }, inOrder] }, null, 2) + '\n',
    );
    // Nothing was sorted in place: the caller's objects keep their own key order.
    expect(JSON.stringify(value)).toBe(before);
  });

  it('calls toJSON once, as JSON.stringify does, even when what it gives has a toJSON of its own', () => {
    // Keys in order and toJSON on the prototype: handed on as it is, the native writer would call it.
    class Inner {
      id = 'i';
      z = 1;
      toJSON() {
        return 'not called';
      }
    }
    const outer = { toJSON: () => new Inner() };
    const value = { b: outer, a: 1 };
    expect(JSON.stringify(value)).toBe('{"b":{"id":"i","z":1},"a":1}');
    expect(stableStringify(value)).toBe('{\n  "a": 1,\n  "b": {\n    "id": "i",\n    "z": 1\n  }\n}\n');
  });

  it('sorts integer-like keys as text deep inside a value that is otherwise in order', () => {
    const value = { id: 'w', nodes: [{ id: 'n', data: { config: { codes: { 404: 'missing', 200: 'ok', name: 'c' } } } }] };
    expect(stableStringify(value)).toBe(
      '{\n  "id": "w",\n  "nodes": [\n    {\n      "id": "n",\n      "data": {\n        "config": {\n          "codes": {\n' +
        '            "name": "c",\n            "200": "ok",\n            "404": "missing"\n          }\n        }\n      }\n    }\n  ]\n}\n',
    );
  });

  it("writes a workflow whose edges come in the editor's key order like the same workflow in the stable order", () => {
    const random = generator(7);
    const edges = Array.from({ length: 300 }, (_, i) => ({
      id: `e${i}`,
      source: `n${i}`,
      target: `n${i + 1}`,
      sourceHandle: `n${i}-output-out`,
      targetHandle: `n${i + 1}-input-in`,
      data: { weight: random(), label: `edge ${i}` },
    }));
    const nodes = Array.from({ length: 301 }, (_, i) => ({
      id: `n${i}`,
      type: 'universalNode',
      position: { x: i, y: 0 },
      data: { label: `n${i}` },
    }));
    const editor = { name: 'w', id: 'w', nodes, edges };
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.keys(value)
                .sort(stableOrder)
                .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
            )
          : value;
    expect(stableStringify(editor)).toBe(JSON.stringify(sorted(editor), null, 2) + '\n');
  });
});
