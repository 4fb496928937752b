#!/usr/bin/env node
// CommonJS (bin/package.json): Node 20 starts an ES module entry for about 8 ms more CPU, and the bundled
// commands below are CommonJS too, so that the common starts never initialise its ES module loader.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file: require is how it loads */

// Node 22.1 and newer keep the compiled code of every module loaded here in a cache on disk (the os temp
// folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later starts skip compiling it; Node 20 has no such
// cache, and is not made to load node:module's public face (four more of its own modules) to find that out.
if (Number(process.versions.node.split('.')[0]) >= 22) require('node:module').enableCompileCache?.();

/**
 * The commands started most often (CI, git hooks, git's diff driver), and serve, which a person waits for at
 * every `npm start`, run from one bundled file each (scripts/bundle.mjs, built with tsc's dist/ by `npm run
 * build`): Node 20 spends about 1 ms on every ES module it loads, and these load 80 to 150. Everything else
 * (help, completion, init, a misspelt command) runs from the bundle of the whole program, and every command
 * with WFE_NO_BUNDLE=1 (each module a file of its own, as in the profiles of docs/performance.md) from tsc's dist/.
 */
const BUNDLED = ['validate', 'export', 'import', 'diff', 'render', 'serve'];

async function main() {
  const [, , first, ...rest] = process.argv;
  if ((first === '--version' || first === '-v') && rest.length === 0) {
    // The most frequent start of all (tools probe it) needs neither commander nor any command: only the version,
    // written to the descriptor itself (src/cli/terminal.ts: process.stdout over a pipe costs Node 20 about 8 ms).
    const text = `${require('../package.json').version}\n`;
    try {
      require('node:fs').writeSync(1, text);
    } catch (err) {
      if (err.code !== 'EPIPE') process.stdout.write(text);
    }
    return;
  }
  const bundle = BUNDLED.includes(first) ? first : 'program';
  const { runProcess } = process.env.WFE_NO_BUNDLE
    ? await import('../dist/cli/program.js')
    : require('./code-cache.js').requireCached(require.resolve(`../dist/bundle/${bundle}.cjs`));
  process.exitCode = await runProcess(process.argv);
}

main().catch((err) => {
  // What an ES module entry does with a rejection it does not handle: the stack on stderr, exit code 1.
  process.exitCode = 1;
  console.error(err);
});
