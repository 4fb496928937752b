// A Mermaid flowchart of a workflow: labelled nodes, gateway branches as edge labels, tool attachments
// dotted, notes left out. Several edges between the same two nodes (a trigger and its data) are one arrow.
import type { Workflow, WorkflowNode } from '../contract/types.js';
import { UNPRINTABLE } from '../util/printable.js';
import { connectionOf, isGateway, isNote, isTerminal, isToolNode, labelOf } from './view.js';

export interface MermaidOptions {
  direction?: 'LR' | 'TD';
  /** Node ids drawn with the `failing` class (red). */
  highlight?: Iterable<string>;
}

// Inside "…" Mermaid reads `#name;` / `#code;` as an entity, so `#` itself must be one; quotes, angle
// brackets, pipes and backticks are encoded so that no label can end the string or start markup.
const ENTITIES: Record<string, string> = { '#': '#35;', '"': '#quot;', '<': '#lt;', '>': '#gt;', '&': '#amp;', '|': '#124;', '`': '#96;' };

export function mermaidText(text: string): string {
  return text
    .replace(/[#"<>&|`]/g, (c) => ENTITIES[c])
    .replace(/\r\n?|\n/g, '<br>')
    .replace(UNPRINTABLE, ' ');
}

/**
 * A Mermaid node id per workflow node id: letters, digits and `_` only, prefixed (so `end` or `1` cannot
 * clash with syntax), unique. Long ids are cut to their first 8 characters where that stays unique.
 */
export function mermaidIds(nodeIds: string[]): Map<string, string> {
  const sanitised = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');
  const short = (id: string) => sanitised(id).slice(0, 8);
  const shortCount = new Map<string, number>();
  for (const id of new Set(nodeIds)) shortCount.set(short(id), (shortCount.get(short(id)) ?? 0) + 1);
  const ids = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of nodeIds) {
    if (ids.has(id)) continue;
    const base = `n_${shortCount.get(short(id)) === 1 ? short(id) : sanitised(id)}`;
    let candidate = base;
    for (let k = 2; taken.has(candidate); k++) candidate = `${base}_${k}`;
    taken.add(candidate);
    ids.set(id, candidate);
  }
  return ids;
}

function shape(node: WorkflowNode, label: string): string {
  const text = `"${mermaidText(label)}"`;
  if (isGateway(node)) return `{${text}}`;
  if (isTerminal(node)) return `([${text}])`;
  if (isToolNode(node)) return `[[${text}]]`;
  return `[${text}]`;
}

export function toMermaid(workflow: Workflow, options: MermaidOptions = {}): string {
  // Also drawn for workflows that failed validation: malformed nodes and edges are skipped, not fatal.
  const nodes = (workflow.nodes ?? []).filter((n) => typeof n?.id === 'string' && !isNote(n));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const ids = mermaidIds(nodes.map((n) => n.id));
  const lines = [`flowchart ${options.direction ?? 'LR'}`];
  for (const node of byId.values()) lines.push(`  ${ids.get(node.id)}${shape(node, labelOf(node, node.id))}`);
  const drawn = new Set<string>();
  for (const edge of workflow.edges ?? []) {
    const from = ids.get(edge?.source);
    const to = ids.get(edge?.target);
    if (!from || !to) continue;
    const connection = connectionOf(edge, byId);
    const arrow = connection.kind === 'tool' ? '-.->' : '-->';
    const label = connection.branch !== undefined ? `|"${mermaidText(connection.branch)}"|` : '';
    const line = `  ${from} ${arrow}${label} ${to}`;
    if (drawn.has(line)) continue;
    drawn.add(line);
    lines.push(line);
  }
  const highlighted = [...new Set(options.highlight ?? [])].map((id) => ids.get(id)).filter((id): id is string => id !== undefined);
  if (highlighted.length > 0)
    lines.push('  classDef failing fill:#ffebe9,stroke:#d1242f,stroke-width:2px,color:#82071e', `  class ${highlighted.join(',')} failing`);
  return lines.join('\n') + '\n';
}
