// The canonical text of a workflow: one line per node and one per connection, sorted, with config in
// sorted key order on one line. The file's formatting, key order, array order and layout do not show,
// so as a git textconv a one-field change is a one-line diff.
import type { Workflow } from '../contract/types.js';
import { printable } from '../util/printable.js';
import { byText, canonical, connectionOf, labelOf, nodeTypeOf, SAVE_STAMPS, type Connection } from './view.js';

const json = (value: unknown): string => JSON.stringify(canonical(value)) ?? 'null';

const endpoint = (e: Connection['from']): string => `${JSON.stringify(e.label)}${e.port !== undefined ? `.${e.port}` : ''}`;

export function toOutline(workflow: Workflow): string {
  const metadata = { ...workflow.metadata };
  for (const stamp of SAVE_STAMPS) delete metadata[stamp];
  const rest = Object.fromEntries(
    Object.entries(workflow).filter(([key]) => !['id', 'name', 'description', 'nodes', 'edges', 'metadata'].includes(key)),
  );
  const head = [
    `workflow ${JSON.stringify(workflow.name)} id=${workflow.id}`,
    ...(workflow.description !== undefined ? [`description ${JSON.stringify(workflow.description)}`] : []),
    `metadata ${json(metadata)}`,
    ...Object.keys(rest)
      .sort(byText)
      .map((key) => `${key} ${json(rest[key])}`),
  ];
  const nodes = [...(workflow.nodes ?? [])]
    .map((node) => ({
      label: labelOf(node, node.id),
      id: node.id,
      line: `node ${JSON.stringify(labelOf(node, node.id))} (${nodeTypeOf(node)}) id=${node.id} ${json(node.data?.config ?? {})}`,
    }))
    .sort((a, b) => byText(a.label, b.label) || byText(a.id, b.id))
    .map((n) => n.line);
  const byId = new Map((workflow.nodes ?? []).map((n) => [n.id, n]));
  const edges = (workflow.edges ?? [])
    .map((edge) => {
      const c = connectionOf(edge, byId);
      return `edge ${endpoint(c.from)} -> ${endpoint(c.to)}${c.kind === 'data' ? '' : ` [${c.kind}]`}${c.branch !== undefined ? ` branch=${JSON.stringify(c.branch)}` : ''}`;
    })
    .sort(byText);
  // Ids, node types, ports and field names are not JSON-quoted, and JSON leaves C1 controls and bidi overrides
  // as they are: each line is made printable whole (JSON's own escapes have no control character left to touch).
  return [...head, ...nodes, ...edges].map(printable).join('\n') + '\n';
}
