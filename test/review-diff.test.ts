// The review room's pure functions over hand-built workflows: the semantic diff, its three formats, the
// short line diff, the Mermaid picture and the text outline.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NodeMetadata, Workflow, WorkflowNode } from '../src/contract/types.js';
import { diffSummary, diffWorkflows, type WorkflowDiff } from '../src/review/diff.js';
import { formatDiffJson } from '../src/review/format-diff-json.js';
import { formatDiffMarkdown } from '../src/review/format-diff-markdown.js';
import { formatDiffText } from '../src/review/format-diff-text.js';
import { lineDiff } from '../src/review/line-diff.js';
import { mermaidIds, mermaidText, toMermaid } from '../src/review/mermaid.js';
import { NumberLiterals } from '../src/review/number-literals.js';
import { toOutline } from '../src/review/outline.js';
import { connectionText } from '../src/review/view.js';
import { ExactNumber } from '../src/util/exact-number.js';
import { jsonText } from '../src/util/json-text.js';
import { edge, modelType, node, textInputType, twoNodeWorkflow } from './support/workflows.js';

const toolType: NodeMetadata = {
  id: 'web_search',
  name: 'Web Search',
  description: 'Searches the web',
  category: 'tools',
  version: '1.0.0',
  type: 'tool',
  inputs: [],
  outputs: [{ id: 'tool', name: 'Tool', type: 'output', dataType: 'tool' }],
};
const gatewayType: NodeMetadata = {
  id: 'conditional_router',
  name: 'Router',
  description: 'Routes by condition',
  category: 'logic',
  version: '1.0.0',
  type: 'gateway',
  inputs: [{ id: 'value', name: 'Value', type: 'input', dataType: 'string' }],
  outputs: [],
};
const noteType: NodeMetadata = {
  id: 'note',
  name: 'Note',
  description: 'A note',
  category: 'helpers',
  version: '1.0.0',
  type: 'note',
  inputs: [],
  outputs: [],
};

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'workflows');
const clone = (w: Workflow): Workflow => structuredClone(w);
const nodeById = (w: Workflow, id: string): WorkflowNode => w.nodes.find((n) => n.id === id)!;
const labelled = (n: WorkflowNode, label: string): WorkflowNode => ({ ...n, data: { ...n.data, label } });

/** Input → Classifier (model) with a long prompt; base for most cases. */
function base(): Workflow {
  const w = twoNodeWorkflow('wf-review', 'Review Flow');
  w.nodes = [
    labelled(w.nodes[0], 'Question'),
    labelled(
      node('model.1', modelType, 300, {
        temperature: 0,
        systemPrompt: 'Line one.\nLine two.\nLine three.\nLine four.\nLine five.',
        headers: { Accept: 'text/plain' },
      }),
      'Classifier',
    ),
  ];
  return w;
}

describe('diffWorkflows', () => {
  it('finds nothing between a workflow and its copy', () => {
    const diff = diffWorkflows(base(), clone(base()));
    expect(diff.equal).toBe(true);
    expect(diffSummary(diff)).toBe('no changes');
    expect(formatDiffText(diff)).toBe('No changes.\n');
  });

  it('names nodes added and removed by label and node type', () => {
    const before = base();
    const after = clone(before);
    after.nodes = [after.nodes[1], labelled(node('search.1', toolType, 600), 'Docs Search')];
    const diff = diffWorkflows(before, after);
    expect(diff.equal).toBe(false);
    expect(diff.nodes.added).toEqual([{ id: 'search.1', label: 'Docs Search', type: 'web_search' }]);
    expect(diff.nodes.removed).toEqual([{ id: 'in.1', label: 'Question', type: 'text_input' }]);
    const text = formatDiffText(diff);
    expect(text).toContain('  + Docs Search (web_search)');
    expect(text).toContain('  - Question (text_input)');
  });

  it('reports config fields per node, nested by path, with added and removed fields', () => {
    const before = base();
    const after = clone(before);
    const model = nodeById(after, 'model.1');
    model.data.config.temperature = 0.3;
    (model.data.config.headers as Record<string, string>).Accept = 'application/json';
    model.data.config.maxTokens = 256;
    delete model.data.config.model;
    const diff = diffWorkflows(before, after);
    expect(diff.nodes.changed).toHaveLength(1);
    expect(diff.nodes.changed[0].label).toBe('Classifier');
    expect(diff.nodes.changed[0].changes).toEqual([
      { field: 'config.headers.Accept', before: 'text/plain', after: 'application/json' },
      { field: 'config.maxTokens', after: 256 },
      { field: 'config.model', before: 'gpt-4o-mini' },
      { field: 'config.temperature', before: 0, after: 0.3 },
    ]);
    const text = formatDiffText(diff);
    expect(text).toContain('  ~ Classifier › config.temperature: 0 → 0.3\n');
    expect(text).toContain('  ~ Classifier › config.headers.Accept: "text/plain" → "application/json"\n');
    expect(text).toContain('  + Classifier › config.maxTokens: (none) → 256\n');
    expect(text).toContain('  - Classifier › config.model: "gpt-4o-mini" → (none)\n');
  });

  it('reports a renamed node and a changed node type', () => {
    const before = base();
    const after = clone(before);
    const model = nodeById(after, 'model.1');
    model.data.label = 'Router Model';
    model.data.metadata = { ...model.data.metadata, id: 'agent_model' };
    const changes = diffWorkflows(before, after).nodes.changed[0].changes;
    expect(changes).toContainEqual({ field: 'label', before: 'Classifier', after: 'Router Model' });
    expect(changes).toContainEqual({ field: 'type', before: 'chat_model', after: 'agent_model' });
  });

  it('shows long text as a short line diff of the changed lines only', () => {
    const before = base();
    const after = clone(before);
    nodeById(after, 'model.1').data.config.systemPrompt = 'Line one.\nLine two.\nLine THREE, edited.\nLine four.\nLine five.';
    const text = formatDiffText(diffWorkflows(before, after));
    expect(text).toContain('  ~ Classifier › config.systemPrompt:\n');
    expect(text).toContain('      - Line three.\n      + Line THREE, edited.\n');
    expect(text).toContain('        Line two.\n');
    expect(text).not.toContain('Line one.');
    expect(text).not.toContain('Line five.');
  });

  it('lists connections added and removed as Source label.port → Target label.port', () => {
    const before = base();
    const after = clone(before);
    after.nodes.push(labelled(node('search.1', toolType, 600), 'Docs Search'));
    after.edges = [{ ...edge('search.1', 'tool', 'model.1', 'tools'), id: 'e-tool' }];
    const diff = diffWorkflows(before, after);
    expect(diff.connections.added.map((c) => [c.from.label, c.from.port, c.to.label, c.to.port, c.kind])).toEqual([
      ['Docs Search', 'tool', 'Classifier', 'tools', 'tool'],
    ]);
    expect(diff.connections.removed.map((c) => [c.from.label, c.from.port, c.to.label, c.to.port])).toEqual([
      ['Question', 'text', 'Classifier', 'prompt'],
    ]);
    const text = formatDiffText(diff);
    expect(text).toContain('  + Docs Search.tool → Classifier.tools (tool)\n');
    expect(text).toContain('  - Question.text → Classifier.prompt\n');
  });

  it('treats an edge drawn again under a new id as no change, and a retargeted edge as removed and added', () => {
    const before = base();
    const redrawn = clone(before);
    redrawn.edges[0].id = 'e-new-id';
    expect(diffWorkflows(before, redrawn).equal).toBe(true);
    const retargeted = clone(before);
    retargeted.edges[0].targetHandle = 'model.1-input-context';
    const diff = diffWorkflows(before, retargeted);
    expect(diff.connections.removed.map((c) => c.to.port)).toEqual(['prompt']);
    expect(diff.connections.added.map((c) => c.to.port)).toEqual(['context']);
  });

  it("reports changes to an edge's own fields (data, type, label, …) in every format; its selection is not one", () => {
    const before = base();
    before.edges[0] = { ...before.edges[0], type: 'default', data: { isToolConnection: false } };
    const after = clone(before);
    after.edges[0] = { ...after.edges[0], type: 'smoothstep', label: 'yes', selected: true, data: { isToolConnection: false, loop: true } };
    const diff = diffWorkflows(before, after);
    expect(diff.equal).toBe(false);
    expect(diff.connections.changed).toEqual([
      {
        id: 'e-in.1-model.1',
        from: { node: 'in.1', label: 'Question', port: 'text' },
        to: { node: 'model.1', label: 'Classifier', port: 'prompt' },
        kind: 'data',
        changes: [
          { field: 'data.loop', after: true },
          { field: 'label', after: 'yes' },
          { field: 'type', before: 'default', after: 'smoothstep' },
        ],
      },
    ]);
    expect(formatDiffText(diff)).toBe(
      [
        '1 connection changed',
        '',
        'Connections',
        '  + Question.text → Classifier.prompt › data.loop: (none) → true',
        '  + Question.text → Classifier.prompt › label: (none) → "yes"',
        '  ~ Question.text → Classifier.prompt › type: "default" → "smoothstep"',
        '',
      ].join('\n'),
    );
    expect(formatDiffMarkdown(diff)).toBe(
      [
        '### Review Flow',
        '',
        '**1 connection changed**',
        '',
        '**Connections**',
        '',
        '- ➕ Question.text → Classifier.prompt › `data.loop`: `(none)` → `true`',
        '- ➕ Question.text → Classifier.prompt › `label`: `(none)` → `"yes"`',
        '- ✏️ Question.text → Classifier.prompt › `type`: `"default"` → `"smoothstep"`',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(formatDiffJson(diff)).connections.changed).toEqual(diff.connections.changed);

    const redrawn = clone(after);
    redrawn.edges[0].id = 'e-redrawn';
    expect(diffWorkflows(before, redrawn).connections.changed.map((c) => [c.id, c.changes.length])).toEqual([['e-redrawn', 3]]);
    const onlySelected = clone(before);
    onlySelected.edges[0].selected = true;
    expect(diffWorkflows(before, onlySelected).equal).toBe(true);
  });

  it("keeps a config field named label, type or data apart from the node's own label and type", () => {
    const before = base();
    const after = clone(before);
    const model = nodeById(after, 'model.1');
    model.data.config.label = 'Shown';
    model.data.config.type = 'fast';
    model.data.config.data = { x: 1 };
    model.data.label = 'Router';
    const diff = diffWorkflows(before, after);
    expect(diff.nodes.changed[0].changes).toEqual([
      { field: 'label', before: 'Classifier', after: 'Router' },
      { field: 'config.data', after: { x: 1 } },
      { field: 'config.label', after: 'Shown' },
      { field: 'config.type', after: 'fast' },
    ]);
    expect(formatDiffText(diff)).toBe(
      [
        '1 node changed',
        '',
        'Nodes',
        '  ~ Router › label: "Classifier" → "Router"',
        '  + Router › config.data: (none) → {"x":1}',
        '  + Router › config.label: (none) → "Shown"',
        '  + Router › config.type: (none) → "fast"',
        '',
      ].join('\n'),
    );
  });

  it('compares connections by the nodes they join as a person sees them: swapped ids reverse a connection', () => {
    const pipeline = (): Workflow => JSON.parse(readFileSync(join(FIXTURES, 'chat-pipeline.json'), 'utf8')) as Workflow;
    const before = pipeline();
    const start = before.nodes.find((n) => n.data.label === 'Start')!.id;
    const message = before.nodes.find((n) => n.data.label === 'User Message')!.id;
    const swap = (id: string) => (id === start ? message : id === message ? start : id);

    const nodesSwapped = pipeline();
    for (const n of nodesSwapped.nodes) n.id = swap(n.id);
    const diff = diffWorkflows(before, nodesSwapped);
    expect(diff.connections.removed.map(connectionText)).toEqual([
      'Start.trigger → User Message.trigger',
      'User Message.history → Assistant.history',
      'User Message.message → Support Prompt.input',
      'User Message.trigger → Support Prompt.trigger',
    ]);
    expect(diff.connections.added.map(connectionText)).toEqual([
      'Start.history → Assistant.history',
      'Start.message → Support Prompt.input',
      'Start.trigger → Support Prompt.trigger',
      'User Message.trigger → Start.trigger',
    ]);

    // Ids swapped everywhere, edges and handles too: the same picture, so no connection changed.
    const allSwapped = clone(nodesSwapped);
    for (const e of allSwapped.edges) {
      const handle = (h: string | undefined, id: string) => (h?.startsWith(`${id}-`) ? `${swap(id)}${h.slice(id.length)}` : h);
      Object.assign(e, {
        source: swap(e.source),
        target: swap(e.target),
        sourceHandle: handle(e.sourceHandle, e.source),
        targetHandle: handle(e.targetHandle, e.target),
      });
    }
    const same = diffWorkflows(before, allSwapped).connections;
    expect([same.added, same.removed, same.changed]).toEqual([[], [], []]);

    // A renamed node is the same node: its connections did not change.
    const renamed = pipeline();
    renamed.nodes.find((n) => n.id === start)!.data.label = 'Begin';
    const kept = diffWorkflows(before, renamed).connections;
    expect([kept.added, kept.removed, kept.changed]).toEqual([[], [], []]);
  });

  it('reports workflow name, description and metadata; save stamps never count', () => {
    const before = base();
    const stamped = clone(before);
    stamped.metadata.updatedAt = '2030-01-01T00:00:00.000Z';
    stamped.metadata.versionId = 'v-other';
    stamped.metadata.updateNumber = 42;
    expect(diffWorkflows(before, stamped).equal).toBe(true);

    const edited = clone(stamped);
    edited.name = 'Review Flow v2';
    edited.description = 'now with tools';
    edited.metadata.tags = ['test', 'tools'];
    const diff = diffWorkflows(before, edited);
    expect(diff.workflow).toEqual([
      { field: 'name', before: 'Review Flow', after: 'Review Flow v2' },
      { field: 'description', before: 'input to model', after: 'now with tools' },
      { field: 'metadata.tags', before: ['test'], after: ['test', 'tools'] },
    ]);
    expect(diffSummary(diff)).toBe('3 workflow fields changed');
  });

  it('reads keys named like Object.prototype members as keys: constructor, toString, an own "__proto__"', () => {
    const before = base();
    const after = clone(before);
    after.metadata = JSON.parse(
      JSON.stringify(before.metadata).replace(/^\{/, '{"constructor":"me","__proto__":{"x":1},'),
    ) as Workflow['metadata'];
    after.nodes[0].data.config = JSON.parse('{"toString":"text"}') as Record<string, unknown>;
    const diff = diffWorkflows(before, after);
    expect(diff.workflow).toEqual([
      { field: 'metadata.__proto__', after: { x: 1 } },
      { field: 'metadata.constructor', after: 'me' },
    ]);
    expect(JSON.stringify(diff.nodes)).toContain('"field":"config.toString","after":"text"');
    expect(diffWorkflows(after, before).workflow).toEqual([
      { field: 'metadata.__proto__', before: { x: 1 } },
      { field: 'metadata.constructor', before: 'me' },
    ]);
  });

  it('summarises position-only changes in one line, and leaves them out with ignoreLayout', () => {
    const before = base();
    const after = clone(before);
    for (const n of after.nodes) n.position = { x: n.position.x + 40, y: n.position.y - 10 };
    nodeById(after, 'in.1').selected = true;
    const diff = diffWorkflows(before, after);
    expect(diff.equal).toBe(false);
    expect(diff.nodes.changed).toEqual([]);
    expect(diff.layout.moved.map((n) => n.id)).toEqual(['model.1', 'in.1']);
    const text = formatDiffText(diff);
    expect(text).toBe('2 nodes moved\n\nLayout\n  2 nodes moved\n');

    const ignored = diffWorkflows(before, after, { ignoreLayout: true });
    expect(ignored.equal).toBe(true);
    expect(ignored.layout).toEqual({ ignored: true, moved: [] });
  });

  it('json output is the same bytes across runs and whatever the key and array order of the files', () => {
    const before = base();
    const after = clone(before);
    nodeById(after, 'model.1').data.config.headers = { Accept: 'application/json', 'X-Trace': '1' };
    after.nodes.push(labelled(node('b.1', textInputType, 0), 'B'), labelled(node('a.1', textInputType, 0), 'A'));
    const reordered: Workflow = JSON.parse(
      JSON.stringify(after, (_key, value) =>
        value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
      ),
    );
    reordered.nodes.reverse();
    const first = formatDiffJson(diffWorkflows(before, after));
    expect(formatDiffJson(diffWorkflows(clone(before), clone(after)))).toBe(first);
    expect(formatDiffJson(diffWorkflows(before, reordered))).toBe(first);
    const parsed = JSON.parse(first);
    expect(parsed.equal).toBe(false);
    expect(parsed.nodes.added.map((n: { label: string }) => n.label)).toEqual(['A', 'B']);
    expect(parsed.nodes.changed[0].changes).toEqual([
      { field: 'config.headers.Accept', before: 'text/plain', after: 'application/json' },
      { field: 'config.headers.X-Trace', after: '1' },
    ]);
  });

  it('colours the text report only when asked', () => {
    const before = base();
    const after = clone(before);
    nodeById(after, 'model.1').data.config.temperature = 1;
    const diff = diffWorkflows(before, after);
    expect(formatDiffText(diff)).not.toMatch(/\x1b\[/);
    expect(formatDiffText(diff, { color: true })).toMatch(/\x1b\[33m~\x1b\[0m Classifier › config.temperature: 0 → 1/);
  });

  it('markdown escapes labels, keeps code spans whole and puts long text in a diff block', () => {
    const before = base();
    const after = clone(before);
    const model = nodeById(after, 'model.1');
    model.data.label = 'Classify *all* <input>';
    model.data.config.model = 'gpt`4';
    model.data.config.systemPrompt = 'Line one.\nLine 2.\nLine three.\nLine four.\nLine five.';
    const md = formatDiffMarkdown(diffWorkflows(before, after), { title: 'flows/a.json' });
    expect(md.startsWith('### flows/a.json\n')).toBe(true);
    expect(md).toContain('**Classify \\*all\\* \\<input\\>** › `label`');
    expect(md).toContain('› `config.model`: `"gpt-4o-mini"` → ``"gpt`4"``\n');
    expect(md).toMatch(/› `config.systemPrompt`:\n {2}```diff\n( {2}.*\n)* {2}- Line two\.\n {2}\+ Line 2\.\n( {2}.*\n)* {2}```\n/);
  });
});

describe('numbers no double stands for', () => {
  /** Two workflow texts read as `wfe diff` reads them: JSON.parse, and the numbers no double stands for recorded. */
  function diffTexts(before: string, after: string): WorkflowDiff {
    const numbers = new NumberLiterals();
    const read = (text: string): Workflow => {
      const value: Workflow = JSON.parse(text);
      numbers.record(text, value);
      return value;
    };
    return diffWorkflows(read(before), read(after), { numbers });
  }

  /** base() with a number literal in each place a workflow holds values, as a file spells it. */
  function spelt(n: { account: string; daily: string; weight: string; revision: string; serial: string }): string {
    const w = base();
    const model = nodeById(w, 'model.1');
    model.data.config.accountId = `#${n.account}#`;
    model.data.config.limits = { daily: [1, `#${n.daily}#`] };
    w.edges[0].data = { weight: `#${n.weight}#` };
    w.metadata.revision = `#${n.revision}#`;
    w.serial = `#${n.serial}#`;
    return JSON.stringify(w, null, 2).replace(/"#([^"#]+)#"/g, '$1');
  }

  it('reports a change that JSON.parse loses, with the digits as the files wrote them, wherever the number is', () => {
    // What the defect was: each pair is one double.
    for (const [a, b] of [
      ['12345678901234567890', '12345678901234567891'],
      ['9007199254740992', '9007199254740993'],
      ['0.1', '0.10000000000000001'],
      ['0', '1e-400'],
    ])
      expect(JSON.parse(a)).toBe(JSON.parse(b));
    const before = spelt({
      account: '12345678901234567890',
      daily: '9007199254740992',
      weight: '0.1',
      revision: '9007199254740993',
      serial: '0',
    });
    const after = spelt({
      account: '12345678901234567891',
      daily: '9007199254740993',
      weight: '0.10000000000000001',
      revision: '9007199254740995',
      serial: '1e-400',
    });
    const diff = diffTexts(before, after);
    expect(formatDiffText(diff)).toBe(
      [
        '2 workflow fields changed · 1 node changed · 1 connection changed',
        '',
        'Workflow',
        '  ~ serial: 0 → 1e-400',
        '  ~ metadata.revision: 9007199254740993 → 9007199254740995',
        '',
        'Nodes',
        '  ~ Classifier › config.accountId: 12345678901234567890 → 12345678901234567891',
        '  ~ Classifier › config.limits.daily[1]: 9007199254740992 → 9007199254740993',
        '',
        'Connections',
        '  ~ Question.text → Classifier.prompt › data.weight: 0.1 → 0.10000000000000001',
        '',
      ].join('\n'),
    );
    expect(formatDiffMarkdown(diff)).toContain(
      '- ✏️ **Classifier** › `config.accountId`: `12345678901234567890` → `12345678901234567891`\n',
    );
    const json = formatDiffJson(diff);
    expect(json).toContain(
      '"field": "config.accountId",\n            "before": 12345678901234567890,\n            "after": 12345678901234567891\n',
    );
    expect(json).toContain('"field": "serial",\n      "before": 0,\n      "after": 1e-400\n');
    // Still JSON, each number as its file wrote it: what JSON.parse makes of them is the reader's choice.
    expect(JSON.parse(json).nodes.changed[0].changes[0]).toEqual({
      field: 'config.accountId',
      before: Number('12345678901234567890'),
      after: Number('12345678901234567891'),
    });
    // A side read without its literals (YAML, Agent Spec) compares every number as its double.
    const numbers = new NumberLiterals();
    const [old, current]: Workflow[] = [JSON.parse(before), JSON.parse(after)];
    numbers.record(before, old);
    numbers.asDoubles();
    expect(formatDiffText(diffWorkflows(old, current, { numbers }))).toBe(formatDiffText(diffWorkflows(old, current)));
  });

  it('is no change when only the spelling of a value differs: 1.0 and 1, 1e2 and 100, however many digits', () => {
    const before = spelt({
      account: '12345678901234567890',
      daily: '9007199254740993',
      weight: '1.0',
      revision: '1e2',
      serial: '100000000000000000000000.5',
    });
    const after = spelt({
      account: '1.2345678901234567890E+19',
      daily: '9007199254740993.000',
      weight: '1',
      revision: '100',
      serial: '1000000000000000000000005e-1',
    });
    const diff = diffTexts(before, after);
    expect(diff.equal).toBe(true);
    expect(formatDiffText(diff)).toBe('No changes.\n');
  });

  it('reads a key given twice as JSON.parse does, the last one, escapes and all', () => {
    const config = (text: string) => JSON.stringify(base()).replace('"temperature":0', text);
    const same = [
      ['"seed":9007199254740993,"seed":9007199254740992', '"seed":9007199254740992'],
      ['"seed":9007199254740992,"s\\u0065ed":9007199254740993', '"seed":9007199254740993'],
      ['"limits":{"daily":[12345678901234567890]},"limits":{"daily":[1]}', '"limits":{"daily":[1]}'],
    ];
    for (const [before, after] of same) expect(diffTexts(config(before), config(after)).equal, before).toBe(true);
    const changed = diffTexts(config('"seed":9007199254740992,"seed":9007199254740993'), config('"seed":9007199254740992'));
    expect(changed.nodes.changed[0].changes).toEqual([
      { field: 'config.seed', before: new ExactNumber('9007199254740993'), after: 9007199254740992 },
    ]);
  });

  interface LiteralParts {
    minus: boolean;
    whole: string;
    fraction?: string;
    exponent?: number;
  }
  const written = ({ minus, whole, fraction, exponent }: LiteralParts): string =>
    `${minus ? '-' : ''}${whole}${fraction !== undefined ? `.${fraction}` : ''}${exponent !== undefined ? `e${exponent}` : ''}`;
  // Number literals of any length a file may have, within a double's range (a file beyond it is refused).
  const literal = fc
    .record({
      minus: fc.boolean(),
      whole: fc.stringMatching(/^(0|[1-9][0-9]{0,24})$/),
      fraction: fc.option(fc.stringMatching(/^[0-9]{1,25}$/), { nil: undefined }),
      exponent: fc.option(fc.integer({ min: -420, max: 320 }), { nil: undefined }),
    })
    .filter((parts) => Number.isFinite(Number(written(parts))));

  /** A literal's value, exactly: its digits as a BigInt and a power of ten. */
  const valueOf = (text: string): [bigint, number] => {
    const [, sign, whole, fraction = '', exponent = '0'] = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text)!;
    return [BigInt(`${sign}${whole}${fraction}`), Number(exponent) - fraction.length];
  };
  const sameValueAs = (a: string, b: string): boolean => {
    const [digitsA, powerA] = valueOf(a);
    const [digitsB, powerB] = valueOf(b);
    const power = Math.min(powerA, powerB);
    return digitsA * 10n ** BigInt(powerA - power) === digitsB * 10n ** BigInt(powerB - power);
  };
  const inWorkflow = (number: string) => spelt({ account: number, daily: '1', weight: '1', revision: '1', serial: '1' });

  it('keeps the literal of every number no double stands for, and of no other', () => {
    fc.assert(
      fc.property(literal, (parts) => {
        const text = inWorkflow(written(parts));
        const value: Workflow = JSON.parse(text);
        const numbers = new NumberLiterals();
        numbers.record(text, value);
        const account = (numbers.exact(value) as Workflow).nodes[1].data.config.accountId;
        const double: number = JSON.parse(written(parts));
        // A double stands for a literal when, written back, it has the literal's value.
        if (sameValueAs(String(double), written(parts))) expect(account).toBe(double);
        else expect(account).toEqual(new ExactNumber(written(parts)));
      }),
      { seed: 2026_1127, numRuns: 500 },
    );
  });

  it('compares any number by its value: spelt another way it is the same, a digit changed it is not', () => {
    /** The same value: all digits before the point, the exponent moved to match, E and a plus sign. */
    const respelt = ({ minus, whole, fraction = '', exponent = 0 }: LiteralParts): string => {
      const power = exponent - fraction.length;
      return `${minus ? '-' : ''}${`${whole}${fraction}`.replace(/^0+(?=\d)/, '')}E${power >= 0 ? '+' : ''}${power}`;
    };
    /** Another value: the last digit changed. */
    const bumped = (parts: LiteralParts): string => {
      const bump = (digits: string) => `${digits.slice(0, -1)}${(Number(digits.at(-1)) + 1) % 10}`;
      return written(parts.fraction !== undefined ? { ...parts, fraction: bump(parts.fraction) } : { ...parts, whole: bump(parts.whole) });
    };
    fc.assert(
      fc.property(literal, (parts) => {
        const text = written(parts);
        expect(diffTexts(inWorkflow(text), inWorkflow(respelt(parts))).equal, respelt(parts)).toBe(true);
        fc.pre(Number.isFinite(Number(bumped(parts))));
        const diff = diffTexts(inWorkflow(text), inWorkflow(bumped(parts)));
        expect(
          diff.nodes.changed[0].changes.map(({ field }) => field),
          bumped(parts),
        ).toEqual(['config.accountId']);
      }),
      { seed: 2026_1127, numRuns: 300 },
    );
  });

  it('writes JSON as JSON.stringify does, but for numbers no double stands for', () => {
    // With an ExactNumber whose literal is its double's JSON, the walk that writes literals writes what JSON.stringify does.
    const half = new ExactNumber('0.5');
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const indent of [0, 2]) {
          expect(jsonText({ value, half }, indent)).toBe(JSON.stringify({ value, half: 0.5 }, null, indent));
          expect(jsonText([value, [half]], indent)).toBe(JSON.stringify([value, [0.5]], null, indent));
          expect(jsonText(value, indent)).toBe(JSON.stringify(value, null, indent));
        }
      }),
      { seed: 2026_1127, numRuns: 300 },
    );
    expect(jsonText({ a: [new ExactNumber('1.50E+30'), undefined], b: undefined }, 2)).toBe('{\n  "a": [\n    1.50E+30,\n    null\n  ]\n}');
    expect(JSON.stringify([new ExactNumber('9007199254740993')])).toBe('[9007199254740992]');
  });
});

describe('lineDiff', () => {
  it('keeps one line of context, counts the unchanged lines skipped, and caps the changed lines', () => {
    const before = Array.from({ length: 10 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 5', 'line five');
    expect(lineDiff(before, after)).toEqual([
      { kind: 'gap', count: 4 },
      { kind: 'same', text: 'line 4' },
      { kind: 'removed', text: 'line 5' },
      { kind: 'added', text: 'line five' },
      { kind: 'same', text: 'line 6' },
      { kind: 'gap', count: 3 },
    ]);
    expect(lineDiff(before, before)).toEqual([]);
    const rewritten = before.replace(/line/g, 'LINE');
    const capped = lineDiff(before, rewritten, { maxChanged: 4 });
    expect(capped.filter((r) => r.kind === 'removed' || r.kind === 'added')).toHaveLength(4);
    expect(capped[capped.length - 1]).toEqual({ kind: 'more', count: 16 });
  });
});

describe('reports of any size', () => {
  // The test threads' stacks take far more arguments in one call than the CLI's: this runs the built modules
  // (dist/, from the global setup) in a thread whose stack a spread of SIZE arguments overflows, and shows it.
  const SIZE = 100_000;
  it(`a line diff, a text and a Markdown report of ${SIZE} lines each`, async () => {
    const code = `
      const { parentPort, workerData: { size, lineDiffModule, textModule, markdownModule } } = require('node:worker_threads');
      let spreadOverflows = false;
      try { [].push(...Array.from({ length: size }, (_, i) => i)); } catch (err) { spreadOverflows = err instanceof RangeError; }
      const labels = Array.from({ length: size }, (_, i) => 'N' + String(i).padStart(6, '0'));
      Promise.all([import(lineDiffModule), import(textModule), import(markdownModule)]).then(([{ lineDiff }, { formatDiffText }, { formatDiffMarkdown }]) => {
        const rows = lineDiff('x', labels.join('\\n'), { maxChanged: Infinity });
        const diff = {
          equal: false, old: { id: 'wf', name: 'Big' }, new: { id: 'wf', name: 'Big' }, workflow: [],
          nodes: { added: labels.map((label) => ({ id: label, label, type: 'text_input' })), removed: [], changed: [] },
          connections: { added: [], removed: [], changed: [] }, layout: { ignored: false, moved: [] },
        };
        const text = formatDiffText(diff);
        const md = formatDiffMarkdown(diff);
        parentPort.postMessage({
          spreadOverflows,
          rows: [rows.length, rows[0], rows[1], rows[size]],
          text: [text.split('\\n').length, text.split('\\n').slice(0, 4), text.split('\\n').at(-2)],
          markdown: [md.split('\\n').length, md.split('\\n').at(-2)],
        });
      });
    `;
    const dist = (path: string) => new URL(`../dist/review/${path}.js`, import.meta.url).href;
    const workerData = {
      size: SIZE,
      lineDiffModule: dist('line-diff'),
      textModule: dist('format-diff-text'),
      markdownModule: dist('format-diff-markdown'),
    };
    const worker = new Worker(code, { eval: true, workerData, resourceLimits: { stackSizeMb: 0.5 } });
    const [result] = await once(worker, 'message');
    expect(result).toEqual({
      spreadOverflows: true,
      rows: [SIZE + 1, { kind: 'removed', text: 'x' }, { kind: 'added', text: 'N000000' }, { kind: 'added', text: 'N099999' }],
      text: [SIZE + 4, ['100000 nodes added', '', 'Nodes', '  + N000000 (text_input)'], '  + N099999 (text_input)'],
      markdown: [SIZE + 7, '- ➕ **N099999** `text_input`'],
    });
  });
});

describe('toMermaid', () => {
  function picture(): Workflow {
    const w = base();
    const router = labelled(node('end', gatewayType, 600), 'Route "A" <b> #1 | `x`\nsecond line');
    router.data.config = { branches: [{ name: 'yes', label: 'Yes [ok]' }, { name: 'no' }] };
    w.nodes.push(
      router,
      labelled(node('search-1', toolType, 0), 'Search'),
      labelled(node('search_1', textInputType, 0), 'Other'),
      labelled(node('note.1', noteType, 0), 'A sticky note'),
    );
    w.edges.push(
      { ...edge('model.1', 'response', 'end', 'value'), id: 'e2' },
      { ...edge('end', 'yes', 'in.1', 'text'), id: 'e3' },
      { ...edge('end', 'no', 'search_1', 'trigger'), id: 'e4' },
      {
        id: 'e5',
        source: 'search-1',
        target: 'model.1',
        sourceHandle: 'search-1-output-other',
        targetHandle: 'model.1-input-other',
        data: { isToolConnection: true },
      },
      { ...edge('note.1', 'x', 'model.1', 'y'), id: 'e6' },
    );
    return w;
  }

  it('escapes labels into quoted strings with entity codes and gives every node a sanitised, unique id', () => {
    const chart = toMermaid(picture());
    const ids = mermaidIds(['end', 'search-1', 'search_1', 'a b', '1']);
    expect([...ids.values()]).toEqual(['n_end', 'n_search_1', 'n_search_1_2', 'n_a_b', 'n_1']);
    expect(chart).toContain('  n_end{"Route #quot;A#quot; #lt;b#gt; #35;1 #124; #96;x#96;<br>second line"}\n');
    expect(mermaidText('a"b')).toBe('a#quot;b');
    expect(chart.startsWith('flowchart LR\n')).toBe(true);
  });

  it('draws gateway branches as edge labels and tool attachments dotted, and leaves notes out', () => {
    const chart = toMermaid(picture());
    expect(chart).toContain('  n_end -->|"Yes [ok]"| n_in_1\n');
    expect(chart).toContain('  n_end -->|"no"| n_search_1_2\n');
    expect(chart).toContain('  n_search_1 -.-> n_model_1\n');
    expect(chart).toContain('  n_in_1 --> n_model_1\n');
    expect(chart).not.toContain('sticky');
    expect(chart).not.toContain('n_note');
  });

  it('highlights the given nodes with a class', () => {
    const chart = toMermaid(picture(), { highlight: ['model.1', 'nope'] });
    expect(chart).toMatch(/\n {2}classDef failing [^\n]+\n {2}class n_model_1 failing\n$/);
    expect(toMermaid(picture())).not.toContain('classDef');
  });
});

describe('toOutline', () => {
  it('is the same whatever the key order, node order, layout and save stamps, and a one-field change is one line', () => {
    const w = base();
    const shuffled: Workflow = JSON.parse(
      JSON.stringify(w, (_key, value) =>
        value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
      ),
    );
    shuffled.nodes.reverse();
    shuffled.nodes[0].position = { x: 999, y: 999 };
    shuffled.metadata.updateNumber = 7;
    expect(toOutline(shuffled)).toBe(toOutline(w));

    nodeById(shuffled, 'model.1').data.config.temperature = 0.9;
    const before = toOutline(w).split('\n');
    const after = toOutline(shuffled).split('\n');
    expect(after).toHaveLength(before.length);
    const differing = before.map((line, i) => [line, after[i]]).filter(([a, b]) => a !== b);
    expect(differing).toHaveLength(1);
    expect(differing[0][1]).toMatch(/^node "Classifier" \(chat_model\) id=model\.1 \{.*"temperature":0\.9\}$/);
    expect(toOutline(w)).toContain('edge "Question".text -> "Classifier".prompt\n');
  });
});
