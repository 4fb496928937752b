#!/usr/bin/env node
// Bundles the commands that are started most often (in CI, in git hooks, as git's diff and textconv driver),
// and serve, into dist/bundle/, one file each, with their source maps; `npm run build` runs it after tsc. And
// the whole program (program.cjs), which bin/wfe.js starts everything else from (help, completion, init; a
// shell that sources `wfe completion bash` runs it at every start).
//
// Why: Node 20 spends about 1 ms of CPU on every ES module it loads whatever its size (resolve, read, compile,
// link), and `wfe validate one.json` loaded 80 of ours: bundled, that run costs about 90 ms less; serve loaded
// about 150, and starts in half the CPU bundled (docs/performance.md). The command bundles are CommonJS
// (`.cjs`, required by the CommonJS bin/wfe.js), which spares Node 20 another 8-10 ms of starting its ES
// module loader; the workers stay ES modules, which tinypool imports by their URL.
//
// Each bundle is program.ts with only its own command's definition: the other commands' dynamic imports stay
// imports of tsc's dist/ (never taken: the program loads only the command named). Within a bundle a dynamic
// import is evaluated only when reached, as before, but its code is in the same file; one exception, the parts
// of the terminal UI (cli/ui/) that draw with ink stay outside, or every start would load ink and react (the
// bundle hoists a bundled module's package imports to its top). They have bundles of their own, dist/bundle/ui/,
// ES modules with ink, react and yoga inside: from node_modules (531 files), a terminal's progress bar or
// dashboard took about 1 s of CPU to load on Node 20; bundled, about a quarter of that. They import only pure
// functions of ours, so their own copies of them change nothing. The UI's pure modules (the log lines, the
// dashboard's state) are bundled with the commands: a module both required by the bundle and imported by it
// raced on Node 26. Packages stay outside the command bundles except commander, which every command needs,
// and the packages serve loads at every start (INLINE_PACKAGES): bundled, commander's `node:child_process` (for
// executable subcommands, which wfe has none of) and node:crypto (which the store imports for hashes and ids)
// are required only when used.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'bundle');

/**
 * The commands bin/wfe.js starts from a bundle of their own (it keeps the same list), `program` for the others,
 * and the workers of their pools.
 */
const COMMANDS = ['validate', 'export', 'import', 'diff', 'render', 'serve', 'program'];
const WORKERS = ['validate-worker', 'export-worker', 'import-worker'];

const UI = join(root, 'src', 'cli', 'ui');
/** The source file of the UI module `name` (cli/ui/<name>.js as imported). */
function uiSource(name) {
  const file = ['.tsx', '.ts'].map((extension) => join(UI, name + extension)).find((path) => existsSync(path));
  if (!file) throw new Error(`bundle: no source for cli/ui/${name}.js`);
  return file;
}

/**
 * Whether the UI module `name` draws with ink: imports ink or react, or a UI module that does (the dashboard's
 * mount draws through render-ink.ts). Each source is read once per build.
 */
const inkDrawing = new Map();
const drawsWithInk = (name) => {
  if (!inkDrawing.has(name)) {
    const source = readFileSync(uiSource(name), 'utf8');
    // Until found, for an import cycle between UI modules.
    inkDrawing.set(name, false);
    inkDrawing.set(
      name,
      /from '(ink|react)(\/[^']*)?'/.test(source) ||
        [...source.matchAll(/from '\.\/([A-Za-z-]+)\.js'/g)].some(([, other]) => drawsWithInk(other)),
    );
  }
  return inkDrawing.get(name);
};

/** The UI modules that src/cli/ imports and that draw with ink: each is an entry of the UI bundles. */
function inkUiImports() {
  const cli = join(root, 'src', 'cli');
  const names = new Set();
  for (const file of readdirSync(cli).filter((name) => /\.tsx?$/.test(name)))
    for (const [, name] of readFileSync(join(cli, file), 'utf8').matchAll(/'\.\/ui\/([a-z-]+)\.js'/g))
      if (drawsWithInk(name)) names.add(name);
  return [...names].sort();
}

/**
 * In the bundle of `command`, program.ts's imports of the other commands stay tsc's dist/, the ink UI's go to
 * its bundles. The `program` bundle holds every command (help, completion, init, a misspelt command).
 */
const oneCommand = (command) => ({
  name: 'one-command',
  setup(b) {
    b.onResolve({ filter: /^\.\/[a-z]+\.js$/ }, (args) =>
      command !== 'program' &&
      args.kind === 'dynamic-import' &&
      args.importer.endsWith(join('src', 'cli', 'program.ts')) &&
      args.path !== `./${command}.js`
        ? { path: `../cli/${args.path.slice(2)}`, external: true }
        : undefined,
    );
    b.onResolve({ filter: /^\.\/ui\/[a-z-]+\.js$/ }, (args) =>
      dirname(args.importer) === join(root, 'src', 'cli') && drawsWithInk(args.path.slice('./ui/'.length, -'.js'.length))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
});

/**
 * The packages a command loads at every start, bundled into it with their own dependencies: each one left
 * outside is found through node_modules and its package.json at every start, and chokidar, an ES module,
 * made `wfe serve` start Node's ES module loader. The others stay outside (the CLI's lazy imports decide when
 * they load; koffi is native).
 */
const INLINE_PACKAGES = {
  serve: ['polka', '@polka/url', 'trouter', 'regexparam', 'chokidar', 'readdirp'],
};
/** Small packages of every command's checks (the config checks' cache), bundled wherever they are used. */
const INLINE_EVERYWHERE = ['lru-cache'];

/** Packages of `command` that its bundle holds: esbuild resolves them as files; the rest stay imports. */
const inlinePackages = (command) => ({
  name: 'inline-packages',
  setup(b) {
    const inline = new Set([...(INLINE_PACKAGES[command] ?? []), ...INLINE_EVERYWHERE]);
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      const name = args.path
        .split('/')
        .slice(0, args.path.startsWith('@') ? 2 : 1)
        .join('/');
      return inline.has(name) ? undefined : { path: args.path, external: true };
    });
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

/**
 * bin/code-cache.js compiles a command bundle itself (vm.Script, to use a V8 code cache), and code compiled so
 * cannot `import()` on Node 20 once it comes from a cache (V8 loses the callback that loads the module). So a
 * bundle's imports of what stays outside it (tinypool, chokidar, the ink UI) call `__wfeI` instead, the same
 * length as `import`, so the source map still holds: the loader's import() when the bundle runs through it,
 * the bundle's own otherwise. A relative specifier is made absolute here, as the bundle would have resolved it.
 */
const IMPORT_THROUGH_LOADER =
  'const __wfeI = (specifier) => { const url = specifier.startsWith(".") ? new URL(specifier, __wfeModuleUrl).href : specifier; ' +
  'const load = globalThis[Symbol.for("wfe.import")]; return load ? load(url) : import(url); };';

/** Replaces each `import("x")` of an external module in `file` by `__wfeI("x")`; fails the build on any it cannot account for. */
function importThroughLoader(file, metafile) {
  const output = metafile.outputs[relative(root, file).split(sep).join('/')];
  if (!output) throw new Error(`bundle: no metafile output for ${file}`);
  let code = readFileSync(file, 'utf8');
  const specifiers = output.imports.filter((i) => i.kind === 'dynamic-import' && i.external).map((i) => i.path);
  for (const specifier of new Set(specifiers)) {
    const call = `import(${JSON.stringify(specifier)})`;
    const found = code.split(call).length - 1;
    const expected = specifiers.filter((s) => s === specifier).length;
    if (found !== expected) throw new Error(`bundle: ${file} has ${found} ${call}, its metafile ${expected}`);
    code = code.replaceAll(call, `__wfeI(${JSON.stringify(specifier)})`);
  }
  writeFileSync(file, code);
}

/**
 * The precompiled validators are required by a path the code computes (contract/validators.ts), which esbuild
 * leaves to run time; in a command bundle they are required by name instead, so that they are part of the
 * bundle and of its code cache (bin/code-cache.js): about 8 ms less of each `wfe validate` start on Node 20.
 * What they require of ajv at run time (two small modules of ajv and ajv-formats) is bundled with them: left
 * external, each was found through node_modules and its package.json at every start.
 */
const VALIDATOR_RUNTIME = ['ajv/dist/runtime/ucs2length', 'ajv-formats/dist/formats'];
const validatorsInBundle = {
  name: 'validators-in-bundle',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]contract[\\/]validators\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const computed = 'const exported: unknown = requireHere(file);';
      if (!source.includes(computed)) throw new Error(`bundle: ${args.path} no longer has "${computed}"`);
      const byName =
        "const exported: unknown = file === './precompiled/validators.cjs' ? require('./precompiled/validators.cjs') " +
        ": require('./precompiled/config-validators.cjs');";
      return { contents: source.replace(computed, byName), loader: 'ts' };
    });
    const requireHere = createRequire(import.meta.url);
    b.onResolve({ filter: /^ajv(-formats)?\/dist\// }, (args) =>
      VALIDATOR_RUNTIME.includes(args.path) ? { path: requireHere.resolve(args.path) } : undefined,
    );
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
      banner: { js: `const __wfeModuleUrl = require('node:url').pathToFileURL(__filename).href;\n${IMPORT_THROUGH_LOADER}` },
      // The inline-packages plugin decides which packages stay outside (after on-use, which bundles commander).
      packages: undefined,
      plugins: [oneCommand(command), onUse, validatorsInBundle, inlinePackages(command)],
      metafile: true,
    }).then((built) => importThroughLoader(join(out, `${command}.cjs`), built.metafile)),
  ),
  ...WORKERS.map((worker) => build({ ...common, entryPoints: { [worker]: `src/cli/${worker}.ts` }, plugins: [onUse] })),
  // The command bundles import `./ui/<name>.js` beside them. ink and react are inside (their shared code in
  // chunks), in react's production build: the development build only adds checks and warnings for authors of
  // components. ink loads react-devtools-core only with DEV=true, and it is not installed: left an import.
  build({
    ...common,
    entryPoints: Object.fromEntries(inkUiImports().map((name) => [name, uiSource(name)])),
    outdir: join(out, 'ui'),
    packages: undefined,
    external: ['react-devtools-core'],
    splitting: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  }),
]);
// The bundles sit two levels below the package root, as tsc's dist/ files do, so that the URLs the code makes
// from import.meta.url hold (package.json, the fixtures, the workers), and the precompiled validators it
// requires by a relative path are beside them.
cpSync(join(root, 'src', 'contract', 'precompiled'), join(out, 'precompiled'), { recursive: true });
