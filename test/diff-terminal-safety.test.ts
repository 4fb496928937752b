// What a workflow's own text can carry into a review: control characters that a terminal acts on (ESC, BEL,
// CR, C1), line separators and bidi overrides that reorder what a reviewer reads, and, in a PR comment,
// Markdown, HTML entities and @mentions. Every report shows them; none applies them.
import { describe, expect, it } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import { diffWorkflows } from '../src/review/diff.js';
import { formatDiffJson } from '../src/review/format-diff-json.js';
import { formatDiffMarkdown } from '../src/review/format-diff-markdown.js';
import { formatDiffText } from '../src/review/format-diff-text.js';
import { mermaidText } from '../src/review/mermaid.js';
import { toOutline } from '../src/review/outline.js';
import { printable } from '../src/util/printable.js';
import { modelType, node, textInputType, twoNodeWorkflow } from './support/workflows.js';

/** Any character printable() escapes, raw. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('printable', () => {
  it('writes controls, separators and bidi formatting characters as JSON escapes, and leaves the rest', () => {
    expect(printable('a\x1b[31mb\x07c\r\nd\te\u0000f\u007fg\u0085h\u009bi\u2028j\u2029k\u202el\u2066m\u200fn\u061co\b\f')).toBe(
      'a\\u001b[31mb\\u0007c\\r\\nd\\te\\u0000f\\u007fg\\u0085h\\u009bi\\u2028j\\u2029k\\u202el\\u2066m\\u200fn\\u061co\\b\\f',
    );
    // As JSON writes the content of a string, for the controls JSON escapes.
    expect(printable('\x1b\x07\r\n\t\b\f\u0000')).toBe(JSON.stringify('\x1b\x07\r\n\t\b\f\u0000').slice(1, -1));
    expect(printable('Prompt «é» ✏️ C:\\temp "q" \u00a0')).toBe('Prompt «é» ✏️ C:\\temp "q" \u00a0');
  });
});

/** Input → model; the new side adds a node, a connection and config whose text carries controls. */
function hostile(): { before: Workflow; after: Workflow } {
  const before = twoNodeWorkflow('wf-hostile', 'Hostile');
  before.nodes[1].data.config.systemPrompt = 'one\ntwo\nthree';
  const after = structuredClone(before);
  const intruder = node('n\x1b]0;owned\x07', { ...textInputType, id: 'type\x1b[31m' }, 0);
  intruder.data.label = 'Label\x1b[2J\r\u202eedoc';
  after.nodes.push(intruder);
  after.edges.push({
    id: 'e2',
    source: intruder.id,
    target: 'model.1',
    sourceHandle: 'out\x07',
    targetHandle: 'model.1-input-prompt\u2028',
  });
  const model = after.nodes[1];
  model.data.config['key\x1b[1m'] = 'value\u009b\u2066';
  model.data.config.systemPrompt = 'one\ntwo\x1b[8m\nthree';
  return { before, after };
}

describe('the diff reports', () => {
  it('text: labels, node types, field names, values, long text, ports and the title are printable', () => {
    const { before, after } = hostile();
    const text = formatDiffText(diffWorkflows(before, after), { title: 'flows/\x1b[31mx.json' });
    expect(text).toBe(
      [
        'flows/\\u001b[31mx.json',
        '1 node added, 1 changed · 1 connection added',
        '',
        'Nodes',
        '  + Label\\u001b[2J\\r\\u202eedoc (type\\u001b[31m)',
        '  + Chat Model › config.key\\u001b[1m: (none) → "value\\u009b\\u2066"',
        '  ~ Chat Model › config.systemPrompt:',
        '        one',
        '      - two',
        '      + two\\u001b[8m',
        '        three',
        '',
        'Connections',
        '  + Label\\u001b[2J\\r\\u202eedoc.out\\u0007 → Chat Model.prompt\\u2028',
        '',
      ].join('\n'),
    );
  });

  it('markdown: the same, inside code spans, diff blocks and escaped text alike', () => {
    const { before, after } = hostile();
    const md = formatDiffMarkdown(diffWorkflows(before, after), { title: 'flows/\x1b[31mx.json' });
    expect(md).toBe(
      [
        '### flows/\\\\u001b\\[31mx.json',
        '',
        '**1 node added, 1 changed · 1 connection added**',
        '',
        '**Nodes**',
        '',
        '- ➕ **Label\\\\u001b\\[2J\\\\r\\\\u202eedoc** `type\\u001b[31m`',
        '- ➕ **Chat Model** › `config.key\\u001b[1m`: `(none)` → `"value\\u009b\\u2066"`',
        '- ✏️ **Chat Model** › `config.systemPrompt`:',
        '  ```diff',
        '    one',
        '  - two',
        '  + two\\u001b[8m',
        '    three',
        '  ```',
        '',
        '**Connections**',
        '',
        '- ➕ Label\\\\u001b\\[2J\\\\r\\\\u202eedoc.out\\\\u0007 → Chat Model.prompt\\\\u2028',
        '',
      ].join('\n'),
    );
  });

  it('json: what JSON leaves raw (C1, separators, bidi) is escaped too, and parses back to the same values', () => {
    const { before, after } = hostile();
    const diff = diffWorkflows(before, after);
    const json = formatDiffJson(diff);
    expect(json).not.toMatch(RAW_CONTROL);
    expect(json).toContain('"after": "value\\u009b\\u2066"');
    expect(json).toContain('"label": "Label\\u001b[2J\\r\\u202eedoc"');
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(diff)));
  });

  it('markdown: entities, mentions and issue references stay text; a lone CR stays in its item', () => {
    const before = twoNodeWorkflow('wf-md', 'Markdown');
    const after = structuredClone(before);
    after.nodes[0].data.label = 'Tom & Jerry &lt;b&gt; @octocat #12 one\rtwo';
    const md = formatDiffMarkdown(diffWorkflows(before, after));
    expect(md).toContain('\n- ✏️ **Tom \\& Jerry \\&lt;b\\&gt; @&#8203;octocat \\#&#8203;12 one\\\\rtwo** › `label`: ');
    expect(md.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(1);
  });
});

describe('the outline (render -f text)', () => {
  it('shows the workflow id, node ids, node types, ports and labels printable', () => {
    const w = twoNodeWorkflow('wf\r\x1b[1A', 'Outline\u202e');
    const input = node('in\x1b[2K', { ...textInputType, id: 'text\x07input' }, 0, { note: 'a\u009bb' });
    input.data.label = 'Q\u0085';
    w.nodes = [input, node('model.1', modelType, 300)];
    w.edges = [{ id: 'e1', source: input.id, sourceHandle: 'text\u2066', target: 'model.1', targetHandle: 'model.1-input-prompt' }];
    expect(toOutline(w).split('\n')).toEqual([
      'workflow "Outline\\u202e" id=wf\\r\\u001b[1A',
      'description "input to model"',
      'metadata {"createdAt":"2026-01-01T00:00:00.000Z","format":"flowdrop","tags":["test"],"version":"1.0.0"}',
      'node "Chat Model" (chat_model) id=model.1 {"model":"gpt-4o-mini","temperature":0.7}',
      'node "Q\\u0085" (text\\u0007input) id=in\\u001b[2K {"note":"a\\u009bb","placeholder":""}',
      'edge "Q\\u0085".text\\u2066 -> "Chat Model".prompt',
      '',
    ]);
  });
});

describe('the Mermaid picture', () => {
  it('turns C1 controls, separators and bidi formatting characters into spaces, as it does C0 controls', () => {
    expect(mermaidText('a\u009bb\u2028c\u202ed\u2066e\x1bf')).toBe('a b c d e f');
  });
});
