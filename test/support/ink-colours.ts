// ink styles its text with a chalk of its own (node_modules/ink/node_modules/chalk), which decides once, when it
// loads, whether to colour: from FORCE_COLOR and whether this process's stdout is a terminal. A test worker's
// stdout is a pipe, or a terminal when vitest runs in one, and ink may be loaded by an earlier test file of the
// same worker: FORCE_COLOR set by a test comes too late. A test that looks for colours sets that chalk's level.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

interface Chalk {
  level: number;
}

/** ink's chalk: the module ink imports, found from ink's own folder (vitest loads both natively, once). */
async function inkChalk(): Promise<Chalk> {
  const fromInk = createRequire(createRequire(import.meta.url).resolve('ink'));
  const loaded = (await import(pathToFileURL(fromInk.resolve('chalk')).href)) as { default: Chalk };
  return loaded.default;
}

/** Runs `draw` with ink colouring at chalk's basic level (16 colours, bold, dim), then puts its level back. */
export async function withInkColours<T>(draw: () => Promise<T>): Promise<T> {
  const chalk = await inkChalk();
  const level = chalk.level;
  chalk.level = 1;
  try {
    return await draw();
  } finally {
    chalk.level = level;
  }
}
