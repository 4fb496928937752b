#!/usr/bin/env node
// Node 22.1 and newer keep the compiled code of every module loaded here in a cache on disk (the os temp
// folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later starts skip compiling it; Node 20 has no such cache.
import module from 'node:module';

module.enableCompileCache?.();

/**
 * The commands started most often (CI, git hooks, git's diff driver) run from one bundled file each
 * (scripts/bundle.mjs, built with tsc's dist/ by `npm run build`): Node 20 spends about 1 ms on every module it
 * loads, and these load about 80. Everything else, and every command with WFE_NO_BUNDLE=1 (each module a file
 * of its own, as in the profiles of docs/performance.md), runs from tsc's dist/.
 */
const BUNDLED = ['validate', 'export', 'import', 'diff', 'render'];

const [, , first, ...rest] = process.argv;
if ((first === '--version' || first === '-v') && rest.length === 0) {
  // The most frequent start of all (tools probe it) needs neither commander nor any command: only the version.
  const { packageVersion } = await import('../dist/util/version.js');
  process.stdout.write(`${packageVersion}\n`);
} else {
  const bundled = BUNDLED.includes(first) && !process.env.WFE_NO_BUNDLE;
  const { run } = await import(bundled ? `../dist/bundle/${first}.js` : '../dist/cli/program.js');
  const code = await run(process.argv);
  if (typeof code === 'number') process.exitCode = code;
}
