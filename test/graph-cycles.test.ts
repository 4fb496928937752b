// src/graph/cycles.ts: findCycle walks numbered nodes; it must find the very cycle the walk over ids finds
// (walkBackEdges over the adjacency map), which is what messages name, on any graph.
import { describe, expect, it } from 'vitest';
import { findCycle, reachableFrom, reachesAny, walkBackEdges, type DirectedEdge } from '../src/graph/cycles.js';

/** The definition: the targets of each id in edge order, ids in order of first appearance, then a depth-first walk. */
function cycleByDefinition(nodeIds: string[], edges: DirectedEdge[]): string[] | undefined {
  const next = new Map<string, string[]>();
  const targetsOf = (id: string) => next.get(id) ?? next.set(id, []).get(id) ?? [];
  for (const id of nodeIds) targetsOf(id);
  for (const { source, target } of edges) {
    const targets = targetsOf(source);
    targetsOf(target);
    targets.push(target);
  }
  let cycle: string[] | undefined;
  walkBackEdges(next, [], (_from, to, stack) => {
    cycle = [...stack.slice(stack.indexOf(to)), to];
    return true;
  });
  return cycle;
}

/** A repeatable random integer below n: the same graphs in every run. */
function seededRandom(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return Math.floor(state / 65536) % n;
  };
}

describe('findCycle', () => {
  it('finds a self-loop, a long cycle, none in a chain, and runs through ids only edges name', () => {
    expect(findCycle(['a'], [{ source: 'a', target: 'a' }])).toEqual(['a', 'a']);
    expect(
      findCycle(
        ['a', 'b', 'c'],
        [
          { source: 'a', target: 'b' },
          { source: 'b', target: 'c' },
        ],
      ),
    ).toBeUndefined();
    expect(
      findCycle(
        ['a'],
        [
          { source: 'a', target: 'x' },
          { source: 'x', target: 'y' },
          { source: 'y', target: 'x' },
        ],
      ),
    ).toEqual(['x', 'y', 'x']);
    const chain = Array.from({ length: 20_000 }, (_, i) => ({ source: `n${i}`, target: `n${i + 1}` }));
    expect(findCycle([], [...chain, { source: 'n20000', target: 'n0' }])?.length).toBe(20_002);
  });

  it('agrees with the walk over ids on 2,000 random graphs', () => {
    const random = seededRandom(11);
    let cyclic = 0;
    for (let g = 0; g < 2000; g++) {
      const size = 1 + random(12);
      const id = () => `n${random(size + 2)}`; // now and then an id that is no node's, or a repeated one
      const nodeIds = Array.from({ length: size }, id);
      const edges = Array.from({ length: random(size * 2) }, () => ({ source: id(), target: id() }));
      const expected = cycleByDefinition(nodeIds, edges);
      expect(findCycle(nodeIds, edges), JSON.stringify({ nodeIds, edges })).toEqual(expected);
      if (expected) cyclic++;
    }
    expect(cyclic).toBeGreaterThan(300);
    expect(cyclic).toBeLessThan(1900);
  });
});

describe('reachesAny', () => {
  it("says whether reachableFrom's set holds one of the goals, on 2,000 random graphs", () => {
    const random = seededRandom(5);
    let reached = 0;
    for (let g = 0; g < 2000; g++) {
      const size = 2 + random(12);
      const id = () => `n${random(size)}`;
      const edges = Array.from({ length: random(size * 2) }, () => ({ source: id(), target: id() }));
      const start = id();
      const goals = new Set(Array.from({ length: random(3) }, id));
      const expected = [...reachableFrom(start, edges)].some((n) => goals.has(n));
      expect(reachesAny(start, goals, edges), JSON.stringify({ start, goals: [...goals], edges })).toBe(expected);
      if (expected) reached++;
    }
    expect(reached).toBeGreaterThan(300);
    expect(reached).toBeLessThan(1700);
  });
});
