// The port-compatibility check of `wfe validate` (src/validate/check.ts): by data type, and by JSON Schema
// where both ends declare one (ports of an imported Agent Spec flow do).
import { describe, expect, it } from 'vitest';
import type { Workflow } from '../src/contract/types.js';
import { folderSettings } from '../src/project/folder-settings.js';
import { createLogger } from '../src/util/logger.js';
import { checkContextFor } from '../src/validate/check-context.js';
import { checkWorkflowValue } from '../src/validate/check.js';
import { chatFlow } from './support/flows.js';

/** chatFlow with the schemas of model.response and out.message set (each node gets its own copy of its type). */
function withSchemas(from: object, to: object): Workflow {
  const w = structuredClone(chatFlow('schemas'));
  const port = (nodeId: string, side: 'inputs' | 'outputs', portId: string) => {
    const found = w.nodes.find((n) => n.id === nodeId)?.data.metadata[side]?.find((p) => p.id === portId);
    if (!found) throw new Error(`no port ${nodeId}.${portId}`);
    return found;
  };
  port('model', 'outputs', 'response').schema = from;
  port('out', 'inputs', 'message').schema = to;
  return w;
}

describe('port compatibility', () => {
  it('string to string passes by data type; the declared schemas decide when both ends have one', async () => {
    const ctx = checkContextFor(await folderSettings(createLogger('warn'))(process.cwd()));
    const findings = (w: Workflow) => checkWorkflowValue('w.json', w, ctx).problems.filter((p) => p.ruleId === 'port-compatibility');
    expect(findings(chatFlow('plain'))).toEqual([]);
    expect(findings(withSchemas({ type: 'string' }, { type: 'string' }))).toEqual([]);
    const [found, ...more] = findings(withSchemas({ type: 'object' }, { type: 'integer' }));
    expect(more).toEqual([]);
    expect(found.message).toMatch(/^Edge 'e:model\.response-out\.message' connects a string output to a string input/);
  });
});
