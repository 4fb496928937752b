#!/usr/bin/env node
// Node 22.1 and newer keep the compiled code of every module loaded here in a cache on disk (the os temp
// folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later starts skip compiling it; Node 20 has no such cache.
import module from 'node:module';

module.enableCompileCache?.();

const [, , first, ...rest] = process.argv;
if ((first === '--version' || first === '-v') && rest.length === 0) {
  // The most frequent start of all (tools probe it) needs neither commander nor any command: only the version.
  const { packageVersion } = await import('../dist/util/version.js');
  process.stdout.write(`${packageVersion}\n`);
} else {
  const { run } = await import('../dist/cli/program.js');
  const code = await run(process.argv);
  if (typeof code === 'number') process.exitCode = code;
}
