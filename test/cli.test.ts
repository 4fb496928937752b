// The real CLI as a child process: help, start-up report, errors, graceful shutdown.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, runCli, runClis, serveInProcess, startServeChild, type CliRun } from './support/cli.js';
import { eventually } from './support/harness.js';
import { once } from './support/once.js';
import { modelType, node, twoNodeWorkflow } from './support/workflows.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wfe-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * `wfe --help` and `wfe <command> --help` of every command it lists, each run once for the tests below
 * (help is the same on every run): the runs by command, '' for the top-level help.
 */
const helps = once(async (): Promise<Map<string, CliRun>> => {
  const top = await runCli(['--help']);
  const listed = top.stdout.includes('Commands:') ? commandsOf(top.stdout) : [];
  const commands = [...new Set([...listed, 'serve', 'validate', 'export', 'import'])];
  const runs = await runClis(commands.map((command) => [command, '--help']));
  return new Map([['', top], ...commands.map((command, i) => [command, runs[i]] as const)]);
});
const helpOf = async (command = '') => (await helps()).get(command)!;

/** Every command the program lists, so a new one cannot skip the checks. */
function commandsOf(topHelp: string): string[] {
  return [...topHelp.split('Commands:')[1].matchAll(/^\s{2}([a-z][\w-]*)\b/gm)].map((m) => m[1]).filter((c) => c !== 'help');
}

describe('wfe --help', () => {
  it('lists the commands, and serve --help documents every flag', async () => {
    const top = await helpOf();
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/serve \[options\] \[dir\]/);
    const serve = await helpOf('serve');
    expect(serve.code).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--base-path',
      '--no-watch',
      '--poll',
      '--max-body',
      '--allowed-host',
      '--token',
      '--read-token',
      '--jwt-secret',
      '--jwks',
      '--write-scope',
      '--session',
      '--cors-origin',
      '--log-level',
      '--step-delay',
      '--max-steps',
      '--waiting-status',
    ])
      expect(serve.stdout, flag).toContain(flag);
    expect(serve.stdout).toContain('wfe.config.yaml');
  });

  it('every command documents its options with defaults and shows examples', async () => {
    // Every command the program lists, so a new one cannot skip this check.
    const commands = commandsOf((await helpOf()).stdout);
    expect(commands).toEqual(expect.arrayContaining(['serve', 'init', 'validate', 'export', 'import', 'diff', 'render']));
    for (const command of commands) {
      const help = await helpOf(command);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/Examples:\n\s+\$ wfe /);
      expect(help.stdout, command).toMatch(/\(default: /);
    }
  });

  it('--help shows each default once, and -o, -f, -c, -q mean the same in every command', async () => {
    const commands = commandsOf((await helpOf()).stdout);
    const meaning: Record<string, string> = { '-o': '--output', '-f': '--format', '-c': '--config', '-q': '--quiet' };
    for (const command of commands) {
      const help = (await helpOf(command)).stdout;
      // One entry per option or argument: its first line and the indented lines that continue it.
      const entries = help.split(/\n(?= {2}\S|\S)/);
      for (const entry of entries) {
        expect((entry.match(/default:/g) ?? []).length, `${command}: ${entry}`).toBeLessThanOrEqual(1);
        expect(entry, command).not.toContain('(default: [])');
      }
      for (const [short, long] of Object.entries(meaning)) {
        const found = new RegExp(`^\\s+${short}, (--[\\w-]+)`, 'm').exec(help);
        if (found) expect(found[1], `${command} ${short}`).toBe(long);
      }
    }
    const withQuiet = await Promise.all(['validate', 'export', 'import'].map(async (c) => (await helpOf(c)).stdout));
    for (const help of withQuiet) expect(help).toMatch(/-q, --quiet/);
  });

  it('prints the version, and exits 2 on usage errors', async () => {
    await mkdir(join(dir, 'config-folder'), { recursive: true });
    const [version, unknown, badPort, helpOfNone, helpOfTypo, configFolder] = await runClis([
      ['--version'],
      ['frobnicate'],
      ['serve', dir, '--port', 'eighty'],
      ['help', 'frobnicate'],
      ['help', 'vaildate'],
      { args: ['validate', '-', '-c', 'config-folder'], cwd: dir, input: '{}' },
    ]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command/);
    expect(helpOfNone).toMatchObject({ code: 2, stdout: '', stderr: "error: unknown command 'frobnicate'\n(run with --help for usage)\n" });
    expect(helpOfTypo.stderr).toContain('(Did you mean validate?)');
    expect(configFolder).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read config-folder: it is a folder, not a file') as unknown,
    });
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toMatch(/--port/);
  });
});

describe('wfe serve', () => {
  it('prints URL, counts and load errors; a missing folder is a usage error with a hint', async () => {
    await writeFile(join(dir, 'ok.json'), JSON.stringify(twoNodeWorkflow('wf-ok')));
    await writeFile(join(dir, 'broken.json'), '{"id": "x",\n "name": }');
    const served = await serveInProcess([dir, '--no-watch']);
    try {
      // The report is printed around the URL line: wait for its last part rather than for a time.
      await eventually(() => /broken\.json:2:10: /.test(served.stdout()), 5000, 'the load report');
      expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/flowdrop$/);
      expect(served.stdout()).toMatch(/1 workflow, \d+ node types, 17 categories/);
      expect(served.stdout()).toMatch(/broken\.json:2:10: /);
      const res = await fetch(`${served.url}/workflows/wf-ok`);
      expect(res.status).toBe(200);
    } finally {
      expect(await served.stop()).toBe(0);
    }
    const fresh = join(dir, 'does', 'not', 'exist');
    const typo = await runCli(['serve', fresh, '--no-watch']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(`there is no folder ${fresh}`);
    expect(typo.stderr).toContain(`wfe init ${fresh}`);
    await expect(stat(fresh)).rejects.toThrow();
  });

  it('skips package.json, tsconfig*.json and node_modules/ of a repository root, and warns of unknown node types', async () => {
    await writeFile(join(dir, 'package.json'), '{"name": "app"}');
    await writeFile(join(dir, 'tsconfig.json'), '{"compilerOptions": {}}');
    const flow = twoNodeWorkflow('wf-unknown');
    flow.nodes[1].data.metadata = { ...flow.nodes[1].data.metadata, id: 'no_such_type' };
    await writeFile(join(dir, 'flow.json'), JSON.stringify(flow));
    const served = await serveInProcess([dir, '--no-watch']);
    try {
      await eventually(() => /unknown-node-type/.test(served.stdout()), 5000, 'the warnings of the start-up report');
      expect(served.stdout()).toMatch(/1 workflow,/);
      expect(served.stdout()).not.toMatch(/not loaded/);
      expect(served.stdout()).toMatch(
        new RegExp(`flow\\.json: Node '${flow.nodes[1].id}' is of type 'no_such_type'.*\\[unknown-node-type\\]`),
      );
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('says which port is taken instead of crashing with a stack', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = String((blocker.address() as { port: number }).port);
    try {
      const run = await runCli(['serve', dir, '--port', port, '--no-watch']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`port ${port} is already in use`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('refuses a base path, body limit or host that would make every request fail, naming the fix', async () => {
    const [space, dots, empty, tiny, host] = await runClis([
      ['serve', dir, '--base-path', '/a b', '--no-watch'],
      ['serve', dir, '--base-path', '/api/../x', '--no-watch'],
      // An empty segment no router matches: every route would answer 404.
      ['serve', dir, '--base-path', '//x', '--no-watch'],
      ['serve', dir, '--max-body', '0', '--no-watch'],
      // An address of no interface here (TEST-NET-1): no name to look up, so no network is asked.
      ['serve', dir, '--host', '192.0.2.1', '--port', '0', '--no-watch'],
    ]);
    for (const run of [space, dots, empty]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('must be a URL path such as /api/flowdrop');
    }
    expect(tiny.code).toBe(2);
    expect(tiny.stderr).toContain('must be at least 1kb (a smaller limit refuses every save)');
    expect(host.code).toBe(2);
    expect(host.stderr).toContain(
      'cannot listen on --host 192.0.2.1: no network interface of this machine has that address; give an address of this machine',
    );
    expect(host.stderr).not.toMatch(/\n\s+at /);
  });

  it('SIGTERM finishes in-flight writes: every acknowledged save is on disk', async () => {
    await writeFile(join(dir, 'a.json'), JSON.stringify(twoNodeWorkflow('wf-a')));
    const served = await startServeChild([dir, '--no-watch']);
    const acknowledged: string[] = [];
    const puts = Array.from({ length: 20 }, (_, i) =>
      fetch(`${served.url}/workflows/wf-a`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ description: `save ${i}` }),
      })
        .then(async (res) => {
          if (res.status === 200) acknowledged.push(((await res.json()) as { data: { description: string } }).data.description);
        })
        .catch(() => {}),
    );
    // Signal once the first save is acknowledged, while the others are still in flight.
    await eventually(() => acknowledged.length > 0, 10_000, 'a first acknowledged save');
    served.child.kill('SIGTERM');
    await Promise.all(puts);
    expect(await served.exited).toBe(0);
    const onDisk = JSON.parse(await readFile(join(dir, 'a.json'), 'utf8'));
    expect(acknowledged).toContain(onDisk.description);
    expect(served.stderr()).toMatch(/SIGTERM: finishing in-flight writes/);
  });
});

describe('a reader that leaves early (wfe validate … | head)', () => {
  it('ends quietly with the exit code of the check, and the -o report is whole', async () => {
    // 3,000 unconnected nodes: a warning each, far more stdout than a pipe buffers (64 KB).
    const wide = { ...twoNodeWorkflow('wide'), nodes: Array.from({ length: 3000 }, (_, i) => node(`m${i}`, modelType, i)), edges: [] };
    await writeFile(join(dir, 'wide.json'), JSON.stringify(wide));
    const reportFile = join(dir, 'report.json');
    const child = spawn(process.execPath, [BIN, 'validate', dir, '-f', 'compact', '-f', 'json', '-o', reportFile], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    let received = 0;
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', (chunk: Buffer) => {
      received = chunk.length;
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    const report = JSON.parse(await readFile(reportFile, 'utf8'));
    expect(received).toBeGreaterThan(0);
    expect(report.summary.errors + report.summary.warnings).toBeGreaterThanOrEqual(3000);
    expect(code).toBe(report.summary.errors > 0 ? 1 : 0);
    expect(stderr).toBe('');
  });
});
