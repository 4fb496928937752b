// What a batch command says of its settings on stderr: the CLI's own form, from warning up.
import { describe, expect, it } from 'vitest';
import { commandLogger } from '../src/cli/command-logger.js';
import type { Terminal } from '../src/cli/terminal.js';

function captured(): { terminal: Terminal; lines: () => string } {
  let text = '';
  const output = { write: (chunk: string) => void (text += chunk), isTTY: false };
  const terminal: Terminal = {
    stdout: output,
    stderr: output,
    stdin: (async function* () {})(),
    cwd: '/',
    env: {},
    onInterrupt() {},
    exitNow() {},
  };
  return { terminal, lines: () => text };
}

describe('commandLogger', () => {
  it('writes warnings and errors as `wfe <command>: <level>: …`, without the server log line timestamp, and drops the rest', () => {
    const { terminal, lines } = captured();
    const log = commandLogger(terminal, 'validate');
    log.debug('how it went');
    log.info('loaded 3 node types');
    log.warn('catalog: wfe.config.yaml:2:1: invalid YAML');
    log.error('nodes/a.yaml: cannot read');
    expect(lines()).toBe(
      'wfe validate: warning: catalog: wfe.config.yaml:2:1: invalid YAML\nwfe validate: error: nodes/a.yaml: cannot read\n',
    );
  });
});
