// `{{ name }}` placeholders as pyagentspec reads them (Python's \w is Unicode-aware): the inputs they imply
// for the checks and for the export are the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportToAgentSpec } from '../src/agentspec/index.js';
import { placeholdersIn as impliedInputs } from '../src/agentspec/inferred-io.js';
import { placeholdersIn as checkedPlaceholders } from '../src/agentspec/checks/placeholders.js';
import type { Workflow } from '../src/contract/types.js';

describe('placeholders', () => {
  it('are names of letters, digits and _ in any script, for the export as for the checks', () => {
    const text = 'Hi {{ café }}, {{x_1}}, {{ 名前 }}; not {{ two words }} nor {{ a.b }}';
    expect(impliedInputs(text)).toEqual(['café', 'x_1', '名前']);
    expect([...checkedPlaceholders(text)]).toEqual(['café', 'x_1', '名前']);
  });

  it('give an LlmNode an input whose name is not ASCII, and the data edge into it is written', () => {
    const text = readFileSync(new URL('../fixtures/workflows/agentspec-summary.json', import.meta.url), 'utf8');
    const node = '26af9145-7b54-40f7-9f80-aa7e323e2e51';
    const workflow = JSON.parse(
      text
        .replace(`"${node}-input-prompt"`, `"${node}-input-café"`)
        .replace('\\n\\n{{ prompt }}"', '\\n\\n{{ café }}"')
        .replace('"id": "prompt",\n            "name": "Prompt"', '"id": "café",\n            "name": "café"'),
    ) as Workflow;
    expect(JSON.stringify(workflow)).toContain('{{ café }}');
    const document = exportToAgentSpec(workflow).document!;
    const components = Object.values(document.$referenced_components as Record<string, { id?: string; inputs?: Array<{ title: string }> }>);
    expect(components.find((c) => c.id === node)?.inputs?.map((p) => p.title)).toEqual(['café']);
    const edges = document.data_flow_connections as Array<{ destination_input: string }>;
    expect(edges.map((e) => e.destination_input)).toContain('café');
  });
});
