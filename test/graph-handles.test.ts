// src/graph/handles.ts: which port a handle names, the question every check asks of every edge.
import { describe, expect, it } from 'vitest';
import { handleFor, portIdFromHandle, type HandleSide } from '../src/graph/handles.js';

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
    for (let i = 0; i < 20_000; i++) {
      const nodeId = pick() + pick();
      const side: HandleSide = i % 2 === 0 ? 'input' : 'output';
      const handle = pick() + pick() + pick() + pick();
      expect(portIdFromHandle(handle, nodeId, side), JSON.stringify({ handle, nodeId, side })).toBe(byDefinition(handle, nodeId, side));
    }
  });
});
