// Layered (Sugiyama-style, simplified) layout for graphs that arrive without positions: sources on the
// left, each node one column right of its furthest predecessor, rows ordered by the average row of the
// predecessors. Back edges of cycles are ignored for layering, so loops do not push nodes rightwards.
import { walkBackEdges, type DirectedEdge } from './cycles.js';

export interface Point {
  x: number;
  y: number;
}

export interface LayoutOptions {
  /** Horizontal distance between columns; wider than a node so none overlap. */
  columnWidth?: number;
  /** Vertical distance between rows in a column. */
  rowHeight?: number;
  origin?: Point;
  /** Visited first when breaking cycles (the flow's start node), so loops break at their far end. */
  roots?: string[];
}

/** Edges that close a cycle, found by depth-first search from the roots first, then in node order. */
function backEdges(next: Map<string, string[]>, roots: string[]): Set<string> {
  const back = new Set<string>();
  walkBackEdges(next, roots, (from, to) => void back.add(`${from}\u0000${to}`));
  return back;
}

/** A position for every node id, left to right, with no two nodes on the same spot. */
export function layeredLayout(nodeIds: string[], edges: DirectedEdge[], options: LayoutOptions = {}): Map<string, Point> {
  const { columnWidth = 300, rowHeight = 150, origin = { x: 100, y: 100 }, roots = [] } = options;
  const known = new Set(nodeIds);
  const next = new Map(nodeIds.map((id) => [id, [] as string[]]));
  for (const { source, target } of edges) if (known.has(source) && known.has(target) && source !== target) next.get(source)!.push(target);
  const back = backEdges(
    next,
    roots.filter((r) => known.has(r)),
  );

  // Longest-path layering over the acyclic remainder (Kahn's order).
  const preds = new Map(nodeIds.map((id) => [id, [] as string[]]));
  const indegree = new Map(nodeIds.map((id) => [id, 0]));
  for (const [source, targets] of next) {
    for (const target of targets) {
      if (back.has(`${source}\u0000${target}`)) continue;
      preds.get(target)!.push(source);
      indegree.set(target, indegree.get(target)! + 1);
    }
  }
  const layer = new Map<string, number>();
  const queue = nodeIds.filter((id) => indegree.get(id) === 0);
  for (let head = 0; head < queue.length; head++) {
    const id = queue[head];
    layer.set(id, Math.max(0, ...preds.get(id)!.map((p) => layer.get(p)! + 1)));
    for (const target of next.get(id)!) {
      if (back.has(`${id}\u0000${target}`)) continue;
      indegree.set(target, indegree.get(target)! - 1);
      if (indegree.get(target) === 0) queue.push(target);
    }
  }

  // Rows: a node sits near the mean row of its predecessors; ties keep the input order.
  const columns: string[][] = [];
  for (const id of queue) (columns[layer.get(id)!] ??= []).push(id);
  const row = new Map<string, number>();
  const inputOrder = new Map(nodeIds.map((id, i) => [id, i]));
  const positions = new Map<string, Point>();
  columns.forEach((column, c) => {
    const score = (id: string) => {
      const placed = preds.get(id)!.filter((p) => row.has(p));
      return placed.length ? placed.reduce((sum, p) => sum + row.get(p)!, 0) / placed.length : inputOrder.get(id)!;
    };
    const sorted = [...column].sort((a, b) => score(a) - score(b) || inputOrder.get(a)! - inputOrder.get(b)!);
    sorted.forEach((id, r) => {
      row.set(id, r);
      positions.set(id, { x: origin.x + c * columnWidth, y: origin.y + r * rowHeight });
    });
  });
  return positions;
}
