// What a node does in a simulated run, in process: the behaviour of a node type given its config, inputs
// and the message the run was started with.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BY_TYPE, NodeFailure, renderTemplate, type NodeContext } from '../src/engine/behaviours.js';
import { n } from './support/flows.js';

function contextFor(typeId: string, config: Record<string, unknown>, message = ''): NodeContext {
  const node = n('node', typeId, config);
  return {
    node,
    typeId,
    config: node.data.config,
    inputs: { content: 'refund 20 EUR' },
    tools: [],
    message,
    history: [],
    state: {},
    runtime: {
      signal: new AbortController().signal,
      flowInputs: {},
      nested: false,
      runSubflow: () => Promise.reject(new Error('no subflows here')),
      progress() {},
      log() {},
    },
  };
}

const run = (typeId: string, config: Record<string, unknown>, message?: string) => BY_TYPE[typeId].run(contextFor(typeId, config, message));

describe('text_input', () => {
  it('gives the text the node holds, its default, over the message the run was started with', async () => {
    expect((await run('text_input', { defaultValue: 'A-1042' }, 'B-7')).outputs).toEqual({
      trigger: true,
      text: 'A-1042',
      value: 'A-1042',
    });
    expect((await run('text_input', { defaultValue: 'A-1042', value: 'set' }, 'B-7')).outputs.text).toBe('set');
  });

  it('gives the message when the node holds no text', async () => {
    expect((await run('text_input', { defaultValue: '' }, 'B-7')).outputs.text).toBe('B-7');
    expect((await run('text_input', {})).outputs.text).toBe('');
  });
});

describe('human_review', () => {
  it('raises the interrupt its config describes, with its timeout in milliseconds', async () => {
    const { interrupt } = await run('human_review', { interruptType: 'text', message: 'Why "{{ content }}"?', timeoutSeconds: 90 });
    expect(interrupt).toMatchObject({ type: 'text', message: 'Why "refund 20 EUR"?', allowCancel: true, timeoutMs: 90_000 });
  });

  it('waits forever with a timeout of 0, and at most as long as a timer holds (2^31 - 1 ms)', async () => {
    expect((await run('human_review', { timeoutSeconds: 0 })).interrupt).not.toHaveProperty('timeoutMs');
    expect((await run('human_review', { timeoutSeconds: 30 * 86_400 })).interrupt?.timeoutMs).toBe(2 ** 31 - 1);
  });

  it('fails the node for an interruptType the editor cannot draw, naming the five it can', () => {
    const attempt = () => run('human_review', { interruptType: 'banana' });
    expect(attempt).toThrow(NodeFailure);
    expect(attempt).toThrow(
      'interruptType "banana" is not one of confirmation, choice, text, form, review: choose one of them in the node\'s config',
    );
  });
});

describe('renderTemplate', () => {
  it('fills {{ expression }} placeholders from the scope; an empty or failing one is left or emptied as before', () => {
    const scope = { name: 'Ada', context: { field: 42 } };
    expect(renderTemplate('Hi {{ name }}, {{context.field}}! {{}} {{ nope( }} {{{ name }}}', scope)).toBe('Hi Ada, 42! {{}}  {Ada}');
  });

  it('takes time in proportion to the text: an unclosed {{ before 20,000 spaces or braces', async () => {
    // The placeholder pattern once backtracked cubically (10,000 spaces: minutes on the event loop). Run in a
    // thread, so that a return of it fails this test instead of holding the suite.
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(workerData.module).then(({ renderTemplate }) => {
        const spaces = renderTemplate('{{' + ' '.repeat(20000), {});
        const braces = renderTemplate('{'.repeat(20000) + ' x', {});
        parentPort.postMessage([spaces.length, braces.length]);
      });
    `;
    const module = new URL('../dist/engine/behaviours.js', import.meta.url).href;
    const worker = new Worker(code, { eval: true, workerData: { module } });
    const deadline = setTimeout(() => void worker.terminate(), 20_000);
    try {
      const answer = await Promise.race([once(worker, 'message'), once(worker, 'exit').then(() => ['stopped after 20 s'])]);
      expect(answer).toEqual([[20_002, 20_002]]);
    } finally {
      clearTimeout(deadline);
      await worker.terminate();
    }
  });
});
