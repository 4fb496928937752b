// src/graph/graph-index.ts: the nodes by id and every edge's ports, worked out once for the graph checks
// of `wfe validate`. The checks must find exactly what they find without it, on sound and broken graphs.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isControlOutput, nodePorts } from '../src/agentspec/node-ports.js';
import { structuralIssues } from '../src/agentspec/validate-export.js';
import type { Workflow } from '../src/contract/types.js';
import { indexGraph } from '../src/graph/graph-index.js';
import { portIdFromHandle } from '../src/graph/handles.js';
import { graphProblems } from '../src/graph/integrity.js';
import { mismatches } from './support/mismatches.js';

const fixturesDir = new URL('../fixtures/workflows/', import.meta.url);
const fixtureTexts = readdirSync(fixturesDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => readFileSync(new URL(name, fixturesDir), 'utf8'));
const fixtures: Workflow[] = fixtureTexts.map((text) => JSON.parse(text));
// The broken graphs are made from the four small fixtures (7 to 15 nodes): a breakage is the same in a bigger
// graph, and the 490 KB etl-large (125 nodes), a fifth of the draws, took 60 % of these tests' time. It is
// checked whole, with the others.
const smallTexts = fixtureTexts.filter((text) => text.length < 100_000);

/** The small fixtures broken in the ways the checks look for: foreign handles, dangling ends, duplicate ids, reversed edges. */
function brokenVariants(count: number): Workflow[] {
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return Math.floor(seed / 65536) % n;
  };
  const variants: Workflow[] = [];
  for (let k = 0; k < count; k++) {
    // A copy parsed from the text: faster than structuredClone.
    const workflow: Workflow = JSON.parse(smallTexts[random(smallTexts.length)]);
    for (let change = 0; change <= random(4); change++) {
      const edge = workflow.edges[random(workflow.edges.length)];
      const node = workflow.nodes[random(workflow.nodes.length)];
      const other = workflow.edges[random(workflow.edges.length)];
      [
        () => (edge.sourceHandle = `${edge.source}-output-nope`),
        () => (edge.targetHandle = `bare${random(3)}`),
        () => delete edge.sourceHandle,
        () => (edge.sourceHandle = ''),
        () => (edge.target = 'ghost'),
        () => (edge.source = node.id),
        () => workflow.nodes.push(structuredClone(node)),
        () => Object.assign(edge, { target: other.target, targetHandle: other.targetHandle }),
        () => workflow.edges.push({ ...edge, id: `${edge.id}-back`, source: edge.target, target: edge.source }),
        // A note that shares a node's id: the Agent Spec checks set every node of that id aside.
        () => workflow.nodes.push({ ...structuredClone(node), data: { ...node.data, metadata: { ...node.data.metadata, type: 'note' } } }),
      ][random(10)]();
    }
    variants.push(workflow);
  }
  return variants;
}

describe('indexGraph', () => {
  const workflows = [...fixtures, ...brokenVariants(300)];

  it("gives each edge's ports as its handles name them, and each id's last node", () => {
    const differ = mismatches();
    workflows.forEach((workflow, w) => {
      const index = indexGraph(workflow);
      workflow.edges.forEach((edge, i) => {
        const at = `workflow ${w} edge ${i}`;
        differ.same(
          `${at} sourcePort`,
          index.sourcePort[i],
          edge.sourceHandle ? portIdFromHandle(edge.sourceHandle, edge.source, 'output') : undefined,
        );
        differ.same(
          `${at} targetPort`,
          index.targetPort[i],
          edge.targetHandle ? portIdFromHandle(edge.targetHandle, edge.target, 'input') : undefined,
        );
        differ.same(
          `${at} sourceNode`,
          index.sourceNode[i],
          workflow.nodes.findLast((n) => n.id === edge.source),
        );
        differ.same(
          `${at} targetNode`,
          index.targetNode[i],
          workflow.nodes.findLast((n) => n.id === edge.target),
        );
      });
      for (const [id, node] of index.nodeById)
        differ.same(
          `workflow ${w} node ${id}`,
          node,
          workflow.nodes.findLast((n) => n.id === id),
        );
      const ids = new Set(workflow.nodes.map((n) => n.id));
      differ.same(`workflow ${w} nodeById.size`, index.nodeById.size, ids.size);
      differ.same(`workflow ${w} sharedIds`, index.sharedIds, ids.size < workflow.nodes.length);
    });
    expect(differ.found).toEqual([]);
  });

  it('leaves what the integrity and Agent Spec checks find unchanged, on the fixtures and 300 broken graphs', () => {
    let found = 0;
    for (const workflow of workflows) {
      const index = indexGraph(workflow);
      // A config check that finds something in every node it is given: which nodes it sees must not change.
      const everyNode = (typeId: string) => [`checked ${typeId}`];
      const integrity = graphProblems(workflow, everyNode);
      expect(graphProblems(workflow, everyNode, index)).toEqual(integrity);
      const issues = structuralIssues(workflow);
      expect(structuralIssues(workflow, {}, index)).toEqual(issues);
      found += integrity.length + issues.length;
    }
    // The variants must break things, or agreeing proves little; some share node ids, some do not.
    expect(found).toBeGreaterThan(300);
    expect(workflows.filter((w) => indexGraph(w).sharedIds).length).toBeGreaterThan(20);
    expect(workflows.filter((w) => !indexGraph(w).sharedIds).length).toBeGreaterThan(20);
  });
});

describe('isControlOutput', () => {
  it("answers as the node's full port lists do, for branches and trigger outputs declared, dynamic and malformed", () => {
    type Node = Workflow['nodes'][number];
    // Through JSON: the malformed values do not fit the node's type, as a hand-edited file need not.
    const reconfigured = (node: Node, config: Record<string, unknown>): Node =>
      JSON.parse(JSON.stringify({ ...node, data: { ...node.data, config: { ...node.data.config, ...config } } }));
    const variants = (node: Node): Node[] => [
      node,
      reconfigured(node, { branches: [{ name: 'yes' }, null, 'no', { label: 'x' }, { name: 'trigger' }] }),
      reconfigured(node, {
        dynamicOutputs: [{ name: 'done', dataType: 'trigger' }, { name: 'text', dataType: 'string' }, 7, { dataType: 'trigger' }],
      }),
      reconfigured(node, { branches: 'yes', dynamicOutputs: {} }),
      {
        ...node,
        data: {
          ...node.data,
          metadata: { ...node.data.metadata, outputs: (node.data.metadata.outputs ?? []).map((p) => ({ ...p, dataType: 'trigger' })) },
        },
      },
    ];
    let control = 0;
    let data = 0;
    const differ = mismatches();
    for (const workflow of fixtures)
      for (const node of workflow.nodes.flatMap(variants)) {
        const ports = nodePorts(node);
        const names = [
          ...ports.outputs.map((p) => p.id),
          ...ports.branches.map((b) => b.name),
          ...ports.inputs.map((p) => p.id),
          'yes',
          'no',
          'nope',
        ];
        for (const port of names) {
          const expected =
            ports.branches.some((b) => b.name === port) || ports.outputs.some((p) => p.id === port && p.dataType === 'trigger');
          differ.same(`${node.id} ${port}`, isControlOutput(node, port), expected);
          if (expected) control++;
          else data++;
        }
      }
    expect(differ.found).toEqual([]);
    expect(control).toBeGreaterThan(50);
    expect(data).toBeGreaterThan(50);
  });
});
