// `wfe completion bash|zsh|fish`: scripts that name every command and option of the program, that the
// shells accept, and that complete.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bashCompletion, fishCompletion, zshCompletion } from '../src/cli/completion.js';
import { loadProgram } from '../src/cli/program.js';
import { processTerminal } from '../src/cli/terminal.js';
import { runCli } from './support/cli.js';

let dir: string;
const scripts: Record<string, string> = {};
const program = await loadProgram([], { terminal: processTerminal(), exitWith() {} });
const commands = program.commands.map((c) => c.name());

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-completion-'));
  for (const shell of ['bash', 'zsh', 'fish']) {
    const run = await runCli(['completion', shell]);
    expect(run.code, run.stderr).toBe(0);
    scripts[shell] = run.stdout;
    await writeFile(join(dir, `wfe.${shell}`), run.stdout);
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** What the bash function proposes for the words typed so far (the last one is being completed). */
function bashProposals(...words: string[]): string[] {
  const script = `source ${JSON.stringify(join(dir, 'wfe.bash'))}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _wfe_completion; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const run = spawnSync('bash', ['--norc', '--noprofile', '-c', script], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\n').filter(Boolean);
}

describe('wfe completion', () => {
  it('every script names every command and each long option of each command', () => {
    expect(commands).toEqual(expect.arrayContaining(['serve', 'validate', 'export', 'completion']));
    for (const [shell, script] of Object.entries(scripts)) {
      for (const command of program.commands) {
        expect(script, `${shell}: ${command.name()}`).toMatch(new RegExp(`\\b${command.name()}\\b`));
        for (const option of command.options)
          if (option.long)
            expect(script, `${shell}: ${command.name()} ${option.long}`).toContain(
              shell === 'fish' ? `-l ${option.long.slice(2)}` : option.long,
            );
      }
    }
  });

  it('bash: defines a completion function that bash -n accepts, and registers it', () => {
    expect(scripts.bash).toMatch(/^_wfe_completion\(\) \{$/m);
    expect(scripts.bash).toMatch(/^complete .*-F _wfe_completion wfe$/m);
    const check = spawnSync('bash', ['-n', join(dir, 'wfe.bash')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });

  it('bash: completes commands, options and option values', () => {
    expect(bashProposals('wfe', 'val')).toEqual(['validate']);
    expect(bashProposals('wfe', '')).toEqual(commands.concat('help'));
    expect(bashProposals('wfe', 'validate', '--ti')).toEqual(['--timings']);
    expect(bashProposals('wfe', 'validate', 'flows/', '--max-')).toEqual(['--max-warnings']);
    expect(bashProposals('wfe', 'export', '--to', '')).toEqual(['agentspec', 'flowdrop']);
    expect(bashProposals('wfe', 'diff', '-f', '')).toEqual(['text', 'json', 'markdown']);
    expect(bashProposals('wfe', 'help', 'ser')).toEqual(['serve']);
    // Values wfe checks by hand (a repeatable -f, a default worked out at run time) are completed too.
    expect(bashProposals('wfe', 'validate', '-f', 's')).toEqual(['stylish', 'sarif']);
    expect(bashProposals('wfe', 'export', '--agentspec-version', '26')).toEqual(['26.1.0', '26.1.2', '26.2.0']);
    expect(bashProposals('wfe', 'completion', '')).toEqual(['bash', 'zsh', 'fish']);
    // A value of its own kind (a file): nothing proposed, bash falls back to file names (-o default).
    expect(bashProposals('wfe', 'validate', '-o', '')).toEqual([]);
  });

  it('zsh: a #compdef function with the commands and _arguments specs', () => {
    expect(scripts.zsh).toMatch(/^#compdef wfe$/m);
    expect(scripts.zsh).toMatch(/^_wfe\(\) \{$/m);
    expect(scripts.zsh).toContain("'validate:Check workflow files");
    expect(scripts.zsh).toMatch(/'\*--format\[report format[^\]]*\]:value:\(stylish json junit sarif github compact codeclimate\)'/);
  });

  it('zsh: zsh -n accepts the script', (ctx) => {
    if (!onPath('zsh')) ctx.skip('zsh is not installed');
    const check = spawnSync('zsh', ['-n', join(dir, 'wfe.zsh')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });

  it('fish: complete lines per command and option, which fish accepts and completes with', (ctx) => {
    expect(scripts.fish).toMatch(/^complete -c wfe -n __fish_use_subcommand -a validate -d /m);
    expect(scripts.fish).toMatch(/^complete -c wfe -n '__fish_seen_subcommand_from export' -l to -x -a 'agentspec flowdrop'/m);
    if (!onPath('fish')) ctx.skip('fish is not installed');
    const run = spawnSync(
      'fish',
      ['--no-config', '-c', `source ${join(dir, 'wfe.fish')}; complete -C 'wfe val'; complete -C 'wfe validate --ti'`],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(['validate', '--timings', '']);
  });

  it('commands added to the program later are completed without changes to completion.ts', () => {
    const other = new Command('tool');
    other.command('frobnicate').description('Frobnicate things. More text.').option('--zap <level>', 'how hard').argument('[files...]');
    for (const script of [bashCompletion(other), zshCompletion(other), fishCompletion(other)]) {
      expect(script).toContain('frobnicate');
      expect(script).toContain('zap');
    }
    expect(zshCompletion(other)).toContain("'frobnicate:Frobnicate things'");
  });
});
