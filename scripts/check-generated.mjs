// Fails when src/contract/precompiled/ is not what the schemas generate today: regenerates into a temp
// folder and compares each file with the committed one, byte for byte.
//
//   npm run check:generated      (builds first: the generator reads dist/)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { COMMITTED_DIR, writePrecompiledValidators } from './generate-validators.mjs';
import { PRECOMPILED_FILES } from './precompiled-validators.mjs';

/** The first line on which two texts differ, numbered from 1. */
function firstDifferingLine(committed, generated) {
  const a = committed.split('\n');
  const b = generated.split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  return line + 1;
}

const fresh = mkdtempSync(join(tmpdir(), 'wfe-generated-'));
try {
  writePrecompiledValidators(fresh);
  const stale = [];
  for (const name of Object.keys(PRECOMPILED_FILES)) {
    const committedPath = join(COMMITTED_DIR, name);
    const generated = readFileSync(join(fresh, name), 'utf8');
    let committed;
    try {
      committed = readFileSync(committedPath, 'utf8');
    } catch {
      stale.push(`${relative(process.cwd(), committedPath)}: missing`);
      continue;
    }
    if (committed !== generated)
      stale.push(`${relative(process.cwd(), committedPath)}: differs from line ${firstDifferingLine(committed, generated)}`);
  }
  if (stale.length > 0) {
    console.error(`Generated files are stale:\n  ${stale.join('\n  ')}\nRun \`npm run generate\` and commit the result.`);
    process.exitCode = 1;
  } else console.log(`src/contract/precompiled/ is up to date (${Object.keys(PRECOMPILED_FILES).length} files).`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
