#!/usr/bin/env node
// Bundles the commands that are started most often (in CI, in git hooks, as git's diff and textconv driver)
// into dist/bundle/, one file each, with their source maps; `npm run build` runs it after tsc. bin/wfe.js
// starts such a command from its bundle and everything else (serve, help, completion) from tsc's dist/.
//
// Why: Node 20 spends about 1 ms of CPU on every ES module it loads whatever its size (resolve, read, compile,
// link), and `wfe validate one.json` loaded 80 of ours: bundled, that run costs about 90 ms less. The command
// bundles are CommonJS (`.cjs`, required by the CommonJS bin/wfe.js), which spares Node 20 another 8-10 ms
// of starting its ES module loader; the workers stay ES modules, which tinypool imports by their URL.
//
// Each bundle is program.ts with only its own command's definition: the other commands' dynamic imports stay
// imports of tsc's dist/ (never taken: the program loads only the command named). Within a bundle a dynamic
// import is evaluated only when reached, as before, but its code is in the same file; one exception, the ink
// terminal UI (cli/ui/), stays an import of tsc's dist/, or every start would load ink and react (the bundle
// hoists a bundled module's package imports to its top). The UI imports only pure functions of ours, so its
// own copies of them change nothing. Packages stay outside the bundle except commander, which every command
// needs: bundled, its `node:child_process` (for executable subcommands, which wfe has none of) and node:crypto
// (which the store imports for hashes and ids) are required only when used.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bundle');

/** The commands bin/wfe.js starts from a bundle (it keeps the same list), and the workers of their pools. */
const COMMANDS = ['validate', 'export', 'import', 'diff', 'render'];
const WORKERS = ['validate-worker', 'export-worker', 'import-worker'];

/** In the bundle of `command`, program.ts's imports of the other commands and the UI stay tsc's dist/. */
const oneCommand = (command) => ({
  name: 'one-command',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z]+\.js$/ }, (args) =>
      args.kind === 'dynamic-import' && args.importer.endsWith(join('src', 'cli', 'program.ts')) && args.path !== `./${command}.js`
        ? { path: `../cli/${args.path.slice(2)}`, external: true }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/ui\/[a-z-]+\.js$/ }, (args) =>
      dirname(args.importer) === join(root, 'src', 'cli') ? { path: `../cli/${args.path.slice(2)}`, external: true } : undefined,
    );
  },
});

/** Modules of Node that a bundle requires on their first use, with the names wfe's code imports from them. */
const ON_USE = {
  'node:child_process': null,
  'node:crypto': ['createHash', 'randomUUID'],
};

const onUse = {
  name: 'on-use',
  setup(b) {
    // lazy-module.ts requires commander at run time; commander.ts imports it here, so that it is bundled.
    b.onLoad({ filter: /[\\/]src[\\/]cli[\\/]commander\.ts$/ }, () => ({
      contents: "export { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';",
      loader: 'ts',
    }));
    b.onResolve({ filter: /^commander$/ }, () => ({ path: join(root, 'node_modules', 'commander', 'index.js') }));
    b.onResolve({ filter: /^node:(child_process|crypto)$/ }, (args) => {
      const fromCommander = args.importer.includes(join('node_modules', 'commander'));
      if (args.path === 'node:child_process' ? !fromCommander : fromCommander || args.kind !== 'import-statement') return undefined;
      return { path: args.path, namespace: 'on-use' };
    });
    b.onLoad({ filter: /.*/, namespace: 'on-use' }, (args) => {
      const names = ON_USE[args.path];
      const load = `let loaded; const load = () => (loaded ??= require(${JSON.stringify(args.path)}));`;
      return names
        ? {
            contents: `${load}\n${names.map((name) => `export const ${name} = (...args) => load().${name}(...args);`).join('\n')}`,
            loader: 'js',
          }
        : { contents: `${load}\nmodule.exports = new Proxy({}, { get: (_, key) => load()[key] });`, loader: 'js' };
    });
  },
};

const common = {
  absWorkingDir: root,
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  // The bundled commander is CommonJS, and the on-use modules require: an ES module has no require of its own.
  banner: { js: "import { createRequire as __wfeCreateRequire } from 'node:module'; const require = __wfeCreateRequire(import.meta.url);" },
  logLevel: 'warning',
};

rmSync(out, { recursive: true, force: true });
await Promise.all([
  ...COMMANDS.map((command) =>
    build({
      ...common,
      entryPoints: { [command]: 'src/cli/program.ts' },
      format: 'cjs',
      // CommonJS has no import.meta: its URL, for the URLs the code makes from it, comes from __filename.
      outExtension: { '.js': '.cjs' },
      define: { 'import.meta.url': '__wfeModuleUrl' },
      banner: { js: "const __wfeModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
      plugins: [oneCommand(command), onUse],
    }),
  ),
  ...WORKERS.map((worker) => build({ ...common, entryPoints: { [worker]: `src/cli/${worker}.ts` }, plugins: [onUse] })),
]);
// The bundles sit two levels below the package root, as tsc's dist/ files do, so that the URLs the code makes
// from import.meta.url hold (package.json, the fixtures, the workers), and the precompiled validators it
// requires by a relative path are beside them.
cpSync(join(root, 'src', 'contract', 'precompiled'), join(out, 'precompiled'), { recursive: true });
