// src/graph/handles.ts: which port a handle names, the question every check asks of every edge.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { Workflow } from '../src/contract/types.js';
import { handleFor, hasPort, portIdFromHandle, type HandleSide } from '../src/graph/handles.js';
import { mismatches } from './support/mismatches.js';

/** The definition: the editor's "<nodeId>-<side>-" prefix removed when it is there. */
const byDefinition = (handle: string, nodeId: string, side: HandleSide): string => {
  const prefix = `${nodeId}-${side}-`;
  return handle.startsWith(prefix) ? handle.slice(prefix.length) : handle;
};

describe('portIdFromHandle', () => {
  it('takes the port from an editor handle and a bare port id as it is', () => {
    expect(portIdFromHandle(handleFor('n1', 'output', 'text'), 'n1', 'output')).toBe('text');
    expect(portIdFromHandle('n1-input-trigger', 'n1', 'input')).toBe('trigger');
    expect(portIdFromHandle('text', 'n1', 'output')).toBe('text');
    expect(portIdFromHandle('n1-output-', 'n1', 'output')).toBe('');
    // Another node's handle, or the other side's, is not this node's: taken as a bare id.
    expect(portIdFromHandle('n2-output-text', 'n1', 'output')).toBe('n2-output-text');
    expect(portIdFromHandle('n1-input-text', 'n1', 'output')).toBe('n1-input-text');
    expect(portIdFromHandle('n1-outputs-text', 'n1', 'output')).toBe('n1-outputs-text');
    expect(portIdFromHandle('n1xoutput-text', 'n1', 'output')).toBe('n1xoutput-text');
  });

  it('agrees with the prefix definition on 20,000 handles made of near misses', () => {
    const pieces = ['', 'a', 'n1', 'n1-', '-', 'input', 'output', 'in', 'out', '-input-', '-output-', 'x', 'n1-output', 'é'];
    let seed = 7;
    const pick = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return pieces[seed % pieces.length];
    };
    const differ = mismatches();
    for (let i = 0; i < 20_000; i++) {
      const nodeId = pick() + pick();
      const side: HandleSide = i % 2 === 0 ? 'input' : 'output';
      const handle = pick() + pick() + pick() + pick();
      differ.same(JSON.stringify({ handle, nodeId, side }), portIdFromHandle(handle, nodeId, side), byDefinition(handle, nodeId, side));
    }
    expect(differ.found).toEqual([]);
  });
});

type Node = Workflow['nodes'][number];

/** The definition hasPort answers for: the set of every port id the node exposes on that side (as the check once built). */
function portIdsByDefinition(node: Node, side: HandleSide): Set<unknown> {
  const meta = node.data?.metadata;
  const config: Record<string, unknown> = node.data?.config ?? {};
  const ids = new Set<unknown>();
  for (const port of (side === 'input' ? meta?.inputs : meta?.outputs) ?? []) ids.add(port.id);
  const dynamic = side === 'input' ? config.dynamicInputs : config.dynamicOutputs;
  for (const port of Array.isArray(dynamic) ? dynamic : [])
    if (typeof port === 'object' && port !== null && typeof port.name === 'string' && port.name) ids.add(port.name);
  const branches = config.branches;
  if (side === 'output' && Array.isArray(branches)) for (const branch of branches) if (branch?.name) ids.add(branch.name);
  const visual = config.nodeType ?? meta?.type;
  if (visual === 'tool') ids.add(meta?.portDataType ?? 'tool');
  return ids;
}

describe('hasPort', () => {
  it('agrees with the set of port ids on every fixture node and on malformed dynamic ports, branches and tool ports', () => {
    const fixturesDir = new URL('../fixtures/workflows/', import.meta.url);
    const nodes: Node[] = readdirSync(fixturesDir)
      .filter((name) => name.endsWith('.json'))
      .flatMap((name) => (JSON.parse(readFileSync(new URL(name, fixturesDir), 'utf8')) as Workflow).nodes);
    // Through JSON: malformed values do not fit the node's type, as a hand-edited file need not.
    const changed = (node: Node, config: Record<string, unknown>, meta: Record<string, unknown> = {}): Node =>
      JSON.parse(
        JSON.stringify({
          ...node,
          data: { ...node.data, config: { ...node.data.config, ...config }, metadata: { ...node.data.metadata, ...meta } },
        }),
      );
    const variants = nodes.flatMap((node) => [
      node,
      changed(node, { dynamicInputs: [{ name: 'extra' }, { name: '' }, { name: 3 }, null, 'x'], dynamicOutputs: [{ name: 'out2' }, {}] }),
      changed(node, { branches: [{ name: 'yes' }, { name: '' }, { name: 0 }, null, { label: 'no' }] }),
      changed(node, { nodeType: 'tool' }),
      changed(node, { nodeType: 'tool' }, { portDataType: 'mcp' }),
      changed(node, {}, { type: 'tool', inputs: [{ id: 'a' }, { id: 'b' }] }),
    ]);
    let exposed = 0;
    const differ = mismatches();
    let missing = 0;
    for (const node of variants)
      for (const side of ['input', 'output'] as const) {
        const ids = portIdsByDefinition(node, side);
        const candidates = [
          '',
          'tool',
          'mcp',
          'yes',
          'extra',
          'out2',
          'nope',
          '3',
          '0',
          ...[...ids].filter((id) => typeof id === 'string'),
        ];
        for (const port of candidates) {
          differ.same(`${node.id} ${side} "${port}"`, hasPort(node, side, port), ids.has(port));
          if (ids.has(port)) exposed++;
          else missing++;
        }
      }
    expect(differ.found).toEqual([]);
    expect(exposed).toBeGreaterThan(100);
    expect(missing).toBeGreaterThan(100);
  });
});
