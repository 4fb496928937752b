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

/** One node while laying out: its edges, as vertices, and where it ends up. */
interface Vertex {
  id: string;
  /** Its index in the input, which breaks ties between rows. */
  order: number;
  targets: Vertex[];
  preds: Vertex[];
  indegree: number;
  layer: number;
  row?: number;
}

/** A position for every node id, left to right, with no two nodes on the same spot. */
export function layeredLayout(nodeIds: string[], edges: DirectedEdge[], options: LayoutOptions = {}): Map<string, Point> {
  const { columnWidth = 300, rowHeight = 150, origin = { x: 100, y: 100 }, roots = [] } = options;
  const vertices = new Map<string, Vertex>();
  nodeIds.forEach((id, order) => vertices.set(id, { id, order, targets: [], preds: [], indegree: 0, layer: 0 }));
  for (const { source, target } of edges) {
    const from = vertices.get(source);
    const to = vertices.get(target);
    if (from && to && source !== target) from.targets.push(to);
  }
  const back = backEdges(
    new Map([...vertices].map(([id, vertex]) => [id, vertex.targets.map((t) => t.id)])),
    roots.filter((r) => vertices.has(r)),
  );
  const isBack = (from: Vertex, to: Vertex) => back.has(`${from.id}\u0000${to.id}`);

  // Longest-path layering over the acyclic remainder (Kahn's order).
  for (const from of vertices.values()) {
    for (const to of from.targets) {
      if (isBack(from, to)) continue;
      to.preds.push(from);
      to.indegree++;
    }
  }
  const queue = nodeIds.flatMap((id) => vertices.get(id) ?? []).filter((v) => v.indegree === 0);
  for (let head = 0; head < queue.length; head++) {
    const vertex = queue[head];
    vertex.layer = Math.max(0, ...vertex.preds.map((p) => p.layer + 1));
    for (const target of vertex.targets) {
      if (isBack(vertex, target)) continue;
      target.indegree--;
      if (target.indegree === 0) queue.push(target);
    }
  }

  // Rows: a node sits near the mean row of its predecessors; ties keep the input order.
  const columns: Vertex[][] = [];
  for (const vertex of queue) (columns[vertex.layer] ??= []).push(vertex);
  const positions = new Map<string, Point>();
  columns.forEach((column, c) => {
    const score = (vertex: Vertex) => {
      const placed = vertex.preds.flatMap((p) => (p.row === undefined ? [] : [p.row]));
      return placed.length ? placed.reduce((sum, r) => sum + r, 0) / placed.length : vertex.order;
    };
    const sorted = [...column].sort((a, b) => score(a) - score(b) || a.order - b.order);
    sorted.forEach((vertex, r) => {
      vertex.row = r;
      positions.set(vertex.id, { x: origin.x + c * columnWidth, y: origin.y + r * rowHeight });
    });
  });
  return positions;
}
