// Builds dist/ once before any test file runs, so the CLI tests (which spawn bin/wfe.js) never run a
// stale build, however vitest was started (npm test, npx vitest run test/x.test.ts, an editor plugin).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

export default function setup(): void {
  const root = resolve(import.meta.dirname, '..', '..');
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
}
