// Where the nodes of a flow imported from an Agent Spec document are in that document: the problems of the
// document point into it (a node's definition in $referenced_components, its place in `nodes`, an edge, an
// LLM configuration or subflow a node holds), and the job summary's picture of the imported workflow marks
// the nodes those pointers concern.
import { isObject, type AsObject, type AsValue } from './types.js';

/** JSON pointer of a component, or of a place that names one, in the document → the ids of the nodes it concerns. */
export type NodesAt = ReadonlyMap<string, readonly string[]>;

export interface PlacedNode {
  id: string;
  /** The node's component, references resolved. */
  component: AsObject;
  /** Its definition, and the places of the flow that name it (its entry in `nodes`, `start_node`). */
  paths: string[];
}

export interface PlacedEdge {
  /** Its definition, and its entry in the flow's list of connections. */
  paths: string[];
  source: string;
  target: string;
}

/**
 * Each place of `nodes` and `edges`, and each component a node holds (found by `pathOf`, the definition of every
 * component read), with the nodes it concerns: an edge concerns both its ends, a component shared by two nodes
 * (one LLM configuration) both nodes.
 */
export function nodesAtPlaces(nodes: PlacedNode[], edges: PlacedEdge[], pathOf: ReadonlyMap<AsObject, string>): NodesAt {
  const at = new Map<string, string[]>();
  const add = (path: string, id: string) => {
    // The flow itself is at '': every pointer is inside it, and it is no node.
    if (path === '') return;
    const ids = at.get(path);
    if (!ids) at.set(path, [id]);
    else if (!ids.includes(id)) ids.push(id);
  };
  for (const { id, component, paths } of nodes) {
    for (const path of paths) add(path, id);
    for (const held of componentsIn(component)) {
      const path = pathOf.get(held);
      if (path !== undefined) add(path, id);
    }
  }
  for (const { paths, source, target } of edges)
    for (const path of paths) {
      add(path, source);
      add(path, target);
    }
  return at;
}

/** Every object inside a node's component (each once; metadata holds no component), itself included. */
function componentsIn(component: AsObject): AsObject[] {
  const seen = new Set<AsObject>();
  const stack: AsValue[] = [component];
  for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else if (isObject(value) && !seen.has(value)) {
      seen.add(value);
      for (const [key, child] of Object.entries(value)) if (key !== 'metadata') stack.push(child);
    }
  }
  return [...seen];
}

/** The nodes a pointer into the document concerns: those of the deepest place that holds it. */
export function nodesAtPointer(at: NodesAt, pointer: string): readonly string[] {
  for (let end = pointer.length; end > 0; end = pointer.lastIndexOf('/', end - 1)) {
    const ids = at.get(pointer.slice(0, end));
    if (ids) return ids;
  }
  return [];
}
