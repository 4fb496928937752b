// What `wfe serve` loads to start: the rule tables, the checks that judge a posted document and the Agent
// Spec converter wait for the first request that needs them (docs/performance.md: the fixed start-up cost).
// And what `wfe validate` loads: the converter only for a check that uses it.
// The real CLI as a child process, with a module loader hook that records every file it loads.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, runCliProcess, startServeChild } from './support/cli.js';
import { moduleRecorder, requireRecorder } from './support/module-recorder.js';
import { twoNodeWorkflow } from './support/workflows.js';

const dir = mkdtempSync(join(tmpdir(), 'wfe-start-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A `wfe serve` of an empty folder, and what it has loaded so far: the loader hook records each file as it loads,
 * so what a request needed is recorded by the time its answer arrives. From tsc's dist/ (WFE_NO_BUNDLE): the
 * bundle bin/wfe.js starts serve from holds the same modules in one file, each evaluated only when the same
 * import reaches it.
 */
async function recordedServer(name: string) {
  const { hook, loaded } = moduleRecorder(dir, name);
  const served = join(dir, `${name}-workflows`);
  mkdirSync(served, { recursive: true });
  const server = await startServeChild([served, '--no-watch'], {
    nodeArgs: ['--no-warnings', '--experimental-loader', hook],
    env: { WFE_NO_BUNDLE: '1' },
  });
  return {
    url: server.url,
    loaded,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

/**
 * A `wfe validate` run, with what it loaded. The modules of tsc's dist/ (WFE_NO_BUNDLE): the bundle bin/wfe.js
 * starts validate from holds the same modules in one file, each evaluated only when the same import reaches it.
 */
async function validateLoading(name: string, args: string[]) {
  const { hook, loaded } = moduleRecorder(dir, name);
  const env = { NODE_OPTIONS: `--no-warnings --experimental-loader ${hook}`, WFE_NO_BUNDLE: '1' };
  const run = await runCliProcess(['validate', ...args], { env });
  return { ...run, loaded: loaded() };
}

const DEFERRED = ['server/routes/served-checks', 'contract/rule-config', 'contract/rule-help', 'validate/verdict', 'agentspec/export'];

describe('wfe serve starts without what only some requests need', () => {
  it('leaves the rule tables, the verdict and the converter unloaded until a document is judged', async () => {
    const server = await recordedServer('served');
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      const idle = server.loaded();
      // The hook saw the server's own modules, and none of the deferred ones.
      expect(idle).toContain('server/app');
      expect(idle.filter((file) => DEFERRED.includes(file))).toEqual([]);
      // Nor node:crypto (17 internal modules, about 2 ms): nothing is hashed or named before the first save.
      // The hook does see the built-ins the server imports.
      expect(idle).toContain('node:http');
      expect(idle).not.toContain('node:crypto');

      const res = await fetch(`${server.url}/workflows/validate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(twoNodeWorkflow('posted')),
      });
      expect(res.status).toBe(200);
      expect(server.loaded()).toEqual(expect.arrayContaining(['server/routes/served-checks', 'contract/rule-config', 'validate/verdict']));
    } finally {
      await server.stop();
    }
  });
});

describe('wfe serve runs from its bundle', () => {
  it("loads none of the modules of tsc's dist/ beside it, no file as an ES module, nor the UI, on a request", async () => {
    const { hook, urls } = moduleRecorder(dir, 'serve-bundled');
    const { preload, required } = requireRecorder(dir, 'serve');
    const served = join(dir, 'bundled-workflows');
    mkdirSync(served, { recursive: true });
    // Watching, as a user runs it: chokidar, an ES module package, is in the bundle.
    const server = await startServeChild([served], {
      nodeArgs: ['--no-warnings', '--experimental-loader', hook, '--require', preload],
    });
    try {
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    // With a loader hook, Node loads the entry itself through the ES module loader.
    expect(urls().filter((url) => !url.startsWith('node:') && !url.endsWith('/bin/wfe.js'))).toEqual([]);
    const files = required();
    const ours = files.filter((file) => !file.includes(`${sep}node_modules${sep}`)).map((file) => relative(process.cwd(), file));
    expect(ours).toEqual([join('bin', 'wfe.js'), join('bin', 'code-cache.js'), join('dist', 'bundle', 'serve.cjs')]);
    // The router and the watcher are in the bundle; cors is required when the server is built (lazy-module.ts).
    const packages = new Set(files.map((file) => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file)?.[1]).filter(Boolean));
    expect([...packages].sort()).toEqual(['cors', 'object-assign', 'vary']);
  });
});

describe('wfe validate loads the Agent Spec converter only for a check that uses it', () => {
  const CONVERTER = ['agentspec/export', 'agentspec/import', 'agentspec/to-agentspec', 'agentspec/from-agentspec'];
  const converterIn = (loaded: string[]) => loaded.filter((file) => CONVERTER.includes(file));

  it('checks workflows with the default rules without it, and loads it for a flow or the lossy-export rule', async () => {
    const folder = join(dir, 'validate-workflows');
    mkdirSync(folder, { recursive: true });
    const workflow = join(folder, 'chat-pipeline.json');
    copyFileSync(join(process.cwd(), 'fixtures', 'workflows', 'chat-pipeline.json'), workflow);
    const flow = join(dir, 'chat.agentspec.json');
    const exported = await runCli(['export', workflow, '-o', flow, '-q']);
    expect(exported.code, exported.stderr).toBe(0);

    // One run records both: the bundle is CommonJS, required rather than imported, so none of tsc's modules
    // may reach the loader hook beside it; nor may anything of node_modules be required beside it (what the
    // precompiled validators need of ajv is in it).
    const bundled = moduleRecorder(dir, 'validate-bundled');
    const { preload, required } = requireRecorder(dir, 'validate');
    const fromBundle = await runCliProcess(['validate', folder], {
      env: { NODE_OPTIONS: `--no-warnings --experimental-loader ${bundled.hook} --require ${preload}` },
    });
    expect(fromBundle.code, fromBundle.stdout + fromBundle.stderr).toBe(0);
    expect(bundled.loaded().filter((file) => !file.startsWith('node:'))).toEqual([]);
    expect(required().map((file) => relative(process.cwd(), file))).toEqual([
      join('bin', 'wfe.js'),
      join('bin', 'code-cache.js'),
      join('dist', 'bundle', 'validate.cjs'),
    ]);

    const plain = await validateLoading('validate-plain', [folder]);
    expect(plain.code, plain.stdout + plain.stderr).toBe(0);
    expect(plain.loaded).toContain('validate/check');
    expect(converterIn(plain.loaded)).toEqual([]);

    // The same file with lossy-export on: its findings need the export, and the verdict has them.
    const lossy = await validateLoading('validate-lossy', [workflow, '--rule', 'lossy-export=error', '-f', 'json']);
    expect(converterIn(lossy.loaded)).toEqual(expect.arrayContaining(['agentspec/export', 'agentspec/to-agentspec']));
    expect(JSON.parse(lossy.stdout).files[0].problems.some((p: { ruleId: string }) => p.ruleId === 'lossy-export')).toBe(true);

    // An Agent Spec flow is imported, then checked as a workflow.
    const imported = await validateLoading('validate-flow', [flow]);
    expect(imported.code, imported.stdout + imported.stderr).toBe(0);
    expect(converterIn(imported.loaded)).toEqual(expect.arrayContaining(['agentspec/import', 'agentspec/from-agentspec']));
  });
});

describe('help and completion run from the bundle of the whole program', () => {
  it("`wfe completion bash` loads none of tsc's modules and requires only the program bundle of ours", async () => {
    const { hook, loaded } = moduleRecorder(dir, 'completion-bundled');
    const { preload, required } = requireRecorder(dir, 'completion');
    const run = await runCliProcess(['completion', 'bash'], {
      env: { NODE_OPTIONS: `--no-warnings --experimental-loader ${hook} --require ${preload}` },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('complete -o default -F _wfe_completion wfe');
    expect(loaded().filter((file) => !file.startsWith('node:'))).toEqual([]);
    const ours = required()
      .filter((file) => !file.includes(`${sep}node_modules${sep}`))
      .map((file) => relative(process.cwd(), file));
    expect(ours).toEqual([join('bin', 'wfe.js'), join('bin', 'code-cache.js'), join('dist', 'bundle', 'program.cjs')]);
  });
});
