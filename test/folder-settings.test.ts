// The settings a batch command checks an input with, and what it says of a wfe.config.yaml it cannot read.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderSettings } from '../src/project/folder-settings.js';
import type { Logger } from '../src/util/logger.js';
import { tempDir } from './support/harness.js';

let dir: string;
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

function recordingLogger(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const record = (message: string) => void warnings.push(message);
  return { logger: { debug() {}, info() {}, warn: record, error: record }, warnings };
}

describe('folderSettings', () => {
  it('reads rules: of the nearest wfe.config.yaml above the input folder', async () => {
    await writeFile(join(dir, 'wfe.config.yaml'), 'rules:\n  no-cycle: warning\n');
    await mkdir(join(dir, 'flows'));
    const { logger, warnings } = recordingLogger();
    const settings = await folderSettings(logger)(join(dir, 'flows'));
    expect(settings.rules).toEqual({ 'no-cycle': 'warning' });
    expect(settings.configFile).toBe(join(dir, 'wfe.config.yaml'));
    expect(warnings).toEqual([]);
  });

  it('fails on a wfe.config.yaml that is not YAML, naming file, line and column once: no warning before the error', async () => {
    await writeFile(join(dir, 'wfe.config.yaml'), 'rules: [\n');
    const { logger, warnings } = recordingLogger();
    await expect(folderSettings(logger)(dir)).rejects.toThrow(
      new RegExp(`^${join(dir, 'wfe.config.yaml').replaceAll('.', '\\.')}:2:1: invalid YAML: `),
    );
    expect(warnings).toEqual([]);
  });

  it("with --config naming another file, warns of the folder's broken wfe.config.yaml, whose rules it does not read", async () => {
    await writeFile(join(dir, 'wfe.config.yaml'), 'rules: [\n');
    await writeFile(join(dir, 'ci-rules.yaml'), 'rules:\n  no-cycle: off\n');
    const { logger, warnings } = recordingLogger();
    const settings = await folderSettings(logger, { config: join(dir, 'ci-rules.yaml'), cwd: dir })(dir);
    expect(settings.rules).toEqual({ 'no-cycle': 'off' });
    expect(warnings).toEqual([expect.stringMatching(/^catalog: wfe\.config\.yaml:2:1: invalid YAML: /)]);
  });
});
