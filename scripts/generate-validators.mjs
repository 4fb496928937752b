// Rewrites src/contract/precompiled/ from the schemas (npm run generate builds first), or writes the same
// files into the folder given instead (scripts/check-generated.mjs compares those with the committed ones).
//
//   npm run build && node scripts/generate-validators.mjs [folder]
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRECOMPILED_FILES } from './precompiled-validators.mjs';

export const COMMITTED_DIR = resolve(import.meta.dirname, '..', 'src', 'contract', 'precompiled');

export function writePrecompiledValidators(dir) {
  for (const [name, source] of Object.entries(PRECOMPILED_FILES)) writeFileSync(join(dir, name), source());
}

if (process.argv[1] === import.meta.filename) writePrecompiledValidators(process.argv[2] ? resolve(process.argv[2]) : COMMITTED_DIR);
