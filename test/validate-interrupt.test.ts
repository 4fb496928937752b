// wfe validate as a process told to stop mid-run (Ctrl-C, a cancelled CI job): it stops, and says it failed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from './support/cli.js';
import { testFolder } from './support/server-fixture.js';
import { chatFlow } from './support/flows.js';

describe('wfe validate interrupted', () => {
  it.for(['SIGINT', 'SIGTERM'] as const)('by %s while checking: stops before the report, with 130 or 143', async (signal) => {
    const dir = await testFolder('wfe-validate-interrupt-');
    const flows = join(dir, 'flows');
    await mkdir(flows);
    for (let i = 0; i < 150; i++) await writeFile(join(flows, `w${i}.json`), JSON.stringify(chatFlow(`w${i}`)));
    // The signal comes from inside, at the 50th workflow read: mid-run, without guessing when that is.
    const preload = join(dir, 'signal-at-50.cjs');
    await writeFile(
      preload,
      `const fs = require('node:fs'); const open = fs.openSync; let opened = 0;
       fs.openSync = (path, ...rest) => { if (String(path).endsWith('.json') && ++opened === 50) process.kill(process.pid, '${signal}'); return open(path, ...rest); };`,
    );
    const run = await runCliProcess(['validate', flows], { env: { NODE_OPTIONS: `--require ${preload}` } });
    expect(run.code).toBe(signal === 'SIGINT' ? 130 : 143);
    expect(run.stdout).not.toMatch(/files checked/);
  });
});
