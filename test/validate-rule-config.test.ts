// A misspelt rule id, in wfe.config.yaml or in --rule, stops `wfe validate` (exit 2) with the closest
// valid id; ids of other wfe commands in a shared config file are accepted.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRuleConfig, RuleConfigError } from '../src/contract/rule-config.js';
import { editDistance, nearest } from '../src/util/nearest.js';
import { ALL_RULES } from '../src/validate/rules.js';
import { runCli } from './support/cli.js';
import { chatFlow } from './support/flows.js';
import { EXPORT_RULES } from '../src/agentspec/rules.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-rule-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function folderWithConfig(name: string, config: string): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder);
  await writeFile(join(folder, 'chat.json'), JSON.stringify(chatFlow(name)));
  await writeFile(join(folder, 'wfe.config.yaml'), config);
  return folder;
}

describe('unknown rule ids', () => {
  it('a misspelt id in wfe.config.yaml exits 2, naming it and the closest valid id', async () => {
    const folder = await folderWithConfig('misspelt', 'rules:\n  no-cycel: off\n');
    const run = await runCli(['validate', folder]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/wfe\.config\.yaml: unknown rule "no-cycel"; did you mean "no-cycle"\?/);
  });

  it('ids of other wfe commands in a shared wfe.config.yaml are not errors', async () => {
    const folder = await folderWithConfig('shared', 'rules:\n  agentspec-version: error\n  lossy-export: off\n');
    const run = await runCli(['validate', folder]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('--rule: a misspelt id gets the closest valid id; one close to nothing lists the known rules', async () => {
    const good = await folderWithConfig('flags', 'rules: {}\n');
    const misspelt = await runCli(['validate', good, '--rule', 'lossy-exprot=warning']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toMatch(/--rule: unknown rule "lossy-exprot"; did you mean "lossy-export"\?/);
    const unrelated = await runCli(['validate', good, '--rule', 'zzz=off']);
    expect(unrelated.code).toBe(2);
    expect(unrelated.stderr).toMatch(/unknown rule "zzz"; known rules: json-syntax, schema, /);
  });

  it('the distance counts a swap of neighbouring letters once', () => {
    expect(editDistance('no-cycel', 'no-cycle')).toBe(1);
    expect(editDistance('schema', 'schema')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(nearest('NO-CYCLE', ['no-cycle', 'schema'])).toBe('no-cycle');
    expect(
      nearest(
        'duplicate-nod-id',
        ALL_RULES.map((r) => r.id),
      ),
    ).toBe('duplicate-node-id');
    expect(nearest('banana', ['no-cycle', 'schema'])).toBeUndefined();
  });

  it('checkRuleConfig keeps the rules of its command and refuses ids no command knows', () => {
    // A shared wfe.config.yaml names rules of wfe validate that wfe export does not have: export keeps its own.
    expect(checkRuleConfig({ 'no-cycle': 'off', 'duplicate-node-id': 'warning' }, EXPORT_RULES, 'wfe.config.yaml', true)).toEqual({
      'no-cycle': 'off',
    });
    expect(() => checkRuleConfig({ 'duplicate-node-id': 'warning' }, EXPORT_RULES)).toThrow(RuleConfigError);
    expect(() => checkRuleConfig({ 'end-reachabel': 'off' }, ALL_RULES, 'wfe.config.yaml', true)).toThrow(/did you mean "end-reachable"/);
  });
});
